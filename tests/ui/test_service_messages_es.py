"""Languages: the refusals the services raise reach a Spanish reader in Spanish,
on a page (the message after a refused action) and in the API's problem details."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation
from rest_framework.authtoken.models import Token

from tests.tournaments.helpers import make_event, make_user, register_users, user_of
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_afterwards():
    """A request in Spanish leaves Spanish active on this thread; later tests expect the
    default language."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


def test_a_refused_clock_action_is_explained_in_spanish_on_the_page():
    director = make_user()
    event = make_event(director)
    regs = register_users(event, 4)
    services.pair_next_round(director, event, seed=3)
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    client.force_login(user_of(regs[0][1]))
    response = client.post(f"/events/{event.slug}/clock/pause/", follow=True)
    page = response.content.decode()
    assert f"Solo el director del torneo {event.name} puede hacer esto." in page
    assert "Only the tournament director" not in page


def test_the_same_refusal_stays_english_for_an_english_reader():
    director = make_user()
    event = make_event(director)
    regs = register_users(event, 4)
    services.pair_next_round(director, event, seed=3)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user_of(regs[0][1]))
    page = client.post(f"/events/{event.slug}/clock/pause/", follow=True).content.decode()
    assert f"Only the tournament director of {event.name} can do this." in page


def test_api_problem_detail_is_in_the_readers_language():
    response = Client().get("/api/v1/events/no-such-cup/", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 404
    body = response.json()
    assert body["code"] == "not_found"
    assert body["detail"] == "No existe el torneo «no-such-cup»."
    assert body["title"] == "No encontrado"
    english = Client().get("/api/v1/events/no-such-cup/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert english["detail"] == "No event 'no-such-cup'." and english["title"] == "Not Found"


def test_a_service_conflict_in_the_api_is_spanish():
    """Only a running event can be finished: the refusal is the service's, translated at
    the moment it is raised."""
    director = make_user()
    token, _created = Token.objects.get_or_create(user=director)
    client = Client(HTTP_AUTHORIZATION=f"Token {token.key}", HTTP_ACCEPT_LANGUAGE="es")
    response = client.post(
        "/api/v1/events/", json.dumps({"name": "Copa", "game": "lore"}), "application/json"
    )
    slug = response.json()["slug"]
    response = client.post(f"/api/v1/events/{slug}/finish/", "{}", "application/json")
    assert response.status_code == 409
    detail = response.json()["detail"]
    assert detail.startswith("Solo se puede terminar un torneo en juego")
