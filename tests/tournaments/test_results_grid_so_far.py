"""A match of best of N on the results grid, game by game (RULES.md §8: "a match of best
of N games: the match winner is the first to win more than half"): the games typed
before the match is decided are kept as the games played so far, and one game (a wrong
one read from a server's record) is taken out on its own, the others kept, on the page
and through the API's grid, each change in the table's history and the audit trail."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from audit.models import AuditEntry
from tests.tournaments.helpers import make_event, make_user, register_users
from tournaments import services
from tournaments.models import ResultChange, Table
from tournaments.services.results.match_so_far import director_set_games
from tournaments.services.stage_plan import set_stages

pytestmark = pytest.mark.django_db


def _paired(name: str, best_of: int = 3, tables: int = 1):
    director = make_user(name)
    event = make_event(director, game="lotr-tcg")
    stage = {"kind": "swiss", "best_of": best_of, "round_formats": ["fellowship-block"]}
    set_stages(director, event, [stage])
    register_users(event, 2 * tables, prefix=f"{name}-p")
    rnd = services.pair_next_round(director, event)
    return director, event, list(rnd.tables.filter(is_bye=False).order_by("number"))


def _seats(table: Table) -> list[int]:
    return list(table.seats.order_by("position").values_list("registration_id", flat=True))


def _winners(table: Table) -> list[int | None]:
    return [g.won_by_id for g in table.games.order_by("number")]


def _audit(table: Table) -> list[str]:
    rows = AuditEntry.objects.filter(object_type="tournaments.table", object_id=str(table.pk))
    return list(rows.order_by("pk").values_list("action", flat=True))


def _grid_post(table: Table, winners: list[int], **extra: str) -> dict[str, str]:
    table.refresh_from_db()
    post = {f"t{table.pk}-version": str(table.version), **extra}
    for n, winner in enumerate(winners, start=1):
        post[f"t{table.pk}-g{n}_winner"] = str(winner)
    return post


def test_the_grid_keeps_the_games_played_so_far_of_an_undecided_match(client):
    director, event, (table,) = _paired("td-so-far")
    client.force_login(director)
    a, b = _seats(table)
    url = reverse("results-grid", args=[event.slug, 1])
    check = client.post(
        reverse("results-grid-check", args=[event.slug, 1, table.pk]), _grid_post(table, [a])
    )
    assert check.status_code == 200 and check.json()["ok"]
    assert "Not decided yet" in check.json()["message"] and "1 game won" in check.json()["message"]
    response = client.post(url, _grid_post(table, [a]))
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.PENDING and _winners(table) == [a]
    assert table.winner_id is None and table.seats.filter(points__isnull=False).count() == 0
    change = table.changes.get()
    assert change.action == ResultChange.Action.DIRECTOR and len(change.after["games"]) == 1
    assert _audit(table) == ["result_games_so_far"]
    again = client.post(url, _grid_post(table, [a]), follow=True)
    assert "Nothing changed" in again.content.decode()  # typed as stored: not saved again
    page = client.get(url).content.decode()
    assert f'name="t{table.pk}-remove_game" value="1"' in page and "Take game 1 out" in page
    client.post(url, _grid_post(table, [a, b, b]))
    table.refresh_from_db()
    assert table.status == Table.Status.CONFIRMED and table.winner_id == b
    assert _audit(table)[-1] == "result_director"  # the match decided: its result entered


def test_one_wrong_game_is_taken_out_on_its_own_and_the_others_are_kept(client):
    director, event, (table,) = _paired("td-take-out", best_of=5)
    client.force_login(director)
    a, b = _seats(table)
    # As a server's records would have left it: three games read, the second a mistake.
    director_set_games(director, table, [{"winner": a}, {"winner": a}, {"winner": b}])
    url = reverse("results-grid", args=[event.slug, 1])
    response = client.post(url, _grid_post(table, [a, a, b], **{f"t{table.pk}-remove_game": "2"}))
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.PENDING and _winners(table) == [a, b]
    assert list(table.games.values_list("number", flat=True)) == [1, 2]
    assert _audit(table) == ["result_games_so_far", "result_game_removed"]
    removed = table.changes.order_by("pk").last()
    assert len(removed.before["games"]) == 3 and len(removed.after["games"]) == 2


def test_taking_a_game_out_of_a_decided_match_takes_its_result_back(client):
    director, event, (table,) = _paired("td-undecide")
    a, b = _seats(table)
    services.director_set_result(director, table, games=[{"winner": a}, {"winner": b},
                                                         {"winner": b}])  # fmt: skip
    api = APIClient()
    api.force_authenticate(director)
    url = f"/api/v1/events/{event.slug}/rounds/1/results/"
    response = api.post(url, {"rows": [{"table": table.pk, "remove_game": 3}]}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["rows"][0]["status"] == "saved"
    table.refresh_from_db()
    assert table.status == Table.Status.PENDING and table.winner_id is None
    assert _winners(table) == [a, b]
    assert _audit(table)[-2:] == ["result_void", "result_game_removed"]


def test_the_api_grid_saves_games_so_far_and_refuses_a_game_the_match_does_not_have():
    director, event, (first, second) = _paired("td-api-so-far", tables=2)
    a, _b = _seats(first)
    _c, d = _seats(second)
    api = APIClient()
    api.force_authenticate(director)
    url = f"/api/v1/events/{event.slug}/rounds/1/results/"
    check = api.post(f"{url}check/", {"table": first.pk, "games": [{"winner": a}]}, format="json")
    assert check.status_code == 200, check.content
    assert check.json()["decided"] is False and check.json()["points"] == []
    assert {r["registration"]: r["games"] for r in check.json()["games_won"]}[a] == 1
    rows = [
        {"table": first.pk, "games": [{"winner": a}]},
        {"table": second.pk, "remove_game": 1},  # nothing stored at this table yet
    ]
    body = api.post(url, {"rows": rows}, format="json").json()
    assert [r["status"] for r in body["rows"]] == ["saved", "refused"]
    assert body["rows"][1]["problem"]["code"] == "no_such_game"
    assert body["rows"][1]["problem"]["detail"] == "Game 1 is not one of this table's games."
    first.refresh_from_db()
    assert first.status == Table.Status.PENDING and _winners(first) == [a]
    api.post(url, {"rows": [{"table": second.pk, "games": [{"winner": d}]}]}, format="json")
    only = api.post(url, {"rows": [{"table": second.pk, "remove_game": 1}]}, format="json")
    assert only.json()["rows"][0]["status"] == "saved"
    assert not second.games.exists() and _audit(second)[-1] == "result_game_removed"


def test_two_games_ticked_at_once_are_refused_keeping_what_was_typed(client):
    director, event, (table,) = _paired("td-two-out")
    client.force_login(director)
    a, b = _seats(table)
    director_set_games(director, table, [{"winner": a}, {"winner": b}])
    post = _grid_post(table, [a, b])
    post[f"t{table.pk}-remove_game"] = ["1", "2"]  # type: ignore[assignment]
    response = client.post(reverse("results-grid", args=[event.slug, 1]), post)
    assert response.status_code == 400
    assert "Take out one game at a time." in response.content.decode()
    assert _winners(table) == [a, b]


def test_the_games_so_far_in_spanish(client, settings):
    from django.utils import translation

    director, event, (table,) = _paired("td-so-far-es")
    client.force_login(director)
    a, _b = _seats(table)
    director_set_games(director, table, [{"winner": a}])
    url = reverse("results-grid", args=[event.slug, 1])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Quitar la partida 1" in page and "se guardan como las jugadas hasta ahora" in page
    check = client.post(
        reverse("results-grid-check", args=[event.slug, 1, table.pk]),
        _grid_post(table, [a]),
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert check.json()["message"].startswith("Aún sin decidir (")
    translation.activate(settings.LANGUAGE_CODE)


def test_a_games_format_is_shown_by_its_name_not_its_key(client):
    """The games so far name each game's format as the format registry names it
    ("Fellowship block"), never its stored key ("fellowship-block")."""
    from tests.ui.test_event_screens import visible_text
    from tournaments.words.matches import match_game_lines

    director, event, (table,) = _paired("td-so-far-format")
    a, _b = _seats(table)
    director_set_games(director, table, [{"winner": a}])
    games = [services.stored_game(g).as_json() for g in table.games.all()]
    assert games[0]["format"] == "fellowship-block"
    (line,) = match_game_lines(table, games)
    assert line.endswith("· format Fellowship block") and "fellowship-block" not in line
    client.force_login(table.seats.get(registration_id=a).registration.player.user)
    page = visible_text(client.get(f"/events/{event.slug}/me/").content.decode())
    assert "format Fellowship block" in page and "fellowship-block" not in page
