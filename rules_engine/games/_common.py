"""Checks the game modules compose (imports only the plain types, so game
modules can be discovered without a circular import)."""

from __future__ import annotations

from rules_engine.games.base import GameSystem
from rules_engine.types import GameResult, Problem, Seat


def is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def seat_name(index: int, seat: Seat) -> str:
    player = getattr(seat, "player", None)
    if isinstance(player, str) and player.strip():
        return f"Seat {index} ({player})"
    return f"Seat {index}"


def effective_winner(result: GameResult) -> str | None:
    return result.winner if result.winner is not None else result.one_ring


def require_scores(result: GameResult, game: GameSystem) -> list[Problem]:
    return [
        Problem(
            "mps_missing",
            f"{seat_name(i, s)}: {game.score_label} missing; a {game.name} game is scored "
            f"by {game.score_label}.",
            f"seats[{i - 1}].mps",
        )
        for i, s in enumerate(result.seats, start=1)
        if s.mps is None
    ]


def forbid_scores(result: GameResult, game: GameSystem, why: str) -> list[Problem]:
    return [
        Problem(
            "mps_not_allowed",
            f"{seat_name(i, s)} has {s.mps!r} {game.score_label or 'MPs'}: {why}",
            f"seats[{i - 1}].mps",
        )
        for i, s in enumerate(result.seats, start=1)
        if s.mps is not None
    ]


def winner_has_most(result: GameResult, game: GameSystem) -> list[Problem]:
    """RULES.md §2 Reading: the winner is the player with more MPs; a reported
    winner with fewer (or only equal) MPs is refused."""
    if result.winner is None or any(s.mps is None for s in result.seats):
        return []
    unit = game.score_label
    mps = {s.player: s.mps for s in result.seats}
    claimed = mps[result.winner]
    top = max(mps.values())  # type: ignore[type-var]
    leaders = [p for p, m in mps.items() if m == top]
    if claimed < top:  # type: ignore[operator]
        best = ", ".join(f"{p}'s {top}" for p in leaders)
        return [
            Problem(
                "winner_fewer_mps",
                f"{result.winner!r} is reported as the winner but has {claimed} {unit}, "
                f"fewer than {best}: the winner is the player with the most {unit}.",
                "winner",
            )
        ]
    if len(leaders) > 1:
        tied = " and ".join(leaders)
        if len(leaders) == len(mps):
            consequence = "a tie has no winner (3 points each)"
        else:
            consequence = "leave the winner empty: each player tied for the win scores as winner"
        return [
            Problem(
                "winner_tied",
                f"{result.winner!r} is reported as the winner but {tied} are tied on {top} "
                f"{unit}: {consequence}.",
                "winner",
            )
        ]
    return []


def require_winner(result: GameResult, why: str) -> list[Problem]:
    if effective_winner(result) is None:
        return [Problem("winner_required", why, "winner")]
    return []


def forbid_winner(result: GameResult, why: str) -> list[Problem]:
    if effective_winner(result) is not None:
        return [
            Problem(
                "winner_not_allowed",
                f"{effective_winner(result)!r} is reported as the winner but {why}",
                "winner",
            )
        ]
    return []
