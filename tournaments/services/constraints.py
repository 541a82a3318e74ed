"""Pairs to avoid (family, same club) and fixed tables (mobility needs): settings of the
event, checked and applied around the pairing.

Fixed tables are applied after the pairing by renumbering tables (which table a game is
played at changes nobody's opponent). Pairs to avoid are given to the pairing itself
(services/avoidance.py); a pair it could not keep apart is flagged on the round so the
director can swap or set a table by hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import ServiceError
from core.types import AnyUser
from tournaments.models import Event, EventSettings, Round, Seat, Table
from tournaments.pairing.avoidance import Pair, pairs_among
from tournaments.permissions import require_director
from tournaments.services.base import event_settings, lock_event


def _clean_pairs(event: Event, pairs: list[Any]) -> list[list[int]]:
    ids = set(event.registrations.values_list("pk", flat=True))
    out: list[list[int]] = []
    for pair in pairs:
        try:
            a, b = (int(x) for x in pair)
        except (TypeError, ValueError):
            raise ServiceError(_("A pair to avoid names two players."), code="invalid_pair")
        if a == b or a not in ids or b not in ids:
            raise ServiceError(
                _("A pair to avoid names two players of this event."), code="invalid_pair"
            )
        if sorted((a, b)) not in out:
            out.append(sorted((a, b)))
    return out


def _clean_tables(event: Event, tables: dict[Any, Any]) -> dict[str, int]:
    ids = set(event.registrations.values_list("pk", flat=True))
    out: dict[str, int] = {}
    for reg, number in tables.items():
        try:
            rid, table = int(reg), int(number)
        except (TypeError, ValueError):
            raise ServiceError(
                _("A fixed table is a player and a table number."), code="invalid_table"
            )
        if rid not in ids or table < 1:
            raise ServiceError(
                _("A fixed table is a player of this event and a table number from 1."),
                code="invalid_table",
            )
        if table in out.values():
            raise ServiceError(
                _("Table %(table)s is fixed for two players.") % {"table": table},
                code="table_twice",
            )
        out[str(rid)] = table
    return out


@transaction.atomic
def set_pairing_constraints(
    actor: AnyUser, event: Event, avoid_pairs: list[Any], fixed_tables: dict[Any, Any]
) -> EventSettings:
    event = lock_event(event)
    require_director(actor, event)
    settings = event_settings(event)
    before = {"avoid_pairs": settings.avoid_pairs, "fixed_tables": settings.fixed_tables}
    settings.avoid_pairs = _clean_pairs(event, avoid_pairs)
    settings.fixed_tables = _clean_tables(event, fixed_tables)
    settings.save(update_fields=["avoid_pairs", "fixed_tables"])
    audit.record(
        actor=actor,
        obj=settings,
        action="pairing_constraints",
        before=before,
        after={"avoid_pairs": settings.avoid_pairs, "fixed_tables": settings.fixed_tables},
        event=event,
    )
    return settings


def avoided_pairs_in_round(rnd: Round) -> list[tuple[int, int, int]]:
    """(table number, registration, registration) for every pair to avoid seated together."""
    avoid = {frozenset(p) for p in event_settings(rnd.event).avoid_pairs}
    by_table: dict[int, list[int]] = {}
    for number, reg in Seat.objects.filter(round=rnd, is_bye=False).values_list(
        "table__number", "registration_id"
    ):
        by_table.setdefault(number, []).append(reg)
    out = []
    for number, ids in sorted(by_table.items()):
        for i, a in enumerate(ids):
            out += [(number, a, b) for b in ids[i + 1 :] if frozenset((a, b)) in avoid]
    return out


def apply_fixed_tables(rnd: Round) -> int:
    """Renumber the round's tables so players with a fixed table sit there; returns how
    many tables moved. Call inside the pairing transaction."""
    settings = EventSettings.objects.filter(event_id=rnd.event_id).first()
    fixed = {int(k): v for k, v in (settings.fixed_tables if settings else {}).items()}
    seats = Seat.objects.filter(round=rnd, registration_id__in=fixed, is_bye=False)
    wanted = {s.table_id: fixed[s.registration_id] for s in seats}
    if not wanted:
        return 0
    tables = {t.pk: t for t in Table.objects.filter(round=rnd)}
    numbers = {t.number: pk for pk, t in tables.items()}
    moves = 0
    for table_id, target in wanted.items():
        current = tables[table_id].number
        other = numbers.get(target)
        if current == target or (other in wanted and tables[other].number == wanted[other]):
            continue  # already there, or the table is held by another fixed player
        # Three-step swap: the (round, number) constraint forbids two tables with one number.
        Table.objects.filter(pk=table_id).update(number=0)
        if other is not None:
            Table.objects.filter(pk=other).update(number=current)
            tables[other].number, numbers[current] = current, other
        Table.objects.filter(pk=table_id).update(number=target)
        tables[table_id].number, numbers[target] = target, table_id
        moves += 1
    return moves


def event_avoid_pairs(event_id: int, ids: Iterable[str]) -> list[Pair]:
    """The event's pairs to avoid among the players being paired (no settings row: none)."""
    stored = EventSettings.objects.filter(event_id=event_id).values_list("avoid_pairs", flat=True)
    return pairs_among(stored.first() or [], ids)
