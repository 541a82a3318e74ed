"""An event's settings refused in words (no stored keys in front of people): an unknown
tiebreak is answered with the tiebreaks' names as the standings page says them, in the
director's language; the keys stay in the problem's data, for programs."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from core.errors import ServiceError
from rules_engine import GAME_SYSTEMS
from tests.tournaments.helpers import make_event, make_user
from tournaments import services
from tournaments.standings import TIEBREAKS, UnknownTiebreak, compute_standings

pytestmark = pytest.mark.django_db

SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def _refusal(director, event, **fields) -> ServiceError:
    with pytest.raises(ServiceError) as exc:
        services.update_event(director, event, **fields)
    return exc.value


def test_the_pure_standings_raise_a_code_with_data():
    with pytest.raises(UnknownTiebreak) as exc:
        compute_standings(["a"], [], ["coin_flip"])
    assert exc.value.code == "unknown_tiebreak"
    assert exc.value.params == {"unknown": ["coin_flip"], "choices": list(TIEBREAKS)}


def test_an_unknown_tiebreak_names_the_choices_as_the_standings_page_does():
    director = make_user()
    event = make_event(director)
    refusal = _refusal(director, event, tiebreaks=["coinflip", "head_to_head"])
    (problem,) = refusal.problems
    assert not SNAKE.findall(problem["message"]), problem["message"]
    page_names = ", ".join(str(translation.gettext(n)) for n in _standings_names(event))
    assert problem["message"] == f"Unknown tiebreak “coinflip”: choose from {page_names}."
    assert "head-to-head, fewer losses, opponents' points" in problem["message"]
    # The keys beside the words, for programs.
    assert problem["unknown"] == ["coinflip"] and problem["choices"] == list(TIEBREAKS)


def _standings_names(event) -> list[str]:
    """The names the standings page gives every tiebreak of the registry."""
    event.tiebreaks = list(TIEBREAKS)
    return services.tiebreak_labels(event)


def test_an_unknown_tiebreak_in_spanish():
    director = make_user()
    event = make_event(director)
    with translation.override("es"):
        refusal = _refusal(director, event, tiebreaks=["coinflip"])
    message = refusal.problems[0]["message"]
    assert message.startswith("Desempate desconocido: “coinflip”; elige entre ")
    assert "enfrentamiento directo, menos derrotas, puntos de los rivales" in message
    assert not SNAKE.findall(message), message


def test_an_imported_event_file_with_an_unknown_tiebreak_is_refused_in_words():
    """The event form offers the tiebreaks by name and the API refuses an unknown choice on
    its own; an event file imported is checked by the settings' rules, in words."""
    from tournaments.services.transfer.imports import export_document, import_event

    director = make_user()
    document = export_document(make_event(director))
    document["event"]["tiebreaks"] = ["coinflip"]
    with pytest.raises(ServiceError) as exc:
        import_event(document, organizer=director, slug="imported-copy")
    assert "choose from head-to-head, fewer losses" in exc.value.message
    assert not SNAKE.findall(exc.value.message), exc.value.message


def test_the_api_detail_names_the_settings_in_words():
    director = make_user()
    api = APIClient()
    api.force_authenticate(director)
    body = api.post(
        "/api/v1/events/",
        {"name": "X", "game": "lore", "scoring_settings": {"bogus": 1}},
        format="json",
    ).json()
    (problem,) = body["problems"]
    for message in (body["detail"], problem["message"]):
        assert not SNAKE.findall(message), message
        assert message.startswith("Unknown setting “bogus”: the settings are METW Free Council")
    assert problem["unknown"] == ["bogus"] and "half_cap" in problem["choices"]


def test_an_unknown_game_names_the_games():
    with pytest.raises(ServiceError) as exc:
        services.create_event(make_user(), name="X", game="chess")
    assert exc.value.message == (
        "Unknown game 'chess': choose one of LoRE, METW, LOTR TCG, LOTR Dice."
    )
    assert exc.value.problems[0]["choices"] == list(GAME_SYSTEMS)
