"""Each table's heat where a round is played in heats (RULES.md §8, Decipher 2003 Worlds:
"two parallel Swiss heats"): the pairings page, the wall and paper label and filter by
it, the API carries it (null outside heats), the player's card and My games show his
heat, a finished event says in words how the players below the cut are placed, and the
cost of a page does not grow with the field."""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from rest_framework.test import APIClient

from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tests.tournaments.test_pages import browser
from tournaments import services
from tournaments.models import Round, Stage
from tournaments.services import heats, stage_plan, stages
from tournaments.services.round_heats import round_heat_count
from tournaments.views import projector

pytestmark = pytest.mark.django_db

PLAN = [
    {"kind": "swiss", "rounds": 3, "groups": 2},
    {"kind": "single_elim", "advance": 2, "advance_per_group": True},
]


def _heated(players: int, name: str, plan: list | None = None):
    director = make_user(name)
    event = make_event(director, game="metw", planned_rounds=3)
    stage_plan.set_stages(director, event, plan or PLAN)
    pairs = register_users(event, players, prefix=f"{name}-p")
    return director, event, pairs


def _api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _tables_by_heat(rnd: Round) -> dict[int, list[int]]:
    """The round's table numbers by heat, read independently from the drawn heats."""
    group = heats.group_of(rnd.event)
    out: dict[int, list[int]] = {}
    for table in rnd.tables.prefetch_related("seats"):
        heat = {group[str(s.registration_id)] for s in table.seats.all()}
        assert len(heat) == 1  # no table seats two heats
        out.setdefault(heat.pop(), []).append(table.number)
    return out


def _cells(page: str) -> list[str]:
    return [row.split("</tr>")[0] for row in page.split('<tr data-names="')[1:]]


def test_the_pairings_page_labels_each_table_with_its_heat_and_filters_by_heat():
    director, event, _ = _heated(9, "hl-page")
    rnd = services.pair_next_round(director, event, seed=5)
    by_heat = _tables_by_heat(rnd)
    assert sorted(by_heat) == [1, 2]
    client = browser()
    page = client.get(f"/events/{event.slug}/pairings/").content.decode()
    rows = _cells(page)
    assert len(rows) == rnd.tables.count()
    for heat, numbers in by_heat.items():
        labelled = [r for r in rows if f"Heat {heat}</span>" in r]
        assert len(labelled) == len(numbers)
    assert 'id="heat-filter"' in page and "All heats" in page
    only_two = client.get(f"/events/{event.slug}/pairings/?heat=2").content.decode()
    rows = _cells(only_two)
    assert len(rows) == len(by_heat[2])
    assert all("Heat 2</span>" in r for r in rows)
    assert "Round 1 · Heat 2" in only_two
    # A heat the round does not have shows every table, as an unknown round number does.
    for bad in ("7", "x", "0"):
        shown = client.get(f"/events/{event.slug}/pairings/?heat={bad}").content.decode()
        assert len(_cells(shown)) == rnd.tables.count(), bad


def test_a_single_swiss_has_no_heat_labels_nor_filter():
    director = make_user("hl-single")
    event = make_event(director, game="metw", planned_rounds=3)
    register_users(event, 6, prefix="hl-single-p")
    rnd = services.pair_next_round(director, event, seed=1)
    page = browser().get(f"/events/{event.slug}/pairings/").content.decode()
    assert 'id="heat-filter"' not in page and "heat-label" not in page
    tables = _api().get(f"/api/v1/events/{event.slug}/rounds/1/tables/").json()["results"]
    assert len(tables) == rnd.tables.count() and {t["heat"] for t in tables} == {None}
    refused = _api().get(f"/api/v1/events/{event.slug}/rounds/1/tables/?heat=1")
    assert refused.status_code == 400 and refused.json()["code"] == "no_heats"


def test_the_wall_and_paper_show_and_filter_by_heat(monkeypatch):
    monkeypatch.setattr(projector, "PROJECTOR_ROWS", 3)  # the wall moves on, in its heat
    director, event, pairs = _heated(10, "hl-wall")
    rnd = services.pair_next_round(director, event, seed=7)
    group = heats.group_of(event)
    names = {str(reg.pk): reg.player.display_name for _, reg in pairs}
    client = browser(director)
    wall = client.get(f"/events/{event.slug}/projector/pairings/?heat=1").content.decode()
    assert "Round 1 · Heat 1" in wall and 'data-next="?page=2&amp;heat=1"' in wall
    assert wall.count("<tr><td><strong>") == 3  # a page of three players, all of heat 1
    assert not any(names[p] in wall for p, g in group.items() if g == 2)
    last = client.get(f"/events/{event.slug}/projector/pairings/?heat=1&page=2").content
    assert 'data-next="?page=1&amp;heat=1"' in last.decode()
    monkeypatch.setattr(projector, "PROJECTOR_ROWS", 200)
    everyone = client.get(f"/events/{event.slug}/projector/pairings/").content.decode()
    assert all(n in everyone for n in names.values()) and ">Heat<" in everyone
    paper = client.get(f"/events/{event.slug}/rounds/1/print/?heat=2").content.decode()
    assert "Round 1 · Heat 2" in paper
    assert all((names[p] in paper) == (g == 2) for p, g in group.items())
    whole = client.get(f"/events/{event.slug}/rounds/1/print/").content.decode()
    assert ">Heat<" in whole and 'id="heat-filter"' in whole
    assert rnd.number == 1


