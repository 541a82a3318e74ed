"""A server record at a table that plays a match of best of N (RULES.md §8): one record is
one game, the next one of the match. The games read so far are kept on the table while
the match is undecided (its result is still pending); the record that decides the match
reports the whole match, as a player's report for his opponent to confirm, or the
staff's entry. The same final record read by the opponent confirms it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.types import AnyUser
from tournaments import extensions
from tournaments.models import ServerRecord, Table
from tournaments.services.records.fetch import refuse
from tournaments.services.results.flow import director_set_result, report_result
from tournaments.services.results.input import stored_game, write_games
from tournaments.services.results.match import (
    MatchSoFar,
    game_input,
    match_rules,
    match_with_game,
)


def plays_a_match(table: Table) -> bool:
    return match_rules(table).is_match


def format_key(table: Table, name: str) -> str:
    """The event's format a record names (GEMP writes "PC-Fellowship" for the key
    ``pc-fellowship``); "" when none of the event's formats is that one."""
    wanted = "-".join(name.casefold().split())
    for key, label in extensions.format_choices(table.round.event.game):
        if wanted in (key.casefold(), "-".join(str(label).casefold().split())):
            return key
    return ""


def _read_before(table: Table, digest: str, games: int) -> int | None:
    """The game of this match the record was already read as (None: not read)."""
    for reading in ServerRecord.objects.filter(table=table, digest=digest).values_list(
        "reading", flat=True
    ):
        number = (reading or {}).get("game")
        if isinstance(number, int) and number <= games:
            return number
    return None


def _confirm_or_refuse(user: AnyUser, table: Table, digest: str, seated: bool) -> MatchSoFar:
    """A table whose match already has its result: the opponent's reading of the record
    that decided it confirms the report; anything else is refused."""
    done = [stored_game(g) for g in table.games.all()]
    last = _read_before(table, digest, len(done))
    if not (seated and table.status == Table.Status.REPORTED and last == len(done) and done):
        raise refuse("record_match_has_result")
    again: list[Mapping[str, Any]] = [game_input(g) for g in done]
    report_result(user, table, games=again)
    wins: dict[int, int] = {int(s.registration_id): 0 for s in table.seats.all()}
    for g in done:
        counted = g.won_by if g.won_by is not None else g.decided_for
        if counted is not None:
            wins[counted] = wins.get(counted, 0) + 1
    winner = table.winner_id or max(wins, key=lambda k: wins[k])
    return MatchSoFar(match_rules(table).best_of, tuple(done), wins, winner)


def record_game(
    user: AnyUser, table: Table, report: dict[str, Any], digest: str, *, seated: bool,
    record_format: str = "",
) -> MatchSoFar:  # fmt: skip
    """The record's game (``report``, a one-game result) as the next game of the table's
    match; the match reported or entered once this game decides it."""
    if table.status != Table.Status.PENDING:
        return _confirm_or_refuse(user, table, digest, seated)
    done = [stored_game(g) for g in table.games.all()]
    before = _read_before(table, digest, len(done))
    if before is not None:
        raise refuse("record_game_read", game=before)
    given = {**report, "format": format_key(table, record_format) if record_format else ""}
    so_far = match_with_game(table, done, given, may_decide=not seated)
    if so_far.winner is None:
        write_games(table, so_far.games)
        table.version += 1
        table.save(update_fields=["version"])
        return so_far
    games: list[Mapping[str, Any]] = [game_input(g) for g in so_far.games]
    if seated:
        report_result(user, table, games=games)
    else:
        director_set_result(user, table, games=games)
    return so_far
