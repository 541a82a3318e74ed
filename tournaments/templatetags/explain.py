"""``{{ round|round_explanation }}``: a round's stored explanation in words, with names."""

from __future__ import annotations

from django import template

from tournaments.models import Round
from tournaments.words import explanations

register = template.Library()


@register.filter
def round_explanation(rnd: Round | None) -> list[str]:
    return explanations.round_explanation(rnd) if rnd is not None else []


@register.filter
def round_proof(rnd: Round | None) -> str:
    """The round's proof of optimality in words, for the public pairings (no names)."""
    return explanations.round_proof(rnd) if rnd is not None else ""
