"""What a standings page shows: the standings after the closed rounds, counting exactly
those rounds' results, and (while a round runs) the provisional standings with the
results of the running round confirmed so far, marked as such.

000 Part VI §3 "Scoring": the standings after N rounds rank the results of those N
rounds; a confirmed result of round N+1 must not slip into them, or "fewer losses" would
compare three games with two.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tournaments.models import Event, StandingsSnapshotRow, Table
from tournaments.services.standings.final_places import final_rows, places_decided_by
from tournaments.services.standings.input import closed_through, confirmed_after, event_standings
from tournaments.services.standings.snapshot import snapshot_rows, snapshot_state
from tournaments.standings import StandingRow


@dataclass
class StandingsView:
    # StandingRows, or the stored snapshot's rows (a query a paginator reads a page of)
    rows: Sequence[StandingRow] | Any
    closed_rounds: int  # the rows count exactly the results of rounds 1..closed_rounds
    final: bool
    # With the running round's confirmed results: StandingRows or the snapshot's rows.
    provisional: Sequence[StandingRow] | Any = field(default_factory=list)
    provisional_round: int | None = None  # the round whose confirmed results they add


def standings_view(event: Event, *, stored: bool = False) -> StandingsView:
    """The standings a page shows (empty before round 1). ``stored``: the closed rounds'
    rows may come from the stored snapshot (a page of them read, nothing recomputed) when
    it holds exactly those rounds' results."""
    if not event.rounds.exists():
        return StandingsView(rows=[], closed_rounds=0, final=False)
    if event.status == Event.Status.FINISHED:
        # With a top cut: the playoff places first.
        rows = standings_rows(event) if stored else final_rows(event)
        return StandingsView(rows=rows, closed_rounds=event.rounds.count(), final=True)
    closed = closed_through(event)
    counts_later = confirmed_after(event, closed)
    view = StandingsView(rows=[], closed_rounds=closed, final=False)
    state = snapshot_state(event) if stored else None  # rebuilds a stale one first
    if state is not None and not counts_later:
        view.rows = snapshot_rows(event)
    elif state is not None and state.closed_stage == closed:
        view.rows = snapshot_rows(event, stage=StandingsSnapshotRow.CLOSED)
    else:
        view.rows = event_standings(event, through_round=closed)
    later_rounds = list(event.rounds.filter(number__gt=closed).order_by("number"))
    running = later_rounds[0] if later_rounds else None
    if running is not None and running.tables.filter(status=Table.Status.CONFIRMED).exists():
        view.provisional_round = running.number
        if state is not None and len(later_rounds) == 1:
            # Every confirmed result is of rounds 1..running: the snapshot holds exactly
            # the provisional standings.
            view.provisional = snapshot_rows(event)
        else:
            view.provisional = event_standings(event, through_round=running.number)
    return view


def standings_rows(event: Event, q: str = "") -> Sequence[StandingRow] | Any:
    """The standings after every confirmed result, as the API lists them and a finished
    event's page shows them: a finished event with a top cut in final places (RULES.md §3
    "Top cut"), else the stored snapshot, searchable by name (``q``)."""
    q = (q or "").strip()
    if places_decided_by(event):  # a finished event whose playoff or round robin placed
        folded = q.casefold()
        return [row for row in final_rows(event) if folded in row.name.casefold()]  # type: ignore[attr-defined]
    snapshot_state(event)  # rebuilds a stale one first
    return snapshot_rows(event, q)
