"""A GEMP-style league (RULES.md §8): series of 7 days, a cap on games per series, no
repeat opponent within a series, win 2 / loss 1, ties by opponents' win percentage;
players find their own opponents (no pairing rounds)."""

from __future__ import annotations

import random
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.test import APIClient

from audit.models import AuditEntry
from tests.tournaments.helpers import make_event, make_user, register_users
from tests.tournaments.test_pages import browser, messages_of, post
from tournaments.rules.league import LeagueGame, league_standings, report_problem, series_number
from tournaments.services import stage_plan

START = datetime(2026, 1, 5, tzinfo=UTC)


def test_series_are_windows_of_days_from_the_start():
    """RULES.md §8: the league runs in series of usually 7 days."""
    assert series_number(START, START - timedelta(seconds=1), 7) == 0
    assert series_number(START, START, 7) == 1
    assert series_number(START, START + timedelta(days=6, hours=23), 7) == 1
    assert series_number(START, START + timedelta(days=7), 7) == 2


def test_a_repeat_opponent_in_a_series_and_the_cap_are_refused():
    """RULES.md §8: within a series each game is against a different opponent; a cap."""
    games = [LeagueGame(1, "a", "b"), LeagueGame(1, "a", "c")]
    assert report_problem(games, 1, "b", "a", 5) == {"code": "repeat_opponent"}
    assert report_problem(games, 2, "b", "a", 5) is None  # a new series, a new count
    assert report_problem(games, 1, "a", "d", 2) == {"code": "cap_reached", "player": "a", "cap": 2}
    assert report_problem(games, 1, "d", "d", 2) == {"code": "same_player"}
    assert report_problem(games, 0, "d", "e", 2) == {"code": "not_started"}


def test_win_two_loss_one_then_opponents_win_percentage():
    """RULES.md §8: win 2 points, loss 1; tiebreak opponents' win percentage."""
    games = [LeagueGame(1, "a", "c"), LeagueGame(1, "b", "d"), LeagueGame(1, "d", "c")]
    rows = {r.player: r for r in league_standings(["a", "b", "c", "d"], games)}
    assert (rows["a"].points, rows["b"].points, rows["d"].points, rows["c"].points) == (2, 2, 3, 2)
    # a beat c (0 wins in 2), b beat d (1 win in 2): b's opponents were better.
    assert rows["b"].opponents_win_pct == Fraction(1, 2) and rows["a"].opponents_win_pct == 0
    # c lost twice (2 points) to a (1 in 1) and d (1 in 2): the best opponents of the three
    # on 2 points, then b, then a.
    assert rows["c"].opponents_win_pct == Fraction(3, 4)
    assert [r.player for r in league_standings(["a", "b", "c", "d"], games)] == [
        "d", "c", "b", "a",
    ]  # fmt: skip


@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=40))
def test_every_game_scores_three_points_and_the_table_is_ordered(pairs):
    players = [str(i) for i in range(7)]
    games = [LeagueGame(1, str(w), str(lo)) for w, lo in pairs if w != lo]
    rows = league_standings(players, games)
    assert sum(r.points for r in rows) == 3 * len(games)
    assert all(r.points == 2 * r.wins + r.losses for r in rows)
    keys = [(-r.points, -r.opponents_win_pct) for r in rows]
    assert keys == sorted(keys)


@pytest.mark.django_db
def test_a_gemp_league_runs_through_the_api_with_players_reporting_their_games():
    """RULES.md §8 (GEMP-style league) through the API: no pairing rounds; players report
    games against opponents they choose within the cap and without repeats; the table is
    checked against an independent count; the director finishes the league."""
    rng = random.Random(26)
    director = make_user("league-td")
    api = APIClient()
    api.force_authenticate(director)
    body = {"name": "Winter league", "game": "lotr-tcg", "preset": "gemp-league"}
    slug = api.post("/api/v1/events/", body, format="json").json()["slug"]
    assert api.post(f"/api/v1/events/{slug}/open/").status_code == 200
    players = {}
    for i in range(6):
        user = make_user(f"leaguer{i}")
        client = APIClient()
        client.force_authenticate(user)
        players[client.post(f"/api/v1/events/{slug}/register/").json()["id"]] = client
    refused = api.post(f"/api/v1/events/{slug}/rounds/pair/", {}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "league_no_rounds"
    ids = list(players)
    url = f"/api/v1/events/{slug}/league/games/"
    # A player reports only games he played.
    a, b, c = ids[:3]
    assert players[c].post(url, {"winner": a, "loser": b}, format="json").status_code == 403
    met: set[frozenset[int]] = set()
    count: dict[int, int] = defaultdict(int)
    wins: dict[int, int] = defaultdict(int)
    losses: dict[int, int] = defaultdict(int)
    for _ in range(40):
        w, lo = rng.sample(ids, 2)
        reporter = players[rng.choice((w, lo))]
        response = reporter.post(url, {"winner": w, "loser": lo}, format="json")
        if frozenset((w, lo)) in met:
            assert response.status_code == 409 and response.json()["code"] == "repeat_opponent"
            continue
        if count[w] >= 10 or count[lo] >= 10:
            assert response.json()["code"] == "cap_reached"
            continue
        assert response.status_code == 201, response.content
        met.add(frozenset((w, lo)))
        count[w] += 1
        count[lo] += 1
        wins[w] += 1
        losses[lo] += 1
    table = api.get(f"/api/v1/events/{slug}/league/").json()
    assert table["series"] == 1 and table["games_per_series"] == 10
    points = {r["registration"]: r["points"] for r in table["standings"]}
    assert points == {p: 2 * wins[p] + losses[p] for p in ids}
    assert [r["points"] for r in table["standings"]] == sorted(points.values(), reverse=True)
    assert AuditEntry.objects.filter(action="league_game").count() == len(met)
    finished = api.post(f"/api/v1/events/{slug}/finish/", {}, format="json")
    assert finished.status_code == 200 and finished.json()["status"] == "finished"


@pytest.mark.django_db
def test_players_report_their_league_games_on_the_stages_page():
    director = make_user("league-page-td")
    event = make_event(director, game="lotr-tcg")
    stage_plan.apply_preset(director, event, "gemp-league")
    (u1, r1), (_u2, r2), (_u3, r3) = register_users(event, 3)
    page = browser(u1).get(f"/events/{event.slug}/stages/").content.decode()
    assert "Series 1 is running" in page and "I won" in page
    dash = browser(director).get(f"/events/{event.slug}/manage/").content.decode()
    assert "League series 1 is running: players report their games." in dash
    response = post(browser(u1), f"/events/{event.slug}/stages/league/",
                    {"opponent": r2.pk, "result": "won"})  # fmt: skip
    assert "League game recorded." in messages_of(response)
    response = post(browser(u1), f"/events/{event.slug}/stages/league/",
                    {"opponent": r2.pk, "result": "lost"})  # fmt: skip
    assert any("already played each other" in m for m in messages_of(response))
    response = post(browser(director), f"/events/{event.slug}/stages/league/",
                    {"winner": r3.pk, "loser": r2.pk})  # fmt: skip
    assert "League game recorded." in messages_of(response)
    page = response.content.decode()
    table = page[page.index('<table class="table stack">') :]
    # All on 2 points: r2 lost twice to players who won every game (opponents' win
    # percentage 1), r1 and r3 each beat r2 (0), then the order of entry.
    order = [table.index(f">{r.player.display_name}<") for r in (r2, r1, r3)]
    assert order == sorted(order)
