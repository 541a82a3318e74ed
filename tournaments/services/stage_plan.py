"""An event's stage plan: checking it, setting it (audited), and the presets that set it
together with the event's options (RULES.md §8).

An event without a plan is the rulebook's: its Swiss, then the optional top cut."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict, ServiceError
from core.types import AnyUser
from tournaments.extensions import format_choices
from tournaments.models import Event, EventSettings, Stage, StageKind
from tournaments.permissions import require_director
from tournaments.rules import double_elim
from tournaments.rules import presets as p
from tournaments.rules.best_of import BEST_OF
from tournaments.rules.bracket import CUT_SIZES
from tournaments.rules.limits import PLANNED_ROUNDS
from tournaments.services.base import (
    event_settings,
    last_round_number,
    lock_event,
    retry_on_conflict,
)
from tournaments.services.events import create_event, update_event
from tournaments.services.stage_progress import stages_of
from tournaments.services.standings.snapshot import mark_stale
from tournaments.standings import TIEBREAKS
from tournaments.words.stages import plan_problem_text, preset_name

STAGE_FIELDS = tuple(p.StageSpec(kind=p.SWISS).as_dict())
# A round robin of more than this many players would run for days.
ROBIN_MAX = 16
ADVANCE_MAX = 64


def _spec_problems(position: int, spec: dict[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if spec.get("kind") not in p.KINDS:
        out.append({"code": "unknown_kind", "position": position})
    if spec.get("scoring", p.GAME_SCORING) not in p.SCORINGS:
        out.append({"code": "unknown_scoring", "position": position})
    if any(t not in TIEBREAKS for t in spec.get("tiebreaks") or ()):
        out.append({"code": "unknown_tiebreak", "position": position})
    best_of = spec.get("best_of", 1)
    if not isinstance(best_of, int) or not 1 <= best_of <= p.MAX_BEST_OF or best_of % 2 == 0:
        out.append({"code": "best_of", "position": position, "max": p.MAX_BEST_OF})
    rounds = spec.get("rounds")
    if rounds is not None and rounds not in PLANNED_ROUNDS:
        out.append({"code": "rounds", "position": position, "max": PLANNED_ROUNDS.high})
    groups = spec.get("groups", 1)
    if not isinstance(groups, int) or not 1 <= groups <= p.MAX_GROUPS:
        out.append({"code": "groups", "position": position, "max": p.MAX_GROUPS})
    formats = spec.get("round_formats") or ()
    if rounds is not None and len(formats) > rounds:
        out.append({"code": "formats", "position": position})
    return out


def _order_problems(specs: list[dict[str, Any]], multiplayer: bool) -> list[dict[str, Any]]:
    kinds = [s.get("kind") for s in specs]
    out: list[dict[str, Any]] = []
    if kinds[0] not in (p.SWISS, p.LEAGUE_SERIES):
        out.append({"code": "first_stage"})
    if p.LEAGUE_SERIES in kinds and len(kinds) > 1:
        out.append({"code": "league_alone"})
    if multiplayer and kinds != [p.SWISS]:
        out.append({"code": "pods_swiss_only"})
    for position, spec in enumerate(specs, start=1):
        grouped = isinstance(spec.get("groups"), int) and spec["groups"] > 1
        if grouped and (position > 1 or spec.get("kind") != p.SWISS or multiplayer):
            out.append({"code": "groups_swiss", "position": position})
    if multiplayer and any(s.get("best_of", 1) != 1 for s in specs):
        # A match of best of N is two players' (RULES.md §8).
        out.append({"code": "pods_one_game"})
    for position, spec in enumerate(specs[1:], start=2):
        kind = spec.get("kind")
        if kind in (p.ROUND_ROBIN, *p.ELIMINATION) and kinds[position - 2] != p.SWISS:
            out.append({"code": "follows_swiss", "position": position})
        if kind in p.ELIMINATION and position != len(specs):
            out.append({"code": "elimination_last", "position": position})
        high = ROBIN_MAX if kind == p.ROUND_ROBIN else ADVANCE_MAX
        advance = spec.get("advance")
        if not isinstance(advance, int) or not 2 <= advance <= high:
            out.append({"code": "advance", "position": position, "low": 2, "high": high})
    return out


def plan_problems(specs: list[dict[str, Any]], multiplayer: bool) -> list[dict[str, Any]]:
    """Every problem of a stage plan at once, as codes with data."""
    if not specs:
        return [{"code": "no_stages"}]
    if len(specs) > p.MAX_STAGES:
        return [{"code": "too_many_stages", "max": p.MAX_STAGES}]
    out = [x for i, spec in enumerate(specs, start=1) for x in _spec_problems(i, spec)]
    return out + _order_problems(specs, multiplayer)


def stage_snapshot(stages: list[Stage]) -> list[dict[str, Any]]:
    return [{name: getattr(s, name) for name in STAGE_FIELDS} for s in stages]


def _match_of(spec: dict[str, Any]) -> tuple[Any, ...]:
    """What a stage's tables play (RULES.md §8): fixed once its first round is paired."""
    options = spec.get("options") or {}
    return (
        spec.get("best_of", 1),
        options.get("tie", "replay"),
        bool(options.get("loser_chooses_format")),
    )


