"""A format's name for people, from its stored key: the name the format registry (the
deck app's formats, built-in and the site's own) gives it, else the key read as a name."""

from __future__ import annotations

from collections.abc import Iterable

from rules_engine import GAME_SYSTEMS
from tournaments import extensions
from tournaments.words.decks_played import format_title


def format_names(games: Iterable[str | None]) -> dict[str, str]:
    """Key -> name of every format of ``games`` (of every game when none is known)."""
    known = [g for g in games if g in GAME_SYSTEMS] or list(GAME_SYSTEMS)
    names: dict[str, str] = {}
    for game in dict.fromkeys(known):
        names.update((str(k), str(v)) for k, v in extensions.format_choices(str(game)))
    return names


def format_words(key: str, names: dict[str, str]) -> str:
    return names.get(key) or format_title(key)
