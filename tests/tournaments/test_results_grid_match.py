"""The results grid at tables that play a match of best of N (RULES.md §8: "each game
scored by its game's own rules"; "a tied game is replayed or decided as the stage sets";
PC Worlds: "the loser of each game chooses the format of the following game"): each game
line takes its end, the player a tie counts for and the format its chooser named, on the
page (checked as typed, the reason beside the game's line) and through the API."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.tournaments.helpers import make_event, make_user, register_users
from tournaments import services
from tournaments.models import Table
from tournaments.services.stage_plan import set_stages

pytestmark = pytest.mark.django_db


def _paired(client, game="metw", **options):
    director = make_user("td-grid-match")
    client.force_login(director)
    event = make_event(director, game=game)
    stage = {"kind": "swiss", "best_of": 3, "options": options}
    if game == "lotr-tcg":
        stage["round_formats"] = ["fellowship-block"]
    set_stages(director, event, [stage])
    register_users(event, 2)
    rnd = services.pair_next_round(director, event)
    return director, event, rnd.tables.get(is_bye=False)


def _seats(table):
    return list(table.seats.order_by("position").values_list("registration_id", flat=True))


def _line(table, n, **fields):
    return {f"t{table.pk}-g{n}_{k}": str(v) for k, v in fields.items()}


def test_each_game_line_offers_its_end_the_ties_player_and_its_format(client):
    _director, event, table = _paired(client, game="lotr-tcg", tie="director",
                                      loser_chooses_format=True)  # fmt: skip
    page = client.get(reverse("results-grid", args=[event.slug, 1])).content.decode()
    p = f"t{table.pk}-"
    for name in (f"{p}g1_outcome", f"{p}g1_winner", f"{p}g1_counts_for", f"{p}g2_format"):
        assert f'name="{name}"' in page, name
    assert f'name="{p}g1_format"' not in page  # game 1 is in the round's format
    assert f'name="{p}{p}' not in page  # the table's prefix once, as the save reads it
    assert "How game 1 ended" in page and "A tie in game 2 counts for" in page
    assert "Format of game 2, chosen by the loser of the game before" in page


def test_a_match_with_its_ends_and_the_losers_formats_is_saved(client):
    _director, event, table = _paired(client, game="lotr-tcg", loser_chooses_format=True)
    a, b = _seats(table)
    post = {f"t{table.pk}-version": str(table.version)}
    post |= _line(table, 1, winner=a, outcome="site_9")
    post |= _line(table, 2, winner=b, format="tower-block")
    post |= _line(table, 3, winner=b, outcome="ring_bearer_killed", format="king-block")
    response = client.post(reverse("results-grid", args=[event.slug, 1]), post)
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.CONFIRMED and table.winner_id == b
    games = list(table.games.order_by("number"))
    assert [g.outcome for g in games] == ["site_9", "normal", "ring_bearer_killed"]
    # Game 1 in the round's format; game 2 chosen by b (he lost game 1), game 3 by a.
    assert [(g.format_key, g.chosen_by_id) for g in games] == [
        ("fellowship-block", None), ("tower-block", b), ("king-block", a),
    ]  # fmt: skip


def test_a_metw_tie_counted_and_a_one_ring_win_whatever_its_mps(client):
    """A One Ring win is its winner's whatever the MPs (the game's own rules, RULES.md
    §2); a tie the stage leaves to the director counts for the player he names."""
    _director, event, table = _paired(client, tie="director")
    a, b = _seats(table)
    post = {f"t{table.pk}-version": str(table.version)}
    post |= _line(table, 1, **{f"mps_{a}": 5, f"mps_{b}": 20}, outcome="one_ring", winner=a)
    post |= _line(table, 2, **{f"mps_{a}": 10, f"mps_{b}": 10}, counts_for=a)
    response = client.post(reverse("results-grid", args=[event.slug, 1]), post)
    assert response.status_code == 302
    table.refresh_from_db()
    games = list(table.games.order_by("number"))
    assert [(g.outcome, g.won_by_id, g.decided_for_id) for g in games] == [
        ("one_ring", a, None), ("normal", None, a),
    ]  # fmt: skip
    assert table.status == Table.Status.CONFIRMED and b != a


def test_a_refusal_about_one_game_is_shown_beside_its_line_with_what_was_typed(client):
    _director, event, table = _paired(client, tie="director")
    a, b = _seats(table)
    post = {f"t{table.pk}-version": str(table.version)}
    post |= _line(table, 1, **{f"mps_{a}": 10, f"mps_{b}": 10})  # a tie nobody counted
    post |= _line(table, 2, **{f"mps_{a}": 20, f"mps_{b}": 5})
    response = client.post(reverse("results-grid", args=[event.slug, 1]), post)
    assert response.status_code == 400
    page = response.content.decode()
    marker = f'id="t{table.pk}-g1_error-{table.pk}">Game 1 is tied'
    assert marker in page
    assert f'name="t{table.pk}-g2_mps_{a}" value="20"' in page
    table.refresh_from_db()
    assert table.status == Table.Status.PENDING and not table.games.exists()
    check = client.post(reverse("results-grid-check", args=[event.slug, 1, table.pk]), post)
    assert check.status_code == 400 and check.json()["game"] == 1


def test_the_grid_is_in_spanish(client, settings):
    _director, event, _table = _paired(client, tie="director")
    page = client.get(
        reverse("results-grid", args=[event.slug, 1]), HTTP_ACCEPT_LANGUAGE="es"
    ).content.decode()
    assert "Cómo terminó la partida 1" in page and "Un empate en la partida 1 cuenta para" in page
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)


def test_the_grid_api_takes_games_and_names_the_refused_game():
    director = make_user("td-grid-api")
    event = make_event(director, game="lotr-tcg")
    set_stages(director, event, [{"kind": "swiss", "best_of": 3}])
    register_users(event, 4)
    rnd = services.pair_next_round(director, event)
    first, second = list(rnd.tables.filter(is_bye=False).order_by("number"))
    api = APIClient()
    api.force_authenticate(director)
    a, b = _seats(first)
    c, d = _seats(second)
    rows = [
        {"table": first.pk, "games": [
            {"winner": a, "outcome": "site_9"}, {"winner": b}, {"winner": b},
        ]},
        {"table": second.pk, "games": [{"winner": c}, {"winner": c}, {"winner": d}]},
    ]  # fmt: skip
    url = f"/api/v1/events/{event.slug}/rounds/1/results/"
    response = api.post(url, {"rows": rows}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["saved"], body["refused"]) == (1, 1)
    refused = body["rows"][1]["problem"]
    assert refused["code"] == "after_decided"
    assert refused["problems"][0]["field"] == "games[2]"  # the third game
    first.refresh_from_db()
    assert first.winner_id == b
    assert [g.outcome for g in first.games.order_by("number")] == ["site_9", "normal", "normal"]
    tied = {"table": second.pk, "games": [{"winner": c}, {"winner": d, "counts_for": d}]}
    check = api.post(f"{url}check/", tied, format="json")
    assert check.status_code == 400
    assert check.json()["problems"][0]["field"] == "games[1].counts_for"
