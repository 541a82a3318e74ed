#!/usr/bin/env python3
"""Build rules_engine/deckrules/data/octgn_metw.json: each OCTGN card GUID of the METW game
definition, as the set code and alignment of the printing it names.

OCTGN deck files (.o8d) carry each card's GUID; a name alone cannot tell the hero "Bree"
from the minion one, the GUID can. The public game definition lists every card of a set
in ``o8g/Sets/<set guid>/set.xml`` (github.com/wlk0/meccg-for-Octgn).

    python scripts/octgn_guids.py path/to/o8g/Sets > rules_engine/deckrules/data/octgn_metw.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from xml.etree.ElementTree import parse

SETS = {
    "The Wizards": "TW",
    "The Dragons": "TD",
    "Dark Minions": "DM",
    "The Lidless Eye": "LE",
    "Against the Shadow": "AS",
    "The White Hand": "WH",
    "The Balrog": "BA",
}
ALIGNMENTS = {"hero": "hero", "minion": "minion", "fallen-wizard": "fallen-wizard"}
ALIGNMENTS["balrog"] = "balrog"


def _alignment(card_type: str) -> str | None:
    return ALIGNMENTS.get(card_type.split(" ", 1)[0].lower()) if " " in card_type else None


def main(folder: Path) -> dict:
    table: dict[str, list] = {}
    for path in sorted(folder.glob("*/set.xml")):
        root = parse(path).getroot()
        code = SETS.get(root.get("name", ""))
        if code is None:
            continue  # promotional sets: the name alone decides
        for card in root.iter("card"):
            props = {p.get("name"): p.get("value") for p in card.iter("property")}
            table[card.get("id", "").lower()] = [
                code,
                _alignment(props.get("Type") or ""),
                card.get("name", ""),
            ]
    return table


if __name__ == "__main__":
    data = main(Path(sys.argv[1]))
    source = "github.com/wlk0/meccg-for-Octgn o8g/Sets/*/set.xml"
    out = {"_about": f"OCTGN card GUID -> [set, alignment, name]; from {source}", **data}
    # One card a line: a reviewable diff when the game definition changes.
    rows = [f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in sorted(out.items())]
    sys.stdout.write("{\n" + ",\n".join(rows) + "\n}\n")
