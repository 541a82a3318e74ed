"""Site-wide pages: the home page, log in, sign up and a health check."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import UserCreationForm
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from organizer import health as health_checks
from organizer import security
from tournaments.models import Event, Player
from tournaments.views import presenters


def home(request: HttpRequest) -> HttpResponse:
    events = Event.objects.exclude(status=Event.Status.DRAFT).select_related("organizer")
    context = {
        "running": events.filter(status=Event.Status.RUNNING)[:10],
        "upcoming": events.filter(status=Event.Status.REGISTRATION)[:10],
        "finished": events.filter(status=Event.Status.FINISHED)[:5],
        # A signed-in player at a running event sees his table first.
        "tables_now": presenters.tables_now(request.user),
    }
    return render(request, "home.html", context)


class LoginView(auth_views.LoginView):
    """Django's login, refusing further attempts after repeated failures."""

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        username = request.POST.get("username", "")
        if security.login_blocked(request, username):
            form = self.get_form()
            form.add_error(
                None,
                _("Too many failed log-in attempts. Wait 15 minutes and try again."),
            )
            response = self.form_invalid(form)
            response.status_code = 429
            return response
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        if self.request.method == "POST":
            security.record_login_failure(self.request, self.request.POST.get("username", ""))
        return super().form_invalid(form)

    def form_valid(self, form):
        security.clear_login_failures(self.request, self.request.POST.get("username", ""))
        return super().form_valid(form)


class SignupForm(UserCreationForm):
    display_name = forms.CharField(
        max_length=100,
        label=gettext_lazy("Display name"),
        help_text=gettext_lazy("Your name as it appears in pairings and standings."),
    )
    membership_number = forms.CharField(
        max_length=40,
        required=False,
        label=gettext_lazy("Membership number"),
        help_text=gettext_lazy("Optional: your club or association number."),
    )


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                user = form.save()
                Player.objects.create(
                    user=user,
                    display_name=form.cleaned_data["display_name"],
                    membership_number=form.cleaned_data["membership_number"],
                )
        except IntegrityError:
            # Two sign-ups with one user name at the same moment: the form checked the
            # name before the other one was saved, the database's unique index decides.
            form.add_error("username", _("A user with that username already exists."))
        else:
            login(request, user)
            messages.success(request, _("Welcome! You can now sign up for events."))
            return redirect("home")
    return render(request, "registration/signup.html", {"form": form})


def health(request: HttpRequest) -> JsonResponse:
    """Database, Redis and a worker, each "ok" or what is wrong; 503 when the database
    (without which nothing works) is down, 200 otherwise so a load balancer keeps a
    site that only runs slower."""
    report = health_checks.run(deep=request.GET.get("worker") != "0")
    return JsonResponse(report, status=200 if report["database"] == "ok" else 503)
