"""The format type and the names every format shares (player types, site rules)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

PLAYER_TYPES = ("wizard", "ringwraith", "fallen-wizard", "balrog")
PLAYER_TYPE_LABELS = {
    "wizard": "Wizard (hero)",
    "ringwraith": "Ringwraith (minion)",
    "fallen-wizard": "Fallen-wizard",
    "balrog": "Balrog",
}
SITE_RULES = ("FELLOWSHIP", "TWO_TOWERS", "KING", "HOBBIT", "SHADOWS", "MULTIPATH", "SECOND_ED")
NUMBERED_SITE_RULES = ("FELLOWSHIP", "TWO_TOWERS", "KING", "HOBBIT")
OFFICIAL_LOTR_SETS = [str(n) for n in range(20)]


@dataclass(frozen=True)
class FormatDef:
    key: str
    game: str
    name: str
    rules: Mapping[str, Any]
    description: str = ""
    source: str = ""  # where the rules come from: "003 Part I §2–3", "CoE 2026", "GEMP" ...
    based_on: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def rule(self, name: str, default: Any = None) -> Any:
        return self.rules.get(name, default)

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "game": self.game,
            "name": self.name,
            "description": self.description,
            "source": self.source,
            "based_on": self.based_on,
            "rules": dict(self.rules),
        }


# METW player types: which alignments each card kind may have (CoE deck construction,


def slugify_key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:90] or "format"
