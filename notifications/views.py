"""The page where each person chooses which e-mails he gets."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Field
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
    fields = [(kind, _label(kind), pref.wants(kind)) for kind in KINDS]
    email = request.user.email if request.user.is_authenticated else ""
    return render(request, "notifications/preferences.html", {"fields": fields, "email": email})


def _label(kind: str) -> object:
    field = NotificationPreference._meta.get_field(kind)
    return field.verbose_name if isinstance(field, Field) else kind
