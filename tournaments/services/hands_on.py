"""Hands-on pairings: swap two players or set a table by hand before results are in,
with the cost shown first; re-pair or delete a round that has results, after a
confirmation naming what is lost; pairs to avoid and fixed tables as event settings."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict, NotFound, ServiceError
from core.types import AnyUser
from tournaments import signals
from tournaments.models import Event, Round, Seat, Table
from tournaments.permissions import require_director
from tournaments.services.base import event_settings, last_round_number, lock_event
from tournaments.services.constraints import apply_fixed_tables
from tournaments.services.heats import refuse_mixed_heats
from tournaments.services.rounds import compute_pairing, create_tables, new_seed
from tournaments.services.table_actions import edits_locked
from tournaments.words.explanations import hand_swap_item

Arrangement = dict[int, list[int]]  # table number -> registration ids


@dataclass
class Cost:
    """What a hand-made change costs, as numbers the page puts into words."""

    rematches: list[tuple[int, int]] = field(default_factory=list)  # pairs meeting again
    avoided: list[tuple[int, int]] = field(default_factory=list)  # pairs the event avoids
    gap_before: int = 0  # the largest score difference at a changed table
    gap_after: int = 0
    # (registration, its fixed table): players the change takes away from their fixed table
    fixed_moved: list[tuple[int, int]] = field(default_factory=list)

    @property
    def free(self) -> bool:
        return (
            not self.rematches
            and not self.avoided
            and not self.fixed_moved
            and self.gap_after <= self.gap_before
        )


def _history(event: Event, before_round: int) -> tuple[dict[int, int], set[frozenset[int]]]:
    """Scores and pairs met in confirmed games of earlier rounds."""
    scores: dict[int, int] = defaultdict(int)
    tables: dict[int, list[int]] = defaultdict(list)
    seats = Seat.objects.filter(event=event, round__number__lt=before_round).select_related("table")
    for seat in seats:
        if seat.table.status == Table.Status.CONFIRMED and seat.points is not None:
            scores[seat.registration_id] += seat.points
        if not seat.is_bye:
            tables[seat.table_id].append(seat.registration_id)
    met = {frozenset((a, b)) for ids in tables.values() for a in ids for b in ids if a != b}
    return scores, met


def tables_unlike_engine(event: Event, rnd: Round) -> list[int]:
    """The tables of the round, as it stands after a hand change, that the engine did
    not make when it paired the round (its pairing is kept in the trail's "pair" entry;
    without one, the engine is asked again with the round's seed)."""
    paired = audit.history(rnd).filter(action__in=("pair", "repair")).order_by("-at", "-pk").first()
    tables = (paired.after or {}).get("tables") if paired is not None else None
    if not isinstance(tables, list):
        try:
            tables = compute_pairing(event, rnd.number, rnd.seed).tables
        except ServiceError:
            return []
    engine = {frozenset(int(r) for r in table) for table in tables}
    now = round_arrangement(rnd)
    return sorted(n for n, regs in now.items() if frozenset(regs) not in engine)


def round_arrangement(rnd: Round) -> Arrangement:
    out: Arrangement = defaultdict(list)
    for table_number, reg in (
        Seat.objects.filter(round=rnd, is_bye=False)
        .order_by("table__number", "position")
        .values_list("table__number", "registration_id")
    ):
        out[table_number].append(reg)
    return dict(out)


def _pairs(ids: list[int]) -> set[frozenset[int]]:
    return {frozenset((a, b)) for a in ids for b in ids if a < b}


def arrangement_cost(event: Event, rnd: Round, after: Arrangement) -> Cost:
    before = round_arrangement(rnd)
    scores, met = _history(event, rnd.number)
    avoid = {frozenset(map(int, p)) for p in event_settings(event).avoid_pairs}
    changed = [t for t in after if sorted(after[t]) != sorted(before.get(t, []))]
    cost = Cost()
    for t in changed:
        new = _pairs(after[t]) - _pairs(before.get(t, []))
        cost.rematches += [tuple(sorted(p)) for p in new if p in met]  # type: ignore[misc]
        cost.avoided += [tuple(sorted(p)) for p in new if p in avoid]  # type: ignore[misc]
        old_ids, new_ids = before.get(t, []), after[t]
        if old_ids:
            cost.gap_before = max(cost.gap_before, _gap(old_ids, scores))
        cost.gap_after = max(cost.gap_after, _gap(new_ids, scores))
    cost.fixed_moved = _fixed_moved(event, before, after)
    return cost


def _fixed_moved(event: Event, before: Arrangement, after: Arrangement) -> list[tuple[int, int]]:
    """Players who sit at their fixed table (an event setting) now and would not after."""
    fixed = {int(k): int(v) for k, v in event_settings(event).fixed_tables.items()}
    where_before = {r: t for t, ids in before.items() for r in ids}
    where_after = {r: t for t, ids in after.items() for r in ids}
    return sorted(
        (reg, table)
        for reg, table in fixed.items()
        if where_before.get(reg) == table and where_after.get(reg) != table
    )


def _gap(ids: list[int], scores: dict[int, int]) -> int:
    values = [scores.get(i, 0) for i in ids]
    return max(values) - min(values) if values else 0


def editable_round(event: Event, rnd: Round) -> None:
    if rnd.number != last_round_number(event):
        raise Conflict(
            _("Only the latest round can be changed; round %(round)s is not.")
            % {"round": rnd.number}
        )
    played = rnd.tables.filter(is_bye=False).exclude(status=Table.Status.PENDING).first()
    if played is not None:
        raise Conflict(
            _("Table %(table)s already has a result: re-pair the round instead.")
            % {"table": played.number},
            code="round_has_results",
        )


def seat_of(rnd: Round, registration_id: int) -> Seat:
    seat = (
        Seat.objects.filter(round=rnd, registration_id=registration_id)
        .select_related("table", "registration__player")
        .first()
    )
    if seat is None:
        raise NotFound(_("That player has no seat in this round."))
    return seat


def _swapped(rnd: Round, a: int, b: int) -> Arrangement:
    after = {t: list(ids) for t, ids in round_arrangement(rnd).items()}
    for ids in after.values():
        for i, rid in enumerate(ids):
            ids[i] = b if rid == a else a if rid == b else rid
    return after


def swap_cost(event: Event, rnd: Round, a: int, b: int) -> Cost:
    """What swapping players ``a`` and ``b`` (registration ids) would cost."""
    for rid in (a, b):
        seat_of(rnd, rid)  # both must sit in this round
    return arrangement_cost(event, rnd, _swapped(rnd, a, b))


def move(seat_a: Seat, seat_b: Seat) -> None:
    fields = ("table_id", "position", "is_bye", "points", "outcome")
    values_a = [getattr(seat_a, f) for f in fields]
    for f in fields:
        setattr(seat_a, f, getattr(seat_b, f))
    for f, v in zip(fields, values_a, strict=True):
        setattr(seat_b, f, v)
    try:
        with transaction.atomic():
            seat_a.save(update_fields=list(f.removesuffix("_id") for f in fields))
            seat_b.save(update_fields=list(f.removesuffix("_id") for f in fields))
    except IntegrityError:
        raise Conflict(_("That player has already had his bye in this event."), code="second_bye")


@transaction.atomic
def swap_players(actor: AnyUser, rnd: Round, a: int, b: int) -> Cost:
    """Swap two players between tables of a round without results; returns the cost
    the director saw, which goes into the audit trail and the round's explanation."""
    event = lock_event(rnd.event_id)
    require_director(actor, event)
    rnd = Round.objects.select_for_update().get(pk=rnd.pk)
    editable_round(event, rnd)
    if a == b:
        raise ServiceError(_("Choose two different players."), code="same_player")
    cost = swap_cost(event, rnd, a, b)
    refuse_mixed_heats(event, _swapped(rnd, a, b))
    seat_a, seat_b = seat_of(rnd, a), seat_of(rnd, b)
    if seat_a.table_id == seat_b.table_id:
        raise ServiceError(_("Both players sit at the same table."), code="same_table")
    ta, tb = seat_a.table.number, seat_b.table.number
    names = seat_a.registration.player.display_name, seat_b.registration.player.display_name
    swap = hand_swap_item(
        seat_a.registration, seat_b.registration, (ta, tb), len(cost.rematches), cost.gap_after
    )
    move(seat_a, seat_b)
    rnd.explanation = [*list(rnd.explanation or []), swap]
    rnd.save(update_fields=["explanation"])
    audit.record(
        actor=actor,
        obj=rnd,
        action="pairing_swap",
        event=event,
        before={"tables": {names[0]: ta, names[1]: tb}},
        after={
            "tables": {names[0]: tb, names[1]: ta},
            "rematches": len(cost.rematches),
            "avoided_pairs": len(cost.avoided),
            "gap_before": cost.gap_before,
            "gap_after": cost.gap_after,
            "tables_unlike_the_engine": tables_unlike_engine(event, rnd),
        },
    )
    return cost


# --------------------------------------------------------------------------- rounds with results


@dataclass(frozen=True)
class LostResult:
    table: int
    players: tuple[str, ...]
    status: str


def round_loss_preview(rnd: Round) -> list[LostResult]:
    """Every result that re-pairing or deleting ``rnd`` throws away, by table."""
    out = []
    for table in (
        rnd.tables.filter(is_bye=False)
        .exclude(status=Table.Status.PENDING)
        .prefetch_related("seats__registration__player")
    ):
        names = tuple(s.registration.player.display_name for s in table.seats.all())
        out.append(LostResult(table.number, names, table.status))
    return out


def _drop_results(
    actor: AnyUser, event: Event, rnd: Round, confirmed_tables: list[int], how: str
) -> None:
    if rnd.number != last_round_number(event):
        raise Conflict(
            _("Only the latest round can be changed; round %(round)s is not.")
            % {"round": rnd.number}
        )
    if event.status != Event.Status.RUNNING or event.playoff_matches.exists():
        raise Conflict(_("Rounds change only while the Swiss rounds run."))
    lost = round_loss_preview(rnd)
    if sorted(r.table for r in lost) != sorted(int(t) for t in confirmed_tables):
        raise Conflict(
            _("The results of this round changed since you looked: check again."), code="stale"
        )
    was_closed = rnd.status == Round.Status.CLOSED
    first = rnd.tables.filter(is_bye=False).select_related("round__event").first()
    audit.record(
        actor=actor,
        obj=rnd,
        action=f"round_{how}",
        event=event,
        before={"round": rnd.number, "lost": [[r.table, list(r.players), r.status] for r in lost]},
    )
    rnd.tables.all().delete()
    if was_closed and first is not None:
        # Ratings replay the event from what is left (the same path as a corrected result).
        signals.closed_result_changed.send(sender=Table, table=first)


@transaction.atomic
def delete_round(actor: AnyUser, rnd: Round, confirmed_tables: list[int]) -> int:
    """Delete the latest round, results and all, after the director confirmed the
    tables whose results go; standings follow at once, ratings are replayed."""
    event = lock_event(rnd.event_id)
    require_director(actor, event)
    rnd = Round.objects.select_for_update().get(pk=rnd.pk)
    number = rnd.number
    _drop_results(actor, event, rnd, confirmed_tables, "deleted")
    rnd.delete()
    return number


@transaction.atomic
def repair_round_with_results(actor: AnyUser, rnd: Round, confirmed_tables: list[int]) -> Round:
    """Throw away the latest round's results and pair it again."""
    event = lock_event(rnd.event_id)
    require_director(actor, event)
    rnd = Round.objects.select_for_update().get(pk=rnd.pk)
    _drop_results(actor, event, rnd, confirmed_tables, "repaired")
    seed = new_seed()
    pairing = compute_pairing(event, rnd.number, seed)
    rnd.seed, rnd.explanation = seed, list(pairing.explanation_items)
    rnd.status, rnd.started_at, rnd.closed_at = Round.Status.PAIRED, None, None
    rnd.save()
    create_tables(rnd, pairing)
    apply_fixed_tables(rnd)  # players with a fixed table (an event setting) sit there
    signals.round_paired.send(sender=Round, round=rnd, repaired=True)
    return rnd


# --------------------------------------------------------------------------- old rounds


@transaction.atomic
def unlock_round_edits(actor: AnyUser, rnd: Round, note: str = "") -> Round:
    """The director unlocks a round two or more rounds back so its results may be
    corrected (later rounds were paired from them); the unlock is audited."""
    event = lock_event(rnd.event_id)
    require_director(actor, event)
    rnd = Round.objects.select_for_update().get(pk=rnd.pk)
    if not edits_locked(rnd):
        raise Conflict(
            _("Round %(round)s is not locked: its results can be corrected as they are.")
            % {"round": rnd.number},
            code="not_locked",
        )
    rnd.edits_unlocked_at = timezone.now()
    rnd.save(update_fields=["edits_unlocked_at"])
    audit.record(
        actor=actor,
        obj=rnd,
        action="round_unlock",
        event=event,
        before={"round": rnd.number, "locked": True},
        after={"round": rnd.number, "locked": False},
        note=note[:500],
    )
    return rnd
