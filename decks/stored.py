"""Stored verdicts from before problems carried their params.

A problem is rendered at the face from its code and params; one stored without params can
only show its English message. On first read such a verdict is re-checked once (the same
text, game, format and player type) and, when the re-check finds the very same problems,
their params are copied in and saved, so the verdict reads in every language from then on.
When the re-check differs (cards or rules changed since) the judged verdict stands as it
was, in English, and is marked so it is not re-checked on every read.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from core.errors import ServiceError
from decks.checking import validate_text
from decks.models import DeckListVersion

# Set on a verdict whose params could not be recovered: the re-check is not repeated.
STALE = "params_not_recovered"


def _needs_params(data: dict[str, Any]) -> bool:
    return not data.get(STALE) and any("params" not in p for p in data.get("problems", []))


def _key(problem: dict[str, Any]) -> tuple:
    return (
        problem.get("code", ""),
        tuple(problem.get("cards", ())),
        tuple(problem.get("lines", ())),
        problem.get("severity", "error"),
    )


def recovered_params(
    stored: list[dict[str, Any]], fresh: list[dict[str, Any]]
) -> list[dict[str, Any]] | None:
    """The stored problems with the params of the same problems found again, or None when
    the two checks do not find the same problems (same code, cards, lines, severity)."""
    if sorted(map(_key, stored)) != sorted(map(_key, fresh)):
        return None
    params: dict[tuple, list[dict[str, Any]]] = defaultdict(list)
    for problem in fresh:
        params[_key(problem)].append(problem.get("params") or {})
    return [{**p, "params": p.get("params", params[_key(p)].pop(0))} for p in stored]


def verdict_data(version: DeckListVersion) -> dict[str, Any]:
    """The version's stored verdict, with params recovered the first time it is read."""
    data = version.verdict or {}
    if not _needs_params(data):
        return data
    game = version.decklist.registration.event.game
    try:
        fresh = validate_text(
            version.text, game, version.format_key or None, version.player_type or None
        )
    except ServiceError:
        fresh = None
    problems = (
        recovered_params(data.get("problems", []), fresh.to_dict()["problems"]) if fresh else None
    )
    data = {**data, "problems": problems} if problems is not None else {**data, STALE: True}
    version.verdict = data
    DeckListVersion.objects.filter(pk=version.pk).update(verdict=data)
    return data
