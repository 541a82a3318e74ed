"""Rounds: pairing (and re-pairing) the next round, the round clock, closing a round."""

from __future__ import annotations

import dataclasses
import secrets
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from audit import services as audit
from core.errors import Conflict, ServiceError
from rules_engine import (
    bye_points,
)
from tournaments import signals
from tournaments.models import (
    Event,
    Registration,
    Round,
    Seat,
    Table,
)
from tournaments.pairing import (
    PairingImpossible,
    PairingPlayer,
    PodPairing,
    SwissPairing,
    pair_pods,
    pair_swiss,
    pod_sizes_for_game,
)

if TYPE_CHECKING:
    pass
from tournaments.permissions import (
    require_director,
)
from tournaments.services.base import (
    _last_round,
    _last_round_number,
    _lock_event,
    _lock_round,
    retry_on_conflict,
    scoring_settings_for,
)
from tournaments.services.constraints import apply_fixed_tables
from tournaments.services.events import rounds_total


@dataclass
class PlayerRecord:
    score: int = 0
    opponents: set[str] = dataclasses.field(default_factory=set)
    had_bye: bool = False


def player_records(event: Event) -> dict[int, PlayerRecord]:
    """Points from confirmed results, everyone met and who had a bye, per registration id."""
    records: dict[int, PlayerRecord] = defaultdict(PlayerRecord)
    by_table: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(event=event).select_related("table"):
        by_table[seat.table_id].append(seat)
        rec = records[seat.registration_id]
        if seat.is_bye:
            rec.had_bye = True
        if seat.table.status == Table.Status.CONFIRMED and seat.points is not None:
            rec.score += seat.points
    for seats in by_table.values():
        for seat in seats:
            records[seat.registration_id].opponents.update(
                str(o.registration_id) for o in seats if o.pk != seat.pk
            )
    return records


def pairable_registrations(event: Event, number: int) -> list[Registration]:
    """Dropped and ejected players are never paired; late entries from their round on."""
    return list(
        event.registrations.filter(dropped=False, ejected=False, joined_round__lte=number)
        .select_related("player")
        .order_by("pk")
    )


def _compute_pairing(
    event: Event, number: int, seed: int
) -> tuple[SwissPairing | PodPairing, dict[str, Registration]]:
    regs = pairable_registrations(event, number)
    sizes = pod_sizes_for_game(event.game)
    needed = min(sizes.preferred + sizes.fallback) if event.multiplayer else 2
    if len(regs) < needed:
        raise ServiceError(
            f"Round {number} needs at least {needed} players still in the event; "
            f"{len(regs)} can be paired.",
            code="too_few_players",
        )
    records = player_records(event)
    players = [
        PairingPlayer(
            id=str(reg.pk),
            name=reg.player.display_name,
            score=records[reg.pk].score,
            opponents=frozenset(records[reg.pk].opponents),
            had_bye=records[reg.pk].had_bye,
        )
        for reg in regs
    ]
    try:
        if event.multiplayer:
            previous = _previous_pods(event)
            # RULES.md §3 Reading (`lotr-dice`): the Dice game's pods are 3-4, never 5.
            pairing: SwissPairing | PodPairing = pair_pods(
                players, number, seed, previous_pods=previous, sizes=sizes
            )
        else:
            pairing = pair_swiss(players, number, seed)
    except PairingImpossible as exc:
        raise ServiceError(str(exc), code="pairing_impossible")
    return pairing, {str(reg.pk): reg for reg in regs}


def _previous_pods(event: Event) -> list[frozenset[str]]:
    pods: dict[int, set[str]] = defaultdict(set)
    for table_id, reg_id in Seat.objects.filter(event=event, is_bye=False).values_list(
        "table_id", "registration_id"
    ):
        pods[table_id].add(str(reg_id))
    return [frozenset(p) for p in pods.values()]


