"""Rounds: pairing (and re-pairing) the next round, the round clock, closing a round."""

from __future__ import annotations

import dataclasses
import secrets
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, cast

from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict, ServiceError
from core.gc_pause import gc_paused
from core.types import AnyUser
from rules_engine import bye_points
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
from tournaments.pairing.avoidance import explain_avoidance, pair_avoiding
from tournaments.pairing.groups import GroupedPairing
from tournaments.permissions import require_director
from tournaments.services.base import (
    last_round,
    last_round_number,
    lock_event,
    lock_round,
    retry_on_conflict,
    scoring_settings_for,
)
from tournaments.services.bulk import analyze, copy_rows
from tournaments.services.constraints import apply_fixed_tables, event_avoid_pairs
from tournaments.services.events import rounds_total
from tournaments.services.heat_pairing import pair_heats
from tournaments.services.heats import group_count, groups_for_round
from tournaments.services.pairing_history import seated_history
from tournaments.services.stage_progress import league_pairing_blocker


@dataclass
class PlayerRecord:
    score: int = 0
    opponents: set[str] = dataclasses.field(default_factory=set)
    had_bye: bool = False


def player_records(event: Event) -> dict[int, PlayerRecord]:
    """Points from confirmed results, everyone met and who had a bye, per registration id.
    Two queries of plain values, neither joined nor ordered (the seats' default ordering
    joined and sorted four tables: most of the time of pairing 10,000 players)."""
    open_tables = set(
        Table.objects.filter(round__event=event)
        .exclude(status=Table.Status.CONFIRMED)
        .order_by()
        .values_list("pk", flat=True)
    )
    seats = (
        Seat.objects.filter(event=event)
        .order_by()
        .values_list("table_id", "registration_id", "is_bye", "points")
    )
    scores: dict[int, int] = defaultdict(int)
    byes: set[int] = set()
    by_table: dict[int, list[int]] = defaultdict(list)
    for table_id, reg_id, is_bye, points in seats:
        by_table[table_id].append(reg_id)
        if points is not None and table_id not in open_tables:
            scores[reg_id] += points
        else:
            scores[reg_id] += 0  # everyone seated has a record, even with nothing confirmed
        if is_bye:
            byes.add(reg_id)
    met: dict[int, set[int]] = defaultdict(set)
    for reg_ids in by_table.values():
        if len(reg_ids) == 2:  # nearly every table
            a, b = reg_ids
            met[a].add(b)
            met[b].add(a)
        elif len(reg_ids) > 2:
            for reg_id in reg_ids:
                met[reg_id].update(o for o in reg_ids if o != reg_id)
    records: dict[int, PlayerRecord] = defaultdict(PlayerRecord)
    for reg_id, score in scores.items():
        records[reg_id] = PlayerRecord(
            score=score, opponents={str(o) for o in met.get(reg_id, ())}, had_bye=reg_id in byes
        )
    return records


def pairable_registrations(event: Event, number: int) -> list[Registration]:
    """Dropped and ejected players are never paired; late entries from their round on."""
    return list(_pairable(event, number).select_related("player").order_by("pk"))


def _pairable(event: Event, number: int) -> QuerySet[Registration]:
    return event.registrations.active().filter(joined_round__lte=number)


# Pairing 100,000 players builds their records, tables and seats by the hundred thousand,
# none of them cyclic: the collector's passes over them were a third of the CPU.
@gc_paused()
def compute_pairing(
    event: Event, number: int, seed: int
) -> SwissPairing | PodPairing | GroupedPairing:
    regs = list(_pairable(event, number).order_by("pk").values_list("pk", "player__display_name"))
    sizes = pod_sizes_for_game(event.game)
    needed = min(sizes.preferred + sizes.fallback) if event.multiplayer else 2
    if len(regs) < needed:
        raise ServiceError(
            _("Round %(number)s needs at least %(needed)s players; %(count)s can be paired.")
            % {"number": number, "needed": needed, "count": len(regs)},
            code="too_few_players",
        )
    scores, met = seated_history(event)
    unseated, nobody = (0, False), frozenset[str]()
    players = []
    for pk, name in regs:
        score, had_bye = scores.get(pk, unseated)
        players.append(PairingPlayer(str(pk), name, score, met.get(pk, nobody), had_bye))
    avoid = event_avoid_pairs(event.pk, (p.id for p in players))
    if not event.multiplayer and group_count(event) > 1:
        return pair_heats(event, number, seed, players, avoid)
    pair: Callable[[list[PairingPlayer]], SwissPairing | PodPairing]
    if event.multiplayer:
        # RULES.md §3 Reading (`lotr-dice`): the Dice game's pods are 3-4, never 5.
        previous = _previous_pods(event)
        pair = partial(
            pair_pods, round_number=number, seed=seed, sizes=sizes, previous_pods=previous
        )
    else:
        pair = partial(pair_swiss, round_number=number, seed=seed)
    try:
        pairing = pair_avoiding(
            cast(Callable[[list[PairingPlayer]], SwissPairing | PodPairing], pair), players, avoid
        )
    except PairingImpossible as exc:
        raise ServiceError(str(exc), code="pairing_impossible")
    pairing.explanation_items = explain_avoidance(
        list(pairing.explanation_items), pairing.tables, avoid, players
    )
    return pairing


