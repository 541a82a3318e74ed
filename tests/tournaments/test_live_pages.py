"""Live pages: the event's small version answer with an ETag, 304 while nothing changed,
a new ETag when a round is paired, a result confirmed or the clock paused."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.helpers import make_event, make_user, play_table, register_users
from tournaments import services
from tournaments.services import clock as round_clock

pytestmark = pytest.mark.django_db


def etag_of(client, event, etag=None):
    headers = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    response = client.get(reverse("event-live", args=[event.slug]), **headers)
    return response.status_code, response.headers.get("ETag")


def test_unchanged_is_304_and_each_change_gives_a_new_etag(client):
    director = make_user("td")
    event = make_event(director)
    register_users(event, 4)
    status, first = etag_of(client, event)
    assert status == 200 and first
    assert etag_of(client, event, first)[0] == 304
    rnd = services.pair_next_round(director, event)
    status, paired = etag_of(client, event, first)
    assert status == 200 and paired != first
    rnd = services.start_round_clock(director, rnd)
    _s, started = etag_of(client, event)
    assert started != paired
    assert etag_of(client, event, started)[0] == 304  # a running clock is not a change
    round_clock.pause_clock(director, rnd)
    _s, paused = etag_of(client, event)
    assert paused != started
    play_table(director, rnd.tables.filter(is_bye=False).first())
    assert etag_of(client, event, paused)[0] == 200


def test_live_pages_carry_the_poller_and_drafts_stay_hidden(client):
    director = make_user("td")
    event = make_event(director)
    live = reverse("event-live", args=[event.slug])
    for name in ("event-pairings", "event-standings", "event-detail", "projector-clock"):
        assert live in client.get(reverse(name, args=[event.slug])).content.decode()
    draft = make_event(director, open_=False)
    assert client.get(reverse("event-live", args=[draft.slug])).status_code == 404
