"""A round's results typed on one page (the results grid): each row is checked by the
engine as it is typed, the rows are saved together in one request, and a row that is
refused keeps its values and its reason while the others are saved.

Each row goes through ``director_set_result``, the same operation as the one-table form,
so the grid adds no rule of its own: it only decides which rows changed. A match of best
of N goes through services.results.match_so_far: games that do not decide it yet are
kept as the games played so far, and one game may be taken out of a match on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from django.db.models import Prefetch

from core.errors import ServiceError
from core.types import AnyUser
from tournaments.models import Round, Seat, Table
from tournaments.services.results.flow import director_set_result
from tournaments.services.results.input import (
    score_result,
    stored_result,
)
from tournaments.services.results.match import reported_for
from tournaments.services.results.match_so_far import (
    director_set_games,
    games_so_far,
    games_without,
    remove_match_game,
    same_as_stored,
)
from tournaments.services.table_actions import director_set_blocker


@dataclass(frozen=True)
class GridRow:
    """One table's row as typed: a score per seat (registration id), outcome, winner; at
    a table that plays a match of best of N, its games (services.results.match)."""

    table_id: int
    mps: dict[int, int | None] = field(default_factory=dict)
    outcome: str = "normal"
    winner: int | None = None
    time_called: bool = False
    version: int | None = None
    games: tuple[dict[str, Any], ...] = ()
    # A game of the match to take out (its number among ``games``, or among the games
    # stored when none are given), the others kept.
    remove_game: int | None = None

    @property
    def empty(self) -> bool:
        """Nothing typed: the row is left as it is (a result is voided on its table's form)."""
        return (
            not self.games
            and self.remove_game is None
            and all(v is None for v in self.mps.values())
            and self.outcome == "normal"
            and self.winner is None
            and not self.time_called
        )


@dataclass(frozen=True)
class RowCheck:
    """What the engine makes of a row: tournament points per registration."""

    table_id: int
    points: dict[int, int]
    band: str
    # A match's games that do not decide it yet: games won so far per registration (the
    # row is saved as the games played so far); None when the row is a result.
    won_so_far: dict[int, int] | None = None


@dataclass(frozen=True)
class RowOutcome:
    """What saving did to a row: saved, unchanged, empty (skipped) or refused."""

    table_id: int
    status: str
    message: str = ""
    code: str = ""
    problems: list[dict[str, Any]] = field(default_factory=list)
    # The refusal's HTTP class (400 bad input, 403, 409 state), for the API's problem details.
    http_status: int = 400

    @property
    def refused(self) -> bool:
        return self.status == "refused"


def grid_tables(rnd: Round) -> list[Table]:
    """The round's tables that take a result (byes have fixed points), in table order."""
    # The seats with their players joined, not read again by their ids: SQLite refuses
    # the thousand-entry lists of a big round (as in services.queries.round_tables).
    seats = Prefetch("seats", queryset=Seat.objects.select_related("registration__player"))
    tables = list(rnd.tables.filter(is_bye=False).prefetch_related(seats).order_by("number"))
    for table in tables:
        # One round object for all: what is read once per round (its match rules) is
        # then read once, not once per table.
        table.round = rnd
    return tables


def check_row(user: AnyUser, table: Table, row: GridRow) -> RowCheck:
    """The engine's reading of a typed row without saving it; a refusal is raised as the
    ServiceError the save would raise (same code, same problems)."""
    blocker = director_set_blocker(user, table)
    if blocker is not None:
        raise blocker
    if row.remove_game is not None:
        rest = games_without(table, row.remove_game, row.games or None)
        row = replace(row, games=tuple(dict(g) for g in rest))
    if row.games or row.remove_game is not None:
        so_far = games_so_far(table, row.games)
        if so_far is None or so_far.winner is None:
            return RowCheck(table.pk, {}, "", won_so_far=dict(so_far.wins) if so_far else {})
    reported = _typed(table, row)
    score = score_result(table, reported)
    return RowCheck(table.pk, {int(k): v for k, v in score.points.items()}, score.band)


def _typed(table: Table, row: GridRow) -> Any:
    return reported_for(
        table, row.mps, row.outcome, row.winner, row.time_called, games=list(row.games),
        may_decide=True,
    )  # fmt: skip


def _unchanged(table: Table, row: GridRow) -> bool:
    if row.remove_game is not None:
        return False
    if row.games and table.status == Table.Status.PENDING:
        return same_as_stored(table, row.games)  # the games played so far, as typed
    if table.status == Table.Status.PENDING:
        return False
    try:
        typed = _typed(table, row)
    except ServiceError:
        return False
    return typed.same_as(stored_result(table))


def save_rows(user: AnyUser, rnd: Round, rows: list[GridRow]) -> list[RowOutcome]:
    """Save every typed row of a round; each row is its own operation, so one refused
    row does not stop the others. Rows left empty or typed as already stored are skipped."""
    tables = {t.pk: t for t in grid_tables(rnd)}
    out: list[RowOutcome] = []
    for row in rows:
        table = tables.get(row.table_id)
        if table is None:
            out.append(RowOutcome(row.table_id, "refused", code="not_in_round", http_status=404))
            continue
        if row.empty:
            out.append(RowOutcome(table.pk, "empty"))
            continue
        if _unchanged(table, row):
            out.append(RowOutcome(table.pk, "unchanged"))
            continue
        try:
            _save_row(user, table, row)
        except ServiceError as exc:
            out.append(
                RowOutcome(
                    table.pk,
                    "refused",
                    exc.message,
                    exc.code or "",
                    list(exc.problems or []),
                    exc.status_code,
                )
            )
            continue
        out.append(RowOutcome(table.pk, "saved"))
    return out


def _save_row(user: AnyUser, table: Table, row: GridRow) -> None:
    note = "results grid"
    if row.remove_game is not None:
        games = list(row.games) or None
        remove_match_game(user, table, row.remove_game, games=games, version=row.version, note=note)
    elif row.games:
        director_set_games(user, table, list(row.games), version=row.version, note=note)
    else:
        director_set_result(
            user,
            table,
            mps=row.mps,
            outcome=row.outcome,
            winner=row.winner,
            time_called=row.time_called,
            version=row.version,
            note=note,
        )
