"""The top cut's pages: the public bracket, and the director's buttons to set, start,
enter and decide playoff matches."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from rules_engine import get_game
from tournaments import services
from tournaments.extensions import format_choices
from tournaments.models import (
    Event,
    EventSettings,
    PlayoffMatch,
)
from tournaments.permissions import capabilities_of, is_director, is_judge
from tournaments.services.playoff_nobody import nobody_matches
from tournaments.views.common import activate_event_zone, run_service, to_int
from tournaments.views.rounds import opt_int
from tournaments.words.playoff import nobody_notes, round_label, side_label


def _stages(matches: list[PlayoffMatch]) -> list[tuple[int, str, list[PlayoffMatch]]]:
    """Single elimination by stage, each with its name (round of 32 and 16, quarter- and
    semi-finals, final)."""
    out: dict[int, list[PlayoffMatch]] = {}
    for m in matches:
        out.setdefault(m.stage, []).append(m)
    return [
        (stage, round_label(services.playoff_round(ms[0])), ms) for stage, ms in sorted(out.items())
    ]


def _sides(
    matches: list[PlayoffMatch], settings: EventSettings
) -> list[tuple[str, list[tuple[str, list[PlayoffMatch]]]]]:
    """Double elimination by side, then by round on that side, each round with its name."""
    labels = dict(PlayoffMatch.Side.choices)
    out: dict[str, dict[int, list[PlayoffMatch]]] = {side: {} for side in labels}
    for m in matches:
        out[m.side].setdefault(m.side_round or 0, []).append(m)
    sides = []
    for side, rounds in out.items():
        if rounds:
            named = [
                (round_label(services.playoff_round(ms[0])), ms) for _, ms in sorted(rounds.items())
            ]
            sides.append((side_label(side), named))
    return sides


def _describe(m: PlayoffMatch, formats: dict[str, str]) -> None:
    """What the page shows of a match besides its row: its format, its games (best of N)
    with their formats by name, and the next game's format or who chooses it."""
    names = {r.pk: r.player.display_name for r in (m.high, m.low) if r is not None}
    m.format_name = formats.get(services.playoff_format(m), "")  # type: ignore[attr-defined]
    m.best_of = services.playoff_best_of(m)  # type: ignore[attr-defined]
    m.game_list = [  # type: ignore[attr-defined]
        {
            "game": g,
            "format": formats.get(g.format_key, ""),
            "counts_for": names.get(g.winner_id or g.decided_for_id or 0, ""),
        }
        for g in m.games.all()
    ]
    ahead = services.playoff_next_game(m)
    if ahead is not None:
        ahead["format_name"] = formats.get(ahead["format"] or "", "")
        ahead["chooser"] = names.get(ahead["chosen_by"] or 0, "")
    m.ahead = ahead  # type: ignore[attr-defined]


def _visible_event(request: HttpRequest, slug: str) -> Event:
    event = get_object_or_404(Event, slug=slug)
    if event.status == Event.Status.DRAFT and not is_director(request.user, event):
        raise Http404(_("No such event."))
    activate_event_zone(event)
    return event


def _bracket_view(event: Event) -> dict[str, Any]:
    """The bracket as the page and the projector show it."""
    matches = services.playoff_matches(event)
    settings = services.event_settings(event)
    double = settings.playoff_kind == EventSettings.PlayoffKind.DOUBLE
    formats = dict(format_choices(event.game))
    decks = services.playoff_decks(event, matches)
    for m in matches:
        _describe(m, formats)
        # The deck each seat plays (or the lists still possible), as the pairings show it.
        m.high_deck = decks.get((m.pk, m.high_id or 0))  # type: ignore[attr-defined]
        m.low_deck = decks.get((m.pk, m.low_id or 0))  # type: ignore[attr-defined]
    return {
        "event": event,
        "settings": settings,
        "matches": matches,
        "stages": [] if double else _stages(matches),
        "sides": _sides(matches, settings) if double else [],
        "champion_match": services.playoff_champion_match(event) if double else None,
        "formats": sorted(formats.items(), key=lambda kv: kv[1]),
    }


def projector_bracket(request: HttpRequest, slug: str) -> HttpResponse:
    """The bracket on the wall: large type, no forms, reloading itself."""
    context = _bracket_view(_visible_event(request, slug))
    return render(request, "tournaments/projector_bracket.html", {**context, "refresh": 30})


# A refused setting's code and the field it is shown beside.
SETTING_FIELDS = {
    "invalid_cut": "top_cut", "multiplayer_cut": "top_cut", "invalid_kind": "kind",
    "invalid_format": "upper_format", "invalid_best_of": "best_of", "invalid_tie": "tie",
}  # fmt: skip


