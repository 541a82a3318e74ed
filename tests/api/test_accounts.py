"""accounts by API: a player signs up and gets a token, logs in for a token,
logs out (the token is revoked), and tokens stop working after API_TOKEN_TTL_HOURS."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from tournaments.models import Player

pytestmark = pytest.mark.django_db


def post(client: Client, url: str, body: dict) -> object:
    return client.post(url, json.dumps(body), content_type="application/json")


SAM = {"username": "samwise", "password": "po-tay-toes-42!", "display_name": "Samwise Gamgee"}


def test_sign_up_gives_an_account_a_player_and_a_token() -> None:
    response = post(Client(), "/api/v1/accounts/", SAM)
    assert response.status_code == 201
    body = response.json()
    player = Player.objects.get(user__username="samwise")
    assert body["player_id"] == player.pk and player.display_name == "Samwise Gamgee"
    assert body["token"] == Token.objects.get(user=player.user).key
    me = Client(HTTP_AUTHORIZATION=f"Token {body['token']}")
    assert me.get("/api/v1/events/").status_code == 200


def test_sign_up_refuses_a_taken_name_and_a_weak_password() -> None:
    assert post(Client(), "/api/v1/accounts/", SAM).status_code == 201
    taken = post(Client(), "/api/v1/accounts/", SAM)
    assert taken.status_code == 400
    assert [e["field"] for e in taken.json()["errors"]] == ["username"]
    weak = post(Client(), "/api/v1/accounts/", {**SAM, "username": "frodo", "password": "123"})
    assert weak.status_code == 400
    assert {e["field"] for e in weak.json()["errors"]} == {"password"}


def test_log_in_log_out_and_expiry(settings) -> None:
    post(Client(), "/api/v1/accounts/", SAM)
    login = {"username": "samwise", "password": SAM["password"]}
    token = post(Client(), "/api/v1/token/", login).json()["token"]
    me = Client(HTTP_AUTHORIZATION=f"Token {token}")
    assert me.post("/api/v1/token/revoke/").status_code == 204
    refused = me.post("/api/v1/token/revoke/")
    assert refused.status_code == 401 and refused["WWW-Authenticate"] == "Token"

    answer = post(Client(), "/api/v1/token/", login).json()
    assert answer["token"] != token
    settings.API_TOKEN_TTL_HOURS = 2
    Token.objects.filter(key=answer["token"]).update(created=timezone.now() - timedelta(hours=3))
    expired = Client(HTTP_AUTHORIZATION=f"Token {answer['token']}").post("/api/v1/token/revoke/")
    assert expired.status_code == 401 and "expired" in expired.json()["detail"]
    # Logging in again replaces the expired token with a fresh one.
    fresh = post(Client(), "/api/v1/token/", login).json()
    assert fresh["token"] != answer["token"]
    assert (
        Client(HTTP_AUTHORIZATION=f"Token {fresh['token']}").get("/api/v1/events/").status_code
        == 200
    )


def test_sign_up_takes_an_e_mail_and_the_account_gets_notifications(
    mailoutbox, django_capture_on_commit_callbacks
) -> None:
    """An account made through the API has an address: the round's mail reaches it."""
    from tests.tournaments.helpers import make_event, make_user, register_users
    from tournaments import services

    body = post(Client(), "/api/v1/accounts/", {**SAM, "email": "sam@bagshot-row.example"})
    assert body.status_code == 201
    me = Client(HTTP_AUTHORIZATION=f"Token {body.json()['token']}")
    director = make_user("td")
    event = make_event(director)
    assert me.post(f"/api/v1/events/{event.slug}/register/").status_code == 201
    register_users(event, 3)
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.pair_next_round(director, event, seed=1)
    assert [m.to for m in mailoutbox if "sam@bagshot-row.example" in m.to]
    # One account per address; a malformed address is a 400 beside its field.
    again = post(
        Client(),
        "/api/v1/accounts/",
        {**SAM, "username": "sam2", "email": "SAM@bagshot-row.example"},
    )
    assert again.status_code == 400 and [e["field"] for e in again.json()["errors"]] == ["email"]
    bad = post(
        Client(), "/api/v1/accounts/", {**SAM, "username": "sam3", "email": "not-an-address"}
    )
    assert bad.status_code == 400 and [e["field"] for e in bad.json()["errors"]] == ["email"]
