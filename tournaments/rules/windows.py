"""Round windows of online events (RULES.md §8, CoE online events): a round is a window
of one or two weeks ending at a stated time in a named time zone ("23:59 Eastern");
players arrange their game inside it. Pure: no Django.

- A time given in the event's zone becomes one instant with zoneinfo, so a window across
  a daylight-saving change still ends at the stated wall-clock time.
- Reminders go 48 h and 12 h before the deadline to players whose table has no result;
  each at most once. When several are due at once (a window set late, a worker that was
  away) only the nearest to the deadline is worth sending: the others are marked sent.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

REMINDER_HOURS = (48, 12)
REMINDER_KINDS = tuple(f"{h}h" for h in REMINDER_HOURS)


def in_zone(local: datetime, zone: str) -> datetime:
    """The instant of the wall-clock time ``local`` (naive) in ``zone``. A time that
    happens twice when clocks go back is its first occurrence; one skipped when clocks go
    forward is read with the offset before the change (zoneinfo's fold=0)."""
    if local.tzinfo is not None:
        return local
    return local.replace(tzinfo=ZoneInfo(zone), fold=0)


def reminders_due(deadline: datetime, now: datetime, sent: Collection[str]) -> tuple[str, ...]:
    """Every reminder kind whose time has come and that was not sent, nearest last;
    nothing once the deadline has passed."""
    if now >= deadline:
        return ()
    left = deadline - now
    return tuple(
        kind
        for hours, kind in zip(REMINDER_HOURS, REMINDER_KINDS, strict=True)
        if left <= timedelta(hours=hours) and kind not in sent
    )


def window_problem(opens_at: datetime, deadline: datetime) -> str | None:
    """Why a window cannot be: a code, or None."""
    if deadline <= opens_at:
        return "deadline_before_opening"
    if deadline - opens_at > timedelta(days=60):
        return "window_too_long"
    return None
