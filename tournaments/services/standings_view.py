"""What a standings page shows: the standings after the closed rounds, counting exactly
those rounds' results, and (while a round runs) the provisional standings with the
results of the running round confirmed so far, marked as such.

000 Part VI §3 "Scoring": the standings after N rounds rank the results of those N
rounds; a confirmed result of round N+1 must not slip into them, or "fewer losses" would
compare three games with two.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.models import Event, Round, Table
from tournaments.services.final_places import final_rows
from tournaments.services.standings_input import event_standings
from tournaments.standings import StandingRow


@dataclass
class StandingsView:
    rows: list[StandingRow]
    closed_rounds: int  # the rows count exactly the results of rounds 1..closed_rounds
    final: bool
    provisional: list[StandingRow] = field(default_factory=list)  # with the running round
    provisional_round: int | None = None  # the round whose confirmed results they add


def closed_through(event: Event) -> int:
    """The last round N such that rounds 1..N are all closed."""
    n = 0
    for number, status in event.rounds.order_by("number").values_list("number", "status"):
        if number != n + 1 or status != Round.Status.CLOSED:
            break
        n = number
    return n


def standings_view(event: Event) -> StandingsView:
    """The standings a page shows (empty before round 1)."""
    if not event.rounds.exists():
        return StandingsView(rows=[], closed_rounds=0, final=False)
    if event.status == Event.Status.FINISHED:
        rows = final_rows(event)  # with a top cut: the playoff places first
        return StandingsView(rows=rows, closed_rounds=event.rounds.count(), final=True)
    closed = closed_through(event)
    rows = event_standings(event, through_round=closed)
    view = StandingsView(rows=rows, closed_rounds=closed, final=False)
    running = event.rounds.filter(number__gt=closed).order_by("number").first()
    if running is not None and running.tables.filter(status=Table.Status.CONFIRMED).exists():
        view.provisional = event_standings(event, through_round=running.number)
        view.provisional_round = running.number
    return view
