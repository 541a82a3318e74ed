"""The order players are listed in when nothing else orders them."""

from __future__ import annotations


def id_order(player: str) -> tuple[int, int, str]:
    """Players in a shared rank are listed by id, numeric ids by number ("9" before "10"),
    so the order follows registration order and survives an export and re-import."""
    return (0, int(player), "") if player.isdigit() else (1, 0, player)
