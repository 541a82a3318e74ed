"""Marking the engine's words for the translation catalogue without Django.

``gettext_noop`` is a keyword ``makemessages`` extracts, so every problem template and
every phrase a problem carries as a parameter lands in the catalogue; the engine itself
keeps English (logs, tests, the API's ``message``), and a face passes its translating
function to :meth:`rules_engine.types.Problem.render`.
"""

from __future__ import annotations

from collections.abc import Callable

Translate = Callable[[str], str]


def gettext_noop(message: str) -> str:
    """Marks ``message`` for the catalogue; translated only when a face renders it."""
    return message


def same(message: str) -> str:
    return message


# The scoring settings (ScoringSettings fields, the API's JSON keys) in words: the one
# list of their labels, used by the engine's problems and, translated, by every page.
SETTING_LABELS = {
    "half_cap": gettext_noop("METW Free Council half cap"),
    "metw_elimination_points": gettext_noop("METW Wizard eliminated (winner–loser points)"),
    "lotr_tcg_win_points": gettext_noop("LOTR TCG: points for a win"),
    "lotr_tcg_rating_points": gettext_noop("LOTR TCG: a win's points for ratings"),
}

# The Free Council's MP categories as a problem names them ("{who}: {category} points ...").
CATEGORY_WORDS = {
    "character": gettext_noop("character"),
    "item": gettext_noop("item"),
    "faction": gettext_noop("faction"),
    "ally": gettext_noop("ally"),
    "kill": gettext_noop("kill"),
    "miscellaneous": gettext_noop("miscellaneous"),
}

SEAT = gettext_noop("Seat {index} ({player})")
SEAT_ALONE = gettext_noop("Seat {index}")
