"""The document's "stages" part: the event's preset, its stages (with who went on to
each) and a league's games, exported and brought back by an import."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ServiceError
from tournaments.models import Event, LeagueGame, Registration, Stage
from tournaments.rules.presets import MAX_GROUPS
from tournaments.services.stage_plan import STAGE_FIELDS, plan_problems
from tournaments.words.stages import plan_problem_text


def export_stages(event: Event) -> dict[str, Any]:
    """{"stages": …} for an event with a preset or stages; {} for a plain rulebook event."""
    stages = list(Stage.objects.filter(event=event).order_by("position"))
    games = list(LeagueGame.objects.filter(event=event).order_by("pk"))
    if not stages and not games and event.preset in ("", "rulebook"):
        return {}
    return {
        "stages": {
            "preset": event.preset,
            "plan": [
                {
                    **{f: getattr(s, f) for f in STAGE_FIELDS},
                    "first_round": s.first_round,
                    "seeds": list(s.seeds),
                    "skipped_at": s.skipped_at.isoformat() if s.skipped_at else None,
                }
                for s in stages
            ],
            "league_games": [
                {
                    "series": g.series,
                    "winner": g.winner_id,
                    "loser": g.loser_id,
                    "reported_at": g.reported_at.isoformat(),
                }
                for g in games
            ],
        }
    }


def bad_stages(message: str = "") -> ServiceError:
    return ServiceError(
        message or _("The document's stages have the wrong shape."), code="bad_document"
    )


def new_id(reg_map: dict[int, Registration], old: Any) -> int:
    """This site's entry for the document's entry id ``old``."""
    if old not in reg_map:
        raise bad_stages(
            _("The document's stages name an entry that is not in the event: %(entry)s.")
            % {"entry": old}
        )
    return reg_map[old].pk


def plan_specs(part: Any, multiplayer: bool) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The document's plan, checked: each stage's settings, and its rows. A plan the site
    would refuse is a damaged document."""
    if not isinstance(part, dict) or not isinstance(part.get("plan", []), list):
        raise bad_stages()
    plan = part.get("plan") or []
    if not all(isinstance(row, dict) for row in plan):
        raise bad_stages()
    specs = [{f: row.get(f) for f in STAGE_FIELDS if f in row} for row in plan]
    problems = plan_problems(specs, multiplayer) if specs else []
    if problems:
        raise bad_stages(" ".join(plan_problem_text(p) for p in problems))
    return specs, plan


def import_stages(
    event: Event, document: dict[str, Any], reg_map: dict[int, Registration], parse_time: Any
) -> None:
    """Rebuild the document's stages inside the import's transaction. ``parse_time``
    reads the document's times."""
    part = document.get("stages")
    if not part:
        return
    specs, plan = plan_specs(part, event.multiplayer)
    event.preset = str(part.get("preset") or "rulebook")[:40]
    event.save(update_fields=["preset"])
    Stage.objects.bulk_create(
        Stage(
            event=event,
            position=i,
            **spec,
            first_round=row.get("first_round"),
            seeds=[new_id(reg_map, old) for old in row.get("seeds") or []],
            skipped_at=parse_time(row.get("skipped_at"), "stages.skipped_at"),
        )
        for i, (spec, row) in enumerate(zip(specs, plan, strict=True), start=1)
    )
    LeagueGame.objects.bulk_create(
        LeagueGame(
            event=event,
            series=int(g["series"]),
            winner_id=new_id(reg_map, g["winner"]),
            loser_id=new_id(reg_map, g["loser"]),
            reported_at=parse_time(g.get("reported_at"), "stages.league_games") or timezone.now(),
        )
        for g in part.get("league_games") or []
    )


def imported_group(value: Any) -> int | None:
    """A registration's heat from the document: 1 to the most a stage has; anything else
    is no heat (the heats are then drawn again before round 1, or a late entry's placed)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value if 1 <= value <= MAX_GROUPS else None
