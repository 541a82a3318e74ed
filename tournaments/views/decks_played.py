"""Recording the decks played at a table from the pages (General Opponent, when the
table alone does not say): a player at the table or the staff."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.models import Table
from tournaments.views.common import event_or_404, run_service

PREFIX = "deck-"


def slots_from_post(post: QueryDict, *, chosen_only: bool = False) -> dict[int, str]:
    """Registration id → the list played, from the form's ``deck-<registration>`` fields;
    ``chosen_only``: a result form's "not said" leaves what was recorded as it is."""
    slots = {
        int(key[len(PREFIX) :]): str(post.get(key, ""))
        for key in post
        if key.startswith(PREFIX) and key[len(PREFIX) :].isdigit()
    }
    return {r: s for r, s in slots.items() if s} if chosen_only else slots


@require_POST
@login_required
def record_decks(request: HttpRequest, slug: str, table_id: int) -> HttpResponse:
    event = event_or_404(request, slug)
    table = get_object_or_404(
        Table.objects.select_related("round"), pk=table_id, round__event=event
    )
    slots = slots_from_post(request.POST)
    run_service(
        request,
        lambda: services.record_decks_played(request.user, table, slots),
        _("The decks played are recorded."),
    )
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(back, {request.get_host()}):
        return redirect(back)
    return redirect("my-event", slug=event.slug)
