"""The format each round of an event is played in, and the lists its players register
(RULES.md §8: "rounds use different formats ... each with its own registered deck";
the General Opponent pair)."""

from __future__ import annotations

from rules_engine.deckrules import DEFAULT_FORMAT
from tournaments import extensions
from tournaments.models import Event, EventSettings, Stage
from tournaments.rules import deck_choice as dc


def event_format(event: Event) -> str:
    """The event's own format key (the game's default format when the event names none)."""
    return event.format_key or DEFAULT_FORMAT.get(event.game, "")


def _stage_rounds(event: Event) -> list[dc.StageRounds]:
    out = []
    for stage in Stage.objects.filter(event=event).order_by("position"):
        first = stage.first_round or (1 if stage.position == 1 else None)
        if first is not None:
            out.append(dc.StageRounds(first, tuple(stage.round_formats or ())))
    return out


def round_format(event: Event, number: int) -> str:
    """The format key round ``number`` of ``event`` is played in."""
    return dc.round_format_of(_stage_rounds(event), number, event_format(event))


def event_formats(event: Event) -> list[str]:
    """Every format the event's rounds and bracket sides use, in the order they come."""
    own = event_format(event)
    out = [f or own for s in Stage.objects.filter(event=event).order_by("position")
           for f in (s.round_formats or ())]  # fmt: skip
    settings = EventSettings.objects.filter(event=event).first()
    if settings is not None and settings.top_cut:
        out += [f for f in (settings.playoff_upper_format, settings.playoff_lower_format) if f]
    return list(dict.fromkeys(out)) or [own]


def deck_slots(event: Event) -> tuple[str, ...]:
    """The lists each player of ``event`` registers ("" alone: one list, as always)."""
    mode = event.decks_per_player
    return dc.required_slots(mode, event_formats(event) if mode == dc.PER_FORMAT else ())


def missing_formats(event: Event) -> list[str]:
    """The formats the event's rounds or bracket sides use that the site does not have
    (a preset names them before the director adds them); none without a deck app."""
    known = {key for key, _name in extensions.format_choices(event.game)}
    if not known:
        return []
    return [f for f in event_formats(event) if f and f not in known]
