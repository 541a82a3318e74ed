"""The heat of each table of a round played in heats (RULES.md §8, Decipher 2003 Worlds:
"two parallel Swiss heats"), as the pairings, the wall, paper, the API and the player's
card label and filter them.

A table's heat is its players' heat: no table seats players of two heats
(services.heats.refuse_mixed_heats). Only the rounds of the Swiss in heats have one; a
round of a later stage (a round robin of those who went on) is one field again, although
its players keep the heat they played in. The cost is one query per round, whatever its
size: the heat is read from the seats' registrations the table queries already join.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Exists, OuterRef, QuerySet
from django.utils.translation import gettext as _

from core.errors import ServiceError
from tournaments.models import Round, Seat, Stage, StageKind, Table


def round_heat_count(rnd: Round) -> int:
    """How many heats ``rnd`` is played in; 0 when it is not played in heats."""
    stages = list(
        Stage.objects.filter(event_id=rnd.event_id, event__multiplayer=False)
        .order_by("position")
        .values_list("kind", "groups", "first_round")
    )
    if not stages:
        return 0
    kind, groups, _first = stages[0]
    if kind != StageKind.SWISS or groups < 2:
        return 0
    later = [first for _kind, _groups, first in stages[1:] if first is not None]
    return groups if not later or rnd.number < min(later) else 0


def table_heat(table: Table) -> int | None:
    """The heat of the players at ``table`` (read from its seats, prefetched or not);
    None for a table without a drawn player. Only meaningful in a round in heats."""
    for seat in table.seats.all():
        if seat.registration.stage_group is not None:
            return int(seat.registration.stage_group)
    return None


def table_heats(tables: Iterable[Table], heat_count: int) -> dict[int, int]:
    """The heat of each of ``tables`` by table id; empty when their round is not played in
    heats (``heat_count``, round_heat_count's answer, is 0)."""
    if not heat_count:
        return {}
    found = {table.pk: table_heat(table) for table in tables}
    return {pk: heat for pk, heat in found.items() if heat is not None}


def chosen_heat(value: object, heat_count: int) -> int | None:
    """The heat a reader asked to see, if the round has it (``heat_count``: its heats);
    None for every heat: no choice, or one the round does not have, read as no choice
    the way an unknown round number shows the latest round."""
    try:
        heat = int(str(value))
    except (TypeError, ValueError):
        return None
    return heat if 1 <= heat <= heat_count else None


def tables_in_heat(tables: QuerySet[Table], heat: int | None) -> QuerySet[Table]:
    """Only the tables of ``heat`` (all of them when None), without joining the seats
    into the rows, so the order and the paging stay the tables'."""
    if heat is None:
        return tables
    seats = Seat.objects.filter(table=OuterRef("pk"), registration__stage_group=heat)
    return tables.filter(Exists(seats))


def seats_in_heat(seats: QuerySet[Seat], heat: int | None) -> QuerySet[Seat]:
    """Only the seats of ``heat``'s players (all of them when None)."""
    return seats if heat is None else seats.filter(registration__stage_group=heat)


def heat_in_round(heat: int, heat_count: int) -> int:
    """``heat``, if the round (of ``heat_count`` heats) has it; a clear refusal if not."""
    if not heat_count:
        raise ServiceError(_("This round is not played in heats."), code="no_heats")
    if not 1 <= heat <= heat_count:
        raise ServiceError(
            _("Choose a heat from 1 to %(count)s.") % {"count": heat_count}, code="invalid_heat"
        )
    return heat