def _create_tables(
    rnd: Round, pairing: SwissPairing | PodPairing, regs: dict[str, Registration]
) -> None:
    event = rnd.event
    for number, ids in enumerate(pairing.tables, start=1):
        table = Table.objects.create(round=rnd, number=number)
        Seat.objects.bulk_create(
            [
                Seat(table=table, round=rnd, event=event, registration=regs[pid], position=pos)
                for pos, pid in enumerate(ids, start=1)
            ]
        )
    bye = getattr(pairing, "bye", None)
    if bye is not None:
        now = timezone.now()
        points = bye_points(event.game, rnd.number, scoring_settings_for(event))
        table = Table.objects.create(
            round=rnd,
            number=len(pairing.tables) + 1,
            is_bye=True,
            status=Table.Status.CONFIRMED,
            band=f"Bye ({points})",
            confirmed_at=now,
        )
        Seat.objects.create(
            table=table,
            round=rnd,
            event=event,
            registration=regs[bye],
            position=1,
            is_bye=True,
            points=points,
            outcome=Seat.Outcome.WIN,
        )


def _pairing_snapshot(pairing: Any, seed: int) -> dict[str, Any]:
    """What the audit trail keeps of a pairing: enough to reproduce and compare it."""
    return {
        "seed": seed,
        "tables": [list(t) for t in pairing.tables],
        "bye": getattr(pairing, "bye", None),
    }


def _new_seed() -> int:
    return secrets.randbelow(2**31)


def pair_blocker(event: Event) -> Conflict | None:
    """Why the next round cannot be paired now, or None. The dashboard shows its button
    from this, and pair_next_round raises it: one rule for both."""
    if event.status not in (Event.Status.REGISTRATION, Event.Status.RUNNING):
        return Conflict(
            f"Rounds are paired while registration is open or the event runs; "
            f"it is {event.get_status_display().lower()}."
        )
    last = _last_round(event)
    if last is not None and last.status != Round.Status.CLOSED:
        open_tables = last.tables.exclude(status=Table.Status.CONFIRMED).order_by("number")
        numbers = ", ".join(str(t.number) for t in open_tables[:10])
        return Conflict(
            f"Round {last.number} is still open: table(s) {numbers} have no confirmed result. "
            "The next round can be paired once every table is confirmed.",
            code="round_open",
        )
    total = rounds_total(event)
    if (last.number if last else 0) >= total:
        return Conflict(
            f"All {total} rounds have been played. Finish the event, or raise the planned "
            "number of rounds to play more.",
            code="all_rounds_played",
        )
    return None


def repair_blocker(rnd: Round) -> Conflict | None:
    """Why a round cannot be paired again, or None (the dashboard's button and repair_round)."""
    if rnd.number != _last_round_number(rnd.event):
        return Conflict(f"Only the latest round can be re-paired; round {rnd.number} is not.")
    played = (
        rnd.tables.filter(is_bye=False)
        .filter(~Q(status=Table.Status.PENDING) | Q(changes__isnull=False))
        .order_by("number")
        .first()
    )
    if played is not None:
        return Conflict(
            f"Round {rnd.number} already has a result at table {played.number}; "
            "it can no longer be re-paired. Correct that table's result instead, or throw "
            "the round's results away and pair it again from the round's hands-on page.",
            code="round_has_results",
        )
    return None


@retry_on_conflict
@transaction.atomic
def pair_next_round(user: Any, event: Event, seed: int | None = None) -> Round:
    """Pair the next round. Locks the event row so two directors clicking at once get one
    round; the (event, number) unique constraint is the last line of defence."""
    event = _lock_event(event)
    require_director(user, event)
    blocker = pair_blocker(event)
    if blocker is not None:
        raise blocker
    number = _last_round_number(event) + 1
    seed = _new_seed() if seed is None else int(seed)
    pairing, regs = _compute_pairing(event, number, seed)
    try:
        with transaction.atomic():
            rnd = Round.objects.create(
                event=event, number=number, seed=seed, explanation=list(pairing.explanation_items)
            )
    except IntegrityError:
        raise Conflict(f"Round {number} was already paired.", code="already_paired")
    _create_tables(rnd, pairing, regs)
    apply_fixed_tables(rnd)  # players with a fixed table (an event setting) sit there
    if event.status == Event.Status.REGISTRATION:
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])
    audit.record(
        actor=user,
        obj=rnd,
        action="pair",
        event=event,
        after={"round": number, **_pairing_snapshot(pairing, seed)},
    )
    _maybe_close_round(rnd)
    return rnd


