"""A match of best of N games as pure functions (RULES.md §8: "a match of best of N
games: the match winner is the first to win more than half; each game scored by its
game's own rules"; PC Worlds: "the loser of each game chooses the format of the
following game").

Who wins one game is not decided here: the game's own rules decide it
(rules_engine.score_game). A tied game is replayed (it does not count towards the N) or
left for the director, who names the player it counts for, as the event sets. A match of
one game is the playoff game as it always was.

**Readings:** a replayed game is played in the format of the game it replays, chosen by
the same player; when the loser chooses, the first game is in the event's set format.
"""

from __future__ import annotations

from dataclasses import dataclass

BEST_OF = (1, 3, 5, 7)
REPLAY, DIRECTOR = "replay", "director"


def wins_needed(best_of: int) -> int:
    """More than half of the N games."""
    if best_of not in BEST_OF:
        raise ValueError(f"a match is best of 1, 3, 5 or 7 games, not {best_of}")
    return best_of // 2 + 1


@dataclass(frozen=True)
class Game:
    """One game as played: its winner (None: tied) and, for a tie the director settled,
    the player it counts for."""

    winner: str | None
    decided_for: str | None = None

    @property
    def counts_for(self) -> str | None:
        return self.winner or self.decided_for


@dataclass(frozen=True)
class State:
    wins: dict[str, int]
    winner: str | None
    # A tied game waits for the director (only when the event leaves ties to him).
    awaiting_director: bool
    # The number the next game gets (1 for the first).
    next_game: int


def state(best_of: int, players: tuple[str, str], games: list[Game], tie_rule: str) -> State:
    """Where the match stands after its games, in the order they were played."""
    need = wins_needed(best_of)
    wins = dict.fromkeys(players, 0)
    winner: str | None = None
    awaiting = False
    for game in games:
        if winner is not None:
            raise ValueError("a game after the match was decided")
        if game.winner is not None and game.winner not in wins:
            raise ValueError("a game won by a player outside the match")
        counted = game.counts_for
        awaiting = counted is None and tie_rule == DIRECTOR
        if counted is None:
            continue  # a tie: replayed, or waiting for the director
        wins[counted] += 1
        if wins[counted] >= need:
            winner = counted
    return State(wins, winner, awaiting, len(games) + 1)


def loser_of(counted: str, players: tuple[str, str]) -> str:
    return players[1] if counted == players[0] else players[0]


def chooser(players: tuple[str, str], games: list[Game]) -> str | None:
    """Who chooses the next game's format when the loser of each game does: the loser of
    the last game that counted; after a replayed tie, the same player as before. None
    while no game has counted: the first game is in the set format."""
    for game in reversed(games):
        counted = game.counts_for
        if counted is not None:
            return loser_of(counted, players)
    return None


def replayed_format(games: list[Game], formats: list[str]) -> str | None:
    """The format a replay is played in: the tied game's, when the last game was a tie
    that is replayed (``formats`` are the played games' formats, in order)."""
    if games and games[-1].counts_for is None and formats:
        return formats[-1]
    return None
