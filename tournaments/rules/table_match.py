"""A table's match of best of N at a Swiss or round-robin stage, as pure functions
(RULES.md §8: "a match of best of N games: the match winner is the first to win more
than half; each game scored by its game's own rules"; "a tied game is replayed or
decided as the stage sets"; PC Worlds: "the loser of each game chooses the format of
the following game").

Who wins each game is the game's own rules' answer (rules_engine.score_game); here the
games, in the order they were played, become the match.

**Reading (a match in the standings):** the stage's scoring counts the *match*, not its
games, so that a round is worth the same whatever its length and a bye (RULES.md §2:
6 / 5 / 4 by round) stays comparable. Where the game's table is points-based (METW,
LoRE, the Dice game: RULES.md §2's ratio table), the match is scored by that same
table as one game whose score is the games won: 2–0, 2–1, 3–0 and 3–1 are a ratio of
2 or more (6–0), 3–2 is a ratio of 1.5 (5–1). Where the game's table is win/loss (the
LOTR TCG: RULES.md §2 Reading, win 1 / loss 0), the match winner has the win. Every
game is still rated on its own (RULES.md §6, §8: "every game is rated like any other
game of a sanctioned event").

**Reading (formats):** with the loser choosing, game 1 is in the round's format and
each later game in the format its chooser named; a replay is in the tied game's format.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.rules import best_of as bo

REPLAY, DIRECTOR = bo.REPLAY, bo.DIRECTOR
TIE_RULES = (REPLAY, DIRECTOR)
# A match of N games with its replays: more games than this in one report is a mistake.
MAX_GAMES = 15


@dataclass(frozen=True)
class MatchRules:
    best_of: int = 1
    tie: str = REPLAY
    loser_chooses: bool = False

    @property
    def is_match(self) -> bool:
        return self.best_of > 1


@dataclass(frozen=True)
class MatchReading:
    """The match after its games: games won per player, its winner, or why the games
    cannot be the match's (a code with data, words in tournaments.words.matches)."""

    wins: dict[str, int]
    winner: str | None
    problem: dict[str, int | str] | None = None


def progress(rules: MatchRules, players: tuple[str, str], games: list[bo.Game]) -> MatchReading:
    """The match so far, its games read one at a time (a server's record is one game):
    refused when a game comes after the match was decided, or after a tie that still
    waits for the director; the last game may be such a tie, and the games need not
    decide the match yet."""
    wins = dict.fromkeys(players, 0)
    if len(games) > MAX_GAMES:
        return MatchReading(wins, None, {"code": "too_many_games", "max": MAX_GAMES})
    for number in range(1, len(games) + 1):
        before = bo.state(rules.best_of, players, games[: number - 1], rules.tie)
        if before.winner is not None:
            return MatchReading(before.wins, before.winner, {"code": "after_decided",
                                                             "game": number})  # fmt: skip
        if before.awaiting_director:
            return MatchReading(before.wins, None, {"code": "tie_for_director",
                                                    "game": number - 1})  # fmt: skip
    state = bo.state(rules.best_of, players, games, rules.tie)
    return MatchReading(state.wins, state.winner)


def read_match(rules: MatchRules, players: tuple[str, str], games: list[bo.Game]) -> MatchReading:
    """The match of ``games``: refused when a game comes after the match was decided, when
    a tie waits for the director, or when the games do not decide it yet."""
    if not games:
        return MatchReading(dict.fromkeys(players, 0), None, {"code": "no_games"})
    reading = progress(rules, players, games)
    if reading.problem is not None:
        return reading
    if games[-1].counts_for is None and rules.tie == DIRECTOR:
        return MatchReading(reading.wins, None, {"code": "tie_for_director",
                                                 "game": len(games)})  # fmt: skip
    if reading.winner is None:
        need = bo.wins_needed(rules.best_of)
        return MatchReading(reading.wins, None, {"code": "undecided", "need": need})
    return reading


def match_scores(
    wins: dict[str, int], winner: str, uses_mps: bool
) -> tuple[dict[str, int | None], str | None]:
    """The match as one game for the game's own table (the Reading above): the games won
    as its score where the table is points-based, else the match winner as its winner."""
    if uses_mps:
        return dict(wins), None
    return dict.fromkeys(wins), winner


def chooser(players: tuple[str, str], games: list[bo.Game]) -> str | None:
    """Who chooses the next game's format when the loser of each game does (None before
    the first game counted)."""
    return bo.chooser(players, games)


def game_formats(
    rules: MatchRules, players: tuple[str, str], games: list[bo.Game], wanted: list[str], fixed: str
) -> list[tuple[str, str | None]]:
    """The format of each game and who chose it: the round's ``fixed`` format, unless the
    loser chooses (then game 1 is in ``fixed``, a replay in the tied game's format, and
    every other game in the format its chooser named in ``wanted``)."""
    out: list[tuple[str, str | None]] = []
    for i in range(len(games)):
        if not rules.loser_chooses or i == 0:
            out.append((fixed, None))
            continue
        if games[i - 1].counts_for is None:
            out.append(out[-1])  # a replay of the tied game, chosen as it was
            continue
        named = wanted[i] if i < len(wanted) else ""
        out.append((named or fixed, bo.chooser(players, games[:i])))
    return out


@dataclass(frozen=True)
class MatchGame:
    """One game of a table's match as reported and scored: the score per seat
    (registration id), the end and named winner as reported, the winner its game's rules
    gave (``won_by``; None for a tie), the player a tie the director settled counts for,
    its tournament points by the game's own table, and its format and chooser."""

    number: int
    mps: dict[int, int | None]
    outcome: str = "normal"
    winner: int | None = None
    won_by: int | None = None
    decided_for: int | None = None
    time_called: bool = False
    council: dict[str, object] | None = None
    points: dict[int, int] | None = None
    band: str = ""
    format_key: str = ""
    chosen_by: int | None = None

    def as_json(self) -> dict[str, object]:
        return {
            "number": self.number,
            "mps": {str(k): v for k, v in sorted(self.mps.items())},
            "outcome": self.outcome,
            "winner": self.winner,
            "won_by": self.won_by,
            "decided_for": self.decided_for,
            "time_called": self.time_called,
            "council": self.council,
            "points": {str(k): v for k, v in sorted((self.points or {}).items())},
            "band": self.band,
            "format": self.format_key,
            "chosen_by": self.chosen_by,
        }

    def same_result(self, other: MatchGame) -> bool:
        keys = ("mps", "outcome", "winner", "decided_for", "time_called", "format_key")
        return all(getattr(self, k) == getattr(other, k) for k in keys)
