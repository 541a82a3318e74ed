"""Deck-list operations: submitting, locking, publishing (cards, formats and checking re-exported).

Every operation the pages and the API offer lives here. Rules themselves are in
rules_engine.deckrules (pure); this module feeds them cards and formats from the
database and keeps the submission history.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from audit.services import record as audit_record
from core.errors import Conflict, NotAllowed, NotFound, ServiceError
from decks.cards import (
    DECK_GAMES,
    FIXTURE_FILES,
    FIXTURES,
    card_data_changed,
    card_index,
    card_source,
    search_cards,
)
from decks.checking import export_text, read_upload, validate_text
from decks.formats import create_custom_format as _create_custom_format
from decks.formats import (
    ensure_builtin_formats,
    format_choices,
    format_def,
    get_format,
)
from decks.models import DeckGame, DeckList, DeckListVersion, Format
from decks.slots import (
    checked_slot,
    event_slots,
    name_fallen_wizard_list,
    slot_format_key,
    slot_names,
)
from rules_engine.deckrules import FormatDef
from tournaments.models import Event, Registration
from tournaments.permissions import Capability, can, is_director, require_director, require_login
from tournaments.rules.deck_choice import PAIR_SLOTS
from tournaments.words.times import page_time_words

# The cards, formats and checking operations live in their own modules; the pages, the
# API, the demo and other apps reach every deck operation through this one.
__all__ = [
    "DECK_GAMES",
    "FIXTURES",
    "FIXTURE_FILES",
    "DeckListRow",
    "DeckStatus",
    "can_view_decklist",
    "card_data_changed",
    "card_index",
    "card_source",
    "create_custom_format",
    "deck_status_for_event",
    "decklist_versions",
    "decklists_locked",
    "demo_decklists",
    "ensure_builtin_formats",
    "event_decklists",
    "event_slots",
    "event_uses_decks",
    "export_text",
    "format_choices",
    "format_def",
    "format_for_event",
    "get_format",
    "illegal_decklists",
    "may_create_formats",
    "may_see_all_lists",
    "my_decklist",
    "publish_decklists",
    "read_upload",
    "registration_in",
    "search_cards",
    "submit_decklist",
    "timezone",
    "validate_text",
]


def format_for_event(event: Event) -> FormatDef:
    return get_format(event.game, event.format_key or None)


def may_create_formats(user: Any) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_staff or Event.objects.filter(organizer=user).exists())


def create_custom_format(
    user: Any, game: str, base_key: str, name: str, changes: dict[str, Any], description: str = ""
) -> Format:
    """A director's format (see decks.formats.create_custom_format)."""
    require_login(user)
    return _create_custom_format(
        user, may_create_formats, game, base_key, name, changes, description
    )


@dataclass(frozen=True)
class DeckStatus:
    submitted: bool
    legal: bool | None
    problems_count: int
    submitted_at: datetime | None
    url: str
    version: int | None = None


def decklists_locked(event: Event) -> bool:
    """Lists lock when round 1 exists (RULES.md §7: lists lock when round 1 starts)."""
    return event.rounds.exists()


def event_uses_decks(event: Event) -> bool:
    return event.game in DECK_GAMES


def may_see_all_lists(user: Any, event: Event) -> bool:
    """Every list of the event, before publication: its staff (judges too; the
    capability table decides)."""
    return can(user, event, Capability.SEE_DECK_LISTS)


def can_view_decklist(user: Any, registration: Registration) -> bool:
    event = registration.event
    if event.decklists_published or may_see_all_lists(user, event):
        return True
    return bool(getattr(user, "is_authenticated", False) and registration.player.user_id == user.pk)


def registration_in(event: Event, registration_id: int) -> Registration:
    """One entry of ``event`` (404 when the event has no such entry)."""
    registration = (
        Registration.objects.filter(event=event, pk=registration_id)
        .select_related("player")
        .first()
    )
    if registration is None:
        raise NotFound(_("%(event)s has no such entry.") % {"event": event.name})
    return registration


