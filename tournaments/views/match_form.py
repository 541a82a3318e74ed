"""The result forms' games of a table's match of best of N (RULES.md §8): one row per
game (its score per seat, how it ended, its winner; the player a tie counts for where
the stage leaves ties to the director; the format its chooser named where the loser
chooses), read from the table's form (``g<n>_…``) and the results grid
(``t<table>-g<n>_…``). Rows left empty are not games."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from core.errors import ServiceError
from tournaments import services
from tournaments.extensions import format_choices
from tournaments.models import Table
from tournaments.rules import table_match as tm

# Rows beyond N for the replays of tied games.
SPARE_ROWS = 2


def to_int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _number(raw: str, name: str) -> int | None:
    raw = raw.strip()
    if raw == "":
        return None
    value = to_int(raw)
    if value is None:
        raise ServiceError(
            _("%(name)s: “%(value)s” is not a number.") % {"name": name, "value": raw},
            code="not_a_number",
        )
    return value


def games_from_post(
    post: Mapping[str, Any], table: Table, prefix: str = ""
) -> list[dict[str, Any]]:
    """The games typed for a match, in order, up to the last row that holds anything."""
    rules = services.match_rules(table)
    seats = list(table.seats.all())
    games: list[dict[str, Any]] = []
    for n in range(1, rules.best_of + SPARE_ROWS + 1):
        key = f"{prefix}g{n}_"
        mps = {
            s.registration_id: _number(
                str(post.get(f"{key}mps_{s.registration_id}") or ""),
                _("Game %(n)s, %(name)s") % {"n": n, "name": s.registration.player.display_name},
            )
            for s in seats
        }
        game = {
            "mps": mps,
            "outcome": post.get(f"{key}outcome") or "normal",
            "winner": to_int(post.get(f"{key}winner")),
            "counts_for": to_int(post.get(f"{key}counts_for")),
            "format": str(post.get(f"{key}format") or ""),
        }
        typed = any(v is not None for v in mps.values()) or game["winner"] or game["counts_for"]
        games.append(game if typed or game["outcome"] != "normal" else {})
    while games and not games[-1]:
        games.pop()
    return [g for g in games if g]


def match_form(table: Table, typed: Mapping[str, Any] | None = None, prefix: str = "") -> Any:
    """What a result form shows for a match: its length, and one row per game filled from
    what was typed (a refused form) or from the stored games; None for a table of one
    game."""
    rules = services.match_rules(table)
    if not rules.is_match:
        return None
    stored = {g.number: g for g in table.games.all()}
    seats = list(table.seats.all())
    rows = []
    for n in range(1, rules.best_of + SPARE_ROWS + 1):
        key = f"{prefix}g{n}_"
        game = stored.get(n)

        def value(name: str, kept: Any, key: str = key) -> Any:
            return typed.get(f"{key}{name}", "") if typed is not None else kept

        rows.append({
            "number": n,
            "key": key,
            "stored": game is not None,
            "seats": [
                {"registration": s.registration_id, "name": s.registration.player.display_name,
                 "value": value(f"mps_{s.registration_id}",
                                (game.mps or {}).get(str(s.registration_id)) if game else "")}
                for s in seats
            ],
            "outcome": value("outcome", game.outcome if game else "normal") or "normal",
            "winner": to_int(value("winner", game.winner_id if game else None)),
            "counts_for": to_int(value("counts_for", game.decided_for_id if game else None)),
            "format": value("format", game.format_key if game else ""),
        })  # fmt: skip
    return {
        "best_of": rules.best_of,
        "need": rules.best_of // 2 + 1,
        "rows": rows,
        "players": [(s.registration_id, s.registration.player.display_name) for s in seats],
        "tie_director": rules.tie == tm.DIRECTOR,
        "loser_chooses": rules.loser_chooses,
        "formats": format_choices(table.round.event.game) if rules.loser_chooses else [],
    }
