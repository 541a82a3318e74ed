"""The audit trail of an event, for its director and staff: every change to a result,
registration, penalty or deck list, with who made it, when, and what it was before."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from audit.models import AuditEntry
from audit.views import readable_diff
from tournaments.models import Event
from tournaments.permissions import is_director
from tournaments.words.audit import nested_words, strip_nested

PAGE_SIZE = 200
KINDS = {
    "result": "tournaments.table",
    "registration": "tournaments.registration",
    "penalty": "tournaments.penalty",
    "decklist": "decks.decklist",
    "round": "tournaments.round",
    "event": "tournaments.event",
}


def event_audit(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("organizer"), slug=slug)
    # 403, not a redirect to log in: the trail names players and their penalties.
    if not is_director(request.user, event):
        raise PermissionDenied(_("Only the event's director and staff see its audit trail."))
    entries = AuditEntry.objects.filter(event=event).select_related("actor")
    kind = request.GET.get("kind", "")
    if kind in KINDS:
        entries = entries.filter(object_type=KINDS[kind])
    else:
        kind = ""
    page = Paginator(entries, PAGE_SIZE).get_page(request.GET.get("page"))
    words = nested_words(list(page))
    rows = [
        {
            "entry": e,
            "changes": readable_diff(strip_nested(e.before), strip_nested(e.after)),
            "words": words.get(e.pk, []),
        }
        for e in page
    ]
    return render(
        request,
        "audit/event_audit.html",
        {"event": event, "rows": rows, "page": page, "kind": kind, "kinds": list(KINDS)},
    )
