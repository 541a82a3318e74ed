"""The rules engine's problems in the reader's words.

The engine keeps its templates in English and only marks them for the catalogue (it stays
free of Django); here each template and text parameter goes through gettext, then the
players are filled in by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.utils.translation import gettext

from rules_engine import InvalidResult
from rules_engine.types import Problem


def problem_words(problem: Problem, names: Mapping[str, str] | None = None) -> str:
    """One problem in the active language, players shown by ``names`` (id -> name)."""
    return problem.render(names or {}, gettext)


def problems_words(problems: Iterable[Problem], names: Mapping[str, str] | None = None) -> str:
    return " ".join(problem_words(p, names) for p in problems)


def refusal_words(exc: InvalidResult, names: Mapping[str, str] | None = None) -> str:
    """Every reason a result was refused, as one message."""
    return problems_words(exc.problems, names)
