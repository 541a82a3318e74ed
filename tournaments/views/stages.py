"""The stages' pages: the event's preset and stages with what comes next, the director's
buttons (choose a preset, start the next stage, pair a round robin round, skip a stage),
and a round robin's crosstable for phones and for the projector."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from tournaments.models import Event, GameSystem, StageKind
from tournaments.permissions import Capability, can, is_director, own_registration
from tournaments.rules.presets import DEFAULT_PRESET, PRESETS, preset_for
from tournaments.services import heats, league_series, stage_plan
from tournaments.services import stages as run
from tournaments.services.stage_progress import stages_of
from tournaments.services.stages import RobinTable
from tournaments.templatetags.stages_ui import event_preset
from tournaments.views import presenters
from tournaments.views.common import event_or_404, run_service, to_int
from tournaments.views.forms import EventForm
from tournaments.words import stages as words

REFRESH_SECONDS = 60


def crosstable_rows(table: RobinTable) -> list[dict[str, Any]]:
    """Each player's row: his standing and, per opponent in standings order, the game."""
    order = [r.player for r in table.rows]
    return [
        {
            "row": r,
            "name": table.names.get(r.player, ""),
            "cells": [
                None if other == r.player else table.cells.get(r.player, {}).get(other)
                for other in order
            ],
            "self_index": order.index(r.player),
        }
        for r in table.rows
    ]


def preset_choices(game: str) -> list[tuple[str, str]]:
    """The presets a director may choose for an event of ``game``, in their order."""
    return [(p.key, words.preset_name(p.key)) for p in PRESETS if p.game in ("", game)]


def heads(table: RobinTable) -> list[dict[str, Any]]:
    return [{"rank": r.rank, "name": table.names.get(r.player, "")} for r in table.rows]


def _robins(event: Event) -> list[dict[str, Any]]:
    out = []
    for stage in stages_of(event):
        if stage.kind == StageKind.ROUND_ROBIN and stage.first_round is not None:
            table = run.robin_table(event, stage.position)
            out.append({"stage": stage, "rows": crosstable_rows(table), "names": heads(table)})
    return out


def _heats(request: HttpRequest, event: Event, director: bool) -> dict[str, Any] | None:
    """Each heat's standings, the top N of each marked, and the director's draw and move
    before round 1."""
    count = heats.group_count(event)
    if count < 2:
        return None
    stages = stages_of(event)
    after = stages[1] if len(stages) > 1 and stages[1].advance_per_group else None
    cut = after.advance or 0 if after else 0
    active = set(event.registrations.active().values_list("pk", flat=True))
    tables = []
    for table in heats.group_standings(event):
        still_in = [r.player for r in table.rows if int(r.player) in active]
        # Before any game every place is a tie: nobody is in the cut yet.
        going = set(still_in[:cut]) if any(r.games or r.byes for r in table.rows) else set()
        tables.append({
            "number": table.group,
            "rows": [
                {"row": r, "name": table.names[r.player], "goes_on": r.player in going}
                for r in table.rows
            ],
        })  # fmt: skip
    groups = heats.group_of(event)
    names = dict(event.registrations.values_list("pk", "player__display_name"))
    snapshot = heats.groups_snapshot(event)
    return {
        **snapshot,
        "reading": words.heats_reading(snapshot["draw"], cut),
        "drawn": bool(groups),
        "tables": tables,
        "numbers": list(range(1, count + 1)),
        "entries": sorted(
            ((int(pk), names[int(pk)], g) for pk, g in groups.items()), key=lambda e: e[1]
        ),
        "can_change": director and not event.rounds.exists(),
    }