def test_the_result_slips_and_the_dashboards_tables_name_each_tables_heat():
    """The pairings' label on paper (each slip) and on the director's list of tables: a
    slip or a line read without the heat sends a result to the wrong heat's table."""
    director, event, _ = _heated(9, "hl-slips")
    rnd = services.pair_next_round(director, event, seed=5)
    games = set(rnd.tables.filter(is_bye=False).values_list("number", flat=True))
    by_heat = {h: [n for n in ns if n in games] for h, ns in _tables_by_heat(rnd).items()}
    client = browser(director)
    slips = client.get(f"/events/{event.slug}/rounds/1/slips/").content.decode()
    for heat, numbers in by_heat.items():
        for number in numbers:
            slip = slips.split(f"<strong>Table {number}</strong>")[1].split("</p>")[0]
            assert f"Heat {heat}</span>" in slip, (number, heat)
    page = client.get(f"/events/{event.slug}/manage/").content.decode()
    listed = page.split('class="table results-table"')[1].split("</tbody>")[0]
    lines = {
        table.number: listed.split(f'id="t{table.pk}"')[1].split("</td>")[0]
        for table in rnd.tables.filter(is_bye=False)
    }
    for heat, numbers in by_heat.items():
        assert all(f"Heat {heat}</span>" in lines[n] for n in numbers)


def test_the_api_carries_each_tables_heat_and_filters_by_it():
    director, event, _ = _heated(9, "hl-api")
    rnd = services.pair_next_round(director, event, seed=11)
    by_heat = _tables_by_heat(rnd)
    url = f"/api/v1/events/{event.slug}/rounds/1/tables/"
    tables = _api().get(url).json()["results"]
    assert {t["number"]: t["heat"] for t in tables} == {
        n: heat for heat, numbers in by_heat.items() for n in numbers
    }
    two = _api().get(url + "?heat=2").json()["results"]
    assert sorted(t["number"] for t in two) == sorted(by_heat[2])
    detail = _api().get(f"/api/v1/events/{event.slug}/rounds/1/").json()
    assert {t["heat"] for t in detail["tables"]} == {1, 2}
    one = _api().get(f"/api/v1/events/{event.slug}/tables/{tables[0]['id']}/").json()
    assert one["heat"] == tables[0]["heat"]
    for bad, code in (("3", "invalid_heat"), ("abc", None)):
        refused = _api().get(url + f"?heat={bad}")
        assert refused.status_code == 400, bad
        if code:
            assert refused.json()["code"] == code
            assert "Choose a heat from 1 to 2." in refused.json()["detail"]


def test_a_later_stages_round_is_not_in_heats():
    director, event, _ = _heated(8, "hl-later")
    first = services.pair_next_round(director, event, seed=2)
    play_round(director, first)
    second = services.pair_next_round(director, event, seed=3)
    assert round_heat_count(first) == 2 and round_heat_count(second) == 2
    # The round robin of those who went on starts at round 2: one field again.
    Stage.objects.filter(event=event, position=2).update(kind="round_robin", first_round=2)
    assert round_heat_count(first) == 2 and round_heat_count(second) == 0
    tables = _api().get(f"/api/v1/events/{event.slug}/rounds/2/tables/").json()["results"]
    assert {t["heat"] for t in tables} == {None}


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200, url
    return len(captured)


