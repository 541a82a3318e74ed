"""Pages that choose players (swap, set a table, pairs to avoid) stay a page at any size
: beyond CHOICES_SHOWN players, the selects list the players found by name and
those already chosen."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.tournaments.helpers import make_event, make_user
from tournaments import services
from tournaments.views.choices import narrowed

pytestmark = pytest.mark.django_db


def test_narrowed_lists_all_of_a_small_field_and_the_matches_of_a_large_one(monkeypatch):
    choices = [(i, f"Player {i:02}") for i in range(10)]
    assert narrowed(choices, "") == (choices, False)
    monkeypatch.setattr("tournaments.views.choices.CHOICES_SHOWN", 4)
    assert narrowed(choices, "") == ([], True)
    assert narrowed(choices, "player 0") == (choices[:4], True)
    assert narrowed(choices, "07", keep=[2]) == ([(2, "Player 02"), (7, "Player 07")], True)


def test_swap_page_asks_for_a_search_in_a_large_round(monkeypatch):
    monkeypatch.setattr("tournaments.views.choices.CHOICES_SHOWN", 4)
    director = make_user("td")
    event = make_event(director)
    for i in range(10):
        services.add_walkin(director, event, display_name=f"Walk-in {i:02}")
    services.pair_next_round(director, event, seed=2)
    client = Client()
    client.force_login(director)
    url = f"/events/{event.slug}/event-day/rounds/1/swap/"
    page = client.get(url).content.decode()
    assert "find them by name first" in page and page.count("<option") == 0
    found = client.get(url, {"q": "Walk-in 03"}).content.decode()
    assert len(re.findall(r"<option[^>]*>Walk-in 03", found)) == 2  # both selects
    for name in ("constraints", "table"):
        other = (
            f"/events/{event.slug}/event-day/pairing-settings/"
            if name == "constraints"
            else (f"/events/{event.slug}/event-day/rounds/1/table/")
        )
        assert "find them by name first" in client.get(other).content.decode()
