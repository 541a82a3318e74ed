"""The rules engine's problems in the reader's words.

The engine keeps its templates in English and only marks them for the catalogue (it stays
free of Django); here each template and text parameter goes through gettext, then the
players are filled in by name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache

from django.utils.translation import gettext

from rules_engine import RATIO_TABLE, InvalidResult
from rules_engine.scoring import BAND, FIXED_BANDS
from rules_engine.types import GameScore, Phrase, Problem


def problem_words(problem: Problem, names: Mapping[str, str] | None = None) -> str:
    """One problem in the active language, players shown by ``names`` (id -> name)."""
    return problem.render(names or {}, gettext)


def problems_words(problems: Iterable[Problem], names: Mapping[str, str] | None = None) -> str:
    return " ".join(problem_words(p, names) for p in problems)


def refusal_words(exc: InvalidResult, names: Mapping[str, str] | None = None) -> str:
    """Every reason a result was refused, as one message."""
    return problems_words(exc.problems, names)


def phrase_words(phrase: Phrase, names: Mapping[str, str] | None = None) -> str:
    """Engine-made words (a band, an explanation line) in the active language."""
    return phrase.render(names or {}, gettext)


def band_words(score: GameScore) -> str:
    """The score's band ("ratio ≥ 2 (6–0)") in the active language."""
    return phrase_words(score.band_words) if score.band_words else gettext(score.band)


def explanation_words(score: GameScore, names: Mapping[str, str] | None = None) -> list[str]:
    """Who was scored against whom, one line each, in the active language."""
    if not score.explanation_words:
        return list(score.explanation)
    return [phrase_words(p, names) for p in score.explanation_words]


def stored_band_words(text: str) -> str:
    """A band stored on a table (the engine's English, numbers included) in the active
    language: read back against the engine's own band templates, which are a closed
    list; text matching none (an older wording) is shown as stored."""
    for pattern, template, fixed in _stored_band_patterns():
        match = pattern.fullmatch(text or "")
        if match:
            params = {k: int(v) for k, v in match.groupdict().items()}
            return Phrase.of(template, **fixed, **params).render({}, gettext)
    return text


@cache
def _stored_band_patterns() -> tuple[tuple[re.Pattern[str], str, dict[str, str]], ...]:
    out = [
        (_pattern(BAND.replace("{condition}", band.condition)), BAND, {"condition": band.condition})
        for band in RATIO_TABLE
    ]
    return tuple(out + [(_pattern(t), t, {}) for t in FIXED_BANDS])


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    # split gives text, name, text, name, ...: names become numbers (MPs may be negative).
    body = "".join(
        re.escape(part) if i % 2 == 0 else rf"(?P<{part}>-?\d+)" for i, part in enumerate(parts)
    )
    return re.compile(body)
