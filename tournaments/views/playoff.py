"""The top cut's pages: the public bracket, and the director's buttons to set, start,
enter and decide playoff matches."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from rules_engine import get_game
from tournaments import services
from tournaments.models import (
    Event,
    EventDaySettings,
    PlayoffMatch,
)
from tournaments.permissions import is_judge
from tournaments.views.common import run_service
from tournaments.views.rounds import opt_int


def _stages(matches: list[PlayoffMatch]) -> list[tuple[int, list[PlayoffMatch]]]:
    out: dict[int, list[PlayoffMatch]] = {}
    for m in matches:
        out.setdefault(m.stage, []).append(m)
    return sorted(out.items())


def bracket(request: HttpRequest, slug: str) -> HttpResponse:
    """The public bracket and the final standings, playoff places above the Swiss order."""
    event = get_object_or_404(Event, slug=slug)
    if event.status == Event.Status.DRAFT and not services.is_director(request.user, event):
        raise Http404(_("No such event."))
    matches = services.playoff_matches(event)
    game = get_game(event.game)
    context = {
        "event": event,
        "settings": services.event_settings(event),
        "stages": _stages(matches),
        "standings": services.final_standings(event) if matches else [],
        "can_report": is_judge(request.user, event),
        "is_director": services.is_director(request.user, event),
        "blocker": services.playoff_blocker(event),
        "cancellable": matches and services.top_cut_cancel_blocker(event) is None,
        # "Final standings" only once the champion is known.
        "playoff_decided": bool(matches) and services.finish_blocker(event) is None,
        "uses_mps": game.uses_mps,
        "outcomes": [("normal", _("Normal end"))]
        + [(o, _(game.label(o)).capitalize()) for o in game.outcomes if o != "normal"],
        "cut_sizes": (0, 2, 4, 8),
        "tie_rules": EventDaySettings.TieRule.choices,
    }
    return render(request, "tournaments/bracket.html", context)


def _saved_words(match: PlayoffMatch) -> str:
    """What a saved playoff result did: who goes through, a replay, or the director's call."""
    if match.winner_id is not None and match.winner is not None:
        return _("Result saved: %(name)s goes through.") % {
            "name": match.winner.player.display_name
        }
    if match.status == PlayoffMatch.Status.TIED:
        return _("Result saved: a tie. The director decides who goes through.")
    if match.replays:
        return _("Result saved: a tie. The game is played again.")
    return _("Result saved.")


@require_POST
@login_required
def playoff_action(request: HttpRequest, slug: str, action: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    user, post = request.user, request.POST
    if action == "settings":
        run_service(
            request,
            lambda: services.set_top_cut(
                user, event, opt_int(post.get("top_cut")) or 0, post.get("tie", "")
            ),
            _("Top cut saved."),
        )
    elif action == "start":
        run_service(
            request, lambda: services.start_playoff(user, event), _("The playoff has started.")
        )
    elif action == "result":
        run_service(
            request,
            lambda: services.report_playoff_result(
                user,
                event,
                int(post.get("match", 0)),
                opt_int(post.get("high_mps")),
                opt_int(post.get("low_mps")),
                post.get("outcome") or "normal",
                post.get("winner"),
            ),
            _saved_words,
        )
    elif action == "decide":
        run_service(
            request,
            lambda: services.decide_playoff_tie(
                user, event, int(post.get("match", 0)), int(post.get("winner", 0))
            ),
            _("Tie decided."),
        )
    elif action == "cancel" and post.get("confirm"):
        run_service(
            request, lambda: services.cancel_top_cut(user, event), _("The top cut is cancelled.")
        )
    else:
        messages.error(request, _("Unknown action."))
    return redirect("event-bracket", slug=event.slug)
