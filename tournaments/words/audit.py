"""A result's nested data in the event's audit trail, in words: the Free Council it was
counted from, a match's games and a differing report (the field-by-field diff cannot
show them)."""

from __future__ import annotations

from typing import Any

from audit.models import AuditEntry
from tournaments.models import Table
from tournaments.words import results as result_words
from tournaments.words.matches import match_game_lines

NESTED = ("council", "counter_report", "games")
TABLE_TYPE = "tournaments.table"
UNCHANGED = ("result_confirm", "result_dispute")


def strip_nested(snapshot: Any) -> Any:
    """The snapshot without the nested data, for the field-by-field diff."""
    if not isinstance(snapshot, dict):
        return snapshot
    return {k: v for k, v in snapshot.items() if k not in NESTED}


def _entry_lines(table: Table, entry: AuditEntry) -> list[str]:
    after = entry.after if isinstance(entry.after, dict) else {}
    before = entry.before if isinstance(entry.before, dict) else {}
    lines: list[str] = []
    council = after.get("council")
    # A confirmation or a dispute leaves the counted result as it was: named once, where made.
    if council and (council != before.get("council") or entry.action not in UNCHANGED):
        lines.extend(result_words.table_council_lines(table, council))
    games = after.get("games")
    if games and (games != before.get("games") or entry.action not in UNCHANGED):
        lines.extend(match_game_lines(table, games))
    report = after.get("counter_report")
    if report and report != before.get("counter_report"):
        lines.append(result_words.counter_report_words(table, report))
        if report.get("council"):
            lines.extend(result_words.table_council_lines(table, report["council"]))
    return lines


def nested_words(entries: list[AuditEntry]) -> dict[int, list[str]]:
    """For each result entry that carries a council or a differing report: its words."""
    wanted = [
        e
        for e in entries
        if e.object_type == TABLE_TYPE
        and isinstance(e.after, dict)
        and any(e.after.get(k) for k in NESTED)
    ]
    ids = {int(e.object_id) for e in wanted if str(e.object_id).isdigit()}
    tables = Table.objects.in_bulk(ids)
    out: dict[int, list[str]] = {}
    for entry in wanted:
        table = tables.get(int(entry.object_id)) if str(entry.object_id).isdigit() else None
        if table is not None:
            out[entry.pk] = _entry_lines(table, entry)
    return out
