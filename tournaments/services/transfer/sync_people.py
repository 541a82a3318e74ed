"""Entries and penalties of an export merged into the event this site already has.

An entry is found by its uid (an older export without uids: by the player's name in
the event); one the site lacks is added as ``restore`` adds it. What only one side knows
is kept: a drop, a check-in or an ejection stays once either side recorded it (a later
export never undoes them), and an entry's heat is the file's only where it has none
here. A penalty is the same one when it names the same entry, kind, offense, round and
time; one the site lacks is added, and a rescission too.
"""

from __future__ import annotations

from typing import Any

from tournaments.models import Event, Penalty, PenaltyRescission, Player, Registration
from tournaments.services.transfer.report import SyncReport
from tournaments.services.transfer.rows import (
    choice,
    free_uid,
    known_player,
    parse_time,
    registration_of,
    require,
    uid_of,
)
from tournaments.services.transfer.stages import imported_group


def _matching(
    event: Event, row: dict[str, Any], name: str, importer: Any, held: dict[str, Any]
) -> tuple[Registration | None, Player | None]:
    """The site's entry the row is (or None), and the player a new entry would be."""
    uid = uid_of(row.get("uid"))
    if uid is not None and uid in held["by_uid"]:
        return held["by_uid"][uid], None
    player = known_player(row, name, importer)
    if player is not None and player.pk in held["by_player"]:
        return held["by_player"][player.pk], None
    # Entered on both sides while apart: the same name in the same event is the same
    # person, unless the file names that entry too.
    same_name = held["by_name"].get(name)
    if same_name is not None and same_name.uid not in held["file_uids"]:
        return same_name, None
    return None, player


def _merge_flags(reg: Registration, row: dict[str, Any]) -> bool:
    changed = False
    for flag in ("checked_in", "dropped", "ejected"):
        if row.get(flag) and not getattr(reg, flag):
            setattr(reg, flag, True)
            changed = True
    if reg.dropped and reg.dropped_after_round is None and row.get("dropped_after_round"):
        reg.dropped_after_round = int(row["dropped_after_round"])
        changed = True
    if reg.ejected and not reg.ejection_reason and row.get("ejection_reason"):
        reg.ejection_reason = str(row["ejection_reason"])[:300]
        changed = True
    return changed


def _merge_heat(reg: Registration, row: dict[str, Any], report: SyncReport) -> bool:
    """The entry's heat from the file where this site has none; a different one here is
    kept (its rounds were paired in it)."""
    theirs = imported_group(row.get("stage_group"))
    if theirs is None or reg.stage_group == theirs:
        return False
    if reg.stage_group is not None:
        report.conflict("heat_kept", player=reg.player.display_name, heat=reg.stage_group)
        return False
    reg.stage_group = theirs
    return True


def merge_registrations(
    event: Event, rows: list[Any], importer: Any, report: SyncReport
) -> dict[int, Registration]:
    """The file's entry ids → this site's entries, adding those it lacks."""
    regs = list(event.registrations.select_related("player"))
    held: dict[str, Any] = {
        "by_uid": {r.uid: r for r in regs},
        "by_player": {r.player_id: r for r in regs},
        "by_name": {r.player.display_name: r for r in regs},
        "file_uids": {uid_of(r.get("uid")) for r in rows if isinstance(r, dict)},
    }
    reg_map: dict[int, Registration] = {}
    for row in sorted(rows, key=lambda r: r.get("id", 0) if isinstance(r, dict) else 0):
        old = require(row, "id", int, "registration.")
        name = require(row, "player", str, "registration.")[:100]
        reg, player = _matching(event, row, name, importer, held)
        if reg is None:
            reg = Registration.objects.create(
                event=event,
                **free_uid(row, Registration),
                player=player or Player.objects.create(display_name=name, created_by=importer),
                checked_in=bool(row.get("checked_in")),
                joined_round=int(row.get("joined_round") or 1),
                stage_group=imported_group(row.get("stage_group")),
            )
            _merge_flags(reg, row)
            reg.save()
            held["by_name"].setdefault(name, reg)
            report.add("players")
        elif _merge_flags(reg, row) | _merge_heat(reg, row, report):
            reg.save(update_fields=["checked_in", "dropped", "dropped_after_round", "ejected",
                                    "ejection_reason", "stage_group"])  # fmt: skip
            report.add("entries_updated")
        reg_map[old] = reg
    mapped = {r.pk for r in reg_map.values()}
    if any(r.pk not in mapped for r in regs):
        report.kept_extra = True
    return reg_map


def merge_penalties(
    event: Event, rows: list[Any], reg_map: dict[int, Registration], report: SyncReport
) -> None:
    held: dict[tuple[Any, ...], Penalty] = {
        (p.registration_id, p.kind, p.offense, p.round_number, p.created_at): p
        for p in Penalty.objects.filter(registration__event=event).select_related("rescission")
    }
    matched = set()
    for row in rows:
        reg = registration_of(reg_map, row.get("registration"), "a penalty")
        kind = choice(row.get("kind"), Penalty.Kind, Penalty.Kind.WARNING, "penalty kind")
        offense = choice(row.get("offense"), Penalty.Offense, Penalty.Offense.OTHER, "offense")
        at = parse_time(row.get("at"), "penalty.at")
        key = (reg.pk, kind, offense, row.get("round"), at)
        penalty = held.get(key)
        if penalty is None:
            penalty = Penalty.objects.create(
                registration=reg,
                kind=kind,
                offense=offense,
                round_number=row.get("round"),
                note=str(row.get("note") or "")[:500],
                **({"created_at": at} if at else {}),
            )
            report.add("penalties")
        matched.add(penalty.pk)
        rescinded = row.get("rescinded")
        if isinstance(rescinded, dict) and getattr(penalty, "rescission", None) is None:
            PenaltyRescission.objects.create(
                penalty=penalty,
                note=str(rescinded.get("note") or "")[:500],
                **_at(rescinded),
            )
            report.add("rescissions")
    if any(p.pk not in matched for p in held.values()):
        report.kept_extra = True


def _at(rescinded: dict[str, Any]) -> dict[str, Any]:
    at = parse_time(rescinded.get("at"), "penalty.rescinded.at")
    return {"at": at} if at else {}
