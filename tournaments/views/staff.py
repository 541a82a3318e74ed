"""The event's staff page: co-directors and judges, named by the organizer and his
co-directors."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.models import EventStaff
from tournaments.permissions import capabilities_of
from tournaments.views.common import run_service, staff_event, to_int


@login_required
def staff(request: HttpRequest, slug: str) -> HttpResponse:
    event = staff_event(request, slug)
    if request.method == "POST":
        if "remove" in request.POST:
            member = to_int(request.POST.get("remove")) or 0
            run_service(
                request,
                lambda: services.remove_staff(request.user, event, member),
                _("Removed from the staff."),
            )
        else:
            run_service(
                request,
                lambda: services.invite_staff(
                    request.user,
                    event,
                    request.POST.get("username", ""),
                    request.POST.get("role", ""),
                ),
                lambda s: (
                    _("%(user)s is now %(role)s.")
                    % {"user": s.user.get_username(), "role": s.get_role_display().lower()}
                ),
            )
        return redirect("event-staff", slug=event.slug)
    return render(
        request,
        "tournaments/staff.html",
        {
            "event": event,
            "staff": services.event_staff(event),
            "roles": EventStaff.Role.choices,
            "may": capabilities_of(request.user, event),
        },
    )
