"""Languages: the engine's own words about a score (its band, who was scored
against whom, 000 Part VI §3 "Scoring") reach a Spanish reader in Spanish: on the
calculator page, in the calculator API and on the pairings page's stored band."""

from __future__ import annotations

import html as html_module
import json
import re

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.urls import reverse
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators.api import JASON, JESSICA
from rules_engine import GameResult, InvalidResult, ScoringSettings, Seat, bye_score, score_game
from tests.tournaments.helpers import make_event, make_user, register_users, user_of
from tournaments import services
from tournaments.words.problems import band_words, explanation_words, stored_band_words


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    translation.activate(django_settings.LANGUAGE_CODE)


def _text(response) -> str:
    return html_module.unescape(re.sub(r"\s+", " ", response.content.decode()))


def test_the_calculator_api_explains_a_score_in_spanish():
    """000 Part VI §3: 14 against 6 is a ratio ≥ 2 → 6–0."""
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    body = {"game": "lore", "round": 3, "seats": [{"player": "Ana", "mps": 14},
            {"player": "Bea", "mps": 6}]}  # fmt: skip
    response = client.post(
        "/api/v1/rules/score/", json.dumps(body), content_type="application/json"
    )
    assert response.status_code == 200
    data = response.json()
    assert data["band_key"] == "ratio_2" and data["band"] == "proporción ≥ 2 (6–0)"
    assert data["explanation"] == [
        "Ana gana con 14 PV, puntuado frente al siguiente con más (Bea con 6): "
        "14/6 = 2.33, proporción ≥ 2 → 6",
        "Bea pierde con 6 PV, puntuado por los 14 del ganador frente a sus 6: "
        "14/6 = 2.33, proporción ≥ 2 → 0",
    ]


@pytest.mark.django_db
def test_the_calculator_page_shows_no_english_engine_words_in_spanish():
    """000 Part VI §3: 15 against 10 is 1.5 ≤ ratio < 2 → 5–1; the ratio table too."""
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    data = {"game": "lore", "round": "1", "outcome": "normal", "player_1": "Ana",
            "mps_1": "15", "player_2": "Bea", "mps_2": "10"}  # fmt: skip
    html = _text(client.post(reverse("calculators-score"), data))
    assert "1,5 ≤ proporción < 2 (5–1)" in html
    assert "Bea pierde con 10 PV" in html
    assert "PV contados" in html  # the outcome, named by the engine
    for english in ("ratio", " wins with ", " loses with ", "next highest", "One Ring", "counted"):
        assert english not in re.sub(r"<[^>]+>", " ", html), english


@pytest.mark.django_db
def test_a_stored_band_is_shown_in_spanish_on_the_pairings_page():
    """A confirmed table keeps the engine's band; the pairings page reads it in Spanish."""
    director = make_user()
    event = make_event(director)
    register_users(event, 2)
    rnd = services.pair_next_round(director, event, seed=1)
    table = rnd.tables.get(is_bye=False)
    a, b = (s.registration for s in table.seats.order_by("position"))
    services.report_result(user_of(a), table.pk, {a.pk: 20, b.pk: 5})
    services.confirm_result(user_of(b), table.pk)
    table.refresh_from_db()
    assert table.band == "ratio ≥ 2 (6–0)"  # stored as the engine's English
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    client.force_login(director)
    html = _text(client.get(reverse("event-pairings", args=[event.slug])))
    assert "proporción ≥ 2 (6–0)" in html and "ratio ≥ 2" not in html


def test_a_stored_band_the_engine_never_gave_is_shown_as_stored():
    with translation.override("es"):
        assert stored_band_words("ratio ≥ 2 (6–0)") == "proporción ≥ 2 (6–0)"
        assert stored_band_words("win (1–0)") == "victoria (1–0)"
        assert stored_band_words("Bye (6)") == "Bye (6)"
        assert stored_band_words("something else (6–0)") == "something else (6–0)"


