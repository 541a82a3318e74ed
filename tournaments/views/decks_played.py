"""Recording the decks played at a table from the pages (General Opponent, when the
table alone does not say): a player at the table or the staff."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.models import Table
from tournaments.views.common import event_or_404, run_service

PREFIX = "deck-"


@require_POST
@login_required
def record_decks(request: HttpRequest, slug: str, table_id: int) -> HttpResponse:
    event = event_or_404(request, slug)
    table = get_object_or_404(
        Table.objects.select_related("round"), pk=table_id, round__event=event
    )
    slots = {
        int(key[len(PREFIX) :]): str(request.POST.get(key, ""))
        for key in request.POST
        if key.startswith(PREFIX) and key[len(PREFIX) :].isdigit()
    }
    run_service(
        request,
        lambda: services.record_decks_played(request.user, table, slots),
        _("The decks played are recorded."),
    )
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(back, {request.get_host()}):
        return redirect(back)
    return redirect("my-event", slug=event.slug)
