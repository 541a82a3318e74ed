"""A Swiss stage in parallel groups (heats, pools): drawing the groups, moving a player
before round 1 (both audited), each group's standings, and who goes on to the next stage
with their interleaved seeds (RULES.md §8, Decipher 2003 Worlds; the readings are in
tournaments.rules.heats)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict, NotFound, ServiceError
from core.types import AnyUser
from tournaments.extensions import player_ratings
from tournaments.models import Event, Registration, Stage, StageKind
from tournaments.permissions import require_director
from tournaments.rules import heats as rules
from tournaments.services.base import lock_event, retry_on_conflict, tiebreaks_for
from tournaments.services.stage_progress import stages_of
from tournaments.services.standings.input import standing_input
from tournaments.standings import StandingRow, compute_standings
from tournaments.standings.tiebreaks import TIEBREAKS


def first_stage(event: Event) -> Stage | None:
    return Stage.objects.filter(event=event, position=1).first()


def group_count(event: Event) -> int:
    """How many parallel groups the event's Swiss is played in (1: one Swiss)."""
    stage = first_stage(event)
    if stage is None or stage.kind != StageKind.SWISS or event.multiplayer:
        return 1
    return max(1, stage.groups)


def group_of(event: Event) -> dict[str, int]:
    """Each drawn registration's group, by registration id (as the pairing names them)."""
    rows = event.registrations.filter(stage_group__isnull=False).values_list("pk", "stage_group")
    return {str(pk): group for pk, group in rows if group is not None}


def _draw_method(event: Event) -> str:
    stage = first_stage(event)
    method = (stage.options or {}).get("group_draw") if stage else None
    return method if method in rules.DRAWS else rules.RATING


def _order(event: Event, regs: list[Registration], method: str, seed: int) -> list[str]:
    ids = [str(r.pk) for r in regs]
    if method == rules.RANDOM:
        return rules.random_order(ids, seed)
    rated = player_ratings(event.game, [r.player_id for r in regs])
    by_reg = {str(r.pk): rated[r.player_id] for r in regs if r.player_id in rated}
    return rules.rating_order(ids, by_reg)


