"""The stages on the event's pages: its preset in words with its source, and what the
director does next in a staged event."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.models import Event
from tournaments.rules.presets import preset_for
from tournaments.services import heats
from tournaments.services import stages as run
from tournaments.words import stages as words

register = template.Library()


@register.simple_tag
def event_preset(event: Event) -> dict[str, str]:
    preset = preset_for(event.preset)
    return {
        "key": event.preset,
        "name": words.preset_name(event.preset),
        "summary": words.preset_summary(event.preset),
        "source": preset.source if preset else "",
    }


@register.simple_tag
def stage_next_step(event: Event) -> str:
    step = run.next_step(event)
    return words.next_step_text(step) if step else ""


@register.simple_tag
def stage_step(event: Event) -> dict[str, Any] | None:
    """What comes next with its words, so the dashboard offers its button where it says it."""
    step = run.next_step(event)
    return {**step, "text": words.next_step_text(step)} if step else None


@register.simple_tag
def event_heat_count(event: Event) -> int:
    """How many heats the event's Swiss is played in (1: a single Swiss)."""
    return heats.group_count(event)


@register.simple_tag
def heats_below_cut(event: Event) -> str:
    """A finished event in heats: how the players below the cut were placed, in words."""
    note = heats.below_the_cut(event)
    return words.below_cut_text(note) if note else ""
