"""Deck problems in words: one message template per problem code, rendered from the
problem's parameters.

The engine stays free of Django: templates are only *marked* for the translation catalogue
here (``gettext_noop`` is a keyword ``makemessages`` extracts), and :func:`render` takes the
translating function as an argument. The engine renders English (for logs, tests and the
API's ``message``); the faces render the same code and parameters in the reader's language.

A parameter is a number, a text (card names stay as printed), a list of texts (joined with
commas), or a list of items ``{"item": <item template key>, "list": [{...}, ...]}`` whose
item template is translated too ("line 43 Aragorn").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules_engine.deckrules.problems import WARNING, Problem

Translate = Callable[[str], str]


def gettext_noop(message: str) -> str:
    """Marks ``message`` for the translation catalogue; translated when rendered."""
    return message


def _same(message: str) -> str:
    return message


TEMPLATES: dict[str, str] = {
    # The format a list names on a "Format:" line (GEMP deck pages have one).
    "format_from_list": gettext_noop(
        "The list says “Format: %(declared)s”: checked as %(format)s."
    ),
    "format_differs": gettext_noop(
        "The list says “Format: %(declared)s” (%(named)s), but it is checked as %(format)s, "
        "the format chosen."
    ),
    "format_unknown": gettext_noop(
        "The list says “Format: %(declared)s”, a format not known here: checked as %(format)s."
    ),
}

ITEMS: dict[str, str] = {
    "line_card": gettext_noop("line %(line)s %(card)s"),
    "copies_card": gettext_noop("%(count)s × %(card)s"),
}


def _value(value: Any, translate: Translate) -> Any:
    if isinstance(value, Mapping) and "item" in value:
        template = translate(ITEMS[value["item"]])
        return ", ".join(template % dict(item) for item in value.get("list", ()))
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return value


def render(code: str, params: Mapping[str, Any], translate: Translate = _same) -> str | None:
    """The message of problem ``code`` with ``params``, in the language ``translate``
    gives; None for a code without a template (the caller keeps the engine's message)."""
    template = TEMPLATES.get(code)
    if template is None:
        return None
    try:
        return translate(template) % {k: _value(v, translate) for k, v in params.items()}
    except (KeyError, TypeError, ValueError):
        # A stored verdict from before a template changed: its own message still reads.
        return None


def problem(
    code: str,
    params: Mapping[str, Any],
    cards: tuple[str, ...] = (),
    lines: tuple[int, ...] = (),
    severity: str = "error",
    source: str = "",
) -> Problem:
    """A problem whose message is the code's template filled with ``params``."""
    message = render(code, params) or code
    return Problem(code, message, cards, lines, severity, source, dict(params))


def format_notice(code: str, declared: str, checked_as: str, named: str = "") -> Problem:
    """A notice (a warning, never an error) about the format a list's "Format:" line names."""
    params = {"declared": declared, "format": checked_as}
    if named:
        params["named"] = named
    return problem(code, params, severity=WARNING)
