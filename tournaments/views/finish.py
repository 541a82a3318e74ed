"""Finishing an event, after a page that says what will happen: the standings become
final, an unplayed round is left out (finishing early), and a top cut that is set but not
played is skipped, said in so many words, with the way to play it instead."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.services.director_options import director_options, option_words
from tournaments.services.playoff_end import top_cut_pending
from tournaments.views.common import current_round, run_service, staff_event


def _finish_context(event: Any) -> dict[str, Any]:
    last = current_round(event)
    total = services.rounds_total(event)
    early = bool(last and last.number < total)
    options = {o.action: o for o in director_options(event)}
    option = options["finish_early" if early else "finish"]
    refusal = option_words(option)
    playoff = services.finish_blocker(event)
    if not refusal and playoff is not None:
        refusal = playoff.message
    cut = top_cut_pending(event)
    lines = [
        _(
            "The standings become final and the event can be rated. A result can still be "
            "corrected afterwards."
        )
    ]
    if early and last is not None:
        lines.insert(
            0,
            _(
                "Only %(played)d of %(total)d rounds have been played: the event ends after "
                "round %(played)d."
            )
            % {"played": last.number, "total": total},
        )
    if cut:
        lines.insert(
            0,
            _(
                "A top %(n)d is set and has not been played: finishing now skips it, and the "
                "Swiss standings name the winner."
            )
            % {"n": cut},
        )
    if cut:
        button = _("Finish without the top %(n)d") % {"n": cut}
    elif early and last is not None:
        button = _("Finish early (after round %(n)d)") % {"n": last.number}
    else:
        button = _("Finish the event")
    return {
        "event": event,
        "refusal": refusal,
        "lines": lines,
        "early": early,
        "button": button,
        "top_cut": cut,
        "can_start_top_cut": bool(cut) and services.playoff_blocker(event) is None,
    }


@login_required
def finish_event(request: HttpRequest, slug: str) -> HttpResponse:
    """GET says what finishing will do (or why it cannot yet); POST finishes."""
    event = staff_event(request, slug)
    if request.method == "POST":
        early = request.POST.get("early") == "1"
        done = run_service(
            request,
            lambda: services.finish_event(
                request.user,
                event,
                early=early,
                # The page said the top cut would be skipped, and the button says so.
                skip_top_cut=request.POST.get("skip_top_cut") == "1",
            ),
            _("The event is finished."),
        )
        if done is not None:
            return redirect("event-dashboard", slug=event.slug)
        event.refresh_from_db()
    context = _finish_context(event)
    status = 409 if request.method == "POST" else 200
    return render(request, "tournaments/finish_event.html", context, status=status)
