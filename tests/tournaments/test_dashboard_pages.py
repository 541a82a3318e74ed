"""The director's dashboard stays a page at any size: a round's tables 50 at a
time, players 100 at a time, both found by name, and "needs you" links that reach a table
on whatever page it is."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.tournaments.helpers import make_event, make_user
from tournaments import services
from tournaments.views.director import PLAYERS_PER_PAGE, TABLES_PER_PAGE

pytestmark = pytest.mark.django_db


@pytest.fixture
def big_round():
    director = make_user("td")
    event = make_event(director)
    for i in range(2 * TABLES_PER_PAGE + 10):  # 110 players: 55 tables, 2 pages of each
        services.add_walkin(director, event, display_name=f"Walk-in {i:03}")
    rnd = services.pair_next_round(director, event, seed=7)
    client = Client()
    client.force_login(director)
    return client, event, rnd


def test_tables_and_players_come_a_page_at_a_time(big_round):
    client, event, _rnd = big_round
    page = client.get(f"/events/{event.slug}/manage/").content.decode()
    assert page.count('<tr id="t') == TABLES_PER_PAGE
    assert page.count('<tr id="p') == PLAYERS_PER_PAGE
    assert "tables_page=2" in page and "players_page=2" in page
    rest = client.get(f"/events/{event.slug}/manage/?tables_page=2&players_page=2").content
    assert rest.decode().count('<tr id="t') == 5 and rest.decode().count('<tr id="p') == 10


def test_a_search_finds_the_players_table_and_line(big_round):
    client, event, rnd = big_round
    seat = rnd.tables.order_by("-number").first().seats.first()
    name = seat.registration.player.display_name
    page = client.get(f"/events/{event.slug}/manage/", {"q": name}).content.decode()
    assert page.count('<tr id="p') == 1 and f'<tr id="p{seat.registration_id}"' in page
    assert page.count('<tr id="t') == 1 and f'<tr id="t{seat.table_id}"' in page
    # The penalty form offers the players listed, so a search reaches anyone.
    choices = re.findall(
        r'<option value="(\d+)"', page.split('<select name="registration"')[1].split("</select>")[0]
    )
    assert choices == [str(seat.registration_id)]


def test_needs_you_links_reach_tables_on_later_pages(big_round):
    client, event, rnd = big_round
    last = rnd.tables.order_by("-number").first()
    page = client.get(f"/events/{event.slug}/manage/").content.decode()
    assert f"tables_page=2#t{last.pk}" not in page  # capped at 50 items, then a count
    assert "and 5 more" in page
    first = rnd.tables.order_by("number").first()
    assert f"tables_page=1#t{first.pk}" in page
