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
from rules_engine.deckrules import FormatDef
from tournaments.models import Event, Registration
from tournaments.permissions import Capability, can, is_director, require_director, require_login

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
    user: Any,
    game: str,
    base_key: str,
    name: str,
    changes: dict[str, Any],
    description: str = "",
) -> Format:
    """A director's format (see decks.formats.create_custom_format)."""
    require_login(user)
    return _create_custom_format(
        user, may_create_formats, game, base_key, name, changes, description
    )


# --------------------------------------------------------------------------- submission


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
            raise NotAllowed(f"You are not registered for {event.name}: register first.")
        return registration
    if registration.event_id != event.pk:
        raise NotFound("That registration is not in this event.")
    if registration.player.user_id != getattr(user, "pk", None) and not is_director(user, event):
        raise NotAllowed("You can submit only your own deck list.")
    return registration


def submit_decklist(
    user: Any,
    event: Event,
    text: str,
    player_type: str | None = None,
    registration: Registration | None = None,
) -> DeckListVersion:
    """Store a new version of a player's list, checked against the event's format.

    The registration row is locked for the whole check, so two submissions at the
    deadline second are serialised and each is either in or refused with a reason.
    """
    if not event_uses_decks(event):
        raise ServiceError(f"{event.get_game_display()} has no decks.", "no_decks")
    registration = _registration_for(user, event, registration)
    director = is_director(user, event)
    # The event's format is always the one checked; a list naming another gets a notice.
    verdict = validate_text(text, event.game, format_for_event(event).key, player_type)
    with transaction.atomic():
        Registration.objects.select_for_update().get(pk=registration.pk)
        event.refresh_from_db(fields=["deck_deadline", "status", "decklists_published"])
        now = timezone.now()
        if decklists_locked(event):
            raise Conflict(
                f"Deck lists for {event.name} are locked: round 1 has started.", "locked"
            )
        if event.deck_deadline and now > event.deck_deadline and not director:
            raise Conflict(
                "The deck-list deadline "
                f"({timezone.localtime(event.deck_deadline):%Y-%m-%d %H:%M:%S %Z}) "
                "has passed; ask the tournament director.",
                "deadline",
            )
        decklist, _ = DeckList.objects.get_or_create(registration=registration)
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
        audit_record(
            actor=user,
            obj=decklist,
            action="decklist.submit",
            before={"version": previous.number, "legal": previous.legal} if previous else None,
            after={"version": number, "legal": verdict.legal, "problems": len(errors)},
            event=event,
            note="submitted by the director"
            if director and registration.player.user_id != user.pk
            else "",
        )
    return version


def deck_status_for_event(event: Event) -> dict[int, DeckStatus]:
    """Per registration id: submitted?, legal?, problem count, when, and the director's link."""
    url = reverse("event-decklists", args=[event.slug])
    out: dict[int, DeckStatus] = {}
    lists = {
        d.registration_id: d
        for d in DeckList.objects.filter(registration__event=event).select_related(
            "current_version"
        )
    }
    for reg_id in event.registrations.values_list("id", flat=True):
        d = lists.get(reg_id)
        v = d.current_version if d else None
        out[reg_id] = DeckStatus(
            submitted=v is not None,
            legal=v.legal if v else None,
            problems_count=v.problems_count if v else 0,
            submitted_at=v.submitted_at if v else None,
            url=f"{url}#reg-{reg_id}",
            version=v.number if v else None,
        )
    return out


def illegal_decklists(event: Event) -> list[Registration]:
    """Registrations whose current list is illegal (an illegal deck counts as cheating)."""
    return list(
        Registration.objects.filter(
            event=event, decklist__current_version__legal=False
        ).select_related("player")
    )


def publish_decklists(user: Any, event: Event, published: bool = True) -> Event:
    require_director(user, event)
    if published and not decklists_locked(event):
        # Published lists must be final: before round 1 players could still copy them.
        raise Conflict(
            "Deck lists can be published once round 1 has started and they are locked.",
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


def event_decklists(user: Any, event: Event) -> list[DeckListRow]:
    """Every player's current list: for the director always, for others once published."""
    if not (may_see_all_lists(user, event) or event.decklists_published):
        raise NotAllowed(
            f"The deck lists of {event.name} are not published; only the staff sees them."
        )
    lists = {
        d.registration_id: d
        for d in DeckList.objects.filter(registration__event=event).select_related(
            "current_version"
        )
    }
    regs = event.registrations.select_related("player").order_by("player__display_name")
    return [
        DeckListRow(r, lists.get(r.pk), lists[r.pk].current_version if r.pk in lists else None)
        for r in regs
    ]


def my_decklist(user: Any, event: Event) -> tuple[Registration, list[DeckListVersion]]:
    registration = _registration_for(user, event, None)
    versions = list(
        DeckListVersion.objects.filter(decklist__registration=registration).order_by("-number")
    )
    return registration, versions


def decklist_versions(user: Any, registration: Registration) -> list[DeckListVersion]:
    if not can_view_decklist(user, registration):
        raise NotAllowed("This deck list is not published.")
    return list(
        DeckListVersion.objects.filter(decklist__registration=registration).order_by("-number")
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