def _registration_for(user: Any, event: Event, registration: Registration | None) -> Registration:
    require_login(user)
    if registration is None:
        registration = (
            Registration.objects.filter(event=event, player__user=user)
            .select_related("player")
            .first()
        )
        if registration is None:
            raise NotAllowed(
                _("You are not registered for %(event)s: register first.") % {"event": event.name}
            )
        return registration
    if registration.event_id != event.pk:
        raise NotFound(_("That registration is not in this event."))
    if registration.player.user_id != getattr(user, "pk", None) and not is_director(user, event):
        raise NotAllowed(_("You can submit only your own deck list."))
    return registration


def submit_decklist(
    user: Any,
    event: Event,
    text: str,
    player_type: str | None = None,
    registration: Registration | None = None,
    slot: str = "",
    faces_fallen_wizards: bool | None = None,
) -> DeckListVersion:
    """Store a new version of one of a player's lists (``slot``: which one, when the event
    asks for several), checked against its format.

    The registration row is locked for the whole check, so two submissions at the
    deadline second are serialised and each is either in or refused with a reason.
    """
    if not event_uses_decks(event):
        raise ServiceError(
            _("%(game)s has no deck lists.") % {"game": event.get_game_display()}, "no_decks"
        )
    registration = _registration_for(user, event, registration)
    slot = checked_slot(event, slot)
    director = is_director(user, event)
    # The list's format is always the one checked; a list naming another gets a notice.
    verdict = validate_text(text, event.game, slot_format_key(event, slot), player_type)
    with transaction.atomic():
        Registration.objects.select_for_update().get(pk=registration.pk)
        event.refresh_from_db(fields=["deck_deadline", "status", "decklists_published"])
        now = timezone.now()
        if decklists_locked(event):
            raise Conflict(
                _("Deck lists for %(event)s are locked: round 1 has started.")
                % {"event": event.name},
                "locked",
            )
        if event.deck_deadline and now > event.deck_deadline and not director:
            raise Conflict(
                _("The deck-list deadline (%(deadline)s) has passed; ask the tournament director.")
                % {"deadline": page_time_words(event.deck_deadline)},
                "deadline",
            )
        decklist, _created = DeckList.objects.get_or_create(registration=registration, slot=slot)
        previous = decklist.current_version
        number = (decklist.versions.aggregate(n=Max("number"))["n"] or 0) + 1
        errors = [p for p in verdict.problems if p.severity == "error"]
        version = DeckListVersion.objects.create(
            decklist=decklist,
            number=number,
            text=text,
            format_key=verdict.format_key,
            player_type=verdict.player_type or "",
            parsed={"cards": verdict.cards},
            verdict=verdict.to_dict(),
            legal=verdict.legal,
            problems_count=len(errors),
            submitted_at=now,
            submitted_by=user,
        )
        decklist.current_version = version
        decklist.updated_at = now
        decklist.save(update_fields=["current_version", "updated_at"])
        name_fallen_wizard_list(decklist, faces_fallen_wizards)
        slot_data: dict[str, Any] = {"slot": slot} if slot else {}
        if slot in PAIR_SLOTS:
            slot_data["faces_fallen_wizards"] = decklist.faces_fallen_wizards
        audit_record(
            actor=user,
            obj=decklist,
            action="decklist.submit",
            before={"version": previous.number, "legal": previous.legal} if previous else None,
            after={
                "version": number,
                "legal": verdict.legal,
                "problems": len(errors),
                **slot_data,
            },
            event=event,
            note="submitted by the director"
            if director and registration.player.user_id != user.pk
            else "",
        )
    return version


