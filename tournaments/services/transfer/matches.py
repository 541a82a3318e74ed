"""A table's match of best of N in the document (RULES.md §8): the games the table's
snapshot carries (services.results.input.table_snapshot), brought back by an import."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from core.errors import ServiceError
from tournaments.models import Registration, Table, TableGame
from tournaments.rules.council import remap_council


def _reg(reg_map: dict[int, Registration], old: Any) -> int | None:
    if old is None:
        return None
    if old not in reg_map:
        raise ServiceError(
            _("A game of a match names registration '%(old)s', which is not in the event.")
            % {"old": old},
            code="bad_document",
        )
    return reg_map[old].pk


def create_table_games(table: Table, t: dict[str, Any], reg_map: dict[int, Registration]) -> None:
    games = t.get("games") or []
    if not isinstance(games, list):
        raise ServiceError(_("A table's games have the wrong shape."), code="bad_document")
    ids = {str(old): str(reg.pk) for old, reg in reg_map.items()}
    TableGame.objects.bulk_create(
        TableGame(
            table=table,
            number=int(g.get("number") or n),
            mps={ids.get(str(k), str(k)): v for k, v in (g.get("mps") or {}).items()},
            points={ids.get(str(k), str(k)): v for k, v in (g.get("points") or {}).items()},
            outcome=str(g.get("outcome") or "normal")[:40],
            winner_id=_reg(reg_map, g.get("winner")),
            won_by_id=_reg(reg_map, g.get("won_by")),
            decided_for_id=_reg(reg_map, g.get("decided_for")),
            time_called=bool(g.get("time_called")),
            council=remap_council(g.get("council"), {k: r.pk for k, r in reg_map.items()}),
            band=str(g.get("band") or "")[:60],
            format_key=str(g.get("format") or "")[:100],
            chosen_by_id=_reg(reg_map, g.get("chosen_by")),
        )
        for n, g in enumerate(games, start=1)
        if isinstance(g, dict)
    )
