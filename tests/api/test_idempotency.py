"""safe retries: every creating POST of the API, sent twice with the same
Idempotency-Key, creates once and answers the first response again."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from ratings.models import Season
from tests.tournaments.helpers import make_user
from tournaments.models import Event, Penalty, Player, Registration, Round
from webhooks.models import Endpoint

pytestmark = pytest.mark.django_db


def api(user: Any) -> Client:
    if user is None:
        return Client()
    return Client(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")


def post(client: Client, url: str, body: Any, key: str) -> Any:
    return client.post(
        url, json.dumps(body), content_type="application/json", headers={"Idempotency-Key": key}
    )


def open_event(director: Any, walkins: int = 0) -> str:
    client = api(director)
    slug = client.post(
        "/api/v1/events/", json.dumps({"name": "Retry Cup", "game": "lore"}), "application/json"
    ).json()["slug"]
    client.post(f"/api/v1/events/{slug}/open/")
    for n in range(walkins):
        client.post(
            f"/api/v1/events/{slug}/walkins/",
            json.dumps({"display_name": f"W{n}"}),
            "application/json",
        )
    return slug


# name: (set-up giving (user, url, body), how many rows of what was created)
Case = Callable[[], tuple[Any, str, dict[str, Any]]]


def _event() -> tuple[Any, str, dict]:
    return make_user(), "/api/v1/events/", {"name": "Once Cup", "game": "metw"}


def _walkin() -> tuple[Any, str, dict]:
    director = make_user()
    return director, f"/api/v1/events/{open_event(director)}/walkins/", {"display_name": "Tom"}


def _register() -> tuple[Any, str, dict]:
    player = make_user("pip")
    return player, f"/api/v1/events/{open_event(make_user())}/register/", {}


def _pair() -> tuple[Any, str, dict]:
    director = make_user()
    return director, f"/api/v1/events/{open_event(director, 4)}/rounds/pair/", {"seed": 3}


def _penalty() -> tuple[Any, str, dict]:
    director = make_user()
    slug = open_event(director, 1)
    reg = Registration.objects.get(event__slug=slug)
    body = {"registration": reg.pk, "offense": "slow_play", "note": "slow"}
    return director, f"/api/v1/events/{slug}/penalties/", body


def _season() -> tuple[Any, str, dict]:
    staff = make_user()
    staff.is_staff = True
    staff.save()
    body = {"name": "LoRE 2030", "game": "lore", "starts_on": "2030-01-01", "ends_on": "2030-12-31"}
    return staff, "/api/v1/ratings/seasons/", body


def _webhook() -> tuple[Any, str, dict]:
    director = make_user()
    return (
        director,
        f"/api/v1/events/{open_event(director)}/webhooks/",
        {"url": "https://h.example/"},
    )


def _signup() -> tuple[Any, str, dict]:
    body = {"username": "pippin", "password": "second-breakfast-9!", "display_name": "Pippin"}
    return None, "/api/v1/accounts/", body


CASES: dict[str, tuple[Case, Callable[[], int]]] = {
    "event": (_event, lambda: Event.objects.filter(name="Once Cup").count()),
    "walk-in": (_walkin, lambda: Registration.objects.filter(player__display_name="Tom").count()),
    "register": (
        _register,
        lambda: Registration.objects.filter(player__display_name="Pip").count(),
    ),
    "pair": (_pair, lambda: Round.objects.count()),
    "penalty": (_penalty, lambda: Penalty.objects.count()),
    "season": (_season, lambda: Season.objects.count()),
    "webhook": (_webhook, lambda: Endpoint.objects.count()),
    "sign-up": (_signup, lambda: Player.objects.filter(display_name="Pippin").count()),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_retried_creating_post_creates_once(name: str) -> None:
    setup, count = CASES[name]
    user, url, body = setup()
    first = post(api(user), url, body, key=f"retry-{name}")
    assert first.status_code == 201, first.content
    again = post(api(user), url, body, key=f"retry-{name}")
    assert again.status_code == 201 and again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert count() == 1
    changed = post(api(user), url, {**body, "extra": 1}, key=f"retry-{name}")
    assert changed.status_code == 422 and changed.json()["code"] == "idempotency_key_reused"
