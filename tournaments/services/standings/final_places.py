"""The final places a finished event shows everywhere (event page, standings page, print,
projector, API): with a top cut, the playoff places above the Swiss order, as
services.playoff.final_standings builds them; without one, the Swiss standings.

RULES.md §3 "Top cut": the champion is the playoff winner. Each row keeps its Swiss
numbers (points, tiebreaks); only its place, its winner mark and how far it went in the
playoff (``reached``) change.
"""

from __future__ import annotations

import dataclasses

from tournaments.models import Event, Stage
from tournaments.services.playoff import final_standings, playoff_reached
from tournaments.services.robin_table import played_robin, robin_table
from tournaments.services.standings.input import event_standings
from tournaments.standings import StandingRow


def _placed(row: StandingRow, place: int, reached: str | None) -> StandingRow:
    out = dataclasses.replace(row, rank=place, winner=reached == "champion", shares_first=False)
    out.registration = row.registration  # type: ignore[attr-defined]
    out.name = row.name  # type: ignore[attr-defined]
    out.reached = reached  # type: ignore[attr-defined]
    return out


def _robin_rows(event: Event, stage: Stage) -> list[StandingRow]:
    """RULES.md §8 (CoE Worlds): the round robin's order decides the first places, its
    winner is the champion; everyone else keeps his place in the Swiss order below."""
    table = robin_table(event, stage.position)
    rows = {row.player: row for row in event_standings(event)}
    robin_points = {r.player: r.points - table.carried.get(r.player, 0) for r in table.rows}
    order = [r.player for r in table.rows if r.player in rows]
    order += [player for player in rows if player not in set(order)]
    placed = []
    for place, player in enumerate(order, start=1):
        row = _placed(rows[player], place, "champion" if place == 1 else None)
        # The row's points are every round's; the round robin's own (RULES.md §8: they
        # start again from zero at the CoE Worlds) ordered its players: shown beside them.
        row.robin_points = robin_points.get(player)  # type: ignore[attr-defined]
        placed.append(row)
    return placed


def final_rows(event: Event) -> list[StandingRow]:
    """The standings rows to show: a finished event with a playoff in final-place order
    (each row's ``rank`` its final place, ``reached`` how far it went), one with a played
    round robin in its order, else the Swiss standings as they are."""
    if event.status != Event.Status.FINISHED:
        return event_standings(event)
    if not event.playoff_matches.exists():
        robin = played_robin(event)
        return event_standings(event) if robin is None else _robin_rows(event, robin)
    reached = playoff_reached(event)
    return [_placed(row, place, reached.get(row.player)) for place, row in final_standings(event)]


def places_decided_by(event: Event) -> str:
    """What ordered a finished event's first places, for the words above its standings:
    "playoff", "robin" (a round robin stage), or "" (the Swiss order as it is)."""
    if event.status != Event.Status.FINISHED:
        return ""
    if event.playoff_matches.exists():
        return "playoff"
    return "robin" if played_robin(event) is not None else ""
