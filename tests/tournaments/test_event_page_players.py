"""The event page's list of registered players is bounded: a page of them at a time,
searchable by name, and the page's own cost does not grow with the field."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.helpers import make_event, make_user
from tournaments import services
from tournaments.views import presenters

pytestmark = pytest.mark.django_db


def _event_of(n: int, director=None):
    director = director or make_user("td")
    event = make_event(director)
    for i in range(n):
        services.add_walkin(director, event, display_name=f"Walk-in {i:03}")
    return event


def test_players_are_listed_a_page_at_a_time(client):
    event = _event_of(presenters.PLAYERS_PER_PAGE + 5)
    first = client.get(f"/events/{event.slug}/").content.decode()
    assert f"Registered players ({presenters.PLAYERS_PER_PAGE + 5})" in first
    assert "Walk-in 000" in first and "Walk-in 104" not in first
    assert "Page 1 of 2" in first
    second = client.get(f"/events/{event.slug}/?page=2").content.decode()
    assert "Walk-in 104" in second and "Walk-in 000" not in second


def test_players_can_be_found_by_name(client):
    event = _event_of(12)
    page = client.get(f"/events/{event.slug}/?q=007").content.decode()
    assert "Walk-in 007" in page and "Walk-in 008" not in page
    none = client.get(f"/events/{event.slug}/?q=nobody").content.decode()
    assert "No player matches" in none


def test_the_page_costs_the_same_queries_for_ten_or_two_hundred_players(client):
    def queries(event) -> int:
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(f"/events/{event.slug}/").status_code == 200
        return len(ctx.captured_queries)

    director = make_user("td")
    assert queries(_event_of(10, director)) == queries(_event_of(200, director))
