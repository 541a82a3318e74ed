"""The page where each person chooses which e-mails he gets."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from notifications import services
from notifications.models import KINDS, NotificationPreference


@login_required
def preferences(request: HttpRequest) -> HttpResponse:
    pref = services.preferences_for(request.user)
    if request.method == "POST":
        services.update_preferences(request.user, {k: k in request.POST for k in KINDS})
        messages.success(request, _("Your e-mail choices are saved."))
        return redirect("notification-preferences")
    fields = [
        (kind, NotificationPreference._meta.get_field(kind).verbose_name, pref.wants(kind))
        for kind in KINDS
    ]
    return render(
        request,
        "notifications/preferences.html",
        {"fields": fields, "email": request.user.email},
    )
