"""Event-day pages of the director (and his staff): staff, bulk entry, confirmations and
undo. Each view reads the request, calls one service and shows what happened; what a
page asks the director to confirm comes from the service's own preview."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from tournaments import services
from tournaments.models import Event, EventStaff, Penalty, Registration
from tournaments.permissions import is_judge, is_owner, own_registration

MAX_UPLOAD = 512 * 1024

FLAG_WORDS = {
    "duplicate_in_list": gettext_lazy("appears twice in the list: added once"),
    "already_registered": gettext_lazy("already registered: skipped"),
    "has_account": gettext_lazy("has an account: he registers himself"),
    "known_player": gettext_lazy("known player without an account: his record is reused"),
    "bad_email": gettext_lazy("the e-mail address is not valid: left out"),
}


def run(
    request: HttpRequest, action: Callable[[], Any], success: str | Callable[[Any], str]
) -> Any:
    """One service call; its refusal becomes an error message on the page."""
    try:
        result = action()
    except ServiceError as exc:
        messages.error(request, exc.message)
        return None
    messages.success(request, success(result) if callable(success) else success)
    return result


def staff_event(request: HttpRequest, slug: str, judge: bool = False) -> Event:
    """The event, if the user runs it (a director; a judge where ``judge``)."""
    event = get_object_or_404(Event.objects.select_related("organizer"), slug=slug)
    allowed = is_judge if judge else services.is_director
    if not allowed(request.user, event):
        raise PermissionDenied(_("Only the staff of this event can see this page."))
    return event


def ids(values: list[str]) -> list[int]:
    try:
        return [int(v) for v in values]
    except ValueError:
        raise ServiceError(_("The form was changed: look at the list again."))


def back(event: Event) -> HttpResponse:
    return redirect("event-dashboard", slug=event.slug)


@login_required
def staff(request: HttpRequest, slug: str) -> HttpResponse:
    event = staff_event(request, slug)
    if request.method == "POST":
        if "remove" in request.POST:
            run(
                request,
                lambda: services.remove_staff(request.user, event, int(request.POST["remove"])),
                _("Removed from the staff."),
            )
        else:
            run(
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
        return redirect("eventday-staff", slug=event.slug)
    return render(
        request,
        "tournaments/eventday/staff.html",
        {
            "event": event,
            "staff": services.event_staff(event),
            "roles": EventStaff.Role.choices,
            "is_owner": is_owner(request.user, event),
        },
    )


def _uploaded_text(request: HttpRequest) -> str:
    upload = request.FILES.get("file")
    if upload is None:
        return request.POST.get("text", "")
    if upload.size > MAX_UPLOAD:
        raise ServiceError(_("The file is too large: at most 500 KB."))
    try:
        return upload.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ServiceError(_("Save the list as UTF-8 text or CSV."))


@login_required
def bulk_entry(request: HttpRequest, slug: str) -> HttpResponse:
    event = staff_event(request, slug)
    context: dict[str, Any] = {"event": event, "text": ""}
    if request.method == "POST":
        try:
            text = _uploaded_text(request)
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
    return render(request, "tournaments/eventday/bulk_entry.html", context)


@require_POST
@login_required
def check_in_all(request: HttpRequest, slug: str) -> HttpResponse:
    event = staff_event(request, slug)
    run(
        request,
        lambda: services.check_in_everyone(request.user, event),
        lambda a: _("%(n)d players checked in.") % {"n": len(a.registrations)},
    )
    return back(event)


def confirm_one(
    request: HttpRequest,
    slug: str,
    registration_id: int,
    action: Callable[[Event, Registration], Any],
    done: str,
    page: dict[str, Any],
    *,
    judge: bool = False,
    after: str = "event-dashboard",
) -> HttpResponse:
    """One player, one action, after a page that names him (remove, drop, eject): GET
    asks, POST acts; a refusal is shown on the same page. ``done`` has a %(name)s."""
    event = staff_event(request, slug, judge=judge)
    reg = get_object_or_404(
        Registration.objects.select_related("player"), pk=registration_id, event=event
    )
    name = reg.player.display_name
    if request.method == "POST":
        result = run(request, lambda: action(event, reg), done % {"name": name})
        if result is not None:
            return redirect(after, slug=event.slug)
    context = {"event": event, "names": [name], **page}
    return render(request, "tournaments/eventday/confirm.html", context)


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
        done = run(
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
            return redirect("eventday-undo", slug=event.slug)
    affected = services.no_show_preview(event)
    return render(
        request,
        "tournaments/eventday/confirm.html",
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
        run(
            request,
            lambda: services.undo_bulk_action(request.user, event, int(request.POST["action"])),
            lambda changed: _("Undone for %(n)d players.") % {"n": len(changed)},
        )
        return redirect("eventday-undo", slug=event.slug)
    actions = [
        (a, Registration.objects.filter(pk__in=a.registrations).select_related("player"))
        for a in services.undoable_actions(event)
    ]
    return render(request, "tournaments/eventday/undo.html", {"event": event, "actions": actions})


@login_required
def rescind(request: HttpRequest, slug: str, penalty_id: int) -> HttpResponse:
    event = staff_event(request, slug)
    penalty = get_object_or_404(
        Penalty.objects.select_related("registration__player"),
        pk=penalty_id,
        registration__event=event,
    )
    if request.method == "POST":
        done = run(
            request,
            lambda: services.rescind_penalty(
                request.user, penalty.pk, request.POST.get("note", "")
            ),
            _("Penalty rescinded."),
        )
        if done is not None:
            return back(event)
    return render(
        request,
        "tournaments/eventday/confirm.html",
        {
            "event": event,
            "title": _("Rescind a penalty"),
            "question": _("Rescind this %(kind)s (%(offense)s)?")
            % {
                "kind": penalty.get_kind_display().lower(),
                "offense": penalty.get_offense_display().lower(),
            },
            "names": [penalty.registration.player.display_name],
            "note": True,
            "button": _("Rescind"),
        },
    )


@require_POST
@login_required
def undo_self_drop(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    reg = own_registration(request.user, event)
    if reg is None:
        raise Http404(_("You are not registered for this event."))
    run(
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
        lambda _event, reg: services.drop(request.user, reg, request.POST.get("note", "")),
        _("%(name)s dropped."),
        {
            "title": _("Drop a player"),
            "question": _("Drop this player from later rounds? His played results stand."),
            "note": True,
            "button": _("Drop"),
            "danger": True,
        },
    )


@login_required
def eject(request: HttpRequest, slug: str, registration_id: int) -> HttpResponse:
    """Eject one player (000 Part VI §3), after a page that names him and asks why."""
    return confirm_one(
        request,
        slug,
        registration_id,
        lambda _event, reg: services.issue_penalty(
            request.user,
            reg,
            request.POST.get("offense", ""),
            request.POST.get("note", ""),
            kind=Penalty.Kind.EJECTION,
        ),
        _("%(name)s ejected."),
        {
            "title": _("Eject a player"),
            "question": _("Eject this player? He is dropped from later rounds and cannot place."),
            "offenses": Penalty.Offense.choices,
            "note": True,
            "button": _("Eject"),
            "danger": True,
        },
        judge=True,
        after="eventday-hub",
    )
