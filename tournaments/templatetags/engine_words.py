"""``{{ table.band|band_words }}``: a band the engine stored on a table, in the reader's words."""

from __future__ import annotations

from django import template

from tournaments.words.problems import stored_band_words

register = template.Library()


@register.filter
def band_words(text: str | None) -> str:
    return stored_band_words(text or "")
