"""The heat of a table in the table shapes (RULES.md §8, Decipher 2003 Worlds: "two
parallel Swiss heats"): null outside a round played in heats."""

from __future__ import annotations

from typing import Any, cast

from rest_framework import serializers

from tournaments.models import Table
from tournaments.services.round_heats import round_heat_count, table_heat

HEAT_HELP = (
    "The heat this table is played in (1, 2, ...) when its round is a round of a Swiss "
    "played in heats; null otherwise (a single Swiss, or a later stage's round)."
)
HEAT_FIELD = serializers.IntegerField(allow_null=True, min_value=1, help_text=HEAT_HELP)


def heat_at(context: Any, table: Table) -> int | None:
    """The table's heat; ``context`` (shared by every table of a list) keeps one answer per
    round, so a list costs one query for its round, not one per table."""
    counts = cast(dict[str, Any], context).setdefault("heat_counts", {})
    if table.round_id not in counts:
        counts[table.round_id] = round_heat_count(table.round)
    return table_heat(table) if counts[table.round_id] else None
