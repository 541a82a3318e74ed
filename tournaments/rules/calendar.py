"""Calendar feeds (RFC 5545, with the icalendar library) built from plain data. Pure: no
Django; the words and the rows come from tournaments.services.calendar.

- Every time is written with the TZID of the event's named zone and its VTIMEZONE
  (icalendar's zoneinfo support), so a window across a daylight-saving change ends at
  the stated wall-clock time ("23:59 Eastern") on the subscriber's side too.
- DTSTAMP is when the entry was last revised, not when the feed was asked for: the same
  data gives the same bytes, so the feed can answer an ETag.
- SEQUENCE grows each time a window is set again, so clients replace the old one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import icalendar

PRODID = "-//Middle-earth Tournament Organizer//Calendar feeds//EN"
# The last reminder before a window's deadline (the mails send 48 h and 12 h,
# tournaments.rules.windows.REMINDER_HOURS); a calendar alarm repeats the later one.
ALARM_BEFORE_DEADLINE = timedelta(hours=12)
# VTIMEZONE transitions written around the feed's entries: enough for any event
# rather than icalendar's default from 1970.
ZONE_MARGIN = timedelta(days=366)


@dataclass(frozen=True)
class Entry:
    """One VEVENT. ``start``/``end`` are instants (aware) or, for a whole day, dates."""

    uid: str
    start: datetime | date
    end: datetime | date
    zone: str
    summary: str
    stamp: datetime
    description: str = ""
    location: str = ""
    url: str = ""
    sequence: int = 0
    # The alarm's words, 12 h before ``end`` (a window's deadline); empty: no alarm.
    alarm: str = ""


def zone_of(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def _local(value: datetime | date, zone: ZoneInfo) -> datetime | date:
    if isinstance(value, datetime):
        return value.astimezone(zone)
    return value


def _vevent(entry: Entry) -> icalendar.Event:
    zone = zone_of(entry.zone)
    event = icalendar.Event()
    event.add("uid", entry.uid)
    event.add("dtstamp", entry.stamp.astimezone(UTC))
    event.add("sequence", entry.sequence)
    event.add("dtstart", _local(entry.start, zone))
    event.add("dtend", _local(entry.end, zone))
    event.add("summary", entry.summary)
    for name, value in (
        ("description", entry.description),
        ("location", entry.location),
        ("url", entry.url),
    ):
        if value:
            event.add(name, value)
    if entry.alarm:
        alarm = icalendar.Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("description", entry.alarm)
        alarm.add("trigger", -ALARM_BEFORE_DEADLINE, parameters={"RELATED": "END"})
        event.add_component(alarm)
    return event


def _day(value: datetime | date) -> date:
    return value.date() if isinstance(value, datetime) else value


def feed(name: str, entries: Iterable[Entry]) -> bytes:
    """The VCALENDAR of ``entries`` in their order, with a VTIMEZONE for every zone used."""
    calendar = icalendar.Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", name)
    listed = list(entries)
    for entry in listed:
        calendar.add_component(_vevent(entry))
    if listed:
        first = min(_day(e.start) for e in listed) - ZONE_MARGIN
        last = max(_day(e.end) for e in listed) + ZONE_MARGIN
        calendar.add_missing_timezones(first_date=first, last_date=last)
    return calendar.to_ical()


def last_revised(entries: Iterable[Entry]) -> datetime | None:
    """The newest DTSTAMP: the feed's Last-Modified."""
    return max((e.stamp for e in entries), default=None)
