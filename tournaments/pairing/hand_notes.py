"""Explanation items of a round that the pairing module does not write: the pairs to
avoid (kept apart, or which could not be) and a table set by hand. Stored as structured
items (codes, registration ids as strings, numbers) and put into words at the face."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.pairing.items import PairingItem

AVOID_KEPT = "avoid_pairs_kept"
AVOID_BROKEN = "avoid_pairs_not_kept"
TABLE_SET = "table_set_by_hand"
PAIRED_DOWN_AVOIDING = "paired_down_avoiding"

Item = Mapping[str, Any]


def table_set_item(table: int, players: Sequence[int], cost: Any) -> PairingItem:
    """The director seated ``players`` at ``table`` by hand, at this cost (hands_on.Cost)."""
    return {
        "code": TABLE_SET,
        "table": table,
        "players": [str(p) for p in players],
        "rematches": len(cost.rematches),
        "avoided": [[str(a), str(b)] for a, b in cost.avoided],
        "fixed_moved": [str(reg) for reg, _table in cost.fixed_moved],
        "gap": cost.gap_after,
    }


def _pairs(pairs: Sequence[Sequence[str]], names: Mapping[str, str]) -> str:
    return "; ".join(
        _("%(a)s and %(b)s") % {"a": names.get(a, a), "b": names.get(b, b)} for a, b in pairs
    )


def _kept(item: Item, names: Mapping[str, str]) -> str:
    n = item["count"]
    return ngettext(
        "The pair to avoid (an event setting) was kept apart.",
        "All %(n)s pairs to avoid (an event setting) were kept apart.",
        n,
    ) % {"n": n}


def _broken(item: Item, names: Mapping[str, str]) -> str:
    return _(
        "No pairing keeps every pair to avoid apart, so the round was paired anyway; "
        "seated together: %(pairs)s. Swap or set a table by hand if you want to change it."
    ) % {"pairs": _pairs(item["pairs"], names)}


def _paired_down_avoiding(item: Item, names: Mapping[str, str]) -> str:
    (a, b), (high, low) = item["players"], item["scores"]
    return _(
        "%(a)s (%(high)s) is paired down to %(b)s (%(low)s) because of a pair to avoid "
        "(an event setting): %(pairs)s may not play each other, and nobody else closer in "
        "score was free."
    ) % {
        "a": names.get(a, a),
        "b": names.get(b, b),
        "high": _points(high),
        "low": _points(low),
        "pairs": _pairs(item["kept_apart"], names),
    }


def _points(n: int) -> str:
    return ngettext("%(n)s point", "%(n)s points", n) % {"n": n}


def _table_set(item: Item, names: Mapping[str, str]) -> str:
    text = _(
        "Changed by hand: table %(table)s set to %(players)s; rematches %(rematches)s, "
        "largest score gap %(gap)s."
    ) % {
        "table": item["table"],
        "players": ", ".join(names.get(p, p) for p in item["players"]),
        "rematches": item["rematches"],
        "gap": item["gap"],
    }
    if item.get("avoided"):
        text += " " + _("Pairs to avoid seated together: %(pairs)s.") % {
            "pairs": _pairs(item["avoided"], names)
        }
    if item.get("fixed_moved"):
        text += " " + _("Moved away from a fixed table: %(players)s.") % {
            "players": ", ".join(names.get(p, p) for p in item["fixed_moved"])
        }
    return text


RENDERERS: dict[str, Callable[[Item, Mapping[str, str]], str]] = {
    AVOID_KEPT: _kept,
    AVOID_BROKEN: _broken,
    TABLE_SET: _table_set,
    PAIRED_DOWN_AVOIDING: _paired_down_avoiding,
}
