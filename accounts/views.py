"""Pages of one's account: log in (throttled) and sign up (an account and its player)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import UserCreationForm
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from accounts import lookalike, throttle
from tournaments.models import Player


class LoginView(auth_views.LoginView):
    """Django's login, refusing further attempts after repeated failures."""

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        username = request.POST.get("username", "")
        if throttle.login_blocked(request, username):
            form = self.get_form()
            form.add_error(
                None,
                _("Too many failed log-in attempts. Wait 15 minutes and try again."),
            )
            response = self.form_invalid(form)
            response.status_code = 429
            response["Retry-After"] = str(throttle.login_retry_after())
            return response
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        if self.request.method == "POST":
            throttle.record_login_failure(self.request, self.request.POST.get("username", ""))
        return super().form_invalid(form)

    def form_valid(self, form):
        throttle.clear_login_failures(self.request, self.request.POST.get("username", ""))
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
    # Notifications (pairings, results to confirm) go to this address; the director
    # also finds an account holder by it at the door.
    email = forms.EmailField(
        required=False,
        label=gettext_lazy("E-mail"),
        help_text=gettext_lazy("Optional: where pairings and results to confirm are sent."),
    )

    def clean_email(self) -> str:
        email = (self.cleaned_data.get("email") or "").strip()
        if email and get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with this e-mail already exists."))
        return email

    def save(self, commit: bool = True) -> Any:
        user = super().save(commit=False)
        user.email = self.cleaned_data.get("email", "")
        if commit:
            user.save()
        return user


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    wait = throttle.signup_wait(request) if request.method == "POST" else None
    if wait is not None:
        # As many sign-ups from this address as the API allows: the form keeps what was
        # typed (but the passwords) and says when to try again.
        form.is_valid()
        form.add_error(None, _("Too many sign-ups from your address. Try again later."))
        response = render(request, "registration/signup.html", {"form": form}, status=429)
        response["Retry-After"] = str(wait)
        return response
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                user = form.save()
                player = Player.objects.create(
                    user=user,
                    display_name=form.cleaned_data["display_name"],
                    membership_number=form.cleaned_data["membership_number"],
                )
                lookalike.flag_if_imitating(user, player)
        except IntegrityError:
            # Two sign-ups with one user name at the same moment: the form checked the
            # name before the other one was saved, the database's unique index decides.
            form.add_error("username", _("A user with that username already exists."))
        else:
            login(request, user)
            messages.success(request, _("Welcome! You can now sign up for events."))
            return redirect("home")
    return render(request, "registration/signup.html", {"form": form})