def _settings_form(settings: EventSettings, typed: Any = None) -> dict[str, Any]:
    """The settings form's values: what was typed when it was refused, else the saved ones."""
    if typed is None:
        return {
            "top_cut": settings.top_cut, "kind": settings.playoff_kind,
            "reset": settings.playoff_reset, "upper_format": settings.playoff_upper_format,
            "lower_format": settings.playoff_lower_format, "best_of": settings.playoff_best_of,
            "final_best_of": settings.final_best_of,
            "loser_chooses": settings.loser_chooses_format, "tie": settings.playoff_tie,
        }  # fmt: skip
    return {
        "top_cut": opt_int(typed.get("top_cut")) or 0, "kind": typed.get("kind", ""),
        "reset": bool(typed.get("reset")), "upper_format": typed.get("upper_format", ""),
        "lower_format": typed.get("lower_format", ""),
        "best_of": opt_int(typed.get("best_of")) or 1,
        "final_best_of": opt_int(typed.get("final_best_of")) or 1,
        "loser_chooses": bool(typed.get("loser_chooses")), "tie": typed.get("tie", ""),
    }  # fmt: skip


def bracket(request: HttpRequest, slug: str) -> HttpResponse:
    """The public bracket and the final standings, playoff places above the Swiss order."""
    return _bracket_page(request, _visible_event(request, slug))


def _bracket_page(
    request: HttpRequest, event: Event, refused: ServiceError | None = None
) -> HttpResponse:
    view = _bracket_view(event)
    matches = view["matches"]
    game = get_game(event.game)
    context = {
        **view,
        "kinds": EventSettings.PlayoffKind.choices,
        "standings": services.final_standings(event) if matches else [],
        "can_report": is_judge(request.user, event),
        "nobody_notes": nobody_notes(nobody_matches(event)),
        "may": capabilities_of(request.user, event),
        "blocker": services.playoff_blocker(event),
        "cancellable": matches and services.top_cut_cancel_blocker(event) is None,
        # "Final standings" only once the champion is known.
        "playoff_decided": bool(matches) and services.finish_blocker(event) is None,
        "uses_mps": game.uses_mps,
        "outcomes": [("normal", _("Normal end"))]
        + [(o, _(game.label(o)).capitalize()) for o in game.outcomes if o != "normal"],
        "cut_sizes": (0, *range(2, 65)),
        "best_of_choices": (1, 3, 5, 7),
        "tie_rules": EventSettings.TieRule.choices,
        "form": _settings_form(view["settings"], request.POST if refused else None),
        "errors": {SETTING_FIELDS.get(refused.code or "", "top_cut"): refused.message}
        if refused
        else {},
    }
    return render(request, "tournaments/bracket.html", context, status=400 if refused else 200)


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
        try:
            services.set_top_cut(
                user,
                event,
                opt_int(post.get("top_cut")) or 0,
                post.get("tie", ""),
                kind=post.get("kind") or EventSettings.PlayoffKind.SINGLE,
                reset=bool(post.get("reset")),
                upper_format=post.get("upper_format", ""),
                lower_format=post.get("lower_format", ""),
                best_of=(
                    opt_int(post.get("best_of")) or 1,
                    opt_int(post.get("final_best_of")) or 1,
                ),
                loser_chooses=bool(post.get("loser_chooses")),
            )
        except ServiceError as exc:
            if exc.code in SETTING_FIELDS:  # the form again, as typed, the error beside it
                return _bracket_page(request, event, exc)
            messages.error(request, exc.message)  # not about one field (who, or when)
        else:
            messages.success(request, _("Top cut saved."))
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
                to_int(post.get("match")) or 0,
                opt_int(post.get("high_mps")),
                opt_int(post.get("low_mps")),
                post.get("outcome") or "normal",
                post.get("winner"),
                post.get("format_key", ""),
            ),
            _saved_words,
        )
    elif action == "decide":
        run_service(
            request,
            lambda: services.decide_playoff_tie(
                user, event, to_int(post.get("match")) or 0, to_int(post.get("winner")) or 0
            ),
            _("Tie decided."),
        )
    elif action == "cancel" and post.get("confirm"):
        run_service(
            request, lambda: services.cancel_top_cut(user, event), _("The top cut is cancelled.")
        )
    else:
        messages.error(request, _("Unknown action."))
    url = reverse("event-bracket", args=[event.slug])
    match = to_int(post.get("match")) if action in ("result", "decide") else None
    # Back to the match the director just entered (a bracket is 6,000 px on a phone).
    return redirect(f"{url}#match-{match}" if match else url)