def test_every_lotr_tcg_ending_is_a_spanish_sentence():
    """001 'Winning the game': the way a LOTR TCG game was won is part of the sentence."""
    for outcome in ("normal", "site_9", "last_player", "ring_bearer_killed",
                    "ring_bearer_corrupted"):  # fmt: skip
        score = score_game(
            GameResult("lotr-tcg", (Seat("1"), Seat("2")), outcome=outcome, winner="1")
        )
        with translation.override("es"):
            (line,) = explanation_words(score, {"1": "Ana"})
            assert band_words(score) == "victoria (1–0)"
        assert line.startswith("Ana ") and "victoria 1" in line and "won" not in line


GAMES = ("lore", "metw", "lotr-tcg", "lotr-dice")
OUTCOMES = ("normal", "one_ring", "wizard_eliminated", "both_corrupted", "sauron_won",
            "glory", "site_9", "last_player", "ring_bearer_killed")  # fmt: skip


@st.composite
def results(draw: st.DrawFn) -> GameResult:
    n = draw(st.integers(2, 5))
    players = [str(i) for i in range(1, n + 1)]
    game = draw(st.sampled_from(GAMES))
    mps = st.one_of(st.none(), st.integers(-10, 60)) if game != "lotr-tcg" else st.none()
    return GameResult(
        game=game,
        seats=tuple(Seat(p, draw(mps)) for p in players),
        round_number=draw(st.integers(1, 5)),
        multiplayer=n > 2,
        outcome=draw(st.sampled_from(OUTCOMES)),
        winner=draw(st.one_of(st.none(), st.sampled_from(players))),
    )


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(results(), st.sampled_from([(6, 0), (5, 1)]))
def test_every_score_the_engine_gives_reads_in_spanish(result: GameResult, elimination):
    """Whatever a possible result scores, its band and every explanation line have a
    Spanish template that fills every placeholder, and the stored band reads back."""
    try:
        score = score_game(result, ScoringSettings(metw_elimination_points=elimination))
    except InvalidResult:
        return
    names = {s.player: f"Jugador {s.player}" for s in result.seats}
    with translation.override("es"):
        for phrase in (score.band_words, *score.explanation_words):
            assert phrase is not None
            assert translation.gettext(phrase.template) != phrase.template or (
                phrase.template in ("{condition} ({won}–{lost})", "{won}/{lost} = {ratio:.2f}")
            ), phrase.template
        lines = explanation_words(score, names)
        band = band_words(score)
        assert stored_band_words(score.band) == band
    for words in (band, *lines):
        assert words and "{" not in words and "}" not in words


def test_a_bye_reads_in_spanish():
    """000 Part VI §3: a bye in round 2 gives 5."""
    score = bye_score("lore", "7", 2)
    with translation.override("es"):
        assert band_words(score) == "bye en la ronda 2 (5)"
        assert explanation_words(score, {"7": "Ana"}) == [
            "Ana tiene el bye en la ronda 2: 5 puntos"
        ]


@pytest.mark.django_db
def test_the_free_council_steps_read_in_spanish_on_the_page_and_in_the_api():
    """003 Part II §1 (the rulebook's example): Jessica's faction points are doubled and
    Jason's characters are cut to half; each step's reason in the reader's words."""
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    html = _text(client.get(reverse("calculators-free-council") + "?example=rulebook"))
    assert "Jason tiene 0 puntos de facciones (cero o menos)" in html
    assert "personajes: 8 es más de la mitad de 14 (PV positivos); se reduce a 6" in html
    assert "doubled" not in html and "more than half" not in html
    body = {"players": [JESSICA, JASON]}
    response = client.post(
        "/api/v1/rules/free-council/", json.dumps(body), content_type="application/json"
    )
    assert response.status_code == 200, response.content
    jason = response.json()["players"][1]
    (cut,) = jason["half_cap"]
    assert cut["category"] == "character"  # the key stays for programs
    assert cut["reason"] == (
        "personajes: 8 es más de la mitad de 14 (PV positivos); se reduce a 6: 6 es "
        "exactamente la mitad del nuevo total 12"
    )
