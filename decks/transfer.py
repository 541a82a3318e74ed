"""The export document's "decks" part: every player's current lists (each slot) and the
decks recorded at the tables, and bringing them back in an import."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext_lazy as _

from core.errors import ServiceError
from decks.models import DeckList, DeckListVersion
from tournaments.models import Event, Registration, Seat

VERSION_FIELDS = ("text", "format_key", "player_type", "parsed", "verdict", "legal")


def export_decks(event: Event) -> dict[str, Any]:
    """{"decks": …} when the event has lists or recorded decks; {} otherwise."""
    lists = (
        DeckList.objects.filter(registration__event=event, current_version__isnull=False)
        .select_related("current_version")
        .order_by("registration_id", "slot")
    )
    rows = [
        {
            "registration": d.registration_id,
            "slot": d.slot,
            "faces_fallen_wizards": d.faces_fallen_wizards,
            "version": d.current_version.number,  # type: ignore[union-attr]
            "submitted_at": d.current_version.submitted_at.isoformat(),  # type: ignore[union-attr]
            **{f: getattr(d.current_version, f) for f in VERSION_FIELDS},
        }
        for d in lists
    ]
    played = [
        {"round": round_number, "table": table, "registration": reg, "slot": slot}
        for round_number, table, reg, slot in Seat.objects.filter(event=event)
        .exclude(deck_slot="")
        .order_by("round__number", "table__number", "position")
        .values_list("round__number", "table__number", "registration_id", "deck_slot")
    ]
    if not rows and not played:
        return {}
    return {"decks": {"lists": rows, "played": played}}


# What of the document's decks part is damaged, by the word the readers pass to ``bad``.
BAD_PART_WORDS = {
    "registration": _("The document's deck lists name a player who is not in the event."),
    "list": _("The document's decks part has a damaged deck list."),
    "part": _("The document's decks part has the wrong shape."),
    "table": _("The document's decks part has a damaged record of the decks played at a table."),
}


def bad(what: str) -> ServiceError:
    return ServiceError(str(BAD_PART_WORDS.get(what, BAD_PART_WORDS["part"])), code="bad_document")


def registration_in_map(reg_map: dict[int, Registration], old: Any) -> Registration:
    if old not in reg_map:
        raise bad("registration")
    return reg_map[old]


def add_version(
    decklist: DeckList, row: dict[str, Any], number: Any, current: bool = True
) -> DeckListVersion:
    """The row's version, numbered ``number``: the list's current one, or (``current``
    false) one of its earlier versions."""
    values = {f: row.get(f) for f in VERSION_FIELDS if row.get(f) is not None}
    at = parse_datetime(str(row.get("submitted_at") or ""))
    if at is not None and timezone.is_naive(at):
        at = timezone.make_aware(at)
    verdict = values.get("verdict") or {}
    version = DeckListVersion.objects.create(
        decklist=decklist,
        number=number if isinstance(number, int) else 1,
        submitted_at=at or decklist.created_at,
        problems_count=sum(
            1 for p in verdict.get("problems", []) if p.get("severity", "error") == "error"
        )
        if isinstance(verdict, dict)
        else 0,
        **values,
    )
    if current:
        decklist.current_version = version
        decklist.updated_at = max(decklist.updated_at, version.submitted_at)
        decklist.save(update_fields=["current_version", "updated_at"])
    return version


def create_list(row: dict[str, Any], registration: Registration) -> DeckList:
    decklist = DeckList.objects.create(
        registration=registration,
        slot=str(row.get("slot") or "")[:100],
        faces_fallen_wizards=bool(row.get("faces_fallen_wizards")),
    )
    add_version(decklist, row, row.get("version"))
    return decklist


def _import_list(row: dict[str, Any], reg_map: dict[int, Registration]) -> None:
    if not isinstance(row, dict) or not isinstance(row.get("text"), str):
        raise bad("list")
    create_list(row, registration_in_map(reg_map, row.get("registration")))


def import_decks(event: Event, document: dict[str, Any], reg_map: dict[int, Registration]) -> None:
    """Rebuild the lists and the recorded decks inside the import's transaction."""
    part = document.get("decks")
    if not part:
        return
    if not isinstance(part, dict):
        raise bad("part")
    for row in part.get("lists") or []:
        _import_list(row, reg_map)
    for row in part.get("played") or []:
        if not isinstance(row, dict):
            raise bad("table")
        round_number, table_number = row.get("round"), row.get("table")
        if not isinstance(round_number, int) or not isinstance(table_number, int):
            raise bad("table")
        seat = Seat.objects.filter(
            event=event,
            round__number=round_number,
            table__number=table_number,
            registration=registration_in_map(reg_map, row.get("registration")),
        ).first()
        if seat is None:
            raise bad("table")
        seat.deck_slot = str(row.get("slot") or "")[:100]
        seat.save(update_fields=["deck_slot"])
