"""What the live pages watch: one short version of everything a visitor's pairings,
standings, clock and projector pages show, so a page polls a tiny answer (304 while it is
unchanged) and reloads only when the event really changed."""

from __future__ import annotations

import hashlib

from core.types import AnyUser, signed_in
from tournaments.models import Event, Round, Seat
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


# An event open for registration is watched too: its round 1 brings the player's first card.
WATCHED = (Event.Status.REGISTRATION, Event.Status.RUNNING)


def playing_events(user: AnyUser) -> list[Event]:
    """The events the user plays in that are under way or about to start (the home
    page's "your table now" cards)."""
    if not getattr(user, "is_authenticated", False):
        return []
    return list(
        Event.objects.filter(status__in=WATCHED, registrations__player__user=signed_in(user))
        .distinct()
        .order_by("pk")
    )


def player_live_version(user: AnyUser) -> str:
    """Changes when any of the user's cards would: each event he plays in by its
    live version (a round paired, a result confirmed, the clock), and his own tables of
    unfinished rounds by their state (an opponent's report waiting for his confirmation)."""
    parts: list[object] = [(e.pk, live_version(e)) for e in playing_events(user)]
    if parts:
        parts += list(
            Seat.objects.filter(
                registration__player__user=signed_in(user), event__status=Event.Status.RUNNING
            )
            .exclude(round__status=Round.Status.CLOSED)
            .order_by("table_id")
            .values_list("table_id", "table__status", "table__version")
        )
    return hashlib.blake2s(repr(parts).encode(), digest_size=8).hexdigest()
