"""A player's report of a table's match of best of N (RULES.md §8) while it is played:
the games played so far, kept on the table while the match is undecided, as the staff's
form keeps them (services.results.match_so_far) and a server's records do
(services.records.match_games).

Who may change what, kept simple and safe:

- Either player at the table reports the games played so far, and either adds the next
  game(s) later, each time on the same report: the games already kept, as kept, then the
  new ones. Nothing else is checked for the kept games: they were read when kept.
- No player changes or takes out a game already kept, his own included: only the staff
  do (the table's form and the results grid). A player who thinks a kept game is wrong
  asks the director; the refusal says so, at that game.
- The games so far are nobody's result: the table stays pending, nothing is confirmed,
  nobody's report stands, the standings do not change. The report whose games decide the
  match is the normal report of the whole match (services.results.flow.report_result),
  for the other player to confirm or dispute; it too starts with the games kept, so the
  opponent confirms games he has seen all along.
- A tie the stage leaves to the director may be kept as the last game; the match then
  waits for the director to count it (a player does not).
- The same games sent again (a page sent twice, a retried request) change nothing. Two
  reports at once are one after the other (the table is locked): the second starts from
  the games the first kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.errors import ServiceError
from tournaments.models import Table
from tournaments.rules.table_match import MatchGame
from tournaments.services.results.input import stored_game
from tournaments.services.results.match import MatchSoFar, match_rules, match_with_game
from tournaments.words.matches import match_problem_text

# The note of the table's history and the audit trail (tournaments.words.audit_notes).
GAMES_SO_FAR_NOTE = "games played so far"
PLAYER_GAMES_SO_FAR = "result_games_so_far_reported"


def _refuse(code: str, game: int) -> ServiceError:
    problem = {"code": code, "game": game}
    message = match_problem_text(problem)
    return ServiceError(
        message, code=code, problems=[{**problem, "message": message, "field": "games",
                                       "players": []}],
    )  # fmt: skip


def _as_kept(given: Mapping[str, Any], kept: MatchGame) -> Mapping[str, Any]:
    """A kept game as the player sent it again: a tie the director counted stays counted
    (the player's form has no field for it; the director's count is not the player's)."""
    if given.get("counts_for") in (None, "") and kept.decided_for is not None:
        return {**given, "counts_for": kept.decided_for}
    return given


def players_match(
    table: Table, games: Sequence[Mapping[str, Any]] | None
) -> tuple[MatchSoFar, int] | None:
    """A player's ``games`` at a table whose match is in progress (best of N, no result
    reported yet), read one game at a time: the match they make (decided or not) and
    how many games the table kept before. None where a report is read as a whole: a
    table of one game, a table with a report standing, no games at all.

    Refused, at that game, when the games leave out or change a game kept."""
    if not games or table.status != Table.Status.PENDING or not match_rules(table).is_match:
        return None
    kept = [stored_game(g) for g in table.games.all()]
    if len(games) < len(kept):
        raise _refuse("kept_game_missing", len(games) + 1)
    so_far: MatchSoFar | None = None
    done: list[MatchGame] = []
    for number, given in enumerate(games, start=1):
        if number > len(kept):
            so_far = match_with_game(table, done, given, may_decide=False)
        elif not isinstance(given, Mapping):
            raise _refuse("kept_game_changed", number)
        else:
            # Read as kept (the staff's reading may count a tie), then compared.
            before = kept[number - 1]
            so_far = match_with_game(table, done, _as_kept(given, before), may_decide=True)
            if not so_far.games[-1].same_result(before):
                raise _refuse("kept_game_changed", number)
        done = list(so_far.games)
    assert so_far is not None  # games is not empty
    return so_far, len(kept)
