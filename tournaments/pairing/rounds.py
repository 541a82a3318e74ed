"""How many rounds an event runs (000 Part VI §3 rounds table, "Multi-player tournaments")."""

from __future__ import annotations


def rounds_for_players(n: int, multiplayer: bool = False) -> int:
    """Rounds for `n` players.

    000 Part VI §3: "the same number of rounds that a single-elimination tournament would
    run": 5–8 players 3, 9–16 4, 17–32 5, 33–64 6, which is ⌈log₂ n⌉ and continues so
    beyond the table. The table starts at 5 (the sanctioning minimum); for 2–4 players the
    same single-elimination reading gives ⌈log₂ n⌉ (2 → 1, 3–4 → 2), and never fewer than 1.
    Multi-player events run half as many, rounded up ("Multi-player tournaments").
    """
    if n < 0:
        raise ValueError("the number of players cannot be negative")
    rounds = max(1, (n - 1).bit_length()) if n > 1 else 1  # (n-1).bit_length() == ⌈log₂ n⌉
    if multiplayer:
        rounds = (rounds + 1) // 2
    return rounds
