"""Hands-on pairings: a swap shows its cost first and is recorded in the audit trail and
the round's explanation; a round with results is re-paired or deleted after a
confirmation naming what is lost; pairs to avoid and fixed tables."""

from __future__ import annotations

import pytest

from audit.models import AuditEntry
from core.errors import Conflict
from tests.ratings.factories import approve_directly
from tests.tournaments.helpers import make_event, make_user, play_round, play_table, register_users
from tournaments import services
from tournaments.models import Round, Seat
from tournaments.words.explanations import round_explanation

pytestmark = pytest.mark.django_db


def _two_rounds(n=8):
    director = make_user("td")
    event = make_event(director, planned_rounds=4)
    register_users(event, n)
    first = services.pair_next_round(director, event, seed=5)
    play_round(director, first)
    second = services.pair_next_round(director, event, seed=6)
    return director, event, first, second


def _tables(rnd):
    out = {}
    for seat in Seat.objects.filter(round=rnd, is_bye=False).order_by("table__number", "position"):
        out.setdefault(seat.table.number, []).append(seat.registration_id)
    return out


def test_swap_cost_names_a_rematch_and_the_score_gap():
    _director, event, first, second = _two_rounds()
    met = _tables(first)[1]  # these two played each other in round 1
    now = _tables(second)
    table_of = {rid: t for t, ids in now.items() for rid in ids}
    a, b = met
    assert table_of[a] != table_of[b]  # the Swiss pairing avoids the rematch
    partner_of_a = next(r for r in now[table_of[a]] if r != a)
    cost = services.swap_cost(event, second, partner_of_a, b)
    assert tuple(sorted(met)) in cost.rematches
    assert not cost.free


def test_swap_moves_players_and_is_recorded_once():
    director, _event, _, second = _two_rounds()
    before = _tables(second)
    a, b = before[1][0], before[2][0]
    cost = services.swap_players(director, second, a, b)
    after = _tables(second)
    assert b in after[1] and a in after[2]
    second.refresh_from_db()
    assert second.explanation[-1]["code"] == "swapped_by_hand"  # stored structured
    assert "Changed by hand" in round_explanation(second)[-1]
    entry = AuditEntry.objects.get(action="pairing_swap")
    assert entry.actor == director and entry.after["rematches"] == len(cost.rematches)


def test_no_swap_once_a_table_has_a_result():
    director, _event, _, second = _two_rounds()
    play_table(director, second.tables.get(number=1))
    a, b = _tables(second)[2][0], _tables(second)[3][0]
    with pytest.raises(Conflict):
        services.swap_players(director, second, a, b)


def test_repair_a_round_with_results_after_naming_what_is_lost():
    director, _event, _, second = _two_rounds()
    play_table(director, second.tables.get(number=1))
    lost = services.round_loss_preview(second)
    assert [r.table for r in lost] == [1] and len(lost[0].players) == 2
    with pytest.raises(Conflict):
        services.repair_round_with_results(director, second, [])
    rnd = services.repair_round_with_results(director, second, [1])
    assert not rnd.tables.exclude(status="pending").exclude(is_bye=True).exists()
    assert AuditEntry.objects.filter(action="round_repaired").count() == 1


def test_delete_a_closed_round_and_standings_follow():
    director, event, first, second = _two_rounds()
    play_round(director, second)
    assert Round.objects.get(pk=second.pk).status == Round.Status.CLOSED
    with_two = {r.player: r.points for r in services.event_standings(event)}
    lost = [r.table for r in services.round_loss_preview(second)]
    with pytest.raises(Conflict):  # only the latest round
        services.delete_round(
            director, first, [r.table for r in services.round_loss_preview(first)]
        )
    services.delete_round(director, second, lost)
    assert not Round.objects.filter(pk=second.pk).exists()
    with_one = {r.player: r.points for r in services.event_standings(event)}
    assert sum(with_one.values()) < sum(with_two.values())


def test_pairs_to_avoid_are_flagged_and_fixed_tables_applied():
    director = make_user("td")
    event = make_event(director)
    regs = [r for _, r in register_users(event, 6)]
    rnd = services.pair_next_round(director, event, seed=2)
    together = _tables(rnd)[1]
    services.set_pairing_constraints(director, event, [together], {str(regs[5].pk): 3})
    assert services.avoided_pairs_in_round(rnd) == [(1, *sorted(together))]
    moved = services.apply_fixed_tables(rnd)
    assert regs[5].pk in _tables(rnd)[3]
    assert moved in (0, 1)


def test_a_new_round_seats_fixed_table_players_at_their_table():
    director = make_user("td")
    event = make_event(director)
    regs = [r for _, r in register_users(event, 8)]
    services.set_pairing_constraints(director, event, [], {str(regs[0].pk): 4, str(regs[1].pk): 2})
    rnd = services.pair_next_round(director, event, seed=11)
    tables = _tables(rnd)
    assert regs[0].pk in tables[4]
    assert regs[1].pk in tables[2] or regs[1].pk in tables[4]  # unless paired with the first
    assert sorted(tables) == [1, 2, 3, 4]


def test_deleting_a_rated_round_replays_the_ratings(django_capture_on_commit_callbacks):
    """000 Part VI §3 "Ratings": only played games are rated; a deleted round's games go."""
    from ratings.models import RatingEntry

    director = make_user("td")
    event = make_event(director, sanctioned=True, planned_rounds=3)
    approve_directly(event)  # the league's approval
    register_users(event, 6)
    with django_capture_on_commit_callbacks(execute=True):
        first = services.pair_next_round(director, event, seed=1)
        play_round(director, first)
        second = services.pair_next_round(director, event, seed=2)
        play_round(director, second)
    rated_rounds = set(
        RatingEntry.objects.filter(table__round__event=event).values_list(
            "table__round__number", flat=True
        )
    )
    assert rated_rounds == {1, 2}
    with django_capture_on_commit_callbacks(execute=True):
        services.delete_round(
            director, second, [r.table for r in services.round_loss_preview(second)]
        )
    rated_rounds = set(
        RatingEntry.objects.filter(table__round__event=event).values_list(
            "table__round__number", flat=True
        )
    )
    assert rated_rounds == {1}
