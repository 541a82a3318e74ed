"""A player's rating history, read from the ledger: every rated game and bonus, per
game system, oldest first (the player's ratings page and the API)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from ratings.models import PlayerRating, RatingEntry
from tournaments.models import GameSystem, Player


@dataclass
class GameHistory:
    game: str
    label: str
    rating: int
    peak: int
    games: int
    entries: list[RatingEntry]

    @property
    def series(self) -> list[int]:
        if not self.entries:
            return []
        return [self.entries[0].before, *(e.after for e in self.entries)]


def player_history(player: Player) -> list[GameHistory]:
    """Every rated game of a player, per game system, oldest first."""
    entries = list(
        RatingEntry.objects.filter(player=player)
        .select_related("event")
        .order_by("game", "step", "id")
    )
    opponent_ids = {o["player"] for e in entries for o in e.opponents if isinstance(o, dict)}
    names: dict[Any, str] = dict(
        Player.objects.filter(pk__in=opponent_ids).values_list("pk", "display_name")
    )
    for entry in entries:
        entry.opponent_names = [  # type: ignore[attr-defined]
            names.get(o.get("player"), "?") for o in entry.opponents if isinstance(o, dict)
        ]
    grouped: dict[str, list[RatingEntry]] = defaultdict(list)
    for entry in entries:
        grouped[entry.game].append(entry)
    # Current rating and peak from the PlayerRating cache when it has the game.
    held = {pr.game: pr for pr in PlayerRating.objects.filter(player=player)}
    labels = dict(GameSystem.choices)
    out = []
    for game, rows in grouped.items():
        pr = held.get(game)
        out.append(
            GameHistory(
                game=game,
                label=labels.get(game, game),
                rating=pr.rating if pr else rows[-1].after,
                peak=pr.peak if pr else max(max(r.before, r.after) for r in rows),
                games=sum(1 for r in rows if r.kind == RatingEntry.Kind.GAME),
                entries=rows,
            )
        )
    return out
