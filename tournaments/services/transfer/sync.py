"""An export of an event this site already has (the same uid) updates that event.

A venue's laptop and a league's server hold the same event: each imports the other's
exports, in any order, as often as the network allows. Nothing is duplicated (every
part is found by a stable key: the event's and entries' uids, round and table numbers,
a penalty's entry, kind and time, a playoff match's stage and slot: see sync_people,
sync_rounds and sync_playoff), nothing is lost
(what this site has and the file lacks stays) and where the two differ the report says
which was kept (tournaments.words.sync puts it in words). The event's settings stay this
site's; its status only moves forward. The standings are checked against the file's when
the merged event is exactly the file's, as a new import's are. The deck lists and the
decks played are merged after that check (they do not touch the standings) by the deck
app (tournaments.extensions.merge_decks: decks.transfer_sync).
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from tournaments.models import Event, Registration
from tournaments.services.events import EVENT_FIELDS, event_snapshot
from tournaments.services.transfer.report import SyncReport
from tournaments.services.transfer.rows import parse_time
from tournaments.services.transfer.stages import export_stages, import_stages
from tournaments.services.transfer.sync_people import merge_penalties, merge_registrations
from tournaments.services.transfer.sync_playoff import merge_playoff
from tournaments.services.transfer.sync_rounds import merge_rounds

EVENT_ORDER = {s: i for i, s in enumerate(Event.Status.values)}


def _merge_event(event: Event, data: dict[str, Any], report: SyncReport) -> None:
    mine = event_snapshot(event)
    if any(name in data and data[name] != mine[name] for name in EVENT_FIELDS):
        report.conflict("settings_kept")
    status = data.get("status")
    if status in EVENT_ORDER and EVENT_ORDER[status] > EVENT_ORDER[event.status]:
        event.status = status
        if status == Event.Status.FINISHED:
            event.finished_at = parse_time(data.get("finished_at"), "event") or timezone.now()
        event.save(update_fields=["status", "finished_at"])
    elif status in EVENT_ORDER and EVENT_ORDER[status] < EVENT_ORDER[event.status]:
        report.kept_extra = True


def _in_file_ids(part: Any, reg_map: dict[int, Registration]) -> Any:
    """A part of this site's export with its entry ids as the file's, to compare."""
    back = {reg.pk: old for old, reg in reg_map.items()}

    def walk(value: Any, key: str = "") -> Any:
        if isinstance(value, dict):
            return {k: walk(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v, key) for v in value]
        if key in ("high", "low", "winner", "loser", "decided_for", "chosen_by", "seeds",
                   "final_places") and isinstance(value, int):  # fmt: skip
            return back.get(value, value)
        return value

    return walk(part)


def _merge_stages(
    event: Event, document: dict[str, Any], reg_map: dict[int, Registration], report: SyncReport
) -> None:
    """The stages: taken whole when this site has none, else kept (and any difference
    reported)."""
    theirs = document.get("stages")
    mine = export_stages(event).get("stages")
    has_plan = bool(mine and mine.get("plan"))
    if not theirs:
        report.kept_extra = report.kept_extra or has_plan
        return
    if not has_plan:
        import_stages(event, document, reg_map, parse_time)
        report.add("stages")
    elif _in_file_ids(mine, reg_map) != theirs:
        report.conflict("stages_kept")


def update_event(event: Event, document: dict[str, Any], importer: Any) -> SyncReport:
    """Merge ``document`` into ``event`` (inside the caller's transaction)."""
    report = SyncReport(event=event)
    Event.objects.select_for_update().filter(pk=event.pk).first()
    _merge_event(event, document["event"], report)
    reg_map = merge_registrations(event, document["registrations"], importer, report)
    merge_rounds(event, document["rounds"], reg_map, report)
    merge_penalties(event, document["penalties"], reg_map, report)
    merge_playoff(event, document, reg_map, report)
    _merge_stages(event, document, reg_map, report)
    report.reg_map = reg_map
    return report
