"""The export's deck part merged into an event this site already has (the update of
tournaments.services.transfer.sync; decks.transfer brings it into a new event).

A list is found by its entry and slot. One this site lacks is added; of two that differ,
the newer (the time its version was submitted) is current: the file's is added as the
next version when it is newer, and this site's is kept (and the difference reported)
when the file's is older. A version this site holds already (any of its versions with
the same text, format and player type) is never added twice, and a list the file lacks
stays. The file's older version is not lost either: it joins the list's history at its
place in time (the versions after it numbered one up) and this site's stays current. A
table's deck played is taken from the file where this site recorded none.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Max

from decks.formats import format_choices
from decks.models import DeckList
from decks.slots import name_fallen_wizard_list
from decks.transfer import add_version, bad, create_list, registration_in_map
from tournaments.models import Event, Registration, Seat
from tournaments.services.transfer.rows import parse_time

CONTENT = ("text", "format_key", "player_type")


def _content(values: Any) -> tuple[str, ...]:
    get = values.get if isinstance(values, dict) else lambda f: getattr(values, f)
    return tuple(str(get(f) or "") for f in CONTENT)


def _data(event: Event, reg: Registration, slot: str) -> dict[str, Any]:
    """Who and which list, for the words (a format's name, never its key)."""
    names = dict(format_choices(event.game))
    return {"player": reg.player.display_name, "slot": slot, "format": names.get(slot, "")}


def _merge_list(
    event: Event, row: Any, reg_map: dict[int, Registration], held: dict[tuple, DeckList],
    report: Any,
) -> None:  # fmt: skip
    if not isinstance(row, dict) or not isinstance(row.get("text"), str):
        raise bad("list")
    reg = registration_in_map(reg_map, row.get("registration"))
    slot = str(row.get("slot") or "")[:100]
    decklist = held.get((reg.pk, slot))
    if decklist is None:
        held[(reg.pk, slot)] = create_list(row, reg)
        report.add("decklists")
        return
    theirs = _content(row)
    known = [*decklist.versions.all(), decklist.current_version]
    if any(v is not None and _content(v) == theirs for v in known):
        return  # a version this site has already (the current one, or an earlier one)
    mine = decklist.current_version
    file_at = parse_time(row.get("submitted_at"), "decks.lists.submitted_at")
    if mine is not None and (file_at is None or file_at <= mine.submitted_at):
        if file_at is None:  # no time to place it among this site's versions
            report.conflict("decklist_kept", **_data(event, reg, slot))
            return
        add_earlier_version(decklist, row, file_at)
        report.conflict("decklist_earlier", **_data(event, reg, slot))
        report.add("decklist_history")
        return
    number = (decklist.versions.aggregate(n=Max("number"))["n"] or 0) + 1
    add_version(decklist, row, number)
    # Naming a list of the pair un-names the other; the file's un-naming comes with it.
    name_fallen_wizard_list(decklist, True if row.get("faces_fallen_wizards") else None)
    report.add("decklist_versions")


def add_earlier_version(decklist: DeckList, row: dict[str, Any], at: datetime) -> None:
    """The file's older version into the list's history at its place in time: the
    versions submitted after it move one number up (the current one stays current)."""
    later = list(decklist.versions.filter(submitted_at__gt=at).order_by("-number"))
    top = decklist.versions.aggregate(n=Max("number"))["n"] or 0
    number = min((v.number for v in later), default=top + 1)
    for version in later:  # the highest first, so that no two share a number
        version.number += 1
        version.save(update_fields=["number"])
    add_version(decklist, row, number, current=False)


def _merge_played(event: Event, rows: Any, reg_map: dict[int, Registration], report: Any) -> None:
    seats = {
        (s.round.number, s.table.number, s.registration_id): s
        for s in Seat.objects.filter(event=event).select_related(
            "round", "table", "registration__player"
        )
    }
    for row in rows:
        if not isinstance(row, dict):
            raise bad("table")
        round_number, table_number = row.get("round"), row.get("table")
        if not isinstance(round_number, int) or not isinstance(table_number, int):
            raise bad("table")
        reg = registration_in_map(reg_map, row.get("registration"))
        seat = seats.get((round_number, table_number, reg.pk))
        slot = str(row.get("slot") or "")[:100]
        # No such seat: the round was paired otherwise here (the rounds' merge says so).
        if seat is None or seat.deck_slot == slot:
            continue
        if seat.deck_slot:
            report.conflict("deck_played_kept", round=round_number, table=table_number,
                            **_data(event, reg, seat.deck_slot))  # fmt: skip
            continue
        seat.deck_slot = slot
        seat.save(update_fields=["deck_slot"])
        report.add("decks_played")


def merge_decks(
    event: Event, document: dict[str, Any], reg_map: dict[int, Registration], report: Any
) -> None:
    """Merge the document's lists and decks played into ``event`` (inside the update's
    transaction); ``report`` is its tournaments.services.transfer.report.SyncReport."""
    part = document.get("decks")
    if not part:
        return
    if not isinstance(part, dict):
        raise bad("part")
    held = {
        (d.registration_id, d.slot): d
        for d in DeckList.objects.filter(registration__event=event)
        .select_related("current_version")
        .prefetch_related("versions")
    }
    for row in part.get("lists") or []:
        _merge_list(event, row, reg_map, held, report)
    _merge_played(event, part.get("played") or [], reg_map, report)
