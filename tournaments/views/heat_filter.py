"""The heat a pairings page, the wall or paper shows, when the round is played in heats
(RULES.md §8, Decipher 2003 Worlds): the choice read from ``?heat=``, and each table's
heat for its label (tournaments.services.round_heats)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.http import HttpRequest

from tournaments.models import Round, Table
from tournaments.services.round_heats import chosen_heat, round_heat_count, table_heats


def heat_choice(request: HttpRequest, rnd: Round | None) -> dict[str, Any]:
    """The round's heats and the one asked for (None: every heat); a heat the round does
    not have shows every heat, as an unknown round number shows the latest round."""
    count = round_heat_count(rnd) if rnd is not None else 0
    return {
        "heat_count": count,
        "heat": chosen_heat(request.GET.get("heat"), count),
        "heat_numbers": list(range(1, count + 1)),
    }


def label_heats(tables: Iterable[Table], heat_count: int) -> None:
    """Put each table's heat on it (``table.heat``, None outside heats) for the page."""
    tables = list(tables)
    heats = table_heats(tables, heat_count)
    for table in tables:
        table.heat = heats.get(table.pk)  # type: ignore[attr-defined]
