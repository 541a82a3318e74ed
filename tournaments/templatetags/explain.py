"""``{{ round|round_explanation }}``: a round's stored explanation in words, with names."""

from __future__ import annotations

from django import template

from tournaments.models import Round
from tournaments.words.explanations import round_explanation as _lines

register = template.Library()


@register.filter
def round_explanation(rnd: Round | None) -> list[str]:
    return _lines(rnd) if rnd is not None else []
