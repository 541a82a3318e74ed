"""Technical error warnings and ejections (000 Part VI §3 "Warnings")."""

from __future__ import annotations

import pytest
from django.utils import translation

from audit.models import AuditEntry
from core.errors import Conflict, NotAllowed
from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services
from tournaments.models import Penalty, Seat
from tournaments.words.penalties import ejection_words

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup():
    director = make_user()
    event = make_event(director)
    regs = [r for _, r in register_users(event, 6)]
    return director, event, regs


def test_two_warnings_for_the_same_offense_eject(setup):
    """000 Part VI §3 Warnings: two for the same offense, or any three, eject the player."""
    director, _event, regs = setup
    reg = regs[0]
    services.issue_penalty(director, reg, "slow_play", note="stalling")
    reg.refresh_from_db()
    assert not reg.ejected
    services.issue_penalty(director, reg, "slow_play", note="stalling again")
    reg.refresh_from_db()
    assert reg.ejected and reg.dropped
    # Stored as the ladder's code with its data, worded at the face.
    assert reg.ejection_reason == "ejection:same_offense:2:slow_play"
    assert "2 warnings for slow play" in ejection_words(reg.ejection_reason)
    assert reg.penalties.filter(kind=Penalty.Kind.EJECTION).count() == 1
    assert AuditEntry.objects.filter(action="eject", object_id=str(reg.pk)).exists()


def test_three_different_warnings_eject(setup):
    """000 Part VI §3 Warnings: two for the same offense, or any three, eject the player."""
    director, _event, regs = setup
    reg = regs[1]
    services.issue_penalty(director, reg, "slow_play")
    services.issue_penalty(director, reg, "procedure")
    reg.refresh_from_db()
    assert not reg.ejected
    services.issue_penalty(director, reg, "tardiness")
    reg.refresh_from_db()
    assert reg.ejected and reg.ejection_reason == "ejection:total_warnings:3:tardiness"
    assert "3 warnings in all" in ejection_words(reg.ejection_reason)


@pytest.mark.parametrize("offense", ["cheating", "illegal_deck"])
def test_cheating_and_illegal_deck_eject_at_once(setup, offense):
    """000 Part VI §3: obvious cheating ejects at once; an illegal deck counts as cheating."""
    director, _event, regs = setup
    reg = regs[2]
    penalty = services.issue_penalty(director, reg, offense, note="seen by two judges")
    reg.refresh_from_db()
    assert penalty.kind == Penalty.Kind.EJECTION
    assert reg.ejected and reg.dropped and reg.ejection_reason == f"ejection:{offense}:0:{offense}"
    assert "ejects at once" in ejection_words(reg.ejection_reason) or "counts as cheating" in (
        ejection_words(reg.ejection_reason)
    )
    with pytest.raises(Conflict):
        services.issue_penalty(director, reg, "slow_play")
    with pytest.raises(Conflict):
        services.readd(director, reg)


def test_ejected_player_is_not_paired_but_results_stand(setup):
    """000 Part VI §3: an ejected player is dropped from later pairings; played games stand."""
    director, event, regs = setup
    rnd = services.pair_next_round(director, event, seed=7)
    play_round(director, rnd)
    reg = regs[3]
    played = Seat.objects.get(registration=reg, round=rnd)
    services.issue_penalty(director, reg, "cheating")
    reg.refresh_from_db()
    assert reg.dropped_after_round == 1
    rnd2 = services.pair_next_round(director, event, seed=8)
    assert not Seat.objects.filter(round=rnd2, registration=reg).exists()
    played.refresh_from_db()
    assert played.points is not None
    assert services.player_records(event)[reg.pk].score == played.points


def test_only_director_issues_penalties(setup):
    _director, _event, regs = setup
    with pytest.raises(NotAllowed):
        services.issue_penalty(make_user(), regs[0], "slow_play")
    assert not Penalty.objects.exists()


def test_warnings_below_the_limit_do_not_eject(setup):
    director, _event, regs = setup
    reg = regs[4]
    services.issue_penalty(director, reg, "slow_play")
    services.issue_penalty(director, reg, "procedure")
    reg.refresh_from_db()
    assert not reg.ejected and reg.active


@pytest.mark.parametrize(
    ("stored", "words"),
    [
        ("ejection:same_offense:2:slow_play", "2 warnings for slow play"),
        ("ejection:total_warnings:3:other", "3 warnings in all"),
        ("ejection:director:0:conduct", "by the staff for unsporting conduct"),
        ("ejection:cheating:0:cheating", "cheating ejects at once"),
        ("Ejected before codes were stored.", "Ejected before codes were stored."),
    ],
)
def test_an_ejection_is_stored_as_a_code_and_read_in_words(stored, words):
    """000 Part VI §3 Warnings: the ladder's reason is data; people read a sentence (an
    older export's sentence is shown as it is)."""
    assert words in ejection_words(stored)
    if stored.startswith("ejection:"):
        english = ejection_words(stored)
        with translation.override("es"):
            assert ejection_words(stored) != english
