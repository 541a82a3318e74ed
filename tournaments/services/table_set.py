"""Set a table by hand: the director names the players of one table (two players, or a
pod) of a round without results; the players who sat there take the seats the chosen
ones leave. The cost (rematches, score gap, pairs to avoid, fixed tables left) is shown
before the change is made, and goes into the audit trail and the round's explanation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import NotFound, ServiceError
from core.types import AnyUser
from tournaments.models import Event, Round, Seat
from tournaments.pairing.hand_notes import table_set_item
from tournaments.permissions import require_director
from tournaments.services.base import lock_event
from tournaments.services.hands_on import (
    Arrangement,
    Cost,
    arrangement_cost,
    editable_round,
    move,
    round_arrangement,
    seat_of,
    tables_unlike_engine,
)
from tournaments.services.heats import refuse_mixed_heats


@dataclass(frozen=True)
class TablePlan:
    """What setting the table does: who comes to it, who leaves it and where to."""

    table: int
    players: tuple[int, ...]
    moves: tuple[tuple[int, int], ...]  # (incoming, displaced): the two exchange seats
    after: Arrangement


def plan_table(rnd: Round, table: int, players: Sequence[int]) -> TablePlan:
    """The arrangement after seating ``players`` (registration ids) at table ``table``.
    Raises ServiceError with a message for the director when that cannot be done."""
    chosen = [int(p) for p in players]
    if len(set(chosen)) != len(chosen):
        raise ServiceError(_("A player can sit only once at a table."), code="same_player")
    before = round_arrangement(rnd)
    if table not in before:
        raise NotFound(
            _("Round %(round)d has no table %(table)d with players to change.")
            % {"round": rnd.number, "table": table}
        )
    if len(chosen) != len(before[table]):
        raise ServiceError(
            _("Table %(table)d seats %(n)d players; choose exactly that many.")
            % {"table": table, "n": len(before[table])},
            code="table_size",
        )
    where = {reg: number for number, ids in before.items() for reg in ids}
    for reg in chosen:
        if reg not in where:
            bye = Seat.objects.filter(round=rnd, registration_id=reg, is_bye=True).exists()
            raise ServiceError(
                _("That player has the bye this round: swap them instead.")
                if bye
                else _("That player has no seat in this round."),
                code="not_seated",
            )
    incoming = [r for r in chosen if where[r] != table]
    displaced = [r for r in before[table] if r not in chosen]
    after = {number: list(ids) for number, ids in before.items()}
    for new, old in zip(incoming, displaced, strict=True):
        source = after[where[new]]
        source[source.index(new)] = old
        seats = after[table]
        seats[seats.index(old)] = new
    return TablePlan(table, tuple(chosen), tuple(zip(incoming, displaced, strict=True)), after)


def table_set_cost(event: Event, rnd: Round, table: int, players: Sequence[int]) -> Cost:
    """What seating ``players`` at ``table`` would cost, before anything changes."""
    return arrangement_cost(event, rnd, plan_table(rnd, table, players).after)


@transaction.atomic
def set_table(actor: AnyUser, rnd: Round, table: int, players: Sequence[int]) -> Cost:
    """Seat ``players`` at ``table`` of a round without results; returns the cost the
    director was shown, which the audit trail and the round's explanation keep."""
    event = lock_event(rnd.event_id)
    require_director(actor, event)
    rnd = Round.objects.select_for_update().get(pk=rnd.pk)
    editable_round(event, rnd)
    plan = plan_table(rnd, int(table), players)
    cost = arrangement_cost(event, rnd, plan.after)
    refuse_mixed_heats(event, plan.after)
    if not plan.moves:
        raise ServiceError(
            _("These players already sit at table %(table)d.") % {"table": plan.table},
            code="no_change",
        )
    before = {str(k): v for k, v in round_arrangement(rnd).items()}
    for new, old in plan.moves:
        move(seat_of(rnd, new), seat_of(rnd, old))
    rnd.explanation = [*list(rnd.explanation or []), table_set_item(plan.table, plan.players, cost)]
    rnd.save(update_fields=["explanation"])
    names = dict(
        event.registrations.filter(
            pk__in=[r for ids in plan.after.values() for r in ids]
        ).values_list("pk", "player__display_name")
    )
    audit.record(
        actor=actor,
        obj=rnd,
        action="pairing_set_table",
        event=event,
        before={"table": plan.table, "players": [names[r] for r in before[str(plan.table)]]},
        after={
            "table": plan.table,
            "players": [names[r] for r in plan.players],
            "moved": {names[old]: _table_of(plan.after, old) for _new, old in plan.moves},
            "rematches": len(cost.rematches),
            "avoided_pairs": len(cost.avoided),
            "fixed_tables_left": len(cost.fixed_moved),
            "gap_before": cost.gap_before,
            "gap_after": cost.gap_after,
            "tables_unlike_the_engine": tables_unlike_engine(event, rnd),
        },
    )
    return cost


def _table_of(arrangement: Arrangement, reg: int) -> int:
    return next(number for number, ids in arrangement.items() if reg in ids)
