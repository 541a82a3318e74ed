"""A time in words, in the event's zone and, when it differs, in the reader's:
"Sat 11 Jul 17:00 UTC · 19:00 your time (Madrid)". zoneinfo gives each instant its own
offset, so a window across a daylight-saving change reads right on both sides."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.utils.dateformat import format as date_format
from django.utils.translation import gettext as _

FULL = "D j M H:i"
HOUR = "H:i"


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
    text = f"{date_format(here, FULL)} {here.tzname()}"
    if not reader_zone or zone_or_utc(reader_zone).key == zone_or_utc(zone).key:
        return text
    mine = instant.astimezone(zone_or_utc(reader_zone))
    shown = date_format(mine, HOUR if mine.date() == here.date() else FULL)
    if mine.utcoffset() == here.utcoffset() and mine.date() == here.date():
        return text
    return (
        text
        + " · "
        + _("%(time)s your time (%(zone)s)")
        % {
            "time": shown,
            "zone": zone_label(reader_zone),
        }
    )
