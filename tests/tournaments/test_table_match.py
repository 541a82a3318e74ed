"""Matches of best of N at Swiss and round-robin tables (RULES.md §8: "a match of best
of N games: the match winner is the first to win more than half; each game scored by
its game's own rules"), through the services."""

from __future__ import annotations

import pytest

from core.errors import ServiceError
from tests.tournaments.helpers import make_event, make_user, register_users, user_of
from tournaments import services
from tournaments.services.stage_plan import set_stages
from tournaments.models import Stage, Table

pytestmark = pytest.mark.django_db


def _event(game="metw", best_of=3, options=None, players=4, **fields):
    director = make_user()
    event = make_event(director, game=game, **fields)
    set_stages(
        director, event, [{"kind": "swiss", "best_of": best_of, "options": options or {}}]
    )
    regs = [r for _u, r in register_users(event, players)]
    rnd = services.pair_next_round(director, event)
    return director, event, regs, rnd


def _game(table, a_mps, b_mps, **extra):
    a, b = (s.registration_id for s in table.seats.order_by("position"))
    return {"mps": {a: a_mps, b: b_mps}, **extra}


def test_a_metw_match_two_games_to_one_scores_as_a_ratio_of_two():
    """RULES.md §2's ratio table applied to the games won (table_match Reading)."""
    director, event, regs, rnd = _event()
    table = rnd.tables.filter(is_bye=False).first()
    games = [_game(table, 20, 5), _game(table, 3, 12), _game(table, 15, 14)]
    table = services.director_set_result(director, table, games=games)
    seats = list(table.seats.order_by("position"))
    assert [s.mps for s in seats] == [2, 1]
    assert [s.points for s in seats] == [6, 0]
    assert [s.outcome for s in seats] == ["win", "loss"]
    assert table.games.count() == 3
    assert [g.points for g in table.games.order_by("number")][0] == {
        str(seats[0].registration_id): 6, str(seats[1].registration_id): 0,
    }
