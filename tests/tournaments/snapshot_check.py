"""The stored standings must equal a full recomputation: shared by the snapshot tests
and the e2e suite (tests/e2e/conftest.py checks every event those tests build)."""

from __future__ import annotations

from typing import Any

from tournaments import services
from tournaments.models import Event, StandingsSnapshot
from tournaments.services.standings import snapshot

FIELDS = (
    "player",
    "rank",
    "name",
    "points",
    "wins",
    "losses",
    "draws",
    "byes",
    "games",
    "opponents_points",
    "tiebreaks",
    "explanation",
)


def line(row: Any) -> tuple[Any, ...]:
    return tuple(dict(getattr(row, f)) if f == "tiebreaks" else getattr(row, f) for f in FIELDS)


def recomputed(event: Event) -> list[tuple[Any, ...]]:
    rows = services.event_standings(event)
    return [line(r) for r in rows]


def stored(event: Event) -> list[tuple[Any, ...]]:
    return [line(r) for r in snapshot.snapshot_rows(event)]


def assert_snapshot_matches(event: Event) -> None:
    """A snapshot that says it is fresh must be the recomputation; so must the one a
    reader gets (which rebuilds a stale one)."""
    header = StandingsSnapshot.objects.filter(event=event).first()
    expected = recomputed(event)
    if header is not None and not header.stale:
        assert stored(event) == expected, f"fresh snapshot of {event} differs"
    state = snapshot.snapshot_state(event)
    assert stored(event) == expected, f"snapshot of {event} after reading differs"
    assert state.row_count == len(expected)
    if state.closed_stage is not None:
        # The standings after the closed rounds, kept while a round runs with results.
        after = [line(r) for r in services.event_standings(event, state.closed_stage)]
        kept = [line(r) for r in snapshot.snapshot_rows(event, stage=1)]
        assert kept == after, f"closed-rounds stage of {event} differs"
