"""Seasons are opened by staff through the API (RULES.md §7: a league collects the
rated events of one game system)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from ratings.models import Season

pytestmark = pytest.mark.django_db

BODY = {"name": "LoRE 2027", "game": "lore", "starts_on": "2027-01-01", "ends_on": "2027-12-31"}


def _client(**user_fields) -> APIClient:
    client = APIClient()
    if user_fields:
        user = get_user_model().objects.create_user(password=None, **user_fields)
        client.force_authenticate(user)
    return client


def test_staff_creates_a_season_with_a_unique_slug():
    client = _client(username="staff", is_staff=True)
    first = client.post("/api/v1/ratings/seasons/", BODY, format="json")
    second = client.post("/api/v1/ratings/seasons/", BODY, format="json")
    assert (first.status_code, second.status_code) == (201, 201)
    assert [first.data["slug"], second.data["slug"]] == ["lore-2027", "lore-2027-2"]
    assert Season.objects.count() == 2


@pytest.mark.parametrize("user", [{}, {"username": "someone"}])
def test_others_may_not_create_a_season(user):
    response = _client(**user).post("/api/v1/ratings/seasons/", BODY, format="json")
    assert response.status_code in (401, 403)
    assert not Season.objects.exists()


@pytest.mark.parametrize(
    "change,field",
    [
        ({"ends_on": "2026-12-31"}, "ends_on"),
        ({"game": "chess"}, "game"),
        ({"starts_on": "x"}, "starts_on"),
    ],
)
def test_bad_season_input_is_a_clear_400(change, field):
    response = _client(username="staff", is_staff=True).post(
        "/api/v1/ratings/seasons/", {**BODY, **change}, format="json"
    )
    assert response.status_code == 400
    assert field in [e["field"] for e in response.data["errors"]]
