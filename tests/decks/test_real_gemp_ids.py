"""GEMP card-id lists as GEMP itself keeps them (001 "Building your deck").

The starter decks in GEMP's product files are id lists ("2x1_365"), each id under a "#" line
naming its card; the files are copied verbatim (tests/decks/real/SOURCES.md). The same
starters are in tests/decks/published/lotr/ as name lists from the same source's comments,
so each deck is read from two texts: same cards, same parts of the deck, same verdict, and
the reference checker (tests/decks/reference_checker.py) agrees.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from rules_engine.deckrules import (
    CardIndex,
    builtin_format,
    check_text,
    parse_decklist,
    records_from_json,
    validate,
)
from rules_engine.deckrules.export import export_list
from tests.decks import reference_checker as ref

pytestmark = pytest.mark.carddata

HERE = Path(__file__).resolve().parent
STARTERS = [
    "1-aragorn-starter",
    "1-gandalf-starter",
    "2-gandalf-starter",
    "2-gimli-starter",
    "3-boromir-starter",
    "3-legolas-starter",
]

_INDEX: dict[str, CardIndex] = {}


@pytest.fixture
def lotr(card_data_dir) -> CardIndex:
    if "lotr" not in _INDEX:
        folder = card_data_dir / "lotr-tcg"
        cards = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
        aliases = json.loads((folder / "aliases.json").read_text(encoding="utf-8"))
        _INDEX["lotr"] = CardIndex.build("lotr-tcg", records_from_json("lotr-tcg", cards, aliases))
    return _INDEX["lotr"]


def by_id(verdict) -> Counter:
    out: Counter = Counter()
    for row in verdict.cards:
        out[(row["id"], row["zone"])] += row["count"]
    return out


@pytest.mark.parametrize("name", STARTERS)
def test_gemp_starter_id_list_reads_as_its_name_list(name, lotr, card_data_dir):
    fmt = builtin_format("lotr-tcg", "fellowship-block")
    deck = parse_decklist((HERE / "real" / f"gemp-ids-{name}.txt").read_text("utf-8"), "lotr-tcg")
    assert deck.read_as == "gemp-ids"
    assert not deck.not_understood and not deck.headings
    v = validate(deck, fmt, lotr)
    assert not v.unresolved
    w = check_text(
        (HERE / "published" / "lotr" / f"{name}.txt").read_text("utf-8"), "lotr-tcg", fmt, lotr
    )
    assert by_id(v) == by_id(w)
    assert (v.counts["free_peoples"], v.counts["shadow"], v.counts["sites"]) == (30, 30, 9)
    # No "Ring-bearer:" line in an id list: the bearer and the Ring are taken by card type,
    # and said so (warnings), never an error.
    assert v.legal and set(v.codes()) == set(w.codes()) == set()
    assert {"ring_bearer_assumed", "ring_assumed"} <= set(v.codes(None))
    r = ref.check(export_list(v.cards, "gemp"), "lotr-tcg", "fellowship-block", None, card_data_dir)
    assert not r.unresolved and (r.legal, r.codes) == (v.legal, set(v.codes()))
