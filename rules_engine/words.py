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


SEAT = gettext_noop("Seat {index} ({player})")
SEAT_ALONE = gettext_noop("Seat {index}")
