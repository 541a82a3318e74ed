"""The audit trail of an event, for its director and staff: every change to a result,
registration, penalty or deck list, with who made it, when, and what it was before."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from audit.models import AuditEntry
from tournaments.models import Event
from tournaments.permissions import is_director

PAGE_SIZE = 200
KINDS = {
    "result": "tournaments.table",
    "registration": "tournaments.registration",
    "penalty": "tournaments.penalty",
    "decklist": "decks.decklist",
    "round": "tournaments.round",
    "event": "tournaments.event",
}


@dataclass(frozen=True)
class Change:
    field: str
    before: str
    after: str


def _show(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, str):
        return value or '""'
    if isinstance(value, bool):
        return "yes" if value else "no"
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _seats(value: Any) -> dict[str, Any]:
    # A table's seats are a list; keyed by player they diff seat by seat.
    out: dict[str, Any] = {}
    for seat in value or []:
        if isinstance(seat, dict):
            name = seat.get("player") or seat.get("registration")
            out[f"seat {name}"] = {k: v for k, v in seat.items() if k not in ("player",)}
    return out


def readable_diff(before: Any, after: Any) -> list[Change]:
    """What changed, one line per field; nested seats per player. Creations and deletions
    show every field on one side."""
    if not isinstance(before, dict) and not isinstance(after, dict):
        if before == after:
            return []
        return [Change("value", _show(before), _show(after))]
    old = dict(before) if isinstance(before, dict) else {}
    new = dict(after) if isinstance(after, dict) else {}
    for side in (old, new):
        if isinstance(side.get("seats"), list):
            side.update(_seats(side.pop("seats")))
    changes = []
    for key in sorted(set(old) | set(new), key=lambda k: (k.startswith("seat "), k)):
        a, b = old.get(key), new.get(key)
        if a == b and before is not None:
            continue
        if isinstance(a, dict) and isinstance(b, dict):
            for sub in sorted(set(a) | set(b)):
                if a.get(sub) != b.get(sub):
                    changes.append(Change(f"{key}: {sub}", _show(a.get(sub)), _show(b.get(sub))))
            continue
        shown_before = _show(a) if key in old else "—"
        changes.append(Change(key, shown_before, _show(b) if key in new else "—"))
    return changes


def event_audit(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("organizer"), slug=slug)
    # 403, not a redirect to log in: the trail names players and their penalties.
    if not is_director(request.user, event):
        raise PermissionDenied("Only the event's director and staff see its audit trail.")
    entries = AuditEntry.objects.filter(event=event).select_related("actor")
    kind = request.GET.get("kind", "")
    if kind in KINDS:
        entries = entries.filter(object_type=KINDS[kind])
    else:
        kind = ""
    page = Paginator(entries, PAGE_SIZE).get_page(request.GET.get("page"))
    rows = [{"entry": e, "changes": readable_diff(e.before, e.after)} for e in page]
    return render(
        request,
        "audit/event_audit.html",
        {"event": event, "rows": rows, "page": page, "kind": kind, "kinds": list(KINDS)},
    )
