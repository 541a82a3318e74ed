"""The final places a finished event shows everywhere (event page, standings page, print,
projector, API): with a top cut, the playoff places above the Swiss order, as
services.playoff.final_standings builds them; without one, the Swiss standings.

RULES.md §3 "Top cut": the champion is the playoff winner. Each row keeps its Swiss
numbers (points, tiebreaks); only its place, its winner mark and how far it went in the
playoff (``reached``) change.
"""

from __future__ import annotations

import dataclasses

from tournaments.models import Event
from tournaments.services.playoff import final_standings, playoff_reached
from tournaments.services.standings.input import event_standings
from tournaments.standings import StandingRow


def _placed(row: StandingRow, place: int, reached: str | None) -> StandingRow:
    out = dataclasses.replace(row, rank=place, winner=reached == "champion", shares_first=False)
    out.registration = row.registration  # type: ignore[attr-defined]
    out.name = row.name  # type: ignore[attr-defined]
    out.reached = reached  # type: ignore[attr-defined]
    return out


def final_rows(event: Event) -> list[StandingRow]:
    """The standings rows to show: a finished event with a playoff in final-place order
    (each row's ``rank`` its final place, ``reached`` how far it went), else the Swiss
    standings as they are."""
    if event.status != Event.Status.FINISHED or not event.playoff_matches.exists():
        return event_standings(event)
    reached = playoff_reached(event)
    return [_placed(row, place, reached.get(row.player)) for place, row in final_standings(event)]
