"""Undo and confirm: the no-show drop names who it drops and is undone in one action;
warnings rescinded and ejections reversed with the audit trail; a self-drop taken back
until the next round is paired."""

from __future__ import annotations

import pytest

from audit.models import AuditEntry
from core.errors import Conflict, NotAllowed
from tests.tournaments.helpers import make_event, make_user, play_round, register_users, user_of
from tournaments import services
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


def test_no_show_drop_names_the_players_and_undoes_in_one_action():
    director = make_user("td")
    event = make_event(director)
    regs = [r for _, r in register_users(event, 16)]
    services.check_in(director, regs[0])
    services.check_in(director, regs[1])
    preview = services.no_show_preview(event)
    assert len(preview) == 14
    assert {a.name for a in preview} == {r.player.display_name for r in regs[2:]}
    action = services.drop_no_shows_confirmed(director, event, [a.registration_id for a in preview])
    assert event.registrations.filter(dropped=True).count() == 14
    undone = services.undo_bulk_action(director, event, action.pk)
    assert len(undone) == 14
    assert not event.registrations.filter(dropped=True).exists()
    with pytest.raises(Conflict):
        services.undo_bulk_action(director, event, action.pk)
    # Each player's drop and re-add is in the trail once, by the director.
    readds = AuditEntry.objects.filter(event=event, action="readd")
    assert readds.count() == 14 and {e.actor_id for e in readds} == {director.pk}


def test_no_show_drop_refuses_a_stale_confirmation():
    director = make_user("td")
    event = make_event(director)
    regs = [r for _, r in register_users(event, 3)]
    preview = services.no_show_preview(event)
    services.check_in(director, regs[0])
    with pytest.raises(Conflict):
        services.drop_no_shows_confirmed(director, event, [a.registration_id for a in preview])
    assert not event.registrations.filter(dropped=True).exists()


def test_rescinded_warning_no_longer_counts_toward_ejection():
    """000 Part VI §3 Warnings: two for the same offense eject; a rescinded one is gone."""
    director = make_user("td")
    event = make_event(director)
    (_, reg), *_ = register_users(event, 2)
    first = services.issue_penalty(director, reg, "slow_play")
    services.rescind_penalty(director, first.pk, "judge's call was wrong")
    services.issue_penalty(director, reg, "slow_play")
    assert not Registration.objects.get(pk=reg.pk).ejected
    services.issue_penalty(director, reg, "slow_play")
    assert Registration.objects.get(pk=reg.pk).ejected


def test_reversed_ejection_puts_the_player_back_with_the_trail():
    director = make_user("td")
    event = make_event(director)
    (_, reg), *_ = register_users(event, 2)
    ejection = services.issue_penalty(director, reg, "cheating")
    assert Registration.objects.get(pk=reg.pk).ejected
    services.rescind_penalty(director, ejection.pk, "misread the card")
    reg.refresh_from_db()
    assert not reg.ejected and not reg.dropped
    actions = set(AuditEntry.objects.filter(event=event).values_list("action", flat=True))
    assert {"penalty_ejection", "penalty_rescind", "eject_reversed"} <= actions
    with pytest.raises(Conflict):
        services.rescind_penalty(director, ejection.pk)


def test_self_drop_undone_by_the_player_until_the_next_round_is_paired():
    director = make_user("td")
    event = make_event(director)
    pairs = register_users(event, 4)
    rnd = services.pair_next_round(director, event, seed=3)
    user, reg = pairs[0]
    services.drop(user, reg)
    with pytest.raises(NotAllowed):
        services.undo_self_drop(user_of(pairs[1][1]), reg)
    services.undo_self_drop(user, reg)
    assert not Registration.objects.get(pk=reg.pk).dropped
    services.drop(user, reg)
    play_round(director, rnd)
    services.pair_next_round(director, event, seed=4)
    with pytest.raises(Conflict):
        services.undo_self_drop(user, reg)


def test_a_drop_by_the_director_is_not_undone_by_the_player():
    director = make_user("td")
    event = make_event(director)
    user, reg = register_users(event, 2)[0]
    services.drop(director, reg)
    with pytest.raises(Conflict):
        services.undo_self_drop(user, reg)
