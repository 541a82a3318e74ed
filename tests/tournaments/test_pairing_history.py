"""The history the pairing reads, aggregated by the database (`seated_history`), is the
one `player_records` reads seat by seat: points only from confirmed results, everyone
met (every other player of a pod too), who had a bye (RULES.md, Swiss pairing: paired by
points, never twice against the same opponent, one bye; 000 Part VI §3 Multi-player)."""

from __future__ import annotations

import pytest

from tests.tournaments.helpers import (
    make_event,
    make_user,
    play_round,
    register_users,
    two_rounds_with_a_report_not_confirmed,
)
from tournaments import services
from tournaments.services.pairing_history import seated_history

pytestmark = pytest.mark.django_db


def _as_records(event):
    scores, met = seated_history(event)
    return {
        reg: (score, set(met.get(reg, frozenset())), bye) for reg, (score, bye) in scores.items()
    }


def _expected(event):
    return {
        reg: (rec.score, rec.opponents, rec.had_bye)
        for reg, rec in services.player_records(event).items()
    }


def test_two_player_rounds_with_byes_and_a_result_not_confirmed():
    # Reported, not confirmed: its points must not count yet, its opponent is met.
    event = two_rounds_with_a_report_not_confirmed()
    got = _as_records(event)
    assert got == _expected(event)
    assert sum(bye for _score, _met, bye in got.values()) == 2
    assert any(score for score, _met, _bye in got.values())


def test_pods_meet_every_other_player_of_the_pod():
    director = make_user("td")
    event = make_event(director, multiplayer=True)
    register_users(event, 13)
    play_round(director, services.pair_next_round(director, event, seed=2))
    got = _as_records(event)
    assert got == _expected(event)
    assert sorted(len(met) for _score, met, _bye in got.values()) == [3] * 8 + [4] * 5


def test_a_pairing_reads_the_same_players_as_before():
    """The players given to the pairing: the aggregated history, and nothing for a player
    never seated (a late entry)."""
    director = make_user("td")
    event = make_event(director)
    register_users(event, 6)
    play_round(director, services.pair_next_round(director, event, seed=3))
    late = services.add_walkin(director, event, display_name="Late")
    scores, met = seated_history(event)
    assert late.pk not in scores and late.pk not in met
    assert len(scores) == 6 and all(len(m) == 1 for m in met.values())
