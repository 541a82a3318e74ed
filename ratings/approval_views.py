"""League staff's pages for approving rated events."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import NotAllowed, NotFound, ServiceError
from ratings.services import approval


@login_required
def approvals(request: HttpRequest) -> HttpResponse:
    """The queue: events waiting for the league's approval, and those approved."""
    if not approval.is_any_league_staff(request.user):
        messages.error(request, _("Only league staff have an approval queue."))
        return redirect("league-list")
    return render(
        request,
        "ratings/approvals.html",
        {
            "waiting": approval.events_for_staff(request.user, waiting=True),
            "approved": approval.events_for_staff(request.user, waiting=False),
        },
    )


def _decide(request: HttpRequest, slug: str, approve: bool) -> HttpResponse:
    try:
        if approve:
            _row, job = approval.approve(request.user, slug)
            done = _("Approved: its games count in the league's ratings.")
        else:
            job = approval.withdraw(request.user, slug)
            done = _("Approval withdrawn: its games no longer count in the league's ratings.")
    except NotFound as exc:
        raise Http404(exc.message)
    except NotAllowed as exc:
        messages.error(request, exc.message)
        return redirect("league-list")
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("league-approvals")
    if job is not None:
        done += " " + _("The ratings are being recomputed in order.")
    messages.success(request, done)
    return redirect("league-approvals")


@require_POST
@login_required
def approve(request: HttpRequest, slug: str) -> HttpResponse:
    return _decide(request, slug, True)


@require_POST
@login_required
def withdraw(request: HttpRequest, slug: str) -> HttpResponse:
    return _decide(request, slug, False)
