"""The registry of game systems.

Every module in ``rules_engine.games`` that defines ``SYSTEM`` is registered when
this module is imported, so adding a game never means editing a list here.
"""

from __future__ import annotations

import importlib
import pkgutil

from rules_engine import games as _games_package
from rules_engine.games.base import GameSystem
from rules_engine.types import Problem, UnknownGame
from rules_engine.words import gettext_noop

GAME_SYSTEMS: dict[str, GameSystem] = {}


def register(system: GameSystem) -> GameSystem:
    if system.key in GAME_SYSTEMS and GAME_SYSTEMS[system.key] is not system:
        raise ValueError(f"two game systems use the key {system.key!r}")
    GAME_SYSTEMS[system.key] = system
    return system


def get_game(key: str) -> GameSystem:
    try:
        return GAME_SYSTEMS[key]
    except (KeyError, TypeError):
        known = ", ".join(GAME_SYSTEMS)
        raise UnknownGame(
            Problem.about(
                "unknown_game",
                gettext_noop("Unknown game {key!r}: choose one of {known}."),
                "game",
                key=key,
                known=known,
            )
        ) from None


def _discover() -> None:
    found: list[GameSystem] = []
    for info in sorted(pkgutil.iter_modules(_games_package.__path__), key=lambda i: i.name):
        if info.name.startswith("_") or info.name == "base":
            continue
        module = importlib.import_module(f"{_games_package.__name__}.{info.name}")
        system = getattr(module, "SYSTEM", None)
        if isinstance(system, GameSystem):
            found.append(system)
    for system in sorted(found, key=lambda s: (s.order, s.key)):
        register(system)


_discover()
