"""The director's page for a round's window: opening and deadline in the event's zone,
and what happens at the deadline."""

from __future__ import annotations

from datetime import datetime

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ServiceError
from tournaments.models import Round, RoundWindow
from tournaments.permissions import Capability, require
from tournaments.rules.windows import in_zone
from tournaments.services import windows
from tournaments.views.common import event_or_404
from tournaments.words.times import zone_or_utc
from tournaments.words.windows import DEADLINE_RULE_WORDS, losses_undone_words

LOCAL = "%Y-%m-%dT%H:%M"


class WindowForm(forms.Form):
    opens_at = forms.DateTimeField(
        label=gettext_lazy("Opens"),
        input_formats=[LOCAL],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=LOCAL),
    )
    deadline = forms.DateTimeField(
        label=gettext_lazy("Deadline"),
        input_formats=[LOCAL],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=LOCAL),
    )
    deadline_rule = forms.ChoiceField(
        label=gettext_lazy("A table without a result at the deadline"),
        choices=list(DEADLINE_RULE_WORDS.items()),
    )


def _local(value: datetime, zone: str) -> str:
    return value.astimezone(zone_or_utc(zone)).strftime(LOCAL)


@login_required
def round_window(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = event_or_404(request, slug)
    require(request.user, event, Capability.RUN_EVENT)
    rnd = get_object_or_404(Round, event=event, number=number)
    window = RoundWindow.objects.filter(round=rnd).first()
    initial = {}
    if window is not None:
        initial = {
            "opens_at": _local(window.opens_at, event.time_zone),
            "deadline": _local(window.deadline, event.time_zone),
            "deadline_rule": window.deadline_rule,
        }
    form = WindowForm(request.POST or None, initial=initial)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            # The form's times are wall-clock times in the event's zone (not the site's).
            data = form.cleaned_data
            try:
                saved = windows.set_window(
                    request.user,
                    rnd,
                    in_zone(data["opens_at"].replace(tzinfo=None), event.time_zone),
                    in_zone(data["deadline"].replace(tzinfo=None), event.time_zone),
                    data["deadline_rule"],
                )
            except ServiceError as exc:
                form.add_error(
                    "deadline" if exc.code != "deadline_rule" else "deadline_rule", exc.message
                )
            else:
                messages.success(request, _("The window of round %(n)s is saved.") % {"n": number})
                if saved.losses_undone:
                    messages.info(request, losses_undone_words(saved.losses_undone))
                return redirect("event-dashboard", slug=event.slug)
    context = {
        "event": event,
        "round": rnd,
        "window": window,
        "form": form,
        "disputed": windows.disputed_tables(rnd),
    }
    return render(request, "tournaments/round_window.html", context, status=status)