def deck_status_for_event(event: Event) -> dict[int, DeckStatus]:
    """Per registration id: submitted?, legal?, problem count, when, and the director's
    link; with several lists per player, over all of them (submitted once every list
    is, legal once every list is)."""
    url = reverse("event-decklists", args=[event.slug])
    slots = event_slots(event)
    lists: dict[int, dict[str, DeckList]] = {}
    for d in DeckList.objects.filter(registration__event=event).select_related("current_version"):
        lists.setdefault(d.registration_id, {})[d.slot] = d
    out: dict[int, DeckStatus] = {}
    for reg_id in event.registrations.values_list("id", flat=True):
        mine = lists.get(reg_id, {})
        versions = [mine[s].current_version if s in mine else None for s in slots]
        done = [v for v in versions if v is not None]
        out[reg_id] = DeckStatus(
            submitted=bool(done) and len(done) == len(versions),
            legal=all(v.legal for v in done) if done else None,
            problems_count=sum(v.problems_count for v in done),
            submitted_at=max(v.submitted_at for v in done) if done else None,
            url=f"{url}#reg-{reg_id}",
            version=done[0].number if len(versions) == 1 and done else None,
        )
    return out


def illegal_decklists(event: Event) -> list[Registration]:
    """Registrations whose current list is illegal (an illegal deck counts as cheating)."""
    return list(
        Registration.objects.filter(event=event, decklists__current_version__legal=False)
        .select_related("player")
        .distinct()
    )


def publish_decklists(user: Any, event: Event, published: bool = True) -> Event:
    require_director(user, event)
    if published and not decklists_locked(event):
        # Published lists must be final: before round 1 players could still copy them.
        raise Conflict(
            _("Deck lists can be published once round 1 has started and they are locked."),
            code="not_locked",
        )
    with transaction.atomic():
        before = event.decklists_published
        event.decklists_published = published
        event.save(update_fields=["decklists_published"])
        audit_record(
            actor=user,
            obj=event,
            action="decklists.publish" if published else "decklists.unpublish",
            before={"published": before},
            after={"published": published},
            event=event,
        )
    return event


@dataclass
class DeckListRow:
    registration: Registration
    decklist: DeckList | None
    version: DeckListVersion | None
    slot: str = ""  # which of the player's lists, when the event asks for several
    slot_words: str = ""  # its name, in words


def event_decklists(user: Any, event: Event) -> list[DeckListRow]:
    """Every player's current list (one row per list the event asks for): for the
    director always, for others once published."""
    if not (may_see_all_lists(user, event) or event.decklists_published):
        raise NotAllowed(
            _("The deck lists of %(event)s are not published; only the staff sees them.")
            % {"event": event.name}
        )
    lists = {
        (d.registration_id, d.slot): d
        for d in DeckList.objects.filter(registration__event=event).select_related(
            "current_version"
        )
    }
    regs = event.registrations.select_related("player").order_by("player__display_name")
    slots = slot_names(event)
    rows = []
    for r in regs:
        for slot, words in slots:
            d = lists.get((r.pk, slot))
            rows.append(
                DeckListRow(r, d, d.current_version if d else None, slot, words if slot else "")
            )
    return rows


def my_decklist(
    user: Any, event: Event, slot: str = ""
) -> tuple[Registration, list[DeckListVersion]]:
    registration = _registration_for(user, event, None)
    versions = list(
        DeckListVersion.objects.filter(
            decklist__registration=registration, decklist__slot=slot
        ).order_by("-number")
    )
    return registration, versions


def decklist_versions(
    user: Any, registration: Registration, slot: str = ""
) -> list[DeckListVersion]:
    if not can_view_decklist(user, registration):
        raise NotAllowed(_("This deck list is not published."))
    return list(
        DeckListVersion.objects.filter(
            decklist__registration=registration, decklist__slot=slot
        ).order_by("-number")
    )


def demo_decklists(game: str) -> list[tuple[str, str]]:
    from decks.demo import sample_decklists

    return sample_decklists(game)


__all__ = [
    "DeckGame",
    "DeckStatus",
    "card_index",
    "create_custom_format",
    "deck_status_for_event",
    "decklists_locked",
    "ensure_builtin_formats",
    "event_decklists",
    "format_choices",
    "get_format",
    "illegal_decklists",
    "publish_decklists",
    "read_upload",
    "submit_decklist",
    "validate_text",
]
