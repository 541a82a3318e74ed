"""The rating formula of 000 Part VI §3 "Ratings", as pure functions.

Rulebook text, read line by line:

* "Each player starts with 150 points."  → ``START_RATING``.
* "the winner gains rating points equal to his tournament points for the game,
  and the loser of the game loses an equal number" → both move by the *winner's*
  tournament points (``RatedGame.points`` already carries them, also for the
  multi-player readings of RULES.md §6).
* "For every ten points your opponent's rating is higher than yours, you gain an
  extra point for winning and lose one less point for losing. For every ten
  points your opponent's rating is lower than yours, you gain one less point for
  winning, and lose an extra point for losing." → ``modification``: +1 per *full*
  10 points the opponent is above you, −1 per full 10 below (floor of |diff| / 10).
* "Each win can gain you no more than ten points, but no less than one.
  Likewise, each loss can lose you no more than ten points, but no less than
  one." → the clamp 1..10 on the gain of a win and on the cost of a loss.
* "Points are not given or lost based on tournament points for draws, only
  modifications for rating differences." → a draw moves by the modification
  alone; RULES.md §6 Reading: not clamped.
* "the winner of the tournament gains one extra rating point for each game he
  played in that tournament" → ``winner_bonus``; "Only played games are rated"
  → byes never reach this module.
* RULES.md §6 Reading: every game of a round is rated from the ratings held at
  the start of that round → ``rate_round`` and ``replay`` compute every change of
  a round first and apply them afterwards, so entry order never matters.

The opponent of a multi-player rating is the *mean* rating of
``RatedGame.opponents`` (for two players: the one opponent). The full-ten count
is taken exactly, with integers, so a mean like 163.33 never suffers float
rounding at a boundary.

The hot functions (``replay``, ``replay_pairs``) work on ints and tuples and
allocate nothing per game, so a million games replay in a few seconds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

START_RATING = 150
MIN_CHANGE = 1
MAX_CHANGE = 10
WIN, LOSS, DRAW = "win", "loss", "draw"
# Integer result codes for the tuple-based replay.
R_WIN, R_LOSS, R_DRAW = 1, -1, 0
RESULT_CODES = {WIN: R_WIN, LOSS: R_LOSS, DRAW: R_DRAW}


class RatedGameLike(Protocol):
    """rules_engine.RatedGame, structurally (kept a Protocol so this module has no imports)."""

    player: str
    opponents: tuple[str, ...]
    result: str
    points: int


def modification(own: int, opponent: float) -> int:
    """+1 for every full 10 points the opponent is above ``own``, −1 for every
    full 10 below (000 Part VI §3 Ratings)."""
    diff = opponent - own
    steps = int(abs(diff) // 10)
    return steps if diff > 0 else -steps


def _modification_exact(own: int, opponents_total: int, count: int) -> int:
    # Mean = total / count; full tens of |mean - own| == |total - count*own| // (10*count).
    num = opponents_total - count * own
    if num >= 0:
        return num // (10 * count)
    return -((-num) // (10 * count))


def _apply(result: str, points: int, mod: int) -> int:
    if result == WIN:
        gain = points + mod
        return MIN_CHANGE if gain < MIN_CHANGE else (MAX_CHANGE if gain > MAX_CHANGE else gain)
    if result == LOSS:
        # The loser's modification has the same sign convention: an opponent above
        # him (mod > 0) makes the loss cost one less per full ten.
        cost = points - mod
        return -(MIN_CHANGE if cost < MIN_CHANGE else (MAX_CHANGE if cost > MAX_CHANGE else cost))
    if result == DRAW:
        return mod
    raise ValueError(f"unknown result {result!r}: expected 'win', 'loss' or 'draw'")


def rating_change(own: int, opponent: float, result: str, points: int) -> int:
    """The change of one player's rating for one game (000 Part VI §3 Ratings).

    ``opponent`` is the opponent's rating (the mean of the opponents' ratings in
    a multi-player game), ``points`` the winner's tournament points for the game.
    """
    if points < 0:
        raise ValueError("tournament points cannot be negative")
    return _apply(result, points, modification(own, opponent))


def change_against(own: int, opponents: Sequence[int], result: str, points: int) -> int:
    """``rating_change`` against the mean of ``opponents`` (their ratings), with the
    full tens of the difference counted exactly in integers."""
    if not opponents:
        raise ValueError("a rated game needs at least one opponent")
    if points < 0:
        raise ValueError("tournament points cannot be negative")
    return _apply(result, points, _modification_exact(own, sum(opponents), len(opponents)))


def winner_bonus(games_played: int) -> int:
    """The tournament winner's extra points: one per game played (byes are not games)."""
    if games_played < 0:
        raise ValueError("games played cannot be negative")
    return games_played


