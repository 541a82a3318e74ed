"""A table's result in words, at the face: the Free Council's steps and why a table is
disputed. The services store these as data (Table.council, Table.counter_report,
ResultChange snapshots); the words are made here, in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from rules_engine.free_council import CATEGORIES
from tournaments.models import ResultChange, Table
from tournaments.rules.council import CATEGORY_LABELS, council_lines
from tournaments.words.people import public_name

# ResultChange.Action's label, translated by the `tr` filter where it is shown.
VOID_LABEL = gettext_noop("Voided by the director")


def seat_names(table: Table) -> dict[int, str]:
    if "seats" in getattr(table, "_prefetched_objects_cache", {}):
        # A page of tables read with their seats: no query per table.
        seats: Any = sorted(table.seats.all(), key=lambda seat: seat.position)
    else:
        seats = table.seats.select_related("registration__player").order_by("position")
    return {s.registration_id: s.registration.player.display_name for s in seats}


def table_council_lines(table: Table, council: Mapping[str, Any] | None = None) -> list[str]:
    """The Free Council of the table's result (or of a snapshot's ``council``) in words."""
    council = table.council if council is None else council
    if not council:
        return []  # most tables: their names are not needed
    return council_lines(council, seat_names(table))


def counter_report_words(table: Table, report: Mapping[str, Any] | None) -> str:
    """A differing report: who made it and what it says."""
    if not report:
        return ""
    names = seat_names(table)
    given = {str(k): v for k, v in (report.get("mps") or {}).items()}
    scores = ", ".join(
        f"{name} {'–' if given.get(str(rid)) is None else given[str(rid)]}"
        for rid, name in names.items()
    )
    who = names.get(report.get("by") or 0) or report.get("by_name") or _("a player")
    return _("Other report, by %(name)s: %(scores)s") % {"name": who, "scores": scores}


def dispute_words(table: Table) -> str:
    """Why the table is disputed: the other report, or the disputing player's own words."""
    if table.status != Table.Status.DISPUTED:
        return ""
    if table.counter_report:
        return counter_report_words(table, table.counter_report)
    change = table.changes.filter(action=ResultChange.Action.DISPUTE).select_related("by").last()
    who = public_name(change.by) if change and change.by_id else _("a player")
    if table.dispute_note:
        return _("Disputed by %(name)s: “%(note)s”") % {"name": who, "note": table.dispute_note}
    return _("Disputed by %(name)s.") % {"name": who}


def council_form_rows(table: Table) -> list[dict[str, Any]]:
    event = table.round.event
    seats = list(table.seats.all())
    if event.game != "metw" or event.multiplayer or len(seats) != 2 or table.is_bye:
        return []
    stored = {int(s["registration"]): s["input"] for s in (table.council or {}).get("seats", [])}
    return [
        {
            "registration": seat.registration_id,
            "name": seat.registration.player.display_name,
            "values": stored.get(seat.registration_id, {}),
            "boxes": [
                (f, CATEGORY_LABELS[f], stored.get(seat.registration_id, {}).get(f, ""))
                for f in CATEGORIES
            ],
        }
        for seat in seats
    ]
