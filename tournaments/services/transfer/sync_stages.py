"""An export's stages merged into the event this site already has, as its rounds are
(sync_rounds): a stage is found by its position in the plan, a league game by its series,
players and time.

A stage this site lacks is added, when the plan it then makes is one this site accepts.
A stage both have must be set alike (kind, rounds, formats, scoring and every setting);
otherwise this site's is kept and the difference reported. Of a stage set alike, what the
file records of its progress (the round it began at, who went on to it, when it was
skipped) is taken where this site has none; where both have it and differ, this site's is
kept and reported. A league game this site lacks is added. A stage or a game the file
lacks stays. The preset is taken when this site has none.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import timezone

from tournaments.models import Event, LeagueGame, Registration, Stage
from tournaments.services.stage_plan import STAGE_FIELDS, plan_problems
from tournaments.services.transfer.report import SyncReport
from tournaments.services.transfer.stages import bad_stages, import_stages, new_id, plan_specs

PROGRESS = ("first_round", "seeds", "skipped_at")


def merge_stages(
    event: Event,
    document: dict[str, Any],
    reg_map: dict[int, Registration],
    report: SyncReport,
    parse_time: Callable[[Any, str], Any],
) -> None:
    part = document.get("stages")
    held = {s.position: s for s in Stage.objects.filter(event=event)}
    if not part:
        report.kept_extra = report.kept_extra or bool(held)
        return
    if not held:
        import_stages(event, document, reg_map, parse_time)
        report.add("stages", len(part.get("plan") or []))
        return
    specs, plan = plan_specs(part, event.multiplayer)
    added = []
    for position, (spec, row) in enumerate(zip(specs, plan, strict=True), start=1):
        stage = held.get(position)
        if stage is None:
            added.append((position, spec, row))
        elif any(getattr(stage, name) != value for name, value in spec.items()):
            report.conflict("stage_kept", position=position)
        else:
            _merge_progress(stage, _progress(row, reg_map, parse_time), report)
    if len(held) > len(plan):
        report.kept_extra = True
    _add_stages(event, held, added, reg_map, parse_time, report)
    _merge_league_games(event, part.get("league_games") or [], reg_map, parse_time, report)
    if event.preset in ("", "rulebook") and part.get("preset"):
        event.preset = str(part["preset"])[:40]
        event.save(update_fields=["preset"])


def _progress(
    row: dict[str, Any], reg_map: dict[int, Registration], parse_time: Callable[[Any, str], Any]
) -> dict[str, Any]:
    return {
        "first_round": row.get("first_round"),
        "seeds": [new_id(reg_map, old) for old in row.get("seeds") or []],
        "skipped_at": parse_time(row.get("skipped_at"), "stages.skipped_at"),
    }


def _merge_progress(stage: Stage, theirs: dict[str, Any], report: SyncReport) -> None:
    taken = []
    for name in PROGRESS:
        mine, value = getattr(stage, name), theirs[name]
        if value in (None, []) or mine == value:
            continue
        if mine in (None, []):
            setattr(stage, name, value)
            taken.append(name)
        else:
            report.conflict("stage_progress_kept", position=stage.position)
            return
    if taken:
        stage.save(update_fields=taken)
        report.add("stages_progress")


def _add_stages(
    event: Event,
    held: dict[int, Stage],
    added: list[tuple[int, dict[str, Any], dict[str, Any]]],
    reg_map: dict[int, Registration],
    parse_time: Callable[[Any, str], Any],
    report: SyncReport,
) -> None:
    if not added:
        return
    mine = [{name: getattr(s, name) for name in STAGE_FIELDS} for _, s in sorted(held.items())]
    if plan_problems(mine + [spec for _, spec, _ in added], event.multiplayer):
        report.conflict("stages_kept")
        return
    Stage.objects.bulk_create(
        Stage(event=event, position=position, **spec, **_progress(row, reg_map, parse_time))
        for position, spec, row in added
    )
    report.add("stages", len(added))


def _merge_league_games(
    event: Event,
    rows: list[Any],
    reg_map: dict[int, Registration],
    parse_time: Callable[[Any, str], Any],
    report: SyncReport,
) -> None:
    held = set(
        LeagueGame.objects.filter(event=event).values_list(
            "series", "winner_id", "loser_id", "reported_at"
        )
    )
    new = []
    for g in rows:
        if not isinstance(g, dict):
            raise bad_stages()
        at = parse_time(g.get("reported_at"), "stages.league_games") or timezone.now()
        key = (int(g["series"]), new_id(reg_map, g["winner"]), new_id(reg_map, g["loser"]), at)
        if key not in held:
            held.add(key)
            new.append(LeagueGame(event=event, series=key[0], winner_id=key[1], loser_id=key[2],
                                  reported_at=at))  # fmt: skip
    LeagueGame.objects.bulk_create(new)
    report.add("league_games", len(new))
