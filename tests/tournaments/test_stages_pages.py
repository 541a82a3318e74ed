"""The stages on the pages: presets first on the new-event form, the preset documented
with its source on the event page, what comes next on the dashboard, the stages page's
buttons and the round robin's crosstable for phones and the projector (RULES.md §8)."""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient

from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tests.tournaments.test_pages import browser, messages_of, post
from tournaments import services
from tournaments.models import Event, Stage
from tournaments.services import stage_plan

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Rivendell Worlds", "game": "metw", "round_minutes": 60, "break_minutes": 15,
    "half_cap": "exact", "elimination_winner": 6, "elimination_loser": 0,
    "lotr_tcg_win_points": 1,
}  # fmt: skip


def test_the_new_event_form_offers_the_presets_first_and_applies_one():
    director = make_user("td-form")
    client = browser(director)
    page = client.get("/events/new/").content.decode()
    assert page.index('name="preset"') < page.index('name="name"')
    assert "Council of Elrond “General Opponent” championship" in page
    response = post(client, "/events/new/", {**FORM, "preset": "coe-general-opponent"})
    event = Event.objects.get(name="Rivendell Worlds")
    assert event.preset == "coe-general-opponent" and event.format_key == "coe"
    assert event.sanctioned  # the preset's option, left untouched on the form
    assert [s.kind for s in event.stages.all()] == ["swiss", "round_robin"]
    assert response.status_code == 200


def test_a_preset_for_another_game_is_refused_beside_the_field_keeping_what_was_typed():
    client = browser(make_user("td-form2"))
    response = post(client, "/events/new/", {**FORM, "game": "lore", "preset": "pc-worlds"})
    page = response.content.decode()
    assert "This preset is for another game." in page
    assert 'value="Rivendell Worlds"' in page
    assert not Event.objects.filter(name="Rivendell Worlds").exists()


def _coe_after_swiss(players=8):
    director = make_user("td-coe")
    event = make_event(director, game="metw", planned_rounds=3)
    stage_plan.apply_preset(director, event, "coe-general-opponent")
    register_users(event, players)
    for n in range(3):
        play_round(director, services.pair_next_round(director, event, seed=n + 1))
    return director, Event.objects.get(pk=event.pk)


def test_the_event_page_documents_the_preset_with_its_source():
    _director, event = _coe_after_swiss()
    page = browser().get(f"/events/{event.slug}/").content.decode()
    assert "the top 4 play a round robin" in page
    assert "CoE Official Tournament Policies" in page


def test_the_dashboard_says_what_comes_next_and_the_stages_page_starts_it():
    director, event = _coe_after_swiss()
    client = browser(director)
    dash = client.get(f"/events/{event.slug}/manage/").content.decode()
    assert "Swiss done: start the round robin of the top 4." in dash
    response = post(client, f"/events/{event.slug}/stages/start/")
    assert "The next stage has started." in messages_of(response)
    stage = Stage.objects.get(event=event, position=2)
    assert len(stage.seeds) == 4 and stage.first_round == 4
    page = response.content.decode()
    assert "Crosstable" in page and "Round robin: round 1 of 3 is being played." in page
    play_round(director, event.rounds.get(number=4))
    response = post(client, f"/events/{event.slug}/stages/pair/")
    assert "Round 5 is paired." in messages_of(response)
    projector = browser().get(f"/events/{event.slug}/projector/stages/2/")
    assert projector.status_code == 200 and "Round robin" in projector.content.decode()
    assert browser().get(f"/events/{event.slug}/projector/stages/1/").status_code == 404


def test_the_dashboard_offers_the_next_stage_and_not_finishing_while_a_stage_is_left():
    """Once the Swiss is done the dashboard said both "start the round robin" and "all
    rounds played: finish the event, or plan more rounds"; it now offers the next stage's
    button where it says so (RULES.md §8, CoE Worlds)."""
    director, event = _coe_after_swiss()
    client = browser(director)
    dash = client.get(f"/events/{event.slug}/manage/").content.decode()
    assert "Start the next stage" in dash and "plan more rounds" not in dash
    post(client, f"/events/{event.slug}/stages/start/")
    play_round(director, event.rounds.get(number=4))
    dash = client.get(f"/events/{event.slug}/manage/").content.decode()
    assert "Pair round robin round 2" in dash and "plan more rounds" not in dash


def test_a_stage_is_skipped_from_its_page_and_a_visitor_gets_no_buttons():
    director, event = _coe_after_swiss(6)
    visitor = browser(make_user("visitor")).get(f"/events/{event.slug}/stages/").content.decode()
    assert "Skip this stage" not in visitor and "Start the next stage" not in visitor
    response = post(browser(make_user("intruder")), f"/events/{event.slug}/stages/skip/",
                    {"position": 2})  # fmt: skip
    assert Stage.objects.get(event=event, position=2).skipped_at is None
    assert messages_of(response)
    response = post(browser(director), f"/events/{event.slug}/stages/skip/", {"position": 2})
    assert "Stage 2 is skipped." in messages_of(response)
    page = response.content.decode()
    assert "Every stage has been played: finish the event." in page
    # It leads there, and a stage without a planned number of rounds reads without a gap.
    assert f'href="/events/{event.slug}/event-day/finish/"' in page
    assert "· ·" not in page


