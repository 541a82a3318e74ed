"""The director's page for an online event's game server and the rule of its rooms."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ServiceError
from tournaments.models import GameRoomSettings
from tournaments.permissions import Capability, require
from tournaments.rules.rooms import room_for
from tournaments.services import rooms
from tournaments.views.common import event_or_404

FIELD_OF_CODE = {"game_server": "server", "room_prefix": "room_prefix", "server_url": "server_url"}


class GameRoomsForm(forms.Form):
    server = forms.ChoiceField(
        label=gettext_lazy("Game server"),
        choices=[
            ("none", gettext_lazy("None (the tables meet in person)")),
            ("gemp", "GEMP"),
            ("meccg-online", "meccg-online"),
        ],
    )
    room_prefix = forms.CharField(
        label=gettext_lazy("Room prefix"),
        required=False,
        help_text=gettext_lazy("Letters and digits; empty: the event's short name."),
    )
    server_url = forms.CharField(
        label=gettext_lazy("meccg-online address"),
        required=False,
        help_text=gettext_lazy("For links to each room, e.g. https://…"),
    )


@login_required
def game_rooms(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(request, slug)
    require(request.user, event, Capability.RUN_EVENT)
    current = rooms.room_settings(event)
    initial = {}
    if current is not None:
        initial = {
            "server": current.server,
            "room_prefix": current.room_prefix,
            "server_url": current.server_url,
        }
    form = GameRoomsForm(request.POST or None, initial=initial)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            data = form.cleaned_data
            try:
                rooms.set_game_rooms(
                    request.user, event, data["server"], data["room_prefix"], data["server_url"]
                )
            except ServiceError as exc:
                form.add_error(FIELD_OF_CODE.get(exc.code, "server"), exc.message)
            else:
                messages.success(request, _("The game server of the event is saved."))
                return redirect("event-dashboard", slug=event.slug)
    example = None
    if current is not None and current.server != GameRoomSettings.Server.NONE:
        example = room_for(
            current.server, current.room_prefix, event.slug, 1, 1, current.server_url
        )
    context = {"event": event, "form": form, "example": example}
    return render(request, "tournaments/game_rooms.html", context, status=status)
