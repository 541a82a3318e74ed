"""Deleting a round with results takes its points out of the standings at once: the
standings builder (RULES.md §3 "Final standings": most tournament points) counts only
the games that are still there, on the page and in the API, before anything else
happens in the event."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services

pytestmark = pytest.mark.django_db


def _points(client: APIClient, event) -> dict[str, int]:
    rows = client.get(f"/api/v1/events/{event.slug}/standings/").json()["results"]
    return {row["player"]: row["points"] for row in rows}


@pytest.mark.parametrize("deleted_round", [1, 2])
def test_deleting_a_round_with_results_removes_its_points_at_once(deleted_round):
    director = make_user()
    event = make_event(director, planned_rounds=3)
    register_users(event, 4)
    client = APIClient()
    client.force_authenticate(director)
    before = {}
    for number in range(1, deleted_round + 1):
        before[number - 1] = _points(client, event)
        play_round(director, services.pair_next_round(director, event, seed=number))
    played = _points(client, event)
    assert sum(played.values()) > sum(before[deleted_round - 1].values())
    preview = client.get(f"/api/v1/events/{event.slug}/rounds/{deleted_round}/results/delete/")
    tables = [row["table"] for row in preview.json()]
    deleted = client.post(
        f"/api/v1/events/{event.slug}/rounds/{deleted_round}/results/delete/",
        {"tables": tables},
        format="json",
    )
    assert deleted.status_code == 200
    assert _points(client, event) == before[deleted_round - 1]
    # The visitor's view reads the same stored standings.
    assert _points(APIClient(), event) == before[deleted_round - 1]
