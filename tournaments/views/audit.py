"""The audit trail of an event, for its staff: every change to a result, registration,
penalty, round, the top cut or a deck list, with who made it, when, and what it was
before, in words (tournaments.services.audit_trail reads it for the page and the API)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from tournaments.models import Event
from tournaments.permissions import Capability, can
from tournaments.services.audit_trail import trail_entries, trail_rows
from tournaments.views.common import activate_event_zone
from tournaments.words.audit_entries import KIND_TYPES

PAGE_SIZE = 50


def event_audit(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("organizer"), slug=slug)
    # 403, not a redirect to log in: the trail names players and their penalties.
    if not can(request.user, event, Capability.READ_AUDIT_TRAIL):
        raise PermissionDenied(_("Only the event's director and staff see its audit trail."))
    activate_event_zone(event)  # each entry's time in the event's zone, and the reader's
    kind = request.GET.get("kind", "")
    kind = kind if kind in KIND_TYPES else ""
    page = Paginator(trail_entries(request.user, event, kind=kind), PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    rows = [
        {"entry": r.entry, "sentence": r.sentence, "changes": r.changes, "words": r.details}
        for r in trail_rows(list(page))
    ]
    return render(
        request,
        "audit/event_audit.html",
        {"event": event, "rows": rows, "page": page, "kind": kind, "kinds": list(KIND_TYPES)},
    )
