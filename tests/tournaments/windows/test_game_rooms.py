"""A game room for every table of an online event (RULES.md §8: online events; the rule
in tournaments/rules/rooms.py), shown on pairings, slips, the player's page and the API."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.test import APIClient

from core.errors import ServiceError
from tests.tournaments.helpers import make_event, make_user, register_users, user_of
from tournaments import services
from tournaments.rules.rooms import room_for
from tournaments.services import rooms, windows


def test_room_names_follow_the_rule():
    room = room_for("meccg-online", "", "coe-online-2025", 3, 12, "https://meccg.example/")
    assert room is not None
    assert (room.name, room.link) == (
        "coeonline2025R3T12",
        "https://meccg.example/play/coeonline2025R3T12",
    )
    gemp = room_for("gemp", "Worlds", "x", 1, 4)
    assert gemp is not None and (gemp.name, gemp.link) == ("WorldsR1T4", "")
    assert room_for("none", "", "x", 1, 1) is None
    assert room_for("gemp", "", "x", 1, 0) is None  # a bye has no room


@given(
    st.text(max_size=40),
    st.integers(min_value=1, max_value=30),
    st.integers(min_value=1, max_value=2000),
)
def test_room_names_are_letters_and_digits_and_differ_by_table(slug, rnd, table):
    """meccg-online accepts letters and digits only (isAlphaNumeric); two tables of an
    event never share a room."""
    one = room_for("meccg-online", "", slug, rnd, table)
    other = room_for("meccg-online", "", slug, rnd, table + 1)
    assert one is not None and other is not None
    assert one.name.isascii() and one.name.isalnum() and one.name != other.name


@pytest.mark.django_db
def test_rooms_on_pages_and_api_once_the_director_names_the_server():
    director = make_user()
    event = make_event(director, game="lotr-tcg")
    register_users(event, 4)
    rnd = services.pair_next_round(director, event, seed=1)
    table = rnd.tables.order_by("number").first()
    assert table is not None
    assert rooms.table_room(table) is None
    with pytest.raises(ServiceError):
        rooms.set_game_rooms(director, event, "gemp", room_prefix="no spaces!")
    with pytest.raises(ServiceError):
        rooms.set_game_rooms(user_of(table.seats.first().registration), event, "gemp")
    api = APIClient()
    api.force_authenticate(director)
    response = api.put(
        f"/api/v1/events/{event.slug}/game-rooms/",
        {"game_server": "gemp", "room_prefix": "Spring"},
        format="json",
    )
    assert response.status_code == 200, response.content
    detail = api.get(f"/api/v1/events/{event.slug}/tables/{table.pk}/").json()
    assert detail["game_room"] == {"server": "gemp", "name": "SpringR1T1", "link": ""}
    listed = api.get(f"/api/v1/events/{event.slug}/rounds/1/tables/").json()
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert {r["game_room"]["name"] for r in rows} == {"SpringR1T1", "SpringR1T2"}
    client = Client()
    client.force_login(director)
    assert "SpringR1T2" in client.get(f"/events/{event.slug}/pairings/").content.decode()
    assert "SpringR1T1" in client.get(f"/events/{event.slug}/rounds/1/slips/").content.decode()
    player = Client()
    player.force_login(user_of(table.seats.first().registration))
    assert (
        "GEMP table: <strong>SpringR1T1</strong>"
        in player.get(f"/events/{event.slug}/me/").content.decode()
    )


@pytest.mark.django_db
def test_director_page_keeps_what_was_typed_when_refused():
    director = make_user()
    event = make_event(director, game="metw")
    client = Client()
    client.force_login(director)
    url = f"/events/{event.slug}/game-rooms/"
    refused = client.post(url, {"server": "meccg-online", "room_prefix": "a b"})
    assert refused.status_code == 400
    assert "at most 16 letters and digits" in refused.content.decode()
    assert 'value="a b"' in refused.content.decode()
    saved = client.post(
        url, {"server": "meccg-online", "room_prefix": "", "server_url": "https://meccg.example"}
    )
    assert saved.status_code == 302
    assert "https://meccg.example/play/" in client.get(url).content.decode()


@pytest.mark.django_db
def test_the_players_card_shows_his_room_and_the_rounds_deadline():
    director = make_user()
    event = make_event(director, game="metw", time_zone="America/New_York")
    register_users(event, 2)
    rnd = services.pair_next_round(director, event, seed=1)
    rooms.set_game_rooms(director, event, "meccg-online", server_url="https://meccg.example")
    opens, deadline = datetime(2030, 1, 1, tzinfo=UTC), datetime(2030, 1, 8, 4, 59, tzinfo=UTC)
    windows.set_round_window(director, rnd, opens, deadline)
    player = Client()
    player.force_login(user_of(rnd.tables.get().seats.first().registration))
    page = player.get(f"/events/{event.slug}/").content.decode()
    assert f'href="https://meccg.example/play/{event.slug.replace("-", "")[:16]}R1T1"' in page
    assert "Deadline: <strong>Mon 7 Jan 23:59 EST</strong>" in page