def stages_page(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(request, slug)
    director = is_director(request.user, event)
    stages = stages_of(event)
    step = run.next_step(event)
    context = {
        "event": event,
        "preset": event_preset(event),
        "stages": [
            {
                "stage": s,
                "line": words.stage_line(s.kind, s.advance, s.advance_per_group),
                "scoring": words.scoring_label(s.scoring),
                "skippable": run.skippable(event, s),
                "match": s.kind in stage_plan.MATCH_KINDS,
                "match_open": s.kind in stage_plan.MATCH_KINDS
                and not (event.rounds.exists() if s.position == 1 else s.first_round),
                "tie": (s.options or {}).get("tie", "replay"),
                "loser_chooses": bool((s.options or {}).get("loser_chooses_format")),
            }
            for s in stages
        ],
        "next_step": words.next_step_text(step) if step else "",
        "step": step,
        "robins": _robins(event),
        "heats": _heats(request, event, director),
        "league": _league(request, event),
        "is_director": director,
        "missing_formats": presenters.missing_formats_warning(event) if director else None,
        "presets": preset_choices(event.game),
        "can_choose_preset": director and not event.rounds.exists(),
        "best_of_choices": (1, 3, 5),
    }
    return render(request, "tournaments/stages.html", context)


def projector_crosstable(request: HttpRequest, slug: str, position: int) -> HttpResponse:
    event = event_or_404(request, slug)
    try:
        table = run.robin_table(event, position)
    except ServiceError as exc:
        raise Http404(exc.message)
    context = {
        "event": event,
        "stage": table.stage,
        "rows": crosstable_rows(table),
        "names": heads(table),
        "refresh": REFRESH_SECONDS,
    }
    return render(request, "tournaments/projector_crosstable.html", context)


def _league_pair(request: HttpRequest, event: Event) -> tuple[int, int]:
    """The winner and the loser from the staff's two choices, or from a player's
    opponent and "I won" / "I lost"."""
    post = request.POST
    opponent = to_int(post.get("opponent"))
    if opponent is None:
        return to_int(post.get("winner")) or 0, to_int(post.get("loser")) or 0
    mine = own_registration(request.user, event)
    me = mine.pk if mine else 0
    return (me, opponent) if post.get("result") == "won" else (opponent, me)


def _league(request: HttpRequest, event: Event) -> dict[str, Any] | None:
    table = league_series.league_table(event)
    if table is None:
        return None
    mine = own_registration(request.user, event)
    entries = [(int(r.player), table.names[r.player]) for r in table.rows]
    return {
        "table": table,
        "rows": [
            {
                "row": r,
                "name": table.names[r.player],
                "rating_change": table.rating_changes.get(r.player, 0),
            }
            for r in table.rows
        ],
        "opponents": [(pk, name) for pk, name in entries if not mine or pk != mine.pk],
        "entries": entries,
        "mine": mine,
        "staff": can(request.user, event, Capability.ENTER_RESULT),
    }


@require_POST
@login_required
def stage_action(request: HttpRequest, slug: str, action: str) -> HttpResponse:
    event = event_or_404(request, slug)
    user, post = request.user, request.POST
    if action == "preset":
        run_service(
            request,
            lambda: stage_plan.apply_preset(user, event, post.get("preset", "")),
            _("Preset applied: its settings and stages are set, and stay yours to change."),
        )
    elif action == "start":
        run_service(request, lambda: run.start_stage(user, event), _("The next stage has started."))
    elif action == "pair":
        run_service(
            request,
            lambda: run.pair_robin_round(user, event),
            lambda rnd: _("Round %(n)s is paired.") % {"n": rnd.number},
        )
    elif action == "league":
        winner, loser = _league_pair(request, event)
        run_service(
            request,
            lambda: league_series.report_league_game(user, event, winner, loser),
            _("League game recorded."),
        )
    elif action == "heats-draw":
        seed = to_int(post.get("seed"))
        run_service(
            request,
            lambda: heats.draw_groups(user, event, post.get("method", ""), seed),
            _("The heats are drawn."),
        )
    elif action == "heats-move":
        registration, heat = to_int(post.get("registration")) or 0, to_int(post.get("heat")) or 0
        run_service(
            request,
            lambda: heats.move_to_group(user, event, registration, heat),
            _("The player is moved to heat %(n)s.") % {"n": heat},
        )
    elif action == "match":
        position = to_int(post.get("position")) or 0
        run_service(
            request,
            lambda: stage_plan.set_stage_match(
                user, event, position, to_int(post.get("best_of")) or 1,
                post.get("tie") or "replay", post.get("loser_chooses") in ("on", "1", "true"),
            ),
            _("The stage's matches are set."),
        )  # fmt: skip
    elif action == "skip":
        position = to_int(post.get("position")) or 0
        run_service(
            request,
            lambda: run.skip_stage(user, event, position),
            _("Stage %(n)s is skipped.") % {"n": position},
        )
    else:
        messages.error(request, _("Unknown action."))
    return redirect("event-stages", slug=event.slug)


class PresetEventForm(EventForm):
    """The new-event form with the presets first: the preset sets the options the
    director leaves untouched, and its stages (all of them his to change afterwards)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["preset"] = forms.ChoiceField(
            choices=[(p.key, words.preset_name(p.key)) for p in PRESETS],
            initial=DEFAULT_PRESET,
            required=False,
            label=_("Start from"),
            help_text=_("The event the community holds: it sets the stages and options below."),
        )
        self.fields["preset"].widget.attrs["data-preset-games"] = json.dumps(
            {p.key: p.game for p in PRESETS if p.game}
        )
        # Left at "the preset's game", the game is the preset's (without JavaScript too);
        # a game chosen here is the director's, and a preset for another one is refused.
        game = self.fields["game"]
        assert isinstance(game, forms.ChoiceField)
        game.required = False
        games = [(key, _(label)) for key, label in GameSystem.choices]
        game.choices = [("", _("The preset's game")), *games]
        self.order_fields(["preset", *[f for f in self.fields if f != "preset"]])

    def clean_game(self) -> str:
        game = self.cleaned_data.get("game") or ""
        preset = preset_for(self.cleaned_data.get("preset") or DEFAULT_PRESET)
        if game:
            return game
        if preset is not None and preset.game:
            return preset.game
        raise forms.ValidationError(_("Choose the game: this preset is for any game."))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        preset = preset_for(data.get("preset") or "")
        if preset is not None and preset.game and data.get("game") != preset.game:
            self.add_error("preset", _("This preset is for another game."))
        return data

    def preset_data(self) -> tuple[str, dict[str, Any]]:
        """The preset's key and the event's fields: the preset's values where the director
        left a field as the form offered it."""
        key = self.cleaned_data.get("preset") or DEFAULT_PRESET
        data = self.event_data()
        preset = preset_for(key)
        for name, value in (preset.event if preset else {}).items():
            offered = self.fields[name].initial if name in self.fields else None
            if data.get(name) in (None, "", False, offered):
                data[name] = value
        return key, data


def create_from_form(request: HttpRequest, form: PresetEventForm) -> Event | None:
    key, data = form.preset_data()
    return run_service(
        request,
        lambda: stage_plan.create_event_from_preset(request.user, key, **data),
        _("Event created as a draft. Open registration when it is ready."),
    )
