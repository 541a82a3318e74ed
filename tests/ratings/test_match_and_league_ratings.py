"""Every game of a sanctioned event is rated (RULES.md §6, §8): the games of a best-of
match at a Swiss table one by one, and a league series' games, only once the event is
rated (sanctioned, at the player minimum, approved by its league)."""

from __future__ import annotations

import random

import pytest
from django.db.models import Sum
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.errors import Conflict
from ratings.models import RatingEntry
from ratings.services.approval import approve
from tests.ratings.factories import approve_directly
from tests.tournaments.helpers import make_event, make_user, register_users
from tournaments import services
from tournaments.models import LeagueGame
from tournaments.services.league_series import league_table, report_league_game
from tournaments.services.stage_plan import set_stages

pytestmark = pytest.mark.django_db


def _games(kind: str) -> RatingEntry:
    return RatingEntry.objects.filter(kind=RatingEntry.Kind.GAME)


def test_a_best_of_three_swiss_round_is_rated_game_by_game():
    """RULES.md §8: "every game is rated like any other game of a sanctioned event"; the
    games of one round from the ratings at its start (RULES.md §6 Reading)."""
    director = make_user()
    event = make_event(director, game="metw", sanctioned=True)
    set_stages(director, event, [{"kind": "swiss", "best_of": 3}])
    register_users(event, 6)
    approve_directly(event)
    rnd = services.pair_next_round(director, event)
    counted = 0
    for table in rnd.tables.filter(is_bye=False):
        a, b = (s.registration_id for s in table.seats.order_by("position"))
        games = [{"mps": {a: 20, b: 5}}, {"mps": {a: 10, b: 10}}, {"mps": {a: 3, b: 12}},
                 {"mps": {a: 15, b: 14}}]  # fmt: skip
        services.director_set_result(director, table, games=games)
        counted += 3  # the tie was replayed: not a rated game
    rnd.refresh_from_db()
    assert rnd.status == "closed"
    rows = _games("game").filter(event=event)
    assert rows.count() == 2 * counted
    # From 150 each: 6–0 (ratio ≥ 2), 0–6, 4–2: winners +6, +6, +4 (RULES.md §6).
    assert sorted(r.change for r in rows if r.change > 0) == sorted([6, 6, 4] * (counted // 3))
    assert rows.aggregate(total=Sum("change"))["total"] == 0


def _league(sanctioned=True):
    director = make_user()
    event = services.create_event(director, name="League", game="lotr-tcg", sanctioned=sanctioned)
    set_stages(director, event, [{"kind": "league_series", "scoring": "league"}])
    event = services.open_registration(director, event)
    regs = [r for _u, r in register_users(event, 6)]
    return director, event, regs


def test_league_games_are_rated_once_the_league_approves_the_event(
    django_capture_on_commit_callbacks,
):
    """RULES.md §6: only rated events move ratings (sanctioned, the minimum, approved)."""
    director, event, regs = _league()
    report_league_game(director, event, regs[0].pk, regs[1].pk)
    assert not _games("game").filter(event=event).exists()  # waiting for the approval
    superuser = make_user("league-admin")
    superuser.is_superuser = True
    superuser.save()
    with django_capture_on_commit_callbacks(execute=True):
        approve(superuser, event.slug)  # its games join the ledger by a replay
    rows = {r.player_id: r.change for r in _games("game").filter(event=event)}
    # A LOTR TCG win counts 5 tournament points for ratings (RULES.md §2 Reading).
    assert rows == {regs[0].player_id: 5, regs[1].player_id: -5}
    report_league_game(director, event, regs[2].pk, regs[0].pk)  # rated at once now
    assert _games("game").filter(event=event).count() == 4
    assert services.sanctioning_status(event).rated


def test_an_unsanctioned_league_is_never_rated():
    director, event, regs = _league(sanctioned=False)
    report_league_game(director, event, regs[0].pk, regs[1].pk)
    assert not RatingEntry.objects.filter(event=event).exists()


@settings(
    max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.integers(0, 2**32 - 1))
def test_league_ratings_are_conserved_and_the_top_of_the_table_gets_the_bonus(seed):
    """Two-player ratings are conserved: a win gains what the loss costs, both clamped
    alike (000 Part VI §3 "Ratings"); the winner's bonus (one point per game played)
    goes to the top of the league's table (RULES.md §6, §8)."""
    rng = random.Random(seed)
    director, event, regs = _league()
    approve_directly(event)
    for _ in range(rng.randint(1, 12)):
        w, lo = rng.sample(regs, 2)
        try:
            report_league_game(director, event, w.pk, lo.pk)
        except Conflict:  # a repeat opponent or the cap: refused, nothing recorded
            continue
    played = LeagueGame.objects.filter(event=event).count()
    rows = RatingEntry.objects.filter(event=event, kind=RatingEntry.Kind.GAME)
    assert rows.count() == 2 * played
    assert (rows.aggregate(total=Sum("change"))["total"] or 0) == 0
    services.finish_event(director, event)
    top = league_table(event).rows[0]
    bonus = RatingEntry.objects.filter(event=event, kind=RatingEntry.Kind.BONUS)
    winner = next(r for r in regs if str(r.pk) == top.player)
    assert {b.player_id for b in bonus} >= {winner.player_id}
    assert all(b.change == rows.filter(player_id=b.player_id).count() for b in bonus)


def test_the_league_table_says_it_is_rated_and_each_players_rating_change(client):
    """RULES.md §6, §8: the league's pages and API show that its games are rated."""
    director, event, regs = _league()
    approve_directly(event)
    report_league_game(director, event, regs[0].pk, regs[1].pk)
    body = client.get(f"/api/v1/events/{event.slug}/league/").json()
    assert body["rated"] and body["sanctioning"].endswith("Rated.")
    change = {r["registration"]: r["rating_change"] for r in body["standings"]}
    assert (change[regs[0].pk], change[regs[1].pk], change[regs[2].pk]) == (5, -5, 0)
    page = client.get(f"/events/{event.slug}/stages/").content.decode()
    assert "Rating change" in page and "+5" in page and "-5" in page
    director2, other, regs2 = _league()
    report_league_game(director2, other, regs2[0].pk, regs2[1].pk)
    body = client.get(f"/api/v1/events/{other.slug}/league/").json()
    assert not body["rated"] and body["standings"][0]["rating_change"] is None


@settings(
    max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.integers(0, 2**32 - 1))
def test_best_of_three_swiss_ratings_are_conserved_game_by_game(seed):
    """Every game of every match is rated (RULES.md §8) and two-player ratings are
    conserved (000 Part VI §3 "Ratings": the loser loses what the winner gains)."""
    rng = random.Random(seed)
    director = make_user()
    event = make_event(director, game="metw", sanctioned=True)
    set_stages(director, event, [{"kind": "swiss", "best_of": 3}])
    register_users(event, 5)
    approve_directly(event)
    rated_games = 0
    for _ in range(2):
        rnd = services.pair_next_round(director, event)
        for table in rnd.tables.filter(is_bye=False):
            a, b = (s.registration_id for s in table.seats.order_by("position"))
            wins = {a: 0, b: 0}
            games = []
            while max(wins.values()) < 2:
                x, y = rng.randint(0, 25), rng.randint(0, 25)
                games.append({"mps": {a: x, b: y}})
                if x != y:
                    wins[a if x > y else b] += 1
                    rated_games += 1
            services.director_set_result(director, table, games=games)
    rows = RatingEntry.objects.filter(event=event, kind=RatingEntry.Kind.GAME)
    assert rows.count() == 2 * rated_games
    assert (rows.aggregate(total=Sum("change"))["total"] or 0) == 0
