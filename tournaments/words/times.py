"""A time in words, in the event's zone and, when it differs, in the reader's:
"Sat 11 Jul 17:00 UTC · 19:00 your time (Madrid)". zoneinfo gives each instant its own
offset, so a window across a daylight-saving change reads right on both sides."""

from __future__ import annotations

import re
from contextvars import ContextVar
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.utils import formats, timezone
from django.utils.dateformat import format as date_format
from django.utils.translation import gettext as _

FULL = "D j M H:i"
HOUR = "H:i"
# The zone of the person reading this request's page (tournaments.views.reader_zone sets
# it), so a filter that has no request (``when``, ``clock``) still shows his time too.
READER_ZONE: ContextVar[str | None] = ContextVar("reader_zone", default=None)


def zone_or_utc(name: str | None) -> ZoneInfo:
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def zone_label(name: str) -> str:
    """The place a zone is named after: "Europe/Madrid" -> "Madrid"."""
    return name.rsplit("/", 1)[-1].replace("_", " ")


def event_time_words(instant: datetime, zone: str, reader_zone: str | None = None) -> str:
    """``instant`` in the event's ``zone`` with the zone's abbreviation, then in the
    reader's zone when that is another one (the hour only when the day is the same)."""
    here = instant.astimezone(zone_or_utc(zone))
    return f"{date_format(here, FULL)} {here.tzname()}" + reader_words(instant, zone, reader_zone)


def reader_words(instant: datetime, zone: str, reader_zone: str | None) -> str:
    """What follows a time written in the event's zone: " · 19:00 your time (Madrid)" when
    the reader's zone shows another time (his day too when it is another), else nothing."""
    if not reader_zone or zone_or_utc(reader_zone).key == zone_or_utc(zone).key:
        return ""
    here = instant.astimezone(zone_or_utc(zone))
    mine = instant.astimezone(zone_or_utc(reader_zone))
    if mine.utcoffset() == here.utcoffset() and mine.date() == here.date():
        return ""
    shown = date_format(mine, HOUR if mine.date() == here.date() else FULL)
    return " · " + _("%(time)s your time (%(zone)s)") % {
        "time": shown,
        "zone": zone_label(reader_zone),
    }


def reader_zone_of(user: Any, cookies: Any) -> str | None:
    """The reader's zone: his profile's, else his browser's (the ``tz`` cookie that
    static/js/reader-zone.js keeps), else none; an unknown zone name is no zone."""
    player = getattr(user, "player", None) if getattr(user, "is_authenticated", False) else None
    chosen = getattr(player, "time_zone", "") or (cookies or {}).get("tz", "")
    if not chosen or zone_or_utc(chosen).key != chosen:
        return None
    return str(chosen)


def clock_words(instant: datetime, zone: str, reader_zone: str | None = None) -> str:
    """A time of day in the event's zone with its abbreviation, and the reader's when it
    differs: "17:00 UTC · 19:00 your time (Madrid)"."""
    here = instant.astimezone(zone_or_utc(zone))
    return f"{date_format(here, HOUR)} {here.tzname()}" + reader_words(instant, zone, reader_zone)


def page_time_words(value: datetime) -> str:
    """A date and time, written the one way every page writes them: in the page's zone
    (the event's, activated by its views) and in the reader's when his differs."""
    here = timezone.localtime(value)
    zone = timezone.get_current_timezone_name()
    written = f"{formats.date_format(here, 'DATETIME_FORMAT')} {here.tzname()}"
    return written + reader_words(value, zone, READER_ZONE.get())


# A stored instant (datetime.isoformat with its offset), as snapshots and notes keep it.
ISO_INSTANT = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})")


def stored_time_words(text: str) -> str:
    """Every stored instant in ``text`` written as the page writes times; the rest kept."""

    def words(found: re.Match[str]) -> str:
        try:
            instant = datetime.fromisoformat(found.group(0).replace("Z", "+00:00"))
        except ValueError:
            return found.group(0)
        return page_time_words(instant)

    return ISO_INSTANT.sub(words, text)
