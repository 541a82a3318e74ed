"""Standings explanations in words, from the structured items each row carries.

A row's `explanation_items` are dicts (a "code", tiebreak keys, numbers, and player ids
only for groups of at most SHOWN players), so a field of thousands of players tied on
every tiebreak costs a few items per row, never a list of all the others.
`render_standing_explanation(items, names)` turns them into one line for people.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.conf import settings
from django.utils import translation

from .tiebreaks import TIEBREAKS

SHOWN = 6  # players named one by one in a tied group; bigger groups are counted


def _(message: str) -> str:
    """gettext, usable outside a configured Django project (benchmarks, scripts); each
    message looked up once per language (a big event renders thousands of rows)."""
    if not settings.configured:
        return message
    key = (_language(), message)
    found = _translated.get(key)
    if found is None:
        found = _translated[key] = translation.gettext(message)
    return found


_translated: dict[tuple[str | None, str], str] = {}
_local = threading.local()  # the language of the render running in this thread


def _language() -> str | None:
    found = getattr(_local, "language", None)
    return found if found is not None else translation.get_language()


def ngettext(singular: str, plural: str, n: int) -> str:
    if settings.configured:
        return translation.ngettext(singular, plural, n)
    return singular if n == 1 else plural


def _label(key: str) -> str:
    metric = TIEBREAKS.get(key)
    if metric is None or not settings.configured:
        return key
    cache_key = (_language(), f"tiebreak:{key}")
    found = _translated.get(cache_key)
    if found is None:
        found = _translated[cache_key] = str(metric.label)
    return found


def _value(v: Any) -> str:
    return f"{v:.3f}" if isinstance(v, float) else str(v)


Item = Mapping[str, Any]
Namer = Callable[[str], str]


def _tied(item: Item, name: Namer) -> str:
    return ngettext(
        "tied on %(points)s points with %(n)s other",
        "tied on %(points)s points with %(n)s others",
        item["count"],
    ) % {"points": item["points"], "n": item["count"]}


def _not_used(item: Item, name: Namer) -> str:
    return _("%(tiebreak)s: not used (not every pair of them met)") % {
        "tiebreak": _label(item["tiebreak"])
    }


def _still_tied(item: Item, name: Namer) -> str:
    return _("%(tiebreak)s %(value)s: still tied") % {
        "tiebreak": _label(item["tiebreak"]),
        "value": _value(item["value"]),
    }


def _decides(item: Item, name: Namer) -> str:
    values = {"tiebreak": _label(item["tiebreak"]), "value": _value(item["value"])}
    if item.get("shown"):
        shown = ", ".join(f"{name(p)} {_value(v)}" for p, v in item["shown"])
        return _("%(tiebreak)s decides (%(shown)s)") % {**values, "shown": shown}
    return _("%(tiebreak)s %(value)s decides among %(n)s players") % {
        **values,
        "n": item["group"],
    }


def _shared_rank(item: Item, name: Namer) -> str:
    if item.get("players"):
        return _("equal on every tiebreak with %(players)s: shared rank") % {
            "players": ", ".join(name(p) for p in item["players"])
        }
    return ngettext(
        "equal on every tiebreak with %(n)s other player: shared rank",
        "equal on every tiebreak with %(n)s other players: shared rank",
        item["count"],
    ) % {"n": item["count"]}


def _shares_first(item: Item, name: Namer) -> str:
    return ngettext(
        "shares first place with %(n)s other player",
        "shares first place with %(n)s other players",
        item["count"],
    ) % {"n": item["count"]}


def _ejected(item: Item, name: Namer) -> str:
    return _("ejected from the event: listed below every player still in it, cannot win")


_RENDERERS: dict[str, Callable[[Item, Namer], str]] = {
    "tied": _tied,
    "not_used": _not_used,
    "still_tied": _still_tied,
    "decides": _decides,
    "shared_rank": _shared_rank,
    "shares_first": _shares_first,
    "ejected": _ejected,
}


def named_players(items: Sequence[Item]) -> list[str]:
    """The player ids an explanation names (small tied groups only, at most SHOWN each):
    what a stored row must keep names for to be rendered later."""
    out: list[str] = []
    for item in items:
        out.extend(item.get("players") or ())
        out.extend(p for p, _v in item.get("shown") or ())
    return out


def render_standing_explanation(items: Sequence[Item], names: Mapping[str, str]) -> str:
    """Why a row stands where it does, in words (`names`: player id -> name)."""

    def name(pid: str) -> str:
        return names.get(pid, pid)

    language = translation.get_language() if settings.configured else None
    _local.language = language
    try:
        return _render(items, name, language)
    finally:
        _local.language = None


def _render(items: Sequence[Item], name: Namer, language: str | None) -> str:
    parts = []
    for item in items:
        render = _RENDERERS.get(str(item.get("code")))
        if render is None:
            continue
        if item.get("shown") or item.get("players"):
            parts.append(render(item, name))
            continue
        # Without names an item reads the same for every row that has it (thousands in a
        # big tie): rendered once per language, not once per row.
        try:
            key = (language, tuple(item.items()))
            text = _rendered.get(key)
        except TypeError:  # an unhashable value: render it as it is
            parts.append(render(item, name))
            continue
        if text is None:
            if len(_rendered) >= _RENDERED_MAX:
                _rendered.clear()
            text = _rendered[key] = render(item, name)
        parts.append(text)
    return "; ".join(parts)


_RENDERED_MAX = 10_000
_rendered: dict[tuple[Any, ...], str] = {}