def _game_change(ratings: Mapping[str, int], game: RatedGameLike) -> tuple[int, int]:
    own = ratings.get(game.player, START_RATING)
    if not game.opponents:
        raise ValueError(f"rated game of {game.player!r} has no opponents")
    total = 0
    for opponent in game.opponents:
        total += ratings.get(opponent, START_RATING)
    mod = _modification_exact(own, total, len(game.opponents))
    if game.points < 0:
        raise ValueError("tournament points cannot be negative")
    return own, _apply(game.result, game.points, mod)


def rate_games(ratings: Mapping[str, int], games: Iterable[RatedGameLike]) -> list[int]:
    """The change of every rated game of one round, in input order, each computed
    from ``ratings`` (the start-of-round ratings; absent players are at 150)."""
    return [_game_change(ratings, game)[1] for game in games]


def rate_round(ratings: Mapping[str, int], games: Iterable[RatedGameLike]) -> dict[str, int]:
    """The change per player for one round, all from start-of-round ratings.

    A player appearing twice (never in a Swiss round, but the function does not
    forbid it) gets the sum of his changes, each still from the start of round.
    """
    changes: dict[str, int] = {}
    for game in games:
        changes[game.player] = changes.get(game.player, 0) + _game_change(ratings, game)[1]
    return changes


# --- Tuple-based replay: the hot path for full replays and the benchmark -------

RatedTuple = tuple[int, tuple[int, ...], int, int]  # (player, opponents, result code, points)


def replay(
    rounds: Iterable[Sequence[RatedTuple]],
    ratings: list[int],
    changes_out: list[int] | None = None,
) -> list[int]:
    """Replay rounds of rated games on ``ratings`` (indexed by player number) in place.

    Each round is a sequence of ``(player, opponents, result_code, points)`` with
    result codes ``R_WIN``/``R_LOSS``/``R_DRAW``; every change of a round is
    computed from the ratings at its start. When ``changes_out`` is given, the
    change of every rated game is appended to it in input order (for a ledger).
    """
    lo, hi = MIN_CHANGE, MAX_CHANGE
    record = changes_out.append if changes_out is not None else None
    for games in rounds:
        deltas: list[int] = []
        push = deltas.append
        for player, opponents, code, points in games:
            own = ratings[player]
            if len(opponents) == 1:
                num = ratings[opponents[0]] - own
                mod = num // 10 if num >= 0 else -((-num) // 10)
            else:
                count = len(opponents)
                num = sum([ratings[o] for o in opponents]) - count * own
                mod = num // (10 * count) if num >= 0 else -((-num) // (10 * count))
            if code == 1:
                c = points + mod
                c = lo if c < lo else (hi if c > hi else c)
            elif code == -1:
                c = points - mod
                c = -(lo if c < lo else (hi if c > hi else c))
            else:
                c = mod
            push(c)
        for game, delta in zip(games, deltas, strict=True):
            ratings[game[0]] += delta
        if record is not None:
            changes_out.extend(deltas)  # type: ignore[union-attr]
    return ratings


def replay_pairs(
    rounds: Iterable[Sequence[tuple[int, int, int, int]]], ratings: list[int]
) -> list[int]:
    """Two-player games only: each round is a sequence of ``(winner, loser, points,
    draw)`` (for a draw the first two are just the two players, ``draw`` = 1).

    In a two-player game the loser's modification is the winner's negated, so the
    winner's clamped gain is exactly the loser's clamped cost: one computation
    per game instead of two.
    """
    lo, hi = MIN_CHANGE, MAX_CHANGE
    for games in rounds:
        deltas: list[int] = []
        push = deltas.append
        for winner, loser, points, draw in games:
            num = ratings[loser] - ratings[winner]
            mod = num // 10 if num >= 0 else -((-num) // 10)
            if draw:
                push(mod)
            else:
                c = points + mod
                push(lo if c < lo else (hi if c > hi else c))
        for game, delta in zip(games, deltas, strict=True):
            ratings[game[0]] += delta
            ratings[game[1]] -= delta
    return ratings
