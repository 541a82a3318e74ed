"""An export of an event this site already has (the same uid) updates that event.

A venue's laptop and a league's server hold the same event: each imports the other's
exports, in any order, as often as the network allows. Nothing is duplicated (every
part is found by a stable key: the event's and entries' uids, round and table numbers,
a penalty's entry, kind and time, a playoff match's stage and slot, a stage's position:
see sync_people, sync_rounds, sync_playoff and sync_stages), nothing is lost
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

from tournaments.models import Event
from tournaments.services.events import EVENT_FIELDS, event_snapshot
from tournaments.services.transfer.report import SyncReport
from tournaments.services.transfer.rows import parse_time
from tournaments.services.transfer.sync_people import merge_penalties, merge_registrations
from tournaments.services.transfer.sync_playoff import merge_playoff
from tournaments.services.transfer.sync_rounds import merge_rounds
from tournaments.services.transfer.sync_stages import merge_stages

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


def update_event(event: Event, document: dict[str, Any], importer: Any) -> SyncReport:
    """Merge ``document`` into ``event`` (inside the caller's transaction)."""
    report = SyncReport(event=event)
    Event.objects.select_for_update().filter(pk=event.pk).first()
    _merge_event(event, document["event"], report)
    reg_map = merge_registrations(event, document["registrations"], importer, report)
    merge_rounds(event, document["rounds"], reg_map, report)
    merge_penalties(event, document["penalties"], reg_map, report)
    merge_playoff(event, document, reg_map, report)
    merge_stages(event, document, reg_map, report, parse_time)
    report.reg_map = reg_map
    return report
