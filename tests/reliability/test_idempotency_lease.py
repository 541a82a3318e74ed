"""An Idempotency-Key whose request died is released after a lease (it was held 24 h:
409 on every retry, the walk-in never created), and stored answers are bounded in
size and age."""

from __future__ import annotations

import hashlib
import json
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.api.test_idempotency import api, open_event, post
from tests.tournaments.helpers import make_user
from tournaments.models import Registration
from webhooks import idempotency
from webhooks.models import IdempotentRequest

pytestmark = pytest.mark.django_db


@pytest.fixture
def walk_in():
    director = make_user()
    slug = open_event(director)
    return director, f"/api/v1/events/{slug}/walkins/", {"display_name": "Tom"}


def _died_holding(director, url: str, body: dict, key: str, age: timedelta) -> None:
    """What a killed worker leaves: the key taken, no answer stored."""
    record = IdempotentRequest.objects.create(
        owner=f"user:{director.pk}",
        key=key,
        route=url,
        body_hash=hashlib.sha256(json.dumps(body).encode()).hexdigest(),
    )
    IdempotentRequest.objects.filter(pk=record.pk).update(created_at=timezone.now() - age)


def test_a_retry_within_the_lease_is_told_when_to_come_back(walk_in) -> None:
    director, url, body = walk_in
    _died_holding(director, url, body, "k-1", timedelta(seconds=5))
    response = post(api(director), url, body, "k-1")
    assert response.status_code == 409
    assert response.json()["code"] == "idempotency_in_progress"
    assert 1 <= int(response["Retry-After"]) <= idempotency.LEASE.total_seconds()


def test_a_key_whose_request_died_is_taken_over_after_the_lease(walk_in) -> None:
    director, url, body = walk_in
    _died_holding(director, url, body, "k-2", idempotency.LEASE + timedelta(seconds=1))
    response = post(api(director), url, body, "k-2")
    assert response.status_code == 201
    again = post(api(director), url, body, "k-2")
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    assert Registration.objects.filter(player__display_name="Tom").count() == 1


def test_a_large_answer_is_not_kept(walk_in, monkeypatch) -> None:
    director, url, body = walk_in
    monkeypatch.setattr(idempotency, "MAX_STORED_BYTES", 10)
    assert post(api(director), url, body, "k-3").status_code == 201
    assert not IdempotentRequest.objects.filter(key="k-3").exists()


def test_answers_older_than_a_day_are_forgotten(walk_in) -> None:
    director, url, body = walk_in
    assert post(api(director), url, body, "k-4").status_code == 201
    IdempotentRequest.objects.update(created_at=timezone.now() - idempotency.KEEP)
    post(api(director), url, {"display_name": "Ann"}, "k-5")
    assert not IdempotentRequest.objects.filter(key="k-4").exists()
