"""Every public read of an event costs the same number of queries at 10 players as at
~200: the exports, the API's reads and the public pages never read a table's seats,
a player or a round again per row (issue: a 10,000-player export took 20,031 queries
and 23.7 s, and six anonymous clients on it took the site down)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.conftest import clear_cache
from tests.tournaments.helpers import make_event, make_user, play_round
from tournaments import services
from tournaments.models import Event, Player, Registration

pytestmark = pytest.mark.django_db

SMALL, BIG = 10, 100


def _event(players: int) -> Event:
    """An event in its second round: round 1 played through the services, round 2
    paired. The field is entered in one go (entering 100 walk-ins one by one through
    the door's service is what makes a test slow, not what the reads see)."""
    director = make_user(f"td{players}")
    event = make_event(director)
    people = Player.objects.bulk_create(
        Player(display_name=f"Player {players}-{i:03}", created_by=director) for i in range(players)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in people
    )
    play_round(director, services.pair_next_round(director, event, seed=1))
    services.pair_next_round(director, event, seed=2)
    # The stored standings are kept by the writes (closing a round marks them); build
    # them as the worker would, so a read below is a read, not the rebuild.
    services.standings_view(event, stored=True)
    return event


PUBLIC_READS = [
    "/api/v1/events/{slug}/export/",
    "/api/v1/events/{slug}/export.csv",
    "/api/v1/events/{slug}/",
    "/api/v1/events/{slug}/standings/",
    "/api/v1/events/{slug}/rounds/",
    "/api/v1/events/{slug}/rounds/2/tables/",
    "/api/v1/events/{slug}/registrations/",
    "/events/{slug}/",
    "/events/{slug}/pairings/",
    "/events/{slug}/standings/",
    "/events/{slug}/standings/print/",
    "/events/{slug}/rounds/2/print/",
    "/events/{slug}/rounds/2/slips/",
    "/events/{slug}/projector/pairings/",
    "/events/{slug}/projector/standings/",
    "/events/{slug}/bracket/",
]


def _queries(url: str) -> tuple[int, int]:
    # A read as the first visitor makes it: nothing from the page cache.
    clear_cache()
    with CaptureQueriesContext(connection) as captured:
        response = Client().get(url)
        if response.streaming:  # the queries of a streamed answer run as it is read
            b"".join(response.streaming_content)
    return response.status_code, len(captured)


def test_every_public_read_costs_the_same_at_any_size() -> None:
    # One test over every address: the two events are built once (building them is the
    # slow part), and a failure names every read that grows, not only the first.
    small, big = _event(SMALL), _event(BIG)
    growing = {}
    for url in PUBLIC_READS:
        # Each read once before counting: the process's first-use lookups, and the rows
        # some reads make once per event (an event's day settings).
        _queries(url.format(slug=small.slug))
        _queries(url.format(slug=big.slug))
        small_status, small_count = _queries(url.format(slug=small.slug))
        big_status, big_count = _queries(url.format(slug=big.slug))
        assert small_status == big_status == 200, (url, small_status, big_status)
        # Not more at ten times the field. (A round's explanation reads its players'
        # names in one query when it names someone, which depends on the draw, not on
        # the size: the small event may cost one query more.)
        if big_count > small_count:
            growing[url] = (small_count, big_count)
    assert growing == {}