def _started_later_stage(event: Event) -> bool:
    return event.playoff_matches.exists() or any(
        s.first_round is not None for s in stages_of(event)[1:]
    )


def _write_plan(actor: AnyUser, event: Event, specs: list[dict[str, Any]]) -> list[Stage]:
    problems = [
        {**x, "message": plan_problem_text(x)} for x in plan_problems(specs, event.multiplayer)
    ]
    if problems:
        raise ServiceError(
            " ".join(x["message"] for x in problems),
            code="invalid_stages",
            problems=problems,
        )
    if _started_later_stage(event):
        raise Conflict(plan_problem_text({"code": "started"}), code="stages_started")
    if event.rounds.exists() and specs[0]["kind"] != p.SWISS:
        raise Conflict(plan_problem_text({"code": "swiss_kind"}), code="stages_started")
    played = last_round_number(event)
    current = stages_of(event)
    if played and current and _match_of(specs[0]) != _match_of(stage_snapshot(current)[0]):
        raise Conflict(
            _("This stage's tables are being played: its match length can no longer change."),
            code="match_started",
        )
    if specs[0].get("rounds") and specs[0]["rounds"] < played:
        raise Conflict(
            _("%(rounds)s rounds have already been paired; planned rounds cannot be fewer.")
            % {"rounds": played},
            code="fewer_rounds",
        )
    before = stage_snapshot(stages_of(event))
    if played and (before[0]["groups"] if before else 1) != specs[0].get("groups", 1):
        raise Conflict(plan_problem_text({"code": "groups_fixed"}), code="stages_started")
    if (before[0]["groups"] if before else 1) != specs[0].get("groups", 1):
        event.registrations.update(stage_group=None)  # drawn again for the new count
    Stage.objects.filter(event=event).delete()
    defaults = p.StageSpec(kind=p.SWISS).as_dict()
    stages = Stage.objects.bulk_create(
        Stage(
            event=event,
            position=i,
            **{**defaults, **{k: v for k, v in spec.items() if k in STAGE_FIELDS}},
        )
        for i, spec in enumerate(specs, start=1)
    )
    _apply_to_event(event, stages)
    mark_stale([event.pk])  # the event's pages show its stages
    audit.record(
        actor=actor,
        obj=event,
        action="stages",
        before=before,
        after=stage_snapshot(stages),
        event=event,
    )
    return stages


def _apply_to_event(event: Event, stages: list[Stage]) -> None:
    """The fields that already play a stage: the Swiss's rounds are the event's planned
    rounds, and a single elimination after it is the event's top cut."""
    first = stages[0]
    if first.kind == StageKind.SWISS and first.rounds:
        event.planned_rounds = first.rounds
        event.save(update_fields=["planned_rounds"])
    last = stages[-1]
    settings = event_settings(event)
    if len(stages) > 1 and last.kind in (StageKind.SINGLE_ELIM, StageKind.DOUBLE_ELIM):
        total = (last.advance or 0) * (first.groups if last.advance_per_group else 1)
        _apply_bracket(event, settings, last, total)
    elif len(stages) > 1:
        # A round robin or a bracket played elsewhere decides the event, not a top cut.
        settings.top_cut = 0
        settings.save(update_fields=["top_cut"])


def _apply_bracket(event: Event, settings: EventSettings, stage: Stage, total: int) -> None:
    """An elimination stage after the Swiss is the event's top cut: its size, its kind,
    and for a double elimination the reset and a format per bracket side (where the
    game knows the format; otherwise the director chooses it on the top cut's form)."""
    double = stage.kind == StageKind.DOUBLE_ELIM
    fits = double_elim.MIN_SIZE <= total <= double_elim.MAX_SIZE if double else total in CUT_SIZES
    options = stage.options or {}
    known = {key for key, _label in format_choices(event.game)}
    sides = options.get("formats_by_side") or {}
    best_of = stage.best_of if stage.best_of in BEST_OF else 1
    final = options.get("final_best_of", best_of)
    settings.top_cut = total if fits else 0
    settings.playoff_kind = (
        EventSettings.PlayoffKind.DOUBLE if double else EventSettings.PlayoffKind.SINGLE
    )
    settings.playoff_reset = double and bool(options.get("bracket_reset", False))
    upper, lower = sides.get("upper", ""), sides.get("lower", "")
    settings.playoff_upper_format = upper if double and upper in known else ""
    settings.playoff_lower_format = lower if double and lower in known else ""
    settings.playoff_best_of = best_of
    settings.final_best_of = final if final in BEST_OF else best_of
    settings.loser_chooses_format = bool(options.get("loser_chooses_format", False))
    settings.save()


