"""What the live pages watch: one short version of everything a visitor's pairings,
standings, clock and projector pages show, so a page polls a tiny answer (304 while it is
unchanged) and reloads only when the event really changed."""

from __future__ import annotations

import hashlib

from tournaments.models import Event
from tournaments.services.base import last_round
from tournaments.services.clock import clock_state
from tournaments.services.standings.snapshot import snapshot_state
from tournaments.services.table_time import table_time_changes


def live_version(event: Event) -> str:
    """Changes when the standings or pairings change (the stored snapshot's version), a
    round is paired or closed, the clock starts, pauses or gets more time (the round's or
    a table's), the playoff moves, or the event's status changes."""
    parts: list[object] = [event.status, snapshot_state(event).version]
    rnd = last_round(event)
    if rnd is not None:
        clock = clock_state(rnd)
        # The end time, not the seconds left: a running clock does not change the version.
        ends = clock.ends_at.isoformat() if clock.ends_at and not clock.paused else ""
        parts += [rnd.number, rnd.status, clock.started, clock.paused, ends]
    parts += list(event.playoff_matches.order_by("pk").values_list("pk", "status", "winner_id"))
    parts.append(table_time_changes(event))
    return hashlib.blake2s(repr(parts).encode(), digest_size=8).hexdigest()