@pytest.fixture
def back_to_default_language():
    yield
    translation.activate(django_settings.LANGUAGE_CODE)


def test_the_stages_and_what_comes_next_in_spanish(back_to_default_language):
    director, event = _coe_after_swiss(6)
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    client.force_login(director)
    page = client.get(f"/events/{event.slug}/stages/").content.decode()
    assert "Liguilla de los 4 primeros" in page
    assert "Suizo terminado: empieza la fase de liguilla de los 4 primeros." in page
    api = APIClient(HTTP_ACCEPT_LANGUAGE="es")
    presets = api.get("/api/v1/event-presets/").json()["results"]
    assert presets[0]["name"] == "Evento del reglamento"


def test_the_final_standings_say_the_round_robin_placed_the_first_players():
    """RULES.md §8 (CoE Worlds): the round robin's order decides the first places; the
    standings page said only the Swiss order ("tournament points, then …")."""
    director, event = _coe_after_swiss()
    client = browser(director)
    post(client, f"/events/{event.slug}/stages/start/")
    for number in (4, 5, 6):
        play_round(director, event.rounds.get(number=number))
        if number < 6:
            post(client, f"/events/{event.slug}/stages/pair/")
    services.finish_event(director, Event.objects.get(pk=event.pk))
    page = browser().get(f"/events/{event.slug}/standings/").content.decode()
    assert "order comes first (its points, then head-to-head, then the earlier stage" in page


def _coe_finished_robin():
    """A finished CoE event whose top 4 played their round robin; its round robin table."""
    from tournaments.services.robin_table import played_robin, robin_table

    director, event = _coe_after_swiss()
    client = browser(director)
    post(client, f"/events/{event.slug}/stages/start/")
    for number in (4, 5, 6):
        play_round(director, event.rounds.get(number=number))
        if number < 6:
            post(client, f"/events/{event.slug}/stages/pair/")
    services.finish_event(director, Event.objects.get(pk=event.pk))
    return event, robin_table(event, played_robin(event).position)


def test_a_preset_picks_its_game_when_the_game_is_left_at_the_presets():
    """The new-event form without JavaScript: the preset's game is the event's."""
    client = browser(make_user("td-form3"))
    page = client.get("/events/new/").content.decode()
    assert "The preset&#x27;s game" in page and "data-preset-games" in page
    post(client, "/events/new/", {**FORM, "game": "", "preset": "pc-worlds"})
    event = Event.objects.get(name="Rivendell Worlds")
    assert event.game == "lotr-tcg" and event.preset == "pc-worlds"


def test_the_rulebook_preset_asks_for_the_game_beside_the_field():
    client = browser(make_user("td-form4"))
    response = post(client, "/events/new/", {**FORM, "game": "", "preset": "rulebook"})
    page = response.content.decode()
    assert "Choose the game: this preset is for any game." in page
    assert 'value="Rivendell Worlds"' in page
    assert not Event.objects.filter(name="Rivendell Worlds").exists()


def test_the_final_standings_show_the_round_robins_own_points_in_its_order():
    """RULES.md §8 (CoE Worlds): the top 4's round robin starts points again from zero and
    its order places them. The standings' "Points" added the Swiss and the round robin
    together, above an order they did not explain: the round robin's own points are their
    own column, and the rows are in the round robin's order."""
    event, table = _coe_finished_robin()
    assert not table.carried  # the CoE preset starts the round robin from zero
    page = browser().get(f"/events/{event.slug}/standings/").content.decode()
    assert "Round robin points" in page and 'id="robin-points-note"' in page
    body = page.split('class="table stack standings-table"')[1].split("</tbody>")[0]
    rows = body.split("<tr")[2:]  # past the header row
    for row, robin in zip(rows, table.rows, strict=False):
        assert table.names[robin.player] in row
        assert f'data-label="Round robin points"><strong>{robin.points}</strong>' in row
    assert len(rows) == 8 and '<span class="muted">—</span>' in rows[4]


@pytest.mark.parametrize(
    ("path", "table_class"),
    [("standings/print/", "print-table"), ("projector/standings/", "projector-table")],
)
def test_the_printed_and_projected_standings_show_the_round_robins_own_points(path, table_class):
    """RULES.md §8 (CoE Worlds): paper and the wall place the top 4 as the standings page
    does, by the round robin's own points, so they show that column beside "Points"."""
    event, table = _coe_finished_robin()
    page = browser().get(f"/events/{event.slug}/{path}").content.decode()
    body = page.split(f'class="table {table_class}"')[1].split("</table>")[0]
    assert "Round robin points" in body.split("</thead>")[0]
    rows = body.split("</thead>")[1].split("<tr>")[1:]
    for row, robin in zip(rows, table.rows, strict=False):
        assert table.names[robin.player] in row
        assert f'<td class="num robin-points">{robin.points}</td>' in row
    assert len(rows) == 8 and '<td class="num robin-points">—</td>' in rows[4]
