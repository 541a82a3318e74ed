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

from collections.abc import Collection, Mapping, Sequence
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


# What the deadline does to a table (RULES.md §8, Reading, a setting; docs/online-events.md).
GIVE_DOUBLE_LOSS = "double_loss"
CONFIRM_REPORT = "confirm_report"
# The rules a window may have (tournaments.models.RoundWindow.DeadlineRule's values).
RULE_DOUBLE_LOSS = "double_loss"
RULE_DIRECTOR_DECIDES = "director_decides"
# The change a deadline's double loss is recorded as (ResultChange.Action.DEADLINE).
DEADLINE_CHANGE = "deadline"


def deadline_step(rule: str, status: str) -> str | None:
    """What the deadline does to a table whose result is in ``status``; None leaves it to
    the director. A table with no result gets the double loss when that is the rule. A
    result one player reported and nobody disputed by the deadline stands: the players'
    part ended at the deadline, so the deadline confirms it, unless the rule is that the
    director decides (late reports, confirmations and disputes are then still taken). A
    disputed result always goes to the director."""
    if status == "pending":
        return GIVE_DOUBLE_LOSS if rule == RULE_DOUBLE_LOSS else None
    if status == "reported" and rule != RULE_DIRECTOR_DECIDES:
        return CONFIRM_REPORT
    return None


def deadline_moved_later(applied: bool, new_deadline: datetime, now: datetime) -> bool:
    """A deadline already applied and now set in the future is a new deadline: what the
    old one did automatically is undone and the rule applies again when the new one comes."""
    return applied and new_deadline > now


def losses_to_undo(history: Mapping[int, Sequence[str]]) -> list[int]:
    """Of the tables given a double loss (each with its changes' kinds, oldest first),
    those whose result is still the deadline's own: a result entered since by the director
    or the players is last and is never undone."""
    return sorted(
        table for table, kinds in history.items() if kinds and kinds[-1] == DEADLINE_CHANGE
    )
