"""Visitors without an account are throttled per address, pages and API on one
budget (the API's "anon" rate), with Retry-After on the 429; people logged in, other
addresses and /health/ are not held up."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.throttling import AnonRateThrottle

from tests.tournaments.helpers import make_event, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def three_a_minute(monkeypatch):
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "3/minute"})


def _get(url: str, address: str = "198.51.100.30", client: Client | None = None):
    return (client or Client()).get(url, REMOTE_ADDR=address)


def test_pages_and_api_share_one_budget_per_address(three_a_minute) -> None:
    event = make_event(make_user("td"))
    assert _get("/events/").status_code == 200
    assert _get(f"/api/v1/events/{event.slug}/").status_code == 200
    assert _get("/events/").status_code == 200
    page = _get("/events/")
    assert page.status_code == 429 and int(page["Retry-After"]) > 0
    api = _get(f"/api/v1/events/{event.slug}/")
    assert api.status_code == 429 and int(api["Retry-After"]) > 0
    assert api["Content-Type"] == "application/problem+json"
    assert _get("/events/", address="198.51.100.31").status_code == 200
    assert _get("/health/?worker=0").status_code == 200


def test_someone_logged_in_is_not_counted_as_a_visitor(three_a_minute) -> None:
    client = Client()
    client.force_login(make_user("regular"))
    for _ in range(5):
        assert _get("/events/", client=client).status_code == 200
