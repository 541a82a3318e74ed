"""The page that reads a table's result from a game server's record (a GEMP replay, a
meccg-online result token): pasted, uploaded or linked. A refusal keeps what was typed
and says why beside the field it concerns."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from tournaments.models import Player, ServerRecord, Table
from tournaments.permissions import Capability, can, seat_registration
from tournaments.rules.records import GEMP, MAX_UPLOAD_BYTES, MECCG
from tournaments.services import records
from tournaments.views.common import back_to, event_or_404

SERVER_OF_GAME = {"lotr-tcg": GEMP, "metw": MECCG}
# Which field a refusal is shown beside; the others go beside the record itself.
FIELD_OF_CODE = {
    "record_server": "server",
    "record_wrong_game": "server",
    "record_url_host": "url",
    "record_url_none": "url",
    "record_url_failed": "url",
}


class RecordForm(forms.Form):
    server = forms.ChoiceField(
        label=gettext_lazy("Server"), choices=[(GEMP, "GEMP"), (MECCG, "meccg-online")]
    )
    record = forms.CharField(
        label=gettext_lazy("The record, pasted"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=gettext_lazy(
            "A GEMP replay's XML, or the result token meccg-online shows at the end of the game."
        ),
    )
    file = forms.FileField(label=gettext_lazy("or the record's file"), required=False)
    url = forms.URLField(
        label=gettext_lazy("or a link to the replay on GEMP"), required=False, assume_scheme="https"
    )


def _record_given(form: RecordForm) -> str | bytes | None:
    upload = form.cleaned_data.get("file")
    if upload is not None:
        if upload.size > MAX_UPLOAD_BYTES:
            raise ServiceError(
                _("The file is too large (at most %(limit)s bytes).") % {"limit": MAX_UPLOAD_BYTES},
                code="too_large",
            )
        return bytes(upload.read(MAX_UPLOAD_BYTES + 1))
    return form.cleaned_data.get("record") or None


def _success(request: HttpRequest, read: records.RecordRead) -> None:
    for line in [*read.lines, *read.deck_lines]:
        messages.info(request, line)
    if read.match:
        messages.success(request, read.match)
        if read.table.status == Table.Status.PENDING:
            return  # the match goes on: its next game is another record
    messages.success(
        request,
        {
            "reported": _("Result reported from the record: your opponent confirms it."),
            "confirmed": _("The result read from the record is confirmed."),
            "disputed": _(
                "The record differs from your opponent's report: the director will decide."
            ),
        }.get(read.table.status, _("Saved.")),
    )


@login_required
def table_record(request: HttpRequest, slug: str, table_id: int) -> HttpResponse:
    event = event_or_404(request, slug)
    table = get_object_or_404(
        Table.objects.select_related("round__event"), pk=table_id, round__event=event
    )
    staff = can(request.user, event, Capability.ENTER_RESULT)
    seated = seat_registration(request.user, table) is not None
    initial = {"server": SERVER_OF_GAME.get(event.game, GEMP)}
    form = RecordForm(request.POST or None, request.FILES or None, initial=initial)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            read = records.read_table_record(
                request.user,
                table,
                form.cleaned_data["server"],
                record=_record_given(form),
                url=form.cleaned_data.get("url") or None,
            )
        except ServiceError as exc:
            form.add_error(FIELD_OF_CODE.get(exc.code, "record"), exc.message)
        else:
            _success(request, read)
            default = reverse(
                "event-dashboard" if staff and not seated else "my-event", args=[slug]
            )
            return redirect(back_to(request, default))
    if request.method == "POST":
        status = 400
    earlier: list[dict[str, Any]] = []
    for stored in ServerRecord.objects.filter(table=table).select_related("table__round__event")[
        :5
    ]:
        lines, deck_lines = records.record_lines(request.user, stored)
        earlier.append({"record": stored, "lines": lines, "deck_lines": deck_lines})
    context = {"event": event, "table": table, "form": form, "earlier": earlier}
    return render(request, "tournaments/table_record.html", context, status=status)


@require_POST
@login_required
def server_names(request: HttpRequest, pk: int) -> HttpResponse:
    """The player's user names on GEMP and meccg-online (his profile page's form)."""
    player = get_object_or_404(Player, pk=pk)
    try:
        records.set_server_names(
            request.user,
            player,
            request.POST.get("gemp_name"),
            request.POST.get("meccg_name"),
            request.POST.get("time_zone"),
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Your names on the game servers are saved."))
    return redirect("player-detail", pk=player.pk)
