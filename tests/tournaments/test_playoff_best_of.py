"""Playoff matches of best of N (RULES.md §8: the match winner is the first to win more
than half, each game scored by its game's own rules; PC Worlds: a best-of-three final
in which the loser of each game chooses the next game's format; every game rated like
any other game of a sanctioned event, the winner's bonus to the champion)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from audit.models import AuditEntry
from core.errors import Conflict, ServiceError
from ratings.formula import winner_bonus
from ratings.models import RatingEntry
from tests.ratings.factories import approve_directly
from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services
from tournaments.models import PlayoffGame, PlayoffMatch

pytestmark = pytest.mark.django_db


def final_of_two(tie="replay", loser_chooses=False, sanctioned=False, best_of=3):
    director = make_user("td")
    event = make_event(director, planned_rounds=2, sanctioned=sanctioned)
    if sanctioned:
        approve_directly(event)
    register_users(event, 6)
    services.set_top_cut(director, event, 2, tie, best_of=(1, best_of), loser_chooses=loser_chooses)
    for n in range(2):
        play_round(director, services.pair_next_round(director, event, seed=30 + n))
    services.start_playoff(director, event)
    return director, event, event.playoff_matches.get()


def _game(director, event, match, high, low, fmt=""):
    return services.report_playoff_result(director, event, match.pk, high, low, format_key=fmt)


def test_the_first_to_win_two_games_wins_a_best_of_three():
    """RULES.md §8: more than half of three is two; LoRE games are won on MPs (§2)."""
    director, event, match = final_of_two()
    match = _game(director, event, match, 12, 5)  # high wins game 1
    assert match.status == PlayoffMatch.Status.PENDING and match.winner_id is None
    match = _game(director, event, match, 4, 15)  # low wins game 2
    assert match.status == PlayoffMatch.Status.PENDING
    match = _game(director, event, match, 3, 14)  # low wins game 3: two of three
    assert match.status == PlayoffMatch.Status.DONE and match.winner_id == match.low_id
    assert [g.number for g in match.games.all()] == [1, 2, 3]
    with pytest.raises(Conflict):
        _game(director, event, match, 10, 2)
    places = services.final_standings(event)
    assert places[0][1].registration.pk == match.low_id
    assert AuditEntry.objects.filter(action="playoff_game").count() == 3


def test_a_tied_game_is_replayed_and_counts_for_nobody():
    """RULES.md §8: a tied game is replayed when the event sets it so."""
    director, event, match = final_of_two()
    _game(director, event, match, 10, 10)
    match = _game(director, event, match, 12, 5)
    match = _game(director, event, match, 11, 5)
    assert match.status == PlayoffMatch.Status.DONE and match.winner_id == match.high_id
    assert match.games.count() == 3


def test_a_tied_game_left_to_the_director_counts_for_the_player_he_names():
    director, event, match = final_of_two(tie="director")
    match = _game(director, event, match, 10, 10)
    assert match.status == PlayoffMatch.Status.TIED
    with pytest.raises(Conflict):
        _game(director, event, match, 12, 5)
    match = services.decide_playoff_tie(director, event, match.pk, match.low_id)
    assert match.status == PlayoffMatch.Status.PENDING  # one game of two for the low seat
    match = _game(director, event, match, 4, 16)
    assert match.winner_id == match.low_id and not match.decided_by_director


def test_the_loser_of_each_game_chooses_the_next_format():
    """RULES.md §8 (PC Worlds): game 1 in the set format, then the loser chooses."""
    director, event, match = final_of_two(loser_chooses=True)
    _game(director, event, match, 12, 5, fmt="ignored: the first game's format is set")
    client = APIClient()
    client.force_authenticate(director)
    bracket = client.get(f"/api/v1/events/{event.slug}/bracket/").json()
    ahead = bracket["matches"][0]["next_game"]
    assert ahead == {"number": 2, "format": None, "chosen_by": match.low_id}
    _game(director, event, match, 5, 12, fmt="")
    games = list(PlayoffGame.objects.filter(match=match).order_by("number"))
    assert games[0].format_key == "" and games[0].chosen_by_id is None
    assert games[1].chosen_by_id == match.low_id


def test_a_one_game_match_is_exactly_as_before():
    director, event, match = final_of_two(best_of=1)
    match = _game(director, event, match, 12, 5)
    assert match.status == PlayoffMatch.Status.DONE and not match.games.exists()


def test_best_of_must_be_odd():
    director = make_user("td")
    event = make_event(director)
    with pytest.raises(ServiceError):
        services.set_top_cut(director, event, 2, "replay", best_of=(2, 1))


def test_every_game_is_rated_and_the_champion_gets_a_point_per_game(
    django_capture_on_commit_callbacks,
):
    """RULES.md §8 with §6: each game of the match is rated like any other game; the
    winner's bonus counts every game the champion played."""
    with django_capture_on_commit_callbacks(execute=True):
        director, event, match = final_of_two(sanctioned=True)
        _game(director, event, match, 12, 5)
        _game(director, event, match, 10, 10)  # replayed: not rated
        _game(director, event, match, 5, 12)
        match = _game(director, event, match, 13, 5)
        services.finish_event(director, event)
    swiss = event.rounds.count()
    rated = RatingEntry.objects.filter(event=event, kind="game", round_number=swiss + 1)
    assert rated.count() == 2 * 3
    champion = match.high.player_id
    assert [r.result for r in rated.filter(player_id=champion).order_by("step")] == [
        "win", "loss", "win"
    ]  # fmt: skip
    bonus = RatingEntry.objects.get(event=event, kind="bonus")
    swiss_games = RatingEntry.objects.filter(
        event=event, kind="game", player_id=champion, round_number__lte=swiss
    ).count()
    assert bonus.player_id == champion and bonus.change == winner_bonus(swiss_games + 3)
    from ratings import services as ratings

    before = ratings.ledger_snapshot(event.game)
    ratings.replay_game(event.game)
    assert ratings.ledger_snapshot(event.game) == before


