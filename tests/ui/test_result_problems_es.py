"""Languages: a result the rules refuse (000 Part VI §3: the winner is the
player with the most MPs; RULES.md §2 Reading) is explained to a Spanish reader in
Spanish, with the players' names, on the table page and in the API's problem details; the
scoring settings are named in words, their JSON key kept apart for integrators."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from core.errors import ServiceError
from rules_engine import GameResult, InvalidResult, Seat
from rules_engine.checking import find_problems
from rules_engine.free_council import CouncilInput, count_free_council
from tests.tournaments.helpers import make_event, make_user, register_users, user_of
from tournaments import services
from tournaments.words.problems import problem_words

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_afterwards():
    """A request in Spanish leaves Spanish active on this thread; later tests expect the
    default language."""
    yield
    translation.activate(django_settings.LANGUAGE_CODE)


def _paired_table() -> tuple[Any, Any, Any, Any]:
    director = make_user()
    event = make_event(director)
    register_users(event, 2)
    rnd = services.pair_next_round(director, event, seed=1)
    table = rnd.tables.get(is_bye=False)
    a, b = (s.registration for s in table.seats.order_by("position"))
    return event, table, a, b


def test_an_impossible_result_on_the_page_is_refused_in_spanish():
    event, table, a, b = _paired_table()
    client = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="es")
    client.force_login(user_of(a))
    client.get("/events/")
    token = client.cookies["csrftoken"].value
    response = client.post(
        f"/events/{event.slug}/tables/{table.pk}/report/",
        {
            f"mps_{a.pk}": "5",
            f"mps_{b.pk}": "9",
            "outcome": "normal",
            "winner": str(a.pk),
            "version": "0",
            "csrfmiddlewaretoken": token,
        },
        follow=True,
    )
    page = response.content.decode()
    winner, leader = a.player.display_name, b.player.display_name
    assert f"{winner} figura como ganador, pero tiene 5 PV, menos que {leader} con 9" in page
    assert "gana el jugador con más PV" in page
    assert "is reported as the winner" not in page


def test_an_impossible_result_in_the_api_is_refused_in_spanish():
    event, table, a, b = _paired_table()
    client = APIClient(HTTP_ACCEPT_LANGUAGE="es")
    client.force_authenticate(user_of(a))
    response = client.post(
        f"/api/v1/events/{event.slug}/tables/{table.pk}/report/",
        {"seats": [{"registration": a.pk, "mps": 5}, {"registration": b.pk, "mps": 9}],
         "winner": a.pk},
        format="json",
    )  # fmt: skip
    assert response.status_code == 400
    body = response.json()
    (problem,) = body["problems"]
    assert problem["code"] == "winner_fewer_mps" and problem["field"] == "winner"
    expected = (
        f"{a.player.display_name} figura como ganador, pero tiene 5 PV, menos que "
        f"{b.player.display_name} con 9: gana el jugador con más PV."
    )
    assert problem["message"] == expected and body["detail"] == expected


def test_a_seat_and_a_phrase_parameter_are_translated_too():
    """000 Part VI §3: a LoRE game is scored by MPs; the seat and the unit are words too."""
    (problem,) = find_problems(GameResult("lore", (Seat("12", 5), Seat("13", None))))
    with translation.override("es"):
        words = problem_words(problem, {"12": "Frodo", "13": "Sam"})
    assert words == "Puesto 2 (Sam): faltan los PV; una partida de LoRE se puntúa por PV."
    assert problem.message == "Seat 2 (13): MPs missing; a LoRE game is scored by MPs."


def test_a_scoring_setting_is_named_in_words_and_keeps_its_key_for_integrators():
    """The check every way in shares (create, update, import): a refused setting names
    the setting as the settings page does; the problem keeps the JSON key as ``setting``."""
    with translation.override("es"), pytest.raises(ServiceError) as refused:
        services.create_event(
            make_user(),
            name="Copa",
            game="metw",
            scoring_settings={"half_cap": "sometimes", "metw_elimination_points": [0, 6]},
        )
    by_key = {p["setting"]: p for p in refused.value.problems if "setting" in p}
    assert by_key["half_cap"]["field"] == "scoring_settings"
    assert by_key["half_cap"]["message"] == (
        "Límite de la mitad del Concilio Libre de METW es «exacta (ejemplo del reglamento)» "
        "o «redondear hacia arriba»."
    )
    assert by_key["metw_elimination_points"]["message"].startswith(
        "METW, Istar eliminado (puntos ganador–perdedor) son dos números enteros de 0 a"
    )
    assert "half_cap" not in refused.value.message
    assert "metw_elimination_points" not in refused.value.message


GAMES = ("lore", "metw", "lotr-tcg", "lotr-dice", "chess")
OUTCOMES = (
    "normal",
    "one_ring",
    "wizard_eliminated",
    "both_corrupted",
    "sauron_won",
    "glory",
    "site_9",
    "checkmate",
)
PLAYERS = ("1", "2", "3", "4", "5", "6")


@st.composite
def reports(draw: st.DrawFn) -> GameResult:
    """Any report a person might send, most of them impossible."""
    players = draw(st.lists(st.sampled_from(PLAYERS), min_size=0, max_size=6))
    mps = st.one_of(st.none(), st.integers(-200_000, 200_000), st.sampled_from([2.5, "x"]))
    seats = tuple(Seat(p, draw(mps)) for p in players) + draw(
        st.sampled_from(((), (Seat("", 3),), ("not a seat",)))
    )
    named = st.one_of(st.none(), st.sampled_from(PLAYERS))
    return GameResult(
        game=draw(st.sampled_from(GAMES)),
        seats=seats,
        round_number=draw(st.sampled_from([1, 2, 0, 5000])),
        multiplayer=draw(st.sampled_from([False, True, "yes"])),
        outcome=draw(st.sampled_from(OUTCOMES)),
        winner=draw(named),
        time_called=draw(st.sampled_from([False, True, 1])),
        one_ring=draw(named),
    )


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(reports())
def test_every_result_problem_has_a_spanish_template(result: GameResult):
    """Whatever the engine refuses, its template is in the catalogue and translated, and
    rendering fills every placeholder (a template left out of the catalogue, or a
    translation that lost a placeholder, fails here)."""
    names = {p: f"Jugador {p}" for p in PLAYERS}
    with translation.override("es"):
        for problem in find_problems(result):
            assert problem.template, problem.code
            assert translation.gettext(problem.template) != problem.template, problem.template
            words = problem_words(problem, names)
            assert words and "{" not in words and "}" not in words


def test_a_free_council_problem_names_the_category_in_spanish():
    """CoE 10.3: the Free Council is counted per MP category; a category given as a
    fraction is refused, the category named in the reader's words."""
    with pytest.raises(InvalidResult) as refused:
        count_free_council(CouncilInput("Ana", character=2.5), CouncilInput("Bea"))
    (problem,) = refused.value.problems
    assert problem.message == "Ana: character points must be a whole number, not 2.5."
    with translation.override("es"):
        words = problem_words(problem)
    assert words == "Ana: los puntos de personajes deben ser un número entero, no 2.5."
