"""The home page's "your table now" cards follow the player's events without a reload:
the page carries the poller (static/js/live.js) and a small per-player answer with an
ETag changes when a round is paired, a result is reported or confirmed."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.helpers import make_event, make_user, play_table, register_users
from tournaments import services

pytestmark = pytest.mark.django_db


def etag_of(client, etag=None):
    headers = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    response = client.get(reverse("my-live"), **headers)
    assert "private" in response.headers["Cache-Control"]
    return response.status_code, response.headers.get("ETag")


@pytest.fixture
def seated(client):
    director = make_user("td")
    event = make_event(director)
    players = register_users(event, 4)
    user, reg = players[0]
    client.force_login(user)
    return director, event, user, reg


def test_the_home_page_polls_only_for_a_player_with_an_event_under_way(client, seated):
    _director, _event, _user, _reg = seated
    page = client.get(reverse("home")).content.decode()
    assert reverse("my-live") in page and "js/live.js" in page
    client.force_login(make_user("nobody"))
    assert reverse("my-live") not in client.get(reverse("home")).content.decode()
    client.logout()
    assert reverse("my-live") not in client.get(reverse("home")).content.decode()


def test_the_cards_version_changes_with_the_round_and_the_results(client, seated):
    director, event, _user, reg = seated
    status, first = etag_of(client)
    assert status == 200 and first
    assert etag_of(client, first)[0] == 304
    rnd = services.pair_next_round(director, event, seed=1)
    status, paired = etag_of(client, first)
    assert status == 200 and paired != first
    # The card appears with the round: the page the poller reloads shows the table.
    table = rnd.tables.get(seats__registration=reg)
    assert "Your table now" in client.get(reverse("home")).content.decode()
    opponent = table.seats.exclude(registration=reg).get().registration
    services.report_result(opponent.player.user, table, {reg.pk: 5, opponent.pk: 20})
    _s, reported = etag_of(client)
    assert reported != paired  # his move now: confirm the result
    other = rnd.tables.exclude(pk=table.pk).filter(is_bye=False).first()
    play_table(director, other)
    _s, confirmed = etag_of(client)
    assert confirmed != reported  # another table's confirmed result moves the standings


def test_another_players_changes_are_not_his(client, seated):
    director, _event, _user, _reg = seated
    _s, first = etag_of(client)
    other_event = make_event(director)
    register_users(other_event, 4, prefix="q")
    services.pair_next_round(director, other_event, seed=2)
    assert etag_of(client, first)[0] == 304
    client.logout()
    assert etag_of(client)[0] == 200  # a visitor's answer is empty, never an error