def test_the_bracket_page_enters_a_best_of_three_game_by_game(client):
    """RULES.md §8: results entry by game on the page; the loser chooses the next format."""
    director, event, match = final_of_two(loser_chooses=True)
    client.force_login(director)
    url = f"/events/{event.slug}/bracket/"
    form = {"match": match.pk, "high_mps": "12", "low_mps": "5", "outcome": "normal"}
    client.post(url + "result/", form)
    page = client.get(url).content.decode()
    assert "Best of 3" in page and "Game 2" in page
    assert f"Format chosen by {match.low.player.display_name}" in page
    client.post(url + "result/", {**form, "high_mps": "4", "low_mps": "15"})
    client.post(url + "result/", {**form, "high_mps": "14", "low_mps": "2"})
    match.refresh_from_db()
    assert match.status == PlayoffMatch.Status.DONE and match.games.count() == 3
    page = client.get(url).content.decode()
    assert "wins the playoff" in page


def test_api_sets_a_best_of_three_final_and_enters_it_game_by_game():
    """RULES.md §8 through the API: the settings, each game, the match decided by two wins."""
    director = make_user("td")
    event = make_event(director, planned_rounds=2)
    register_users(event, 6)
    for n in range(2):
        play_round(director, services.pair_next_round(director, event, seed=30 + n))
    client = APIClient()
    client.force_authenticate(director)
    base = f"/api/v1/events/{event.slug}/playoff"
    body = {"top_cut": 2, "playoff_tie": "replay", "final_best_of": 3}
    bad = client.post(f"{base}/settings/", {**body, "final_best_of": 2}, format="json")
    assert bad.status_code == 400
    assert client.post(f"{base}/settings/", body, format="json").status_code == 200
    match = client.post(f"{base}/start/").json()[0]
    assert match["best_of"] == 3 and match["next_game"]["number"] == 1
    for high, low in ((12, 5), (4, 15), (14, 2)):
        answer = client.post(
            f"{base}/result/",
            {"match": match["id"], "high_mps": high, "low_mps": low},
            format="json",
        )
        assert answer.status_code == 200, answer.json()
    done = answer.json()
    assert (
        done["status"] == "done" and done["winner"]["registration"] == match["high"]["registration"]
    )
    assert [g["number"] for g in done["games"]] == [1, 2, 3] and done["next_game"] is None
