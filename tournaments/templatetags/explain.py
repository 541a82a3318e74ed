"""``{{ round|round_explanation }}``: a round's stored explanation in words, with names."""

from __future__ import annotations

from django import template

from tournaments.models import Round
from tournaments.words import explanations

register = template.Library()


@register.filter
def round_explanation(rnd: Round | None) -> list[str]:
    return explanations.round_explanation(rnd) if rnd is not None else []