@pytest.mark.parametrize(
    "path",
    [
        "pairings/",
        "pairings/?heat=1",
        "projector/pairings/",
        "projector/pairings/?heat=2",
        "rounds/1/print/",
        "rounds/1/print/?heat=1",
        "rounds/1/slips/",
        "api:rounds/1/tables/",
        "api:rounds/1/tables/?heat=2",
        "api:rounds/1/",
    ],
)
def test_the_cost_of_a_page_does_not_grow_with_the_field(path, settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    counts = []
    for size in (6, 22):
        director, event, _ = _heated(size, f"hl-cost{size}")
        services.pair_next_round(director, event, seed=size)
        if path.startswith("api:"):
            url = f"/api/v1/events/{event.slug}/{path[4:]}"
            client = _api(director)
        else:
            url = f"/events/{event.slug}/{path}"
            client = browser(director)
        client.get(url)  # the first read builds what every later one shares
        counts.append(_queries(client, url))
    assert counts[0] == counts[1], counts


def test_the_players_card_and_my_games_show_his_heat():
    director, event, pairs = _heated(8, "hl-me")
    services.pair_next_round(director, event, seed=4)
    user, reg = pairs[0]
    reg.refresh_from_db()
    assert reg.stage_group in (1, 2)
    client = browser(user)
    mine = client.get(f"/events/{event.slug}/me/").content.decode()
    card = mine.split('class="card table-now"')[1].split("</section>")[0]
    assert f"Heat {reg.stage_group}</span>" in card
    assert f'id="my-heat" href="/events/{event.slug}/stages/#heat-{reg.stage_group}"' in mine
    if 'id="my-table-heat"' in mine:  # not on a bye
        assert f'id="my-table-heat">Heat {reg.stage_group}<' in mine
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert f"Heat {reg.stage_group}</span>" in page.split('class="card table-now"')[1]


def test_a_single_swiss_players_pages_name_no_heat():
    director = make_user("hl-me-single")
    event = make_event(director, game="metw", planned_rounds=3)
    ((user, _reg), *_rest) = register_users(event, 4, prefix="hl-me-single-p")
    services.pair_next_round(director, event, seed=4)
    mine = browser(user).get(f"/events/{event.slug}/me/").content.decode()
    assert "table-now-heat" not in mine and 'id="my-heat"' not in mine


def _finish_with_top_cut(director, event):
    for rnd in event.rounds.all():
        play_round(director, rnd)
    while event.rounds.count() < 3:
        play_round(director, services.pair_next_round(director, event, seed=30))
    stages.start_stage(director, event)
    api = _api(director)
    while True:
        bracket = api.get(f"/api/v1/events/{event.slug}/bracket/").json()
        pending = [m for m in bracket["matches"] if m["status"] == "pending"]
        if not pending:
            break
        for match in pending:
            body = {"match": match["id"], "high_mps": 20, "low_mps": 5}
            answer = api.post(f"/api/v1/events/{event.slug}/playoff/result/", body, format="json")
            assert answer.status_code == 200, answer.content
    finished = api.post(f"/api/v1/events/{event.slug}/finish/", {}, format="json")
    assert finished.status_code == 200, finished.content


def test_the_final_places_say_how_the_players_below_the_cut_are_placed():
    """RULES.md §8 heats, the reading in tournaments.rules.heats: below those who went on,
    the whole Swiss's standings (every heat together) give the places."""
    director, event, _ = _heated(8, "hl-final")
    running = browser().get(f"/events/{event.slug}/standings/").content.decode()
    assert 'id="below-cut"' not in running
    _finish_with_top_cut(director, event)
    page = browser().get(f"/events/{event.slug}/standings/").content.decode()
    said = page.split('id="below-cut">')[1].split("</p>")[0]
    assert said.startswith(
        "The top 2 of each of the 2 heats went on to the single elimination, whose results "
        "decide their places."
    )
    assert "every heat together, by tournament points and then the tiebreaks" in said
    paper = browser().get(f"/events/{event.slug}/standings/print/").content.decode()
    assert said in paper.split('id="below-cut">')[1]
    # The words match what the page does: below the four who went on, the Swiss order.
    rows = services.final_rows(event)
    went = {int(p) for p in heats.per_group_seeds(event, 2)}
    swiss = [r.player for r in services.event_standings(event) if int(r.player) not in went]
    assert [r.player for r in rows[4:]] == swiss


@pytest.fixture
def back_to_english():
    yield
    translation.activate(django_settings.LANGUAGE_CODE)


def test_the_heat_labels_in_spanish(back_to_english):
    director, event, _ = _heated(8, "hl-es")
    services.pair_next_round(director, event, seed=9)
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    page = client.get(f"/events/{event.slug}/pairings/").content.decode()
    assert "Todos los grupos" in page and "Grupo 1</span>" in page and "Grupo 2</span>" in page
    api = APIClient(HTTP_ACCEPT_LANGUAGE="es")
    refused = api.get(f"/api/v1/events/{event.slug}/rounds/1/tables/?heat=5").json()
    assert refused["detail"] == "Elige un grupo del 1 al 2."
    wall = client.get(f"/events/{event.slug}/projector/pairings/").content.decode()
    assert ">Grupo<" in wall
    _finish_with_top_cut(director, event)
    standings = client.get(f"/events/{event.slug}/standings/").content.decode()
    said = standings.split('id="below-cut">')[1].split("</p>")[0]
    assert said.startswith("Los 2 primeros de cada uno de los 2 grupos pasaron")
    assert "todos los grupos juntos" in said
