"""The director's pages about who plays: the page of players for the day, bulk entry at the
venue, checking in everyone, removing, dropping and the undo of mass drops. Each page
asks first (its service's own preview), then acts."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from tournaments import extensions, services
from tournaments.models import Event, Penalty, Registration
from tournaments.permissions import capabilities_of, own_registration
from tournaments.views import presenters
from tournaments.views.common import (
    back,
    confirm_one,
    ids,
    run_service,
    staff_event,
    to_int,
    uploaded_text,
)

FLAG_WORDS = {
    "duplicate_in_list": gettext_lazy("appears twice in the list: added once"),
    "already_registered": gettext_lazy("already registered: skipped"),
    "has_account": gettext_lazy("has an account: entered as the account holder"),
    "possible_duplicate": gettext_lazy(
        "someone of this name or number is already entered: skipped "
        "(add by hand if not the same person)"
    ),
    "known_player": gettext_lazy("known player without an account: his record is reused"),
    "bad_email": gettext_lazy("the e-mail address is not valid: left out"),
}


@login_required
def bulk_entry(request: HttpRequest, slug: str) -> HttpResponse:
    event = staff_event(request, slug)
    context: dict[str, Any] = {"event": event, "text": ""}
    if request.method == "POST":
        try:
            text = uploaded_text(request)
            if request.POST.get("confirm"):
                added = services.register_player_list(request.user, event, text)
                messages.success(
                    request, _("%(n)d players registered and checked in.") % {"n": len(added)}
                )
                return back(event)
            rows = services.preview_player_list(event, text)
        except ServiceError as exc:
            messages.error(request, exc.message)
            rows, text = [], request.POST.get("text", "")
        context.update(
            text=text,
            rows=[(p, [FLAG_WORDS[f] for f in p.flags]) for p in rows],
            adding=sum(1 for p in rows if p.will_add),
        )
    return render(request, "tournaments/bulk_entry.html", context)


@require_POST
@login_required
def check_in_all(request: HttpRequest, slug: str) -> HttpResponse:
    event = staff_event(request, slug)
    run_service(
        request,
        lambda: services.check_in_everyone(request.user, event),
        lambda a: _("%(n)d players checked in.") % {"n": len(a.registrations)},
    )
    return back(event)


@login_required
def remove_registration(request: HttpRequest, slug: str, registration_id: int) -> HttpResponse:
    return confirm_one(
        request,
        slug,
        registration_id,
        lambda event, reg: services.remove_registration(request.user, event, reg.pk),
        _("%(name)s removed from the event."),
        {
            "title": _("Remove a registration"),
            "question": _("Remove this registration? It is deleted, as if never entered."),
            "button": _("Remove"),
        },
    )


@login_required
def no_shows(request: HttpRequest, slug: str) -> HttpResponse:
    event = staff_event(request, slug)
    if request.method == "POST":
        done = run_service(
            request,
            lambda: services.drop_no_shows_confirmed(
                request.user, event, ids(request.POST.getlist("registration"))
            ),
            lambda a: (
                ngettext(
                    "%(n)d player dropped. You can undo this below.",
                    "%(n)d players dropped. You can undo this below.",
                    len(a.registrations),
                )
                % {"n": len(a.registrations)}
            ),
        )
        if done is not None:
            return redirect("event-undo", slug=event.slug)
    affected = services.no_show_preview(event)
    return render(
        request,
        "tournaments/confirm_action.html",
        {
            "event": event,
            "title": _("Drop the players who did not check in"),
            "question": _("These %(n)d players have not checked in and will be dropped:")
            % {"n": len(affected)},
            "names": [a.name for a in affected],
            "hidden": [("registration", a.registration_id) for a in affected],
            "button": _("Drop these players"),
            "danger": True,
        },
    )


@login_required
def undo(request: HttpRequest, slug: str) -> HttpResponse:
    event = staff_event(request, slug)
    if request.method == "POST":
        action = to_int(request.POST.get("action")) or 0
        run_service(
            request,
            lambda: services.undo_bulk_action(request.user, event, action),
            lambda changed: _("Undone for %(n)d players.") % {"n": len(changed)},
        )
        return redirect("event-undo", slug=event.slug)
    actions = [
        (a, Registration.objects.filter(pk__in=a.registrations).select_related("player"))
        for a in services.undoable_actions(event)
    ]
    return render(request, "tournaments/undo.html", {"event": event, "actions": actions})


@require_POST
@login_required
def undo_self_drop(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    reg = own_registration(request.user, event)
    if reg is None:
        raise Http404(_("You are not registered for this event."))
    run_service(
        request, lambda: services.undo_self_drop(request.user, reg), _("You are back in the event.")
    )
    return redirect("my-event", slug=event.slug)


@login_required
def drop_one(request: HttpRequest, slug: str, registration_id: int) -> HttpResponse:
    """Drop one player, after a page that names him."""
    return confirm_one(
        request,
        slug,
        registration_id,
        lambda staff_event, reg: services.drop(request.user, reg, request.POST.get("note", "")),
        _("%(name)s dropped."),
        {
            "title": _("Drop a player"),
            "question": _("Drop this player from later rounds? Their played results stand."),
            "note": True,
            "button": _("Drop"),
            "danger": True,
        },
    )


def deck_statuses(event: Event) -> dict[int, Any]:
    """The decks app's per-player list status, through the registry decks fills."""
    return extensions.deck_status(event)


@login_required
def hub(request: HttpRequest, slug: str) -> HttpResponse:
    """Everything of the event day on one page: each link leads to a page that asks first."""
    event = staff_event(request, slug, judge=True)
    last = event.rounds.order_by("-number").first()
    query = (request.GET.get("q") or "").strip()
    players = presenters.registrations_page(event, request.GET.get("players_page"), query)
    context = {
        "event": event,
        "may": capabilities_of(request.user, event),
        "last": last,
        "readiness": services.deck_readiness_for(event, deck_statuses(event)),
        "penalties": Penalty.objects.filter(registration__event=event)
        .select_related("registration__player", "rescission")
        .order_by("-created_at"),
        "avoided": services.avoided_pairs_in_round(last) if last else [],
        "settings": services.event_settings(event),
        # A page of players at a time, found by name: the lists stay a page at any size.
        "registrations": players.object_list,
        "players_page": players,
        "q": query,
        "first_paired": last is not None,
    }
    return render(request, "tournaments/hub.html", context)
