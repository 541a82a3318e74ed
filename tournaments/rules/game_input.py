"""The rules engine's input for one table, built from plain values.

The one builder of a table's ``GameResult``: the tournaments services (reporting,
confirming, ``game_result_for_table``) and the ratings ledger (live and in a replay,
where players are renamed to their seat numbers) all call ``engine_input``, so a
result can never be scored one way when reported and another way when rated.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules_engine import GameResult
from rules_engine import Seat as EngineSeat


def engine_input(
    *,
    game: str,
    multiplayer: bool,
    round_number: int,
    seats: Iterable[tuple[str, int | None]],
    outcome: str,
    winner: str | None,
    time_called: bool,
) -> GameResult:
    """``seats`` are (player id, MPs) in seating order; ``winner`` a player id or None."""
    return GameResult(
        game=game,
        seats=tuple(EngineSeat(player, mps) for player, mps in seats),
        round_number=round_number,
        multiplayer=multiplayer,
        outcome=outcome,
        winner=winner,
        time_called=time_called,
    )
