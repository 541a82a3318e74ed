"""An event's lists per player (RULES.md §8): which slots it asks for, the format each is
checked in, and the General Opponent list that also faces Fallen-wizards."""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.errors import NotFound, ServiceError
from decks.formats import get_format
from decks.models import DeckList
from tournaments.models import Event, Registration
from tournaments.rules import deck_choice as dc
from tournaments.services.round_formats import deck_slots, event_format
from tournaments.words.decks_played import format_title, slot_words


def event_slots(event: Event) -> tuple[str, ...]:
    """The lists each player registers; ("",) for an event of one deck per player."""
    return deck_slots(event)


def slot_names(event: Event) -> list[tuple[str, str]]:
    """(slot, its name) of each list the event asks for."""
    from decks.formats import format_choices

    names = dict(format_choices(event.game))
    return [(s, slot_words(s, names)) for s in event_slots(event)]


def checked_slot(event: Event, slot: str | None) -> str:
    """``slot`` if the event asks for it, else a clear refusal naming the ones it does."""
    slot = (slot or "").strip()
    slots = event_slots(event)
    if slot in slots:
        return slot
    if slots == ("",):
        raise ServiceError(_("This event asks for one deck list per player."), code="bad_slot")
    raise ServiceError(
        _("Say which of your lists this is: %(slots)s.")
        % {"slots": ", ".join(name for _s, name in slot_names(event))},
        code="bad_slot",
    )


def slot_format_key(event: Event, slot: str) -> str:
    """The format a list is checked in: its own for a deck per format, else the event's."""
    if event.decks_per_player == dc.PER_FORMAT and slot:
        try:
            get_format(event.game, slot)
        except NotFound:
            raise ServiceError(
                _(
                    "The event's rounds use the format “%(format)s”, which this site does not "
                    "know yet: the director adds it as a custom format."
                )
                % {"format": format_title(slot)},
                code="unknown_slot_format",
            ) from None
        return slot
    return event_format(event)


def name_fallen_wizard_list(decklist: DeckList, faces: bool | None) -> None:
    """The General Opponent list that also faces Fallen-wizards: naming one un-names the
    other (the player names one of the two)."""
    if faces is None or decklist.slot not in dc.PAIR_SLOTS:
        return
    if faces:
        DeckList.objects.filter(registration_id=decklist.registration_id).exclude(
            pk=decklist.pk
        ).update(faces_fallen_wizards=False)
    decklist.faces_fallen_wizards = faces
    decklist.save(update_fields=["faces_fallen_wizards"])


def current_lists(registration: Registration) -> dict[str, DeckList]:
    """The player's lists by slot."""
    rows = DeckList.objects.filter(registration=registration).select_related("current_version")
    return {d.slot: d for d in rows}


def slots_of(registration: Registration) -> list[dict[str, object]]:
    """Each list the event asks of the player: its name, whether it is in, and legal."""
    mine = current_lists(registration)
    out: list[dict[str, object]] = []
    for slot, words in slot_names(registration.event):
        d = mine.get(slot)
        version = d.current_version if d else None
        out.append(
            {
                "slot": slot,
                "words": words,
                "submitted": version is not None,
                "legal": version.legal if version else None,
                "faces_fallen_wizards": bool(d and d.faces_fallen_wizards),
            }
        )
    return out