def _previous_pods(event: Event) -> list[frozenset[str]]:
    pods: dict[int, set[str]] = defaultdict(set)
    for table_id, reg_id in Seat.objects.filter(event=event, is_bye=False).values_list(
        "table_id", "registration_id"
    ):
        pods[table_id].add(str(reg_id))
    return [frozenset(p) for p in pods.values()]


# Below this many seats the planner's statistics are still good enough.
_ANALYZE_FROM = 1000


@gc_paused()  # as compute_pairing
def create_tables(rnd: Round, pairing: SwissPairing | PodPairing | GroupedPairing) -> None:
    """Every table and seat of the round in two multi-row INSERTs of plain values (an
    INSERT, or even a model instance, per table made a 10,000-player round take seconds)."""
    event = rnd.event
    groups = [list(ids) for ids in pairing.tables]
    bye = getattr(pairing, "bye", None)
    # A round in heats has a bye per odd heat; any other round one at most.
    byes: list[str] = list(getattr(pairing, "byes", None) or ([bye] if bye else []))
    n = len(groups)
    tables: dict[str, list[Any]] = {
        "round_id": [rnd.pk] * n,
        "number": list(range(1, n + 1)),
        "is_bye": [False] * n,
        "status": [str(Table.Status.PENDING)] * n,
        "band": [""] * n,
        "confirmed_at": [None] * n,
    }
    points = None
    if byes:
        points = bye_points(event.game, rnd.number, scoring_settings_for(event))
    for k, player in enumerate(byes, start=1):
        for key, value in (("round_id", rnd.pk), ("number", n + k), ("is_bye", True),
                           ("status", str(Table.Status.CONFIRMED)), ("band", f"Bye ({points})"),
                           ("confirmed_at", timezone.now())):  # fmt: skip
            tables[key].append(value)
        groups.append([player])
    copy_rows(Table, tables)
    # Table ids by number: RETURNING order is not a promise PostgreSQL makes. Unordered:
    # the default ordering joined the round to sort the 50,000 rows of a large round.
    ids = dict(rnd.tables.order_by().values_list("number", "pk"))
    # Column by column, not seat by seat: the bye tables come last, one seat each.
    seats: dict[str, list[Any]] = {"table_id": [], "registration_id": [], "position": []}
    for number, group in enumerate(groups, start=1):
        seats["table_id"] += [ids[number]] * len(group)
        seats["registration_id"] += map(int, group)
        seats["position"] += range(1, len(group) + 1)
    count = len(seats["table_id"])
    played = count - len(byes)
    seats["is_bye"] = [False] * played + [True] * len(byes)
    seats["points"] = [None] * played + [points] * len(byes)
    seats["outcome"] = [""] * played + [str(Seat.Outcome.WIN)] * len(byes)
    seats["round_id"] = [rnd.pk] * count
    seats["event_id"] = [event.pk] * count
    copy_rows(Seat, seats)
    if count >= _ANALYZE_FROM:
        transaction.on_commit(lambda: analyze(Table, Seat))


def _pairing_snapshot(pairing: Any, seed: int) -> dict[str, Any]:
    """What the audit trail keeps of a pairing: enough to reproduce and compare it."""
    return {
        "seed": seed,
        "tables": [list(t) for t in pairing.tables],
        "bye": getattr(pairing, "bye", None),
        **({"byes": pairing.byes} if isinstance(pairing, GroupedPairing) else {}),
    }


def new_seed() -> int:
    return secrets.randbelow(2**31)


