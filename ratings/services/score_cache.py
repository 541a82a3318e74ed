"""Scoring tables through the rules engine, once per distinct result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ratings.services.loading import EventInfo, TableData
from rules_engine import InvalidResult, score_game
from tournaments.rules.game_input import engine_input

# The winner given to the engine when the stored winner has no seat: it refuses him.
NOT_SEATED = "not-seated"


class RatedSeat(NamedTuple):
    seat: int  # index in the seating order
    opponents: tuple[int, ...]  # seat indexes
    result: str  # "win" | "loss" | "draw"
    points: int  # the tournament points the rating formula takes


@dataclass(frozen=True)
class Scored:
    """A scored table with players named by seat index (0, 1, ...)."""

    rated: tuple[RatedSeat, ...]
    points: tuple[int, ...]  # each seat's own tournament points


class ScoreCache:
    """Scoring depends on the MPs, the outcome and who (by seat) is the winner, never
    on who the players are, so a table is scored with its players renamed to their
    seat numbers and the answer reused for every table with the same result: a
    replay of 200,000 games scores a few thousand distinct ones.
    """

    def __init__(self) -> None:
        self.cache: dict[tuple[Any, ...], Scored | InvalidResult] = {}

    def score(
        self, table: TableData, info: EventInfo, round_number: int
    ) -> tuple[list[int], Scored]:
        """The registration ids in seating order, and the table's score by seat."""
        regs = [s.registration_id for s in table.seats]  # loaded in seating order
        winner = _winner_seat(table, regs)
        mps = tuple(s.mps for s in table.seats)
        key = (
            info.game,
            mps,
            table.outcome,
            winner,
            info.multiplayer,
            round_number,
            table.time_called,
            info.settings_key,
        )
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = _score(table, info, round_number, winner, mps)
        if isinstance(found, InvalidResult):
            raise found
        return regs, found


def _winner_seat(table: TableData, regs: list[int]) -> str | None:
    if table.winner_id is None:
        return None
    if table.winner_id in regs:
        return str(regs.index(table.winner_id))
    return NOT_SEATED


def _score(
    table: TableData,
    info: EventInfo,
    round_number: int,
    winner: str | None,
    mps: tuple[int | None, ...],
) -> Scored | InvalidResult:
    result = engine_input(
        game=info.game,
        multiplayer=info.multiplayer,
        round_number=round_number,
        seats=((str(i), m) for i, m in enumerate(mps)),
        outcome=table.outcome,
        winner=winner,
        time_called=table.time_called,
    )
    try:
        score = score_game(result, info.settings)
    except InvalidResult as exc:
        return exc
    return Scored(
        rated=tuple(
            RatedSeat(int(r.player), tuple(int(o) for o in r.opponents), r.result, r.points)
            for r in score.rated
        ),
        points=tuple(score.points.get(str(i), 0) for i in range(len(mps))),
    )
