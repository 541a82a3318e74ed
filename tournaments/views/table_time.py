"""The director's "extra time for this table" button on the dashboard's round."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.models import Table
from tournaments.services.table_time import give_table_time
from tournaments.views.common import back_to, run_service, staff_event, to_int


@require_POST
@login_required
def table_time(request: HttpRequest, slug: str, table_id: int) -> HttpResponse:
    event = staff_event(request, slug)
    table = get_object_or_404(
        Table.objects.select_related("round"), pk=table_id, round__event=event
    )
    minutes = to_int(request.POST.get("minutes")) or 0
    run_service(
        request,
        lambda: give_table_time(request.user, table, minutes),
        ngettext(
            "Table %(table)d plays %(n)d minute longer.",
            "Table %(table)d plays %(n)d minutes longer.",
            minutes,
        )
        % {"table": table.number, "n": minutes},
    )
    default = reverse("event-dashboard", args=[event.slug]) + f"?round={table.round.number}"
    return redirect(back_to(request, default, f"t{table.pk}"))