def pair_blocker(event: Event) -> Conflict | None:
    """Why the next round cannot be paired now, or None. The dashboard shows its button
    from this, and pair_next_round raises it: one rule for both."""
    if event.status not in (Event.Status.REGISTRATION, Event.Status.RUNNING):
        return Conflict(
            _("Rounds are paired while registration is open or the event runs; it is %(status)s.")
            % {"status": event.get_status_display().lower()}
        )
    league = league_pairing_blocker(event)
    if league is not None:
        return league
    last = last_round(event)
    if last is not None and last.status != Round.Status.CLOSED:
        open_tables = last.tables.exclude(status=Table.Status.CONFIRMED).order_by("number")
        numbers = ", ".join(str(t.number) for t in open_tables[:10])
        return Conflict(
            _("Round %(round)s is still open: table(s) %(numbers)s have no confirmed result.")
            % {"round": last.number, "numbers": numbers},
            code="round_open",
        )
    total = rounds_total(event)
    if (last.number if last else 0) >= total:
        return Conflict(
            _("All %(total)s rounds have been played. Finish the event, or plan more rounds.")
            % {"total": total},
            code="all_rounds_played",
        )
    return None


def repair_blocker(rnd: Round) -> Conflict | None:
    """Why a round cannot be paired again, or None (the dashboard's button and repair_round)."""
    if rnd.number != last_round_number(rnd.event):
        return Conflict(_("Round %(n)s is not the latest round.") % {"n": rnd.number})
    played = (
        rnd.tables.filter(is_bye=False)
        .filter(~Q(status=Table.Status.PENDING) | Q(changes__isnull=False))
        .order_by("number")
        .first()
    )
    if played is not None:
        return Conflict(
            _(
                "Round %(round)s already has a result at table %(table)s: correct that result, or "
                "throw the round's results away and pair it again from its hands-on page."
            )
            % {"round": rnd.number, "table": played.number},
            code="round_has_results",
        )
    return None


@retry_on_conflict
@transaction.atomic
@gc_paused()  # as compute_pairing (and the audit's copy of the tables)
def pair_next_round(user: AnyUser, event: Event, seed: int | None = None) -> Round:
    """Pair the next round. Locks the event row so two directors clicking at once get one
    round; the (event, number) unique constraint is the last line of defence."""
    event = lock_event(event)
    require_director(user, event)
    blocker = pair_blocker(event)
    if blocker is not None:
        raise blocker
    number = last_round_number(event) + 1
    seed = new_seed() if seed is None else int(seed)
    if group_count(event) > 1 and not event.multiplayer:
        ids = [str(pk) for pk in _pairable(event, number).values_list("pk", flat=True)]
        groups_for_round(user, event, ids, seed)  # the heats drawn, late entries placed
    pairing = compute_pairing(event, number, seed)
    try:
        with transaction.atomic():
            rnd = Round.objects.create(
                event=event, number=number, seed=seed, explanation=list(pairing.explanation_items)
            )
    except IntegrityError:
        raise Conflict(
            _("Round %(number)s was already paired.") % {"number": number}, code="already_paired"
        )
    create_tables(rnd, pairing)
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
    signals.round_paired.send(sender=Round, round=rnd, repaired=False)
    maybe_close_round(rnd)
    return rnd


@retry_on_conflict
@transaction.atomic
@gc_paused()  # as compute_pairing (and the audit's copy of the tables)
def repair_round(user: AnyUser, rnd: Round, seed: int | None = None) -> Round:
    """Throw away a round's pairing and pair it again, only while none of its tables has
    a result (a bye does not count: it is scored by the rules, not reported)."""
    event = lock_event(rnd.event_id)
    require_director(user, event)
    rnd = lock_round(rnd)
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
    seed = new_seed() if seed is None else int(seed)
    pairing = compute_pairing(event, rnd.number, seed)
    rnd.seed = seed
    rnd.explanation = list(pairing.explanation_items)
    rnd.status = Round.Status.PAIRED
    rnd.started_at = None
    rnd.closed_at = None
    rnd.save()
    create_tables(rnd, pairing)
    apply_fixed_tables(rnd)  # a re-paired round keeps the players' fixed tables too
    audit.record(
        actor=user,
        obj=rnd,
        action="repair",
        event=event,
        before=before,
        after=_pairing_snapshot(pairing, seed),
    )
    signals.round_paired.send(sender=Round, round=rnd, repaired=True)
    maybe_close_round(rnd)
    return rnd


def maybe_close_round(rnd: Round) -> bool:
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
