"""A table's match of best of N (RULES.md §8) as the staff enter it game by game: the
games played so far kept on the table while the match is undecided (its result still
pending, as a server's records keep them: services.records.match_games), and one game
taken out of the games stored with the others kept, so a wrong game read from a record
is not a reason to enter the whole match again.

The games are read one at a time through the same reading as a record's
(``match_with_game``), so nothing here is a rule of its own: games that decide the match
are the director's entry of its result (``director_set_result``); games that do not
yet are kept. A table whose match had a result and no longer has one (a game taken
out) has its result taken back first (``void_result``, with its limits). Each change is
in the table's history and the audit trail, as every result change is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

from core.errors import ServiceError
from core.types import AnyUser
from tournaments.models import ResultChange, Table
from tournaments.rules.table_match import MatchGame
from tournaments.services.base import lock_table, retry_on_conflict
from tournaments.services.results.flow import director_set_result, log_change, void_result
from tournaments.services.results.input import stored_game, table_snapshot, write_games
from tournaments.services.results.match import (
    MatchSoFar,
    game_input,
    match_rules,
    match_with_game,
)
from tournaments.services.table_actions import director_set_blocker
from tournaments.words.matches import match_problem_text

GAMES_SO_FAR = "result_games_so_far"
GAME_REMOVED = "result_game_removed"


def _refuse(code: str, **data: Any) -> ServiceError:
    problem = {"code": code, **data}
    message = match_problem_text(problem)
    return ServiceError(
        message, code=code, problems=[{**problem, "message": message, "field": "games",
                                       "players": []}],
    )  # fmt: skip


def games_so_far(table: Table, games: Sequence[Mapping[str, Any]]) -> MatchSoFar | None:
    """The match after ``games`` (the staff's, who may count a tie), read one game at a
    time; refused, with the game and the reason, as a record's game would be. None for
    no games."""
    if not match_rules(table).is_match:
        raise _refuse("not_a_match")
    so_far = None
    done: list[MatchGame] = []
    for given in games:
        so_far = match_with_game(table, done, given, may_decide=True)
        done = list(so_far.games)
    return so_far


def same_as_stored(table: Table, games: Sequence[Mapping[str, Any]]) -> bool:
    """Whether ``games`` are the games the table holds (a grid row typed as stored)."""
    try:
        so_far = games_so_far(table, games)
    except ServiceError:
        return False
    typed = list(so_far.games) if so_far is not None else []
    stored = [stored_game(g) for g in table.games.all()]
    if len(typed) != len(stored):
        return False
    return all(a.same_result(b) for a, b in zip(typed, stored, strict=True))


def games_without(
    table: Table, number: int, games: Sequence[Mapping[str, Any]] | None = None
) -> list[Mapping[str, Any]]:
    """The match's games (``games`` as typed, else those stored) without game ``number``."""
    if not match_rules(table).is_match:
        raise _refuse("not_a_match")
    given = list(games) if games else [game_input(stored_game(g)) for g in table.games.all()]
    if not 1 <= number <= len(given):
        raise _refuse("no_such_game", game=number)
    return [g for n, g in enumerate(given, start=1) if n != number]


def _decides(so_far: MatchSoFar | None) -> bool:
    return so_far is not None and so_far.winner is not None


@retry_on_conflict
@transaction.atomic
def director_set_games(
    user: AnyUser,
    table: Table | int,
    games: Sequence[Mapping[str, Any]],
    *,
    version: int | None = None,
    note: str = "",
    audit_action: str = GAMES_SO_FAR,
) -> Table:
    """The staff enter a match's games as they stand: its result when they decide it,
    else the games played so far (the table's result pending). A table that had a result
    has it taken back first, where a result may be taken back (void_blocker)."""
    table = lock_table(table)
    blocker = director_set_blocker(user, table, version)
    if blocker is not None:
        raise blocker
    so_far = games_so_far(table, games)
    if _decides(so_far):
        return director_set_result(user, table, games=list(games), version=version, note=note)
    if table.status != Table.Status.PENDING:
        void_result(user, table, note=note, version=version)
        table = lock_table(table.pk)
    before = table_snapshot(table)
    had_games = table.games.exists()
    write_games(table, so_far.games if so_far is not None else ())
    table.version += 1
    table.save(update_fields=["version"])
    action = ResultChange.Action.CORRECTION if had_games else ResultChange.Action.DIRECTOR
    log_change(table, action, user, before, note=note, audit_action=audit_action)
    return table


@retry_on_conflict
@transaction.atomic
def remove_match_game(
    user: AnyUser,
    table: Table | int,
    number: int,
    *,
    games: Sequence[Mapping[str, Any]] | None = None,
    version: int | None = None,
    note: str = "",
) -> Table:
    """Take game ``number`` out of a match (of the games stored, or of ``games`` as typed
    on the grid), the others kept in their order: the match as it then stands."""
    table = lock_table(table)
    blocker = director_set_blocker(user, table, version)
    if blocker is not None:
        raise blocker
    rest = games_without(table, number, games)
    return director_set_games(
        user, table, rest, version=version, note=note, audit_action=GAME_REMOVED
    )


def director_enter_result(
    user: AnyUser,
    table: Table,
    *,
    games: Sequence[Mapping[str, Any]] | None = None,
    note: str = "",
    version: int | None = None,
    **result: Any,
) -> Table:
    """The staff's result form of one table (its page or the API), read as the results
    grid reads a row: a match's games as they stand (kept while they do not decide it,
    the table's result then pending), any other table's result as entered."""
    if games and match_rules(table).is_match:
        return director_set_games(user, table, games, version=version, note=note)
    return director_set_result(
        user,
        table,
        games=list(games) if games is not None else None,
        note=note,
        version=version,
        **result,
    )
