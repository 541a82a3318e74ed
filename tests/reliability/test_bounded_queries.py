"""Every public read of an event costs the same number of queries at 10 players as at
1,000: the exports, the feeds, the API's reads, its schema and the public pages never
read a table's seats, a player or a round again per row (once, a 10,000-player export
took 20,031 queries and 23.7 s, and six anonymous clients on it took the site down)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext

from tests.conftest import clear_cache
from tests.tournaments.helpers import make_event, make_user, play_table
from tournaments import services
from tournaments.models import Event, Player, Registration, Round, Seat, Table
from tournaments.services import calendar, heats, stage_plan, stages
from tournaments.services.rounds import maybe_close_round

pytestmark = pytest.mark.django_db

SMALL, BIG = 10, 1000


def _results_in_bulk(director: object, rnd: Round) -> None:
    """Every table of ``rnd`` gets the result its first table got through the service:
    the reads see the same rows as after 500 results entered one by one, which is what
    would make the test slow. The round is then closed by the service."""
    tables = rnd.tables.filter(is_bye=False).order_by("number")
    first = play_table(director, tables[0])
    model = {s.position: s for s in first.seats.all()}
    others = tables.exclude(pk=first.pk)
    others.update(
        status=first.status, outcome=first.outcome, confirmed_by=first.confirmed_by,
        confirmed_at=first.confirmed_at, reported_at=first.reported_at,
    )  # fmt: skip
    seats = list(Seat.objects.filter(table__in=others))
    for seat in seats:
        won = model[seat.position]
        seat.mps, seat.points, seat.outcome = won.mps, won.points, won.outcome
    Seat.objects.bulk_update(seats, ["mps", "points", "outcome"], batch_size=500)
    # The winner is the first seat's player, as at the first table.
    winners = {s.table_id: s.registration_id for s in seats if s.position == 1}
    rows = list(others)
    for table in rows:
        table.winner_id = winners[table.pk]
    Table.objects.bulk_update(rows, ["winner"], batch_size=500)
    assert maybe_close_round(rnd)


# The kinds of event read: one Swiss, a Swiss in two heats (RULES.md §8, Decipher 2003
# Worlds), and a Swiss whose top 4 play a round robin (§8, the CoE's Worlds).
KINDS = {
    "one Swiss": [{"kind": "swiss", "rounds": 3}],
    "two heats": [{"kind": "swiss", "rounds": 3, "groups": 2}],
    "round robin": [{"kind": "swiss", "rounds": 1}, {"kind": "round_robin", "advance": 4}],
}


def _event(players: int, kind: str) -> Event:
    """An event in its second round: round 1 paired by the service and played, round 2
    paired by the service (the round robin's first round when the event has one), the
    standings stored by the service. The field is entered in one go (entering 1,000
    walk-ins one by one through the door's service is what makes a test slow, not what
    the reads see)."""
    director = make_user(f"td{players}")
    event = make_event(director)
    stage_plan.set_stages(director, event, KINDS[kind])
    # The first player has an account: his own pages are read too.
    people = [make_user(f"pl{players}").player]
    people += Player.objects.bulk_create(
        Player(display_name=f"Player {players}-{i:04}", created_by=director)
        for i in range(1, players)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in people
    )
    _results_in_bulk(director, services.pair_next_round(director, event, seed=1))
    if kind == "round robin":
        stages.start_stage(director, event)
    else:
        services.pair_next_round(director, event, seed=2)
    assert len(set(heats.group_of(event).values())) == (2 if kind == "two heats" else 0)
    # The stored standings are kept by the writes (closing a round marks them); build
    # them as the worker would, so a read below is a read, not the rebuild.
    services.standings_view(event, stored=True)
    event.refresh_from_db()
    return event


@pytest.fixture(scope="module")
def events(
    request: pytest.FixtureRequest, django_db_setup: None, django_db_blocker: object
) -> Iterator[tuple[Event, Event]]:
    """Both events of a kind, built once for the module (building them is the slow
    part) in a transaction rolled back after it, so no other module sees them."""
    with django_db_blocker.unblock(), transaction.atomic():  # type: ignore[attr-defined]
        built = _event(SMALL, request.param), _event(BIG, request.param)
        yield built
        transaction.set_rollback(True)


# Each test reads the events of the kinds it names (each kind built once for the module).
EVERY_KIND = pytest.mark.parametrize("events", list(KINDS), indirect=True)
ONE_SWISS = pytest.mark.parametrize("events", ["one Swiss"], indirect=True)

# The reads that show the event's shape (its pairings, standings, heats and stages),
# read at every kind of event.
SHAPED_READS = [
    "/api/v1/events/{slug}/standings/",
    "/api/v1/events/{slug}/rounds/2/tables/",
    "/api/v1/events/{slug}/heats/",
    "/api/v1/events/{slug}/stages/",
    "/events/{slug}/",
    "/events/{slug}/pairings/",
    "/events/{slug}/standings/",
    "/events/{slug}/standings/print/",
    "/events/{slug}/rounds/2/print/",
    "/events/{slug}/rounds/2/slips/",
    "/events/{slug}/projector/pairings/",
    "/events/{slug}/projector/standings/",
    "/events/{slug}/stages/",
]

# The other public reads, at one Swiss.
PUBLIC_READS = [
    "/api/v1/events/{slug}/export.csv",  # streamed a round at a time, at any size
    "/api/v1/events/{slug}/",
    "/api/v1/events/{slug}/rounds/",
    "/api/v1/events/{slug}/rounds/2/",
    "/api/v1/events/{slug}/rounds/2/clock/",
    "/api/v1/events/{slug}/bracket/",
    "/api/v1/events/{slug}/registrations/",
    "/api/v1/schema/",
    "/events/{slug}/bracket/",
    "/events/{slug}/projector/bracket/",
    "/events/{slug}/projector/clock/",
    "/events/{slug}/timer/",
    "/events/{slug}/calendar.ics",
    "/events/{slug}/live/",
]

# A round robin's crosstable (read where the event has one).
CROSSTABLES = [
    "/api/v1/events/{slug}/stages/2/crosstable/",
    "/events/{slug}/projector/stages/2/",
]

EXPORT = "/api/v1/events/{slug}/export/"

# What the event's staff read, as its director: a page of tables or players, never all.
SHAPED_STAFF_READS = [
    "/events/{slug}/manage/?round=1",  # a played round: each table's result history
    "/events/{slug}/manage/",
    # The one page that lists a whole round (the director types every result in one
    # form): its rows are read in a bounded number of queries, and SQLite takes them.
    "/events/{slug}/rounds/2/results/",
]

STAFF_READS = [
    "/events/{slug}/manage/?round=1",  # a played round: each table's result history
    "/api/v1/events/{slug}/audit/",
    "/api/v1/events/{slug}/claims/",
    "/api/v1/events/{slug}/director-options/",
    "/api/v1/events/{slug}/duplicates/",
    "/api/v1/events/{slug}/no-shows/",
    "/api/v1/events/{slug}/pairing-constraints/",
    "/api/v1/events/{slug}/penalties/",
    "/api/v1/events/{slug}/staff/",
    "/audit/events/{slug}/",
    "/events/{slug}/edit/",
    "/events/{slug}/claims/",
    "/events/{slug}/game-rooms/",
    "/events/{slug}/rounds/2/window/",
    "/events/{slug}/event-day/",
    "/events/{slug}/event-day/staff/",
    "/events/{slug}/event-day/players/",
    "/events/{slug}/event-day/no-shows/",
    "/events/{slug}/event-day/pairing-settings/",
    "/events/{slug}/event-day/finish/",
]


# What a player reads of his own, signed in as the event's first player.
SHAPED_PLAYER_READS = ["/events/{slug}/me/"]

PLAYER_READS = [
    "/",
    "/me/events/",
    "/me/live/",
    "/players/{player}/",
    "/calendar/{token}.ics",  # his calendar feed, by its private token
]


def _player(event: Event) -> Player:
    return Player.objects.get(registrations__event=event, user__isnull=False)


def _url(url: str, event: Event) -> str:
    player = _player(event) if "{player}" in url or "{token}" in url else None
    return url.format(
        slug=event.slug,
        player=player.pk if player else "",
        token=calendar.player_token(player) if player else "",
    )


def _client(event: Event, who: str) -> Client:
    client = Client()
    if who == "staff":
        client.force_login(event.organizer)
    elif who == "player":
        client.force_login(_player(event).user)
    return client


def _queries(url: str, client: Client | None = None) -> tuple[int, int]:
    # A read as the first visitor makes it: nothing from the page cache.
    clear_cache()
    with CaptureQueriesContext(connection) as captured:
        response = (client or Client()).get(url)
        if response.streaming:  # the queries of a streamed answer run as it is read
            b"".join(response.streaming_content)
    return response.status_code, len(captured)


def _compare(url: str, small: Event, big: Event, status: int = 200, who: str = "") -> None:
    small_url, big_url = _url(url, small), _url(url, big)
    small_client, big_client = _client(small, who), _client(big, who)
    # Each read once before counting: the process's first-use lookups, and the rows
    # some reads make once per event (an event's day settings).
    _queries(small_url, small_client)
    _queries(big_url, big_client)
    small_status, small_count = _queries(small_url, small_client)
    big_status, big_count = _queries(big_url, big_client)
    assert small_status == big_status == status, (url, small_status, big_status)
    # Not more at a hundred times the field. (A round's explanation reads its players'
    # names in one query when it names someone, which depends on the draw, not on the
    # size: the small event may cost one query more.)
    assert big_count <= small_count, (url, small_count, big_count)


@EVERY_KIND
@pytest.mark.parametrize("url", SHAPED_READS)
def test_a_read_of_the_event_s_shape_costs_the_same_at_any_size(
    events: tuple[Event, Event], url: str, visitors_not_throttled: None
) -> None:
    _compare(url, *events)


@ONE_SWISS
@pytest.mark.parametrize("url", PUBLIC_READS)
def test_a_public_read_costs_the_same_at_any_size(
    events: tuple[Event, Event], url: str, visitors_not_throttled: None
) -> None:
    _compare(url, *events)


@EVERY_KIND
@pytest.mark.parametrize("url", SHAPED_STAFF_READS)
def test_a_staff_read_of_the_event_s_shape_costs_the_same_at_any_size(
    events: tuple[Event, Event], url: str
) -> None:
    _compare(url, *events, who="staff")


@ONE_SWISS
@pytest.mark.parametrize("url", STAFF_READS)
def test_a_staff_read_costs_the_same_at_any_size(events: tuple[Event, Event], url: str) -> None:
    _compare(url, *events, who="staff")


@ONE_SWISS
def test_the_dashboard_shows_each_table_s_history_read_with_the_page(
    events: tuple[Event, Event],
) -> None:
    small, _big = events
    page = _client(small, "staff").get(f"/events/{small.slug}/manage/?round=1")
    # Round 1's first table was entered through the service: its change is listed.
    assert page.content.decode().count('class="small result-history"') == 1


@EVERY_KIND
@pytest.mark.parametrize("url", SHAPED_PLAYER_READS)
def test_a_player_s_read_of_his_event_costs_the_same_at_any_size(
    events: tuple[Event, Event], url: str
) -> None:
    _compare(url, *events, who="player")


@ONE_SWISS
@pytest.mark.parametrize("url", PLAYER_READS)
def test_a_player_s_read_costs_the_same_at_any_size(events: tuple[Event, Event], url: str) -> None:
    _compare(url, *events, who="player")


@pytest.mark.parametrize("events", ["round robin"], indirect=True)
@pytest.mark.parametrize("url", CROSSTABLES)
def test_a_crosstable_costs_the_same_at_any_size(
    events: tuple[Event, Event], url: str, visitors_not_throttled: None
) -> None:
    _compare(url, *events)


@EVERY_KIND
def test_an_inline_export_costs_the_same_at_any_size(
    events: tuple[Event, Event], visitors_not_throttled: None
) -> None:
    # Answered within the request up to EXPORT_INLINE_MAX_PLAYERS: bounded at 1,000 is
    # bounded at the largest event answered inline.
    assert BIG > settings.EXPORT_INLINE_MAX_PLAYERS
    with override_settings(EXPORT_INLINE_MAX_PLAYERS=BIG):
        _compare(EXPORT, *events)


@ONE_SWISS
def test_a_big_export_asked_and_followed_costs_the_same_at_any_size(
    events: tuple[Event, Event], visitors_not_throttled: None, tmp_path: object
) -> None:
    # Past EXPORT_INLINE_MAX_PLAYERS the answer is a job (202) and its status; the
    # worker's build of the file is held equal at 10 and 1,000 players in
    # tests/reliability/test_export_jobs.py.
    small, big = events
    with override_settings(EXPORT_DIR=tmp_path):
        assert Client().get(EXPORT.format(slug=big.slug)).status_code == 202
    # Both events' exports made jobs, to compare the two.
    with override_settings(EXPORT_INLINE_MAX_PLAYERS=SMALL - 1, EXPORT_DIR=tmp_path):
        _compare(EXPORT, small, big, status=202)
        status_urls = [
            Client().get(EXPORT.format(slug=e.slug)).json()["status_url"] for e in events
        ]
        counts = []
        for status_url in status_urls * 2:  # counted the second time
            status, count = _queries(status_url)
            assert status == 200, status_url
            counts.append(count)
        assert counts[3] <= counts[2], counts
