"""Showing audit entries: what changed, field by field, before and after.

The event audit page itself is tournaments.views.audit (audit sits below tournaments
and never imports it)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _


@dataclass(frozen=True)
class Change:
    field: str
    before: str
    after: str


def _show(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, str):
        return value or '""'
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _seats(value: Any) -> dict[str, Any]:
    # A table's seats are a list; keyed by player they diff seat by seat.
    out: dict[str, Any] = {}
    for seat in value or []:
        if isinstance(seat, dict):
            name = seat.get("player") or seat.get("registration")
            out[f"seat {name}"] = {k: v for k, v in seat.items() if k not in ("player",)}
    return out


def readable_diff(before: Any, after: Any) -> list[Change]:
    """What changed, one line per field; nested seats per player. Creations and deletions
    show every field on one side."""
    if not isinstance(before, dict) and not isinstance(after, dict):
        if before == after:
            return []
        return [Change("value", _show(before), _show(after))]
    old = dict(before) if isinstance(before, dict) else {}
    new = dict(after) if isinstance(after, dict) else {}
    for side in (old, new):
        if isinstance(side.get("seats"), list):
            side.update(_seats(side.pop("seats")))
    changes = []
    for key in sorted(set(old) | set(new), key=lambda k: (k.startswith("seat "), k)):
        a, b = old.get(key), new.get(key)
        if a == b and before is not None:
            continue
        if isinstance(a, dict) and isinstance(b, dict):
            for sub in sorted(set(a) | set(b)):
                if a.get(sub) != b.get(sub):
                    changes.append(Change(f"{key}: {sub}", _show(a.get(sub)), _show(b.get(sub))))
            continue
        shown_before = _show(a) if key in old else "—"
        changes.append(Change(key, shown_before, _show(b) if key in new else "—"))
    return changes