@retry_on_conflict
@transaction.atomic
def repair_round(user: Any, rnd: Round, seed: int | None = None) -> Round:
    """Throw away a round's pairing and pair it again, only while none of its tables has
    a result (a bye does not count: it is scored by the rules, not reported)."""
    event = _lock_event(rnd.event_id)
    require_director(user, event)
    rnd = _lock_round(rnd)
    blocker = repair_blocker(rnd)
    if blocker is not None:
        raise blocker
    before = {
        "seed": rnd.seed,
        "tables": [
            [s.registration_id for s in t.seats.all()] for t in rnd.tables.prefetch_related("seats")
        ],
    }
    rnd.tables.all().delete()
    seed = _new_seed() if seed is None else int(seed)
    pairing, regs = _compute_pairing(event, rnd.number, seed)
    rnd.seed = seed
    rnd.explanation = list(pairing.explanation_items)
    rnd.status = Round.Status.PAIRED
    rnd.started_at = None
    rnd.closed_at = None
    rnd.save()
    _create_tables(rnd, pairing, regs)
    audit.record(
        actor=user,
        obj=rnd,
        action="repair",
        event=event,
        before=before,
        after=_pairing_snapshot(pairing, seed),
    )
    _maybe_close_round(rnd)
    return rnd


@retry_on_conflict
@transaction.atomic
def start_round_clock(user: Any, rnd: Round) -> Round:
    """Start (or restart) the round timer: the round ends round_minutes later."""
    event = _lock_event(rnd.event_id)
    require_director(user, event)
    rnd = _lock_round(rnd)
    if rnd.status == Round.Status.CLOSED:
        raise Conflict(f"Round {rnd.number} is already closed.")
    rnd.started_at = timezone.now()
    rnd.status = Round.Status.RUNNING
    rnd.save(update_fields=["started_at", "status"])
    audit.record(
        actor=user,
        obj=rnd,
        action="start_clock",
        event=event,
        after={"started_at": rnd.started_at.isoformat()},
    )
    return rnd


@dataclass(frozen=True)
class RoundTimer:
    round_number: int
    started_at: datetime | None
    ends_at: datetime | None
    break_ends_at: datetime | None
    round_minutes: int
    break_minutes: int
    remaining_seconds: int | None  # None before the clock starts
    closed: bool


def round_timer(rnd: Round, now: datetime | None = None) -> RoundTimer:
    event = rnd.event
    now = now or timezone.now()
    ends = breaks = remaining = None
    if rnd.started_at:
        ends = rnd.started_at + timedelta(minutes=event.round_minutes)
        breaks = ends + timedelta(minutes=event.break_minutes)
        remaining = max(0, int((ends - now).total_seconds()))
    return RoundTimer(
        rnd.number,
        rnd.started_at,
        ends,
        breaks,
        event.round_minutes,
        event.break_minutes,
        remaining,
        rnd.status == Round.Status.CLOSED,
    )


def _maybe_close_round(rnd: Round) -> bool:
    """Close the round once every table has a confirmed result (sends round_closed)."""
    if rnd.status == Round.Status.CLOSED:
        return False
    if rnd.tables.exclude(status=Table.Status.CONFIRMED).exists():
        return False
    rnd.status = Round.Status.CLOSED
    rnd.closed_at = timezone.now()
    rnd.save(update_fields=["status", "closed_at"])
    signals.round_closed.send(sender=Round, round=rnd)
    return True
