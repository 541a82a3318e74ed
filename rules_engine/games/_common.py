"""Checks the game modules compose (imports only the plain types, so game
modules can be discovered without a circular import)."""

from __future__ import annotations

from typing import TypeGuard

from rules_engine.games.base import GameSystem
from rules_engine.types import GameResult, PlayerList, PlayerRef, Problem, Seat, SeatRef
from rules_engine.words import gettext_noop


def is_whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def seat_ref(index: int, seat: Seat) -> SeatRef:
    """The seat as a problem names it: "Seat 2 (player)", or "Seat 2" without a player."""
    player = getattr(seat, "player", None)
    if isinstance(player, str) and player.strip():
        return SeatRef(index, PlayerRef(player))
    return SeatRef(index)


def effective_winner(result: GameResult) -> str | None:
    return result.winner if result.winner is not None else result.one_ring


def decided_winner(result: GameResult) -> str:
    """The winner of a game whose outcome needs one (the checks have refused it otherwise)."""
    winner = effective_winner(result)
    if winner is None:
        raise ValueError("a game with this outcome is scored only once it has a winner")
    return winner


def require_scores(result: GameResult, game: GameSystem) -> list[Problem]:
    return [
        Problem.about(
            "mps_missing",
            gettext_noop("{seat}: {unit} missing; a {game} game is scored by {unit}."),
            f"seats[{i - 1}].mps",
            seat=seat_ref(i, s),
            unit=game.score_label,
            game=game.name,
        )
        for i, s in enumerate(result.seats, start=1)
        if s.mps is None
    ]


def forbid_scores(result: GameResult, game: GameSystem, why: str) -> list[Problem]:
    return [
        Problem.about(
            "mps_not_allowed",
            gettext_noop("{seat} has {mps!r} {unit}: {why}"),
            f"seats[{i - 1}].mps",
            seat=seat_ref(i, s),
            mps=s.mps,
            unit=game.score_label or gettext_noop("MPs"),
            why=why,
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
    mps = {s.player: s.mps for s in result.seats if s.mps is not None}
    claimed = mps[result.winner]
    top = max(mps.values())
    leaders = [p for p, m in mps.items() if m == top]
    if claimed < top:
        return [
            Problem.about(
                "winner_fewer_mps",
                # The spec after "leaders:" is the separator, then what follows each name.
                gettext_noop(
                    "{winner!r} is reported as the winner but has {claimed} {unit}, "
                    "fewer than {leaders:, |'s {top}}: the winner is the player with the most "
                    "{unit}."
                ),
                "winner",
                winner=PlayerRef(result.winner),
                claimed=claimed,
                unit=unit,
                leaders=PlayerList(tuple(PlayerRef(p) for p in leaders)),
                top=top,
            )
        ]
    if len(leaders) > 1:
        if len(leaders) == len(mps):
            consequence = gettext_noop("a tie has no winner (3 points each)")
        else:
            consequence = gettext_noop(
                "leave the winner empty: each player tied for the win scores as winner"
            )
        return [
            Problem.about(
                "winner_tied",
                gettext_noop(
                    "{winner!r} is reported as the winner but {leaders: and } are tied on {top} "
                    "{unit}: {consequence}."
                ),
                "winner",
                winner=PlayerRef(result.winner),
                leaders=PlayerList(tuple(PlayerRef(p) for p in leaders)),
                top=top,
                unit=unit,
                consequence=consequence,
            )
        ]
    return []


def require_winner(result: GameResult, why: str) -> list[Problem]:
    if effective_winner(result) is None:
        # ``why`` is a whole sentence marked by the game module: it is the template.
        return [Problem.about("winner_required", why, "winner")]
    return []


def forbid_winner(result: GameResult, why: str) -> list[Problem]:
    if effective_winner(result) is not None:
        return [
            Problem.about(
                "winner_not_allowed",
                gettext_noop("{winner!r} is reported as the winner but {why}"),
                "winner",
                winner=PlayerRef(effective_winner(result)),
                why=why,
            )
        ]
    return []