def fill_side_formats(event: Event, stage: Stage) -> None:
    """When a double elimination starts, the formats per bracket side its stage names that
    the site did not know when the preset was chosen (a director adds the PC Worlds'
    formats as custom formats afterwards), where the director left the side unset."""
    if stage.kind != StageKind.DOUBLE_ELIM:
        return
    sides = (stage.options or {}).get("formats_by_side") or {}
    known = {key for key, _label in format_choices(event.game)}
    settings = event_settings(event)
    changed = []
    for side, field in (("upper", "playoff_upper_format"), ("lower", "playoff_lower_format")):
        wanted = sides.get(side, "")
        if wanted in known and not getattr(settings, field):
            setattr(settings, field, wanted)
            changed.append(field)
    if changed:
        settings.save(update_fields=changed)


@retry_on_conflict
@transaction.atomic
def set_stages(actor: AnyUser, event: Event, specs: list[dict[str, Any]]) -> list[Stage]:
    """Replace the event's stage plan (until a later stage has started)."""
    event = lock_event(event)
    require_director(actor, event)
    if event.status == Event.Status.FINISHED:
        raise Conflict(_("The event is finished; it can no longer be changed."))
    return _write_plan(actor, event, specs)


def _preset_or_error(key: str, game: str) -> p.Preset:
    preset = p.preset_for(key)
    if preset is None:
        raise ServiceError(_("Choose an event preset from the list."), code="unknown_preset")
    if preset.game and preset.game != game:
        raise ServiceError(
            _("The preset “%(preset)s” is for another game.") % {"preset": preset_name(key)},
            code="preset_game",
        )
    return preset


@retry_on_conflict
@transaction.atomic
def apply_preset(actor: AnyUser, event: Event, key: str) -> Event:
    """Set the event's options and stages from a preset, before round 1 is paired; every
    one of them stays the director's to change."""
    event = lock_event(event)
    require_director(actor, event)
    preset = _preset_or_error(key, event.game)
    if event.rounds.exists():
        raise Conflict(
            _("Round 1 has been paired: change the stages themselves instead of the preset."),
            code="preset_after_start",
        )
    event = update_event(actor, event, **preset.event)
    before = event.preset
    event.preset = preset.key
    event.save(update_fields=["preset"])
    audit.record(
        actor=actor, obj=event, action="preset", before={"preset": before},
        after={"preset": preset.key, "options": preset.options}, event=event,
    )  # fmt: skip
    _write_plan(actor, event, [s.as_dict() for s in preset.stages])
    return event


@retry_on_conflict
@transaction.atomic
def create_event_from_preset(actor: AnyUser, key: str, **data: Any) -> Event:
    """Create an event from a preset: the preset's options under the ones given."""
    preset = _preset_or_error(key, data.get("game") or preset_game(key))
    data.setdefault("game", preset.game)
    event = create_event(actor, **{**preset.event, **data})
    event.preset = preset.key
    event.save(update_fields=["preset"])
    _write_plan(actor, event, [s.as_dict() for s in preset.stages])
    return event


def preset_game(key: str) -> str:
    preset = p.preset_for(key)
    return preset.game if preset else ""


MATCH_KINDS = (StageKind.SWISS, StageKind.ROUND_ROBIN)


def _match_started(event: Event, stage: Stage) -> bool:
    """A Swiss's match length is fixed once round 1 is paired; a round robin's once it
    started: the tables already played were played at that length."""
    if stage.kind == StageKind.SWISS:
        return event.rounds.exists()
    return stage.first_round is not None


@retry_on_conflict
@transaction.atomic
def set_stage_match(
    actor: AnyUser, event: Event, position: int, best_of: int, tie: str, loser_chooses: bool
) -> list[Stage]:
    """A Swiss or round-robin stage's match (RULES.md §8): its length, whether a tied
    game is replayed or the director's, and whether the loser of each game chooses the
    next one's format. Audited with the whole plan."""
    event = lock_event(event)
    require_director(actor, event)
    stages = stages_of(event)
    stage = next((s for s in stages if s.position == position), None)
    if stage is None or stage.kind not in MATCH_KINDS:
        raise ServiceError(
            _("Only a Swiss or a round robin stage plays its tables as matches."),
            code="not_a_match_stage",
        )
    if _match_started(event, stage):
        raise Conflict(
            _("This stage's tables are being played: its match length can no longer change."),
            code="match_started",
        )
    specs = stage_snapshot(stages)
    options = {**(stage.options or {}), "tie": tie, "loser_chooses_format": bool(loser_chooses)}
    if tie not in ("replay", "director"):
        raise ServiceError(_("A tied game is replayed or decided by the director."), code="tie")
    specs[position - 1] = {**specs[position - 1], "best_of": best_of, "options": options}
    kept = {s.position: (s.first_round, s.seeds, s.skipped_at) for s in stages}
    written = _write_plan(actor, event, specs)
    for s in written:  # who went on to a stage, when it started or was skipped stay
        s.first_round, s.seeds, s.skipped_at = kept.get(s.position, (None, [], None))
        s.save(update_fields=["first_round", "seeds", "skipped_at"])
    return written
