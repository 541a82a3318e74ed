"""Sign-up through the page is throttled like the API (one count per address for
both), every 429 of log-in says when to come back (Retry-After), and a display name
that imitates another player's is flagged to the staff (the issue: 25 of 25 page
sign-ups from one address, each under an existing player's name)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts import lookalike
from accounts.throttle import SignupRateThrottle
from audit.models import AuditEntry
from tests.tournaments.helpers import make_user
from tournaments.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def two_an_hour(monkeypatch):
    monkeypatch.setattr(SignupRateThrottle, "THROTTLE_RATES", {"signup": "2/hour"})


def _page_signup(name: str, display: str = "", address: str = "198.51.100.20") -> Any:
    return Client().post(
        "/accounts/signup/",
        {
            "username": name,
            "password1": "mithril-coat-42",
            "password2": "mithril-coat-42",
            "display_name": display or name.title(),
        },
        REMOTE_ADDR=address,
    )


def _api_signup(name: str, address: str = "198.51.100.20") -> Any:
    body = {"username": name, "password": "mithril-coat-42", "display_name": name.title()}
    return Client().post(
        "/api/v1/accounts/", json.dumps(body), "application/json", REMOTE_ADDR=address
    )


def test_the_page_refuses_sign_ups_past_the_rate_with_retry_after(two_an_hour) -> None:
    assert _page_signup("merry").status_code == 302
    assert _page_signup("pippin").status_code == 302
    refused = _page_signup("fatty")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert 'value="fatty"' in refused.content.decode()  # what was typed is kept
    assert not get_user_model().objects.filter(username="fatty").exists()
    # Another address is not held up.
    assert _page_signup("fatty", address="198.51.100.21").status_code == 302


def test_the_page_and_the_api_share_one_count(two_an_hour) -> None:
    assert _page_signup("rosie").status_code == 302
    assert _api_signup("elanor").status_code == 201
    assert _page_signup("lobelia").status_code == 429
    answer = _api_signup("lotho")
    assert answer.status_code == 429 and int(answer["Retry-After"]) > 0


def test_a_throttled_log_in_says_when_to_come_back(settings) -> None:
    get_user_model().objects.create_user("bilbo", password="mithril-coat-42")
    for _ in range(5):
        Client().post("/accounts/login/", {"username": "bilbo", "password": "no"})
    page = Client().post("/accounts/login/", {"username": "bilbo", "password": "no"})
    assert page.status_code == 429
    assert int(page["Retry-After"]) == settings.LOGIN_THROTTLE_SECONDS
    api = Client().post(
        "/api/v1/token/", json.dumps({"username": "bilbo", "password": "no"}), "application/json"
    )
    assert api.status_code == 429 and int(api["Retry-After"]) > 0


@pytest.mark.parametrize(
    "copy", ["Frodo Baggins", "frodo  baggins", "Fr0do Baggins", "Frоdo Baggins"]
)
def test_a_name_that_reads_like_another_players_is_flagged(copy: str) -> None:
    real = make_user("real").player
    Player.objects.filter(pk=real.pk).update(display_name="Frodo Baggins")
    assert _page_signup("impostor", display=copy).status_code == 302
    flag = AuditEntry.objects.get(action=lookalike.ACTION)
    assert flag.after["like_players"] == [real.pk]


def test_a_name_of_its_own_is_not_flagged() -> None:
    Player.objects.filter(pk=make_user("real").player.pk).update(display_name="Frodo Baggins")
    assert _page_signup("samwise", display="Samwise Gamgee").status_code == 302
    assert not AuditEntry.objects.filter(action=lookalike.ACTION).exists()