def _names(regs: list[Registration], groups: dict[str, int]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for reg in regs:
        out.setdefault(str(groups[str(reg.pk)]), []).append(reg.player.display_name)
    return out


def _draw(actor: AnyUser, event: Event, method: str, seed: int) -> dict[str, int]:
    regs = list(event.registrations.active().select_related("player").order_by("pk"))
    groups = rules.snake_deal(_order(event, regs, method, seed), group_count(event))
    event.registrations.update(stage_group=None)
    for reg in regs:
        reg.stage_group = groups[str(reg.pk)]
    Registration.objects.bulk_update(regs, ["stage_group"])
    audit.record(
        actor=actor, obj=event, action="groups_draw", event=event,
        after={"method": method, "seed": seed, "groups": _names(regs, groups)},
    )  # fmt: skip
    return groups


def _before_round_1(event: Event) -> None:
    if group_count(event) < 2:
        raise Conflict(_("This event's Swiss is not played in heats."), code="no_groups")
    if event.rounds.exists():
        raise Conflict(
            _("Round 1 has been paired: the heats can no longer change."), code="groups_fixed"
        )


@retry_on_conflict
@transaction.atomic
def draw_groups(
    actor: AnyUser, event: Event, method: str = rules.RATING, seed: int | None = None
) -> dict[str, int]:
    """Draw the heats again (director, before round 1): by rating, or at random from a
    seed (kept in the audit trail so the draw can be reproduced)."""
    event = lock_event(event)
    require_director(actor, event)
    _before_round_1(event)
    if method not in rules.DRAWS:
        raise ServiceError(_("Draw the heats by rating or at random."), code="invalid_draw")
    return _draw(actor, event, method, secrets.randbelow(2**31) if seed is None else int(seed))


@retry_on_conflict
@transaction.atomic
def move_to_group(actor: AnyUser, event: Event, registration_id: int, group: int) -> Registration:
    """Move one player to another heat (director, before round 1; audited)."""
    event = lock_event(event)
    require_director(actor, event)
    _before_round_1(event)
    total = group_count(event)
    if not 1 <= int(group) <= total:
        raise ServiceError(
            _("Choose a heat from 1 to %(count)s.") % {"count": total}, code="invalid_group"
        )
    reg = event.registrations.select_related("player").filter(pk=registration_id).first()
    if reg is None:
        raise NotFound(_("No such registration in this event."))
    before = reg.stage_group
    reg.stage_group = int(group)
    reg.save(update_fields=["stage_group"])
    audit.record(
        actor=actor, obj=reg, action="group_move", event=event,
        before={"player": reg.player.display_name, "group": before},
        after={"player": reg.player.display_name, "group": reg.stage_group},
    )  # fmt: skip
    return reg


def groups_for_round(actor: AnyUser, event: Event, players: list[str], seed: int) -> dict[str, int]:
    """The group of every player to pair (inside pair_next_round's transaction): the
    heats are drawn at round 1 if the director has not drawn them, and a late entry
    joins the smallest heat (audited)."""
    groups = group_of(event)
    if not groups:
        groups = _draw(actor, event, _draw_method(event), seed)
    total = group_count(event)
    for pid in players:
        if pid in groups:
            continue
        sizes: dict[int, int] = {}
        for other in players:
            if other in groups:
                sizes[groups[other]] = sizes.get(groups[other], 0) + 1
        groups[pid] = rules.smallest_group(sizes, total)
        reg = Registration.objects.select_related("player").get(pk=int(pid))
        reg.stage_group = groups[pid]
        reg.save(update_fields=["stage_group"])
        audit.record(
            actor=actor, obj=reg, action="group_join", event=event,
            after={"player": reg.player.display_name, "group": groups[pid]},
        )  # fmt: skip
    return groups


def refuse_mixed_heats(event: Event, arrangement: Mapping[int, Sequence[int]]) -> None:
    """A director's hand at the pairing (a swap, a table set by hand) never seats players
    of two heats at one table: each heat is its own Swiss."""
    if group_count(event) < 2:
        return
    groups = group_of(event)
    mixed = sorted(
        number for number, ids in arrangement.items() if len({groups.get(str(r)) for r in ids}) > 1
    )
    if mixed:
        raise ServiceError(
            _("Each heat is its own Swiss: table %(tables)s would seat players of two heats.")
            % {"tables": ", ".join(str(t) for t in mixed)},
            code="mixed_heats",
        )


@dataclass
class GroupTable:
    group: int
    rows: list[StandingRow]
    names: dict[str, str]


def group_standings(event: Event, through_round: int | None = None) -> list[GroupTable]:
    """Each heat's own standings (its players and its games alone: no game crosses two
    heats, so head-to-head inside a heat is the heat's own)."""
    groups = group_of(event)
    if group_count(event) < 2 or not groups:
        return []
    later = [s.first_round for s in stages_of(event)[1:] if s.first_round is not None]
    if later:  # a later stage's rounds are not the heats' games
        through_round = min(through_round or later[0], min(later) - 1)
    given = standing_input(event, through_round)
    names = dict(event.registrations.values_list("pk", "player__display_name"))
    out = []
    for group in sorted(set(groups.values())):
        players = [p for p in given.player_ids if groups.get(p) == group]
        members = set(players)
        games = [g for g in given.games if not members.isdisjoint(g.points)]
        rows = compute_standings(
            players, games, tiebreaks_for(event), [p for p in given.ejected if p in members]
        )
        out.append(GroupTable(group, rows, {p: names.get(int(p), p) for p in players}))
    return out


def _strength(row: StandingRow, chain: list[str]) -> tuple[float, ...]:
    values: list[float] = [row.points]
    for key in chain:
        value = float(row.tiebreaks.get(key, 0))
        values.append(value if TIEBREAKS[key].higher_is_better else -value)
    return tuple(values)


def per_group_seeds(event: Event, per_group: int) -> list[int]:
    """The players who go on, in seed order: the top ``per_group`` still in of each heat,
    interleaved (the winners first, then the seconds, ...)."""
    chain = rules.cross_group_chain(tiebreaks_for(event))
    active = set(event.registrations.active().values_list("pk", flat=True))
    placed: list[rules.Placed] = []
    for table in group_standings(event):
        still_in = [r for r in table.rows if int(r.player) in active]
        if len(still_in) < per_group:
            raise Conflict(
                _("Heat %(group)s has %(count)s players still in; %(size)s of each go on.")
                % {"group": table.group, "count": len(still_in), "size": per_group},
                code="too_few_players",
            )
        placed += [
            rules.Placed(r.player, table.group, place, _strength(r, chain))
            for place, r in enumerate(still_in, start=1)
        ]
    return [int(p) for p in rules.interleaved_seeds(placed, per_group)]


def next_stage_seeds(event: Event, stage: Stage) -> list[int] | None:
    """The seeds of a stage that takes the top N of each heat; None when it takes the top
    N of the whole Swiss (the event's own standings decide)."""
    if not stage.advance_per_group or group_count(event) < 2:
        return None
    return per_group_seeds(event, stage.advance or 0)


def groups_snapshot(event: Event) -> dict[str, Any]:
    return {"count": group_count(event), "draw": _draw_method(event)}


def below_the_cut(event: Event) -> dict[str, Any] | None:
    """How a finished event in heats placed the players who did not go on (the reading in
    tournaments.rules.heats: the whole Swiss's standings, every heat together), as a code
    and numbers for the final places; None without heats or without a cut."""
    if event.status != Event.Status.FINISHED or group_count(event) < 2:
        return None
    later = [s for s in stages_of(event)[1:] if s.skipped_at is None]
    if not later or not later[0].advance:
        return None
    stage = later[0]
    return {
        "code": "heats_below_cut",
        "advance": stage.advance,
        "per_heat": stage.advance_per_group,
        "heats": group_count(event),
        "kind": stage.kind,
    }
