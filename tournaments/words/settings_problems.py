"""An event's settings refused, in words: the tiebreaks, games and scoring settings a
director may choose, named as the pages name them (never their stored keys). The keys
stay beside the words in the problem's data, for programs."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from rules_engine import GAME_SYSTEMS, get_game
from tournaments.words.audit_values import tiebreak_label
from tournaments.words.labels import READING_LABELS


def _quoted(values: Iterable[Any]) -> str:
    """What the director sent, quoted as sent: his own words, not ours to rename."""
    return ", ".join(f"“{v}”" for v in values)


def tiebreak_names(keys: Iterable[str]) -> str:
    """Tiebreaks by the names the standings page gives them, in the reader's language."""
    return ", ".join(tiebreak_label(k) for k in keys)


def unknown_tiebreak_words(params: Mapping[str, Sequence[str]]) -> str:
    """standings.UnknownTiebreak's data (its unknown keys, the registry's keys) in words."""
    return _("Unknown tiebreak %(unknown)s: choose from %(choices)s.") % {
        "unknown": _quoted(params.get("unknown") or ()),
        "choices": tiebreak_names(params.get("choices") or ()),
    }


def unknown_game_words(game: Any) -> str:
    return _("Unknown game '%(game)s': choose one of %(choices)s.") % {
        "game": game,
        "choices": ", ".join(get_game(g).name for g in GAME_SYSTEMS),
    }


def unknown_setting_words(unknown: Iterable[str], known: Iterable[str]) -> str:
    return _("Unknown setting %(unknown)s: the settings are %(choices)s.") % {
        "unknown": _quoted(unknown),
        "choices": "; ".join(str(READING_LABELS.get(k, k)) for k in sorted(known)),
    }
