"""Calendar feeds (.ics) of an event's rounds and of one player's games (the
windows are RULES.md §8's online rounds: "one- or two-week windows closing 23:59
Eastern"). Every feed is parsed back with icalendar."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import icalendar
import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services
from tournaments.models import Player, Registration
from tournaments.rules.calendar import Entry, feed
from tournaments.rules.windows import in_zone
from tournaments.services import calendar, rooms, windows
from tournaments.services.clock import start_round_clock

NY = "America/New_York"
EASTERN = ZoneInfo(NY)


def parse(response) -> icalendar.Calendar:
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return icalendar.Calendar.from_ical(response.content)


def by_uid(cal: icalendar.Calendar) -> dict[str, icalendar.Event]:
    return {str(e["UID"]): e for e in cal.walk("VEVENT")}


def online_event(players: int = 4):
    director = make_user()
    event = make_event(
        director,
        game="metw",
        time_zone=NY,
        starts_at=datetime(2026, 10, 26, 4, 0, tzinfo=UTC),
    )
    regs = register_users(event, players)
    rnd = services.pair_next_round(director, event, seed=1)
    return director, event, regs, rnd


def window_across_the_change(director, rnd):
    # Clocks go back in New York on Sun 1 Nov 2026: the window opens in summer time
    # (EDT, -4) and closes in winter time (EST, -5).
    return windows.set_round_window(
        director,
        rnd,
        in_zone(datetime(2026, 10, 26, 0, 0), NY),
        in_zone(datetime(2026, 11, 8, 23, 59), NY),
    )


@pytest.mark.django_db
def test_event_feed_keeps_23_59_eastern_across_the_daylight_saving_change():
    """RULES.md §8: a window closes "23:59 Eastern", whatever the offset that day."""
    director, event, _regs, rnd = online_event()
    window_across_the_change(director, rnd)
    cal = parse(Client().get(f"/events/{event.slug}/calendar.ics"))
    vevent = by_uid(cal)[f"round-{rnd.pk}@testserver"]
    start, end = vevent.decoded("DTSTART"), vevent.decoded("DTEND")
    assert vevent["DTEND"].params["TZID"] == NY
    assert (end.hour, end.minute, end.tzinfo.key) == (23, 59, NY)
    assert end.utcoffset() == timedelta(hours=-5)
    assert start.utcoffset() == timedelta(hours=-4)
    assert end.astimezone(UTC) == datetime(2026, 11, 9, 4, 59, tzinfo=UTC)
    assert [str(tz["TZID"]) for tz in cal.walk("VTIMEZONE")] == [NY]
    # The alarm: 12 h before the deadline.
    (alarm,) = vevent.walk("VALARM")
    assert alarm.decoded("TRIGGER") == timedelta(hours=-12)
    assert alarm["TRIGGER"].params["RELATED"] == "END"
    assert str(vevent["SUMMARY"]) == f"{event.name}: round 1"
    assert int(vevent["SEQUENCE"]) == 0
    # The event itself, on its day in its zone (04:00 UTC is midnight in New York).
    day = by_uid(cal)[f"event-{event.pk}@testserver"]
    assert day.decoded("DTSTART") == datetime(2026, 10, 26).date()


@pytest.mark.django_db
def test_moving_a_window_bumps_the_sequence_and_keeps_the_uid():
    director, event, _regs, rnd = online_event()
    window_across_the_change(director, rnd)
    client = Client()
    first = client.get(f"/events/{event.slug}/calendar.ics")
    windows.set_round_window(
        director,
        rnd,
        in_zone(datetime(2026, 10, 26, 0, 0), NY),
        in_zone(datetime(2026, 11, 15, 23, 59), NY),
    )
    second = by_uid(parse(client.get(f"/events/{event.slug}/calendar.ics")))
    moved = second[f"round-{rnd.pk}@testserver"]
    assert int(moved["SEQUENCE"]) == 1
    assert moved.decoded("DTEND").day == 15
    # An unchanged feed answers 304 to a calendar program asking again.
    again = client.get(f"/events/{event.slug}/calendar.ics", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200  # the feed changed: not the old ETag
    latest = client.get(f"/events/{event.slug}/calendar.ics")
    assert (
        client.get(
            f"/events/{event.slug}/calendar.ics", HTTP_IF_NONE_MATCH=latest["ETag"]
        ).status_code
        == 304
    )


@pytest.mark.django_db
def test_a_live_round_is_its_round_clock_and_the_event_length():
    director = make_user()
    event = make_event(director, game="lore", round_minutes=90, location="Hall 2")
    register_users(event, 4)
    rnd = services.pair_next_round(director, event, seed=2)
    url = f"/events/{event.slug}/calendar.ics"
    # Not started: no time known, so no entry for the round.
    assert f"round-{rnd.pk}@testserver" not in by_uid(parse(Client().get(url)))
    rnd = start_round_clock(director, rnd)
    vevent = by_uid(parse(Client().get(url)))[f"round-{rnd.pk}@testserver"]
    assert vevent.decoded("DTSTART").astimezone(UTC) == rnd.started_at.replace(microsecond=0)
    assert vevent.decoded("DTEND") - vevent.decoded("DTSTART") == timedelta(minutes=90)
    assert str(vevent["LOCATION"]) == "Hall 2"
    assert not vevent.walk("VALARM")


@pytest.mark.django_db
def test_a_draft_event_has_no_public_feed():
    director = make_user()
    draft = make_event(director, open_=False)
    assert Client().get(f"/events/{draft.slug}/calendar.ics").status_code == 404
    own = Client()
    own.force_login(director)
    assert own.get(f"/events/{draft.slug}/calendar.ics").status_code == 200


def opponents_of(reg: Registration, rnd) -> set[str]:
    table = rnd.seats.get(registration=reg).table
    return {s.registration.player.display_name for s in table.seats.all() if s.registration != reg}


@pytest.mark.django_db
def test_a_players_feed_shows_only_his_own_games_with_table_opponent_and_room():
    director, event, regs, rnd = online_event()
    window_across_the_change(director, rnd)
    rooms.set_game_rooms(director, event, "gemp", room_prefix="Coe")
    (me_user, me), (_, other) = regs[0], regs[1]
    client = Client()
    client.force_login(me_user)
    page = client.get("/me/events/").content.decode()
    token = calendar.player_token(me.player)
    assert f"webcal://testserver/calendar/{token}.ics" in page
    assert "Subscribe to your calendar" in page
    games = client.get(f"/events/{event.slug}/me/").content.decode()
    assert f"http://testserver/calendar/{token}.ics" in games
    own_page = client.get(f"/players/{me.player.pk}/").content.decode()
    assert token in own_page
    # Nobody else is shown his address on his player page.
    assert token not in Client().get(f"/players/{me.player.pk}/").content.decode()
    me.player.time_zone = "Europe/Madrid"
    me.player.save()
    mine = by_uid(parse(Client().get(f"/calendar/{token}.ics")))
    vevent = mine[f"round-{rnd.pk}-player-{me.player.pk}@testserver"]
    text = str(vevent["DESCRIPTION"])
    table = rnd.seats.get(registration=me).table
    assert f"Table {table.number} against" in text
    assert all(name in text for name in opponents_of(me, rnd))
    assert f"CoeR1T{table.number}" in text
    # The deadline in words also in his own zone: 23:59 in New York is 05:59 in Madrid.
    assert "05:59 your time (Madrid)" in text
    assert vevent.decoded("DTEND").hour == 23
    assert vevent.walk("VALARM")
    # Another player's token shows his own table, never this player's.
    theirs = by_uid(parse(Client().get(f"/calendar/{calendar.player_token(other.player)}.ics")))
    assert set(theirs) == {
        f"event-{event.pk}@testserver",
        f"round-{rnd.pk}-player-{other.player.pk}@testserver",
    }
    other_table = rnd.seats.get(registration=other).table
    assert f"Table {other_table.number} against" in str(
        theirs[f"round-{rnd.pk}-player-{other.player.pk}@testserver"]["DESCRIPTION"]
    )


@pytest.mark.django_db
def test_a_tampered_or_made_up_token_is_not_found():
    _director, _event, regs, _rnd = online_event()
    token = calendar.player_token(regs[0][1].player)
    pk, signature = token.split(":", 1)
    forged = f"{regs[1][1].player.pk}:{signature}"
    client = Client()
    assert client.get(f"/calendar/{forged}.ics").status_code == 404
    assert client.get(f"/calendar/{pk}.ics").status_code == 404
    assert client.get("/calendar/nonsense.ics").status_code == 404
    assert client.get(f"/calendar/{token}.ics").status_code == 200


@pytest.mark.django_db
def test_a_draft_is_left_out_of_a_players_feed():
    director = make_user()
    draft = make_event(director, open_=False)
    player = Player.objects.get(user=make_user("walker"))
    Registration.objects.create(event=draft, player=player)
    assert (
        f"event-{draft.pk}@"
        not in Client().get(f"/calendar/{calendar.player_token(player)}.ics").content.decode()
    )


@pytest.mark.django_db
def test_feeds_read_in_a_fixed_number_of_queries():
    """The query count does not grow with the rounds, the tables or the players."""

    def counted(players: int, rounds: int) -> tuple[int, int]:
        director, event, regs, rnd = online_event(players)
        window_across_the_change(director, rnd)
        for _ in range(rounds - 1):
            play_round(director, rnd)
            rnd = services.pair_next_round(director, event)
            window_across_the_change(director, rnd)
        player = regs[0][1].player
        client = Client()
        with CaptureQueriesContext(connection) as event_queries:
            parse(client.get(f"/events/{event.slug}/calendar.ics"))
        with CaptureQueriesContext(connection) as player_queries:
            parse(client.get(f"/calendar/{calendar.player_token(player)}.ics"))
        return len(event_queries), len(player_queries)

    assert counted(4, 1) == counted(10, 3)


@pytest.mark.django_db
def test_api_answers_the_private_feeds_address():
    user = make_user()
    api = APIClient()
    assert api.get("/api/v1/me/calendar/").status_code in (401, 403)
    api.force_authenticate(user)
    body = api.get("/api/v1/me/calendar/").json()
    token = calendar.player_token(Player.objects.get(user=user))
    assert body == {
        "url": f"http://testserver/calendar/{token}.ics",
        "webcal": f"webcal://testserver/calendar/{token}.ics",
    }
    assert Client().get(body["url"].removeprefix("http://testserver")).status_code == 200
    nobody = APIClient()
    nobody.force_authenticate(make_user(player=False))
    assert nobody.get("/api/v1/me/calendar/").status_code == 404


@pytest.mark.django_db
def test_the_feed_speaks_the_readers_language():
    director, event, _regs, rnd = online_event()
    window_across_the_change(director, rnd)
    cal = Client().get(f"/events/{event.slug}/calendar.ics", HTTP_ACCEPT_LANGUAGE="es")
    vevent = by_uid(parse(cal))[f"round-{rnd.pk}@testserver"]
    assert str(vevent["SUMMARY"]) == f"{event.name}: ronda 1"
    assert "cierra en 12 horas" in str(vevent.walk("VALARM")[0]["DESCRIPTION"])


@pytest.mark.django_db
def test_the_event_page_links_its_feed():
    _director, event, _regs, _rnd = online_event()
    page = Client().get(f"/events/{event.slug}/").content.decode()
    assert f'href="/events/{event.slug}/calendar.ics"' in page


@settings(max_examples=25, deadline=None)
@given(
    zone=st.sampled_from(["America/New_York", "Europe/Madrid", "Australia/Sydney", "UTC"]),
    day=st.dates(min_value=date(2025, 1, 1), max_value=date(2030, 12, 31)),
    weeks=st.integers(min_value=1, max_value=2),
    hour=st.integers(min_value=0, max_value=23),
    minute=st.integers(min_value=0, max_value=59),
)
def test_a_deadline_keeps_its_wall_clock_time_in_its_zone(zone, day, weeks, hour, minute):
    """RULES.md §8: a window closes at a stated time in a named zone; read back from the
    feed it is that wall-clock time in that zone, whatever changes inside the window."""
    deadline = in_zone(datetime.combine(day, time(hour, minute)), zone)
    opens = deadline - timedelta(weeks=weeks)
    entry = Entry(
        uid="round-1@example.org",
        start=opens,
        end=deadline,
        zone=zone,
        summary="Round 1",
        stamp=datetime(2025, 1, 1, tzinfo=UTC),
        alarm="closes soon",
    )
    (vevent,) = icalendar.Calendar.from_ical(feed("Rounds", [entry])).walk("VEVENT")
    end = vevent.decoded("DTEND")
    assert end.astimezone(UTC) == deadline.astimezone(UTC)
    assert (end.hour, end.minute) == (
        deadline.astimezone(ZoneInfo(zone)).hour,
        deadline.astimezone(ZoneInfo(zone)).minute,
    )
    assert vevent.decoded("DTSTART").astimezone(UTC) == opens.astimezone(UTC)
