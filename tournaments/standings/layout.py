"""The old standings as every update needs them for every player: each row's numbers in
standings order (no JSON), and the records made from them for the players whose games
an update was not given (tournaments.standings.incremental)."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import NamedTuple

from . import StandingGame, tally
from .kept import Missing
from .tiebreaks import Record

Key = tuple[bool, int]  # a score group: (ejected, points)


class Line(NamedTuple):
    """One old row as the update needs it for every player: in old standings order."""

    player: str
    points: int
    wins: int
    losses: int
    draws: int


class UnknownTables(list[tuple[int, tuple[str, ...], bool]]):
    """The tables of a player whose games were not given: reading them asks for them."""

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player

    def __iter__(self) -> Iterator[tuple[int, tuple[str, ...], bool]]:
        raise Missing([self.player])


class Records(dict[str, Record]):
    """The records of the players whose games were not given, made from their old lines
    when first asked for (most never are)."""

    def __init__(self, lines: Mapping[str, Line]) -> None:
        super().__init__()
        self.lines = lines

    def __missing__(self, player: str) -> Record:
        line = self.lines[player]
        record = Record(line.points, line.wins, line.losses, line.draws)
        record.tables = UnknownTables(player)
        self[player] = record
        return record


def records_of(
    layout: Layout, games: Sequence[StandingGame], known: frozenset[str]
) -> dict[str, Record]:
    lines = layout.by_player
    records = Records(lines)
    for p in known:
        if p in lines:
            records[p] = Record()
    for game in games:
        seated = tuple(game.points)
        for p in seated:
            if p not in known:
                continue
            r = records[p]
            if game.is_bye:
                r.points += game.points[p]
                r.byes += 1
            else:
                others = tuple(o for o in seated if o != p)
                tally(r, game.points[p], others, game.outcome.get(p))
    return records


class Layout:
    """Every old row's numbers in standings order, with what every call of an update asks
    of them computed once: each line by player, each score group's players (old order)
    and first place."""

    def __init__(self, lines: Sequence[Line], ejected: Collection[str]) -> None:
        self.lines, self.out = lines, frozenset(ejected)
        self.by_player = {line.player: line for line in lines}
        self.groups: dict[Key, list[str]] = {}
        self.first: dict[Key, int] = {}
        for position, line in enumerate(lines, start=1):
            key = (line.player in self.out, line.points)
            if key not in self.first:
                self.first[key] = position
                self.groups[key] = []
            self.groups[key].append(line.player)
