"""Printed sheets and the projector a page at a time: no public page renders
the whole field of a 10,000-player event in one response."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.helpers import make_event, make_user, play_round
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def event_of_twelve(monkeypatch):
    monkeypatch.setattr("tournaments.views.printing.PRINT_TABLES", 2)
    monkeypatch.setattr("tournaments.views.printing.PRINT_ROWS", 4)
    monkeypatch.setattr("tournaments.views.projector.PROJECTOR_ROWS", 5)
    director = make_user("td")
    event = make_event(director)
    for i in range(12):
        services.add_walkin(director, event, display_name=f"Walk-in {i:02}")
    play_round(director, services.pair_next_round(director, event, seed=3))
    return event, services.pair_next_round(director, event, seed=4)


def test_slips_and_pairings_print_a_sheet_at_a_time(event_of_twelve):
    event, rnd = event_of_twelve
    client = Client()
    slips = client.get(f"/events/{event.slug}/rounds/{rnd.number}/slips/").content.decode()
    assert slips.count('<section class="slip"') == 2 and "Page 1 of 3" in slips
    last = client.get(f"/events/{event.slug}/rounds/{rnd.number}/slips/?page=3").content
    assert last.decode().count('<section class="slip"') == 2
    pairings = client.get(f"/events/{event.slug}/rounds/{rnd.number}/print/").content.decode()
    assert "Page 1 of 3" in pairings  # 12 names 4 a sheet, 6 tables 2 a sheet


def test_printed_standings_a_sheet_at_a_time(event_of_twelve):
    event, _rnd = event_of_twelve
    page = Client().get(f"/events/{event.slug}/standings/print/").content.decode()
    assert "Page 1 of 3" in page
    names = {f"Walk-in {i:02}" for i in range(12)}
    assert sum(1 for n in names if n in page) == 4


def test_the_projector_moves_on_to_the_next_page_after_a_pass(event_of_twelve):
    event, _rnd = event_of_twelve
    client = Client()
    first = client.get(f"/events/{event.slug}/projector/pairings/").content.decode()
    assert 'data-next="?page=2"' in first
    last = client.get(f"/events/{event.slug}/projector/pairings/?page=3").content.decode()
    assert 'data-next="?page=1"' in last  # back to the first page after the last
    standings = client.get(f"/events/{event.slug}/projector/standings/").content.decode()
    assert 'data-next="?page=2"' in standings
