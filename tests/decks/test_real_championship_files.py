"""METW championship lists as their players filed them: NetMECCG ``.dck`` and GCCG ``.deck``
files, verbatim (tests/decks/real/SOURCES.md), read whole (RULES.md §4).

Each file is the source of one of the transcriptions in tests/decks/published/metw/, so the
same deck is read twice from two independent texts: the cards, their printings (set) and the
part of the deck each copy is in must be the same, and so must the verdict, which is also
held to the reference checker (tests/decks/reference_checker.py). CoE 1.4–1.7 (pool, play
deck, sideboard, sideboard against Fallen-wizards, location deck).
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
    normalize_name,
    parse_decklist,
    records_from_json,
    validate,
)
from tests.decks import reference_checker as ref

pytestmark = pytest.mark.carddata

HERE = Path(__file__).resolve().parent
REAL = HERE / "real"
PUBLISHED = HERE / "published" / "metw"

# (verbatim file, its published transcription, player type, names the file misspells)
CHAMPIONSHIP_FILES = [
    (
        "netmeccg-worlds-2004-alfano-red-hills-vs-minion.dck",
        "worlds-2004-alfano-red-hills-vs-minion.txt",
        "balrog",
        {},
    ),
    (
        "netmeccg-worlds-2007-agustin-alatar-eriador-vs-hero-fw.dck",
        "worlds-2007-agustin-alatar-eriador-vs-hero-fw.txt",
        "fallen-wizard",
        {},
    ),
    (
        "netmeccg-worlds-2016-laxander-hero-one-ring-vs-hero.dck",
        "worlds-2016-laxander-hero-one-ring-vs-hero.txt",
        "wizard",
        {},
    ),
    (
        "netmeccg-worlds-2018-alfano-cyclops-army-vs-hero-fw.dck",
        "worlds-2018-alfano-cyclops-army-vs-hero-fw.txt",
        "ringwraith",
        # The NetMECCG file spells the card "Grievious"; the reader must say so and offer
        # the printed name, not guess.
        {"Long Grievious Siege": "Long Grievous Siege"},
    ),
    (
        "netmeccg-worlds-2005-laxander-radagast-wolf-squat-vs-minion-fw.dck",
        "worlds-2005-laxander-radagast-wolf-squat-vs-minion-fw.txt",
        "fallen-wizard",
        {},
    ),
    (
        "netmeccg-spain-2008-kike-elrond-vilya-vs-minion.dck",
        "spain-2008-kike-elrond-vilya-vs-minion.txt",
        "wizard",
        {},
    ),
    (
        "gccg-gccg-worlds-2010-marcos-balrog-anduin-vs-hero.deck",
        "gccg-worlds-2010-marcos-balrog-anduin-vs-hero.txt",
        "balrog",
        {},
    ),
    (
        "netmeccg-worlds-2011-kike-balrog-burning-harad-vs-hero-fw.dck",
        "worlds-2011-kike-balrog-burning-harad-vs-hero-fw.txt",
        "balrog",
        {},
    ),
    (
        "netmeccg-gccg-worlds-2009-manuel-el-chufle-de-lobelia-vs-hero-fw.dck",
        "gccg-worlds-2009-manuel-el-chufle-de-lobelia-vs-hero-fw.txt",
        "fallen-wizard",
        {},
    ),
    (
        "gccg-nations-cup-2013-marcos-baduilas-army-vs-minion.deck",
        "nations-cup-2013-marcos-baduilas-army-vs-minion.txt",
        "ringwraith",
        {},
    ),
    (
        # Every line ends in a space, and there is no [anti-FW] section.
        "netmeccg-worlds-2009-sorribes-alatar-in-eriador-vs-minion.dck",
        "worlds-2009-sorribes-alatar-in-eriador-vs-minion.txt",
        "fallen-wizard",
        {},
    ),
    (
        "netmeccg-spain-2018-quinta-eriador-express-vs-hero.dck",
        "spain-2018-quinta-eriador-express-vs-hero.txt",
        "wizard",
        {},
    ),
    (
        "gccg-worlds-2019-laxander-balrog-burning-eriador-vs-hero-fw.deck",
        "worlds-2019-laxander-balrog-burning-eriador-vs-hero-fw.txt",
        "balrog",
        {},
    ),
    (
        "gccg-nations-cup-2010-marcos-eriador-no-tan-express-vs-hero-fw.deck",
        "nations-cup-2010-marcos-eriador-no-tan-express-vs-hero-fw.txt",
        "ringwraith",
        {},
    ),
    (
        "netmeccg-worlds-2006-alfano-the-red-hills-vs-minion.dck",
        "worlds-2006-alfano-the-red-hills-vs-minion.txt",
        "balrog",
        {},
    ),
    (
        "netmeccg-worlds-2008-heiner-red-hills-vs-minion.dck",
        "worlds-2008-heiner-red-hills-vs-minion.txt",
        "balrog",
        {},
    ),
    (
        "netmeccg-worlds-2011-kike-balrog-burning-harad-vs-minion.dck",
        "worlds-2011-kike-balrog-burning-harad-vs-minion.txt",
        "balrog",
        {},
    ),
    (
        "netmeccg-worlds-2016-laxander-hero-one-ring-vs-minion-fw.dck",
        "worlds-2016-laxander-hero-one-ring-vs-minion-fw.txt",
        "wizard",
        {},
    ),
    (
        "netmeccg-worlds-2005-laxander-radagast-wolf-squat-vs-hero.dck",
        "worlds-2005-laxander-radagast-wolf-squat-vs-hero.txt",
        "fallen-wizard",
        {},
    ),
    (
        "netmeccg-worlds-2009-sorribes-alatar-in-eriador-vs-hero.dck",
        "worlds-2009-sorribes-alatar-in-eriador-vs-hero.txt",
        "fallen-wizard",
        {},
    ),
    (
        "netmeccg-worlds-2017-laxander-radagast-wolf-squat-vs-minion-fw.dck",
        "worlds-2017-laxander-radagast-wolf-squat-vs-minion-fw.txt",
        "fallen-wizard",
        {},
    ),
    (
        "netmeccg-worlds-2017-laxander-radagast-wolf-squat-vs-hero.dck",
        "worlds-2017-laxander-radagast-wolf-squat-vs-hero.txt",
        "fallen-wizard",
        {},
    ),
    (
        "netmeccg-spain-2007-kike-balrog-eriador-vs-minion.dck",
        "spain-2007-kike-balrog-eriador-vs-minion.txt",
        "balrog",
        {"Long Grievious Siege": "Long Grievous Siege"},
    ),
    (
        "netmeccg-spain-2007-kike-balrog-eriador-vs-hero-fw.dck",
        "spain-2007-kike-balrog-eriador-vs-hero-fw.txt",
        "balrog",
        {"Long Grievious Siege": "Long Grievous Siege"},
    ),
    (
        "netmeccg-worlds-2018-heiner-balrog-makers-map-vs-minion.dck",
        "worlds-2018-heiner-balrog-makers-map-vs-minion.txt",
        "balrog",
        {},
    ),
    (
        "netmeccg-spain-2008-kike-elrond-vilya-vs-hero-fw.dck",
        "spain-2008-kike-elrond-vilya-vs-hero-fw.txt",
        "wizard",
        {},
    ),
    (
        "netmeccg-gccg-worlds-2008-marcos-wolf-shuffle-vs-hero-fw.dck",
        "gccg-worlds-2008-marcos-wolf-shuffle-vs-hero-fw.txt",
        "fallen-wizard",
        {},
    ),
    (
        "netmeccg-gccg-worlds-2009-manuel-el-botin-de-los-bolson-vs-minion.dck",
        "gccg-worlds-2009-manuel-el-botin-de-los-bolson-vs-minion.txt",
        "fallen-wizard",
        {},
    ),
    (
        "gccg-worlds-2019-laxander-balrog-burning-eriador-vs-minion.deck",
        "worlds-2019-laxander-balrog-burning-eriador-vs-minion.txt",
        "balrog",
        {},
    ),
    (
        "gccg-nations-cup-2010-marcos-eriador-no-tan-express-vs-minion.deck",
        "nations-cup-2010-marcos-eriador-no-tan-express-vs-minion.txt",
        "ringwraith",
        {},
    ),
]

_INDEX: dict[str, CardIndex] = {}


@pytest.fixture
def metw(card_data_dir) -> CardIndex:
    if "metw" not in _INDEX:
        folder = card_data_dir / "metw"
        cards = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
        aliases_file = folder / "aliases.json"
        aliases = json.loads(aliases_file.read_text()) if aliases_file.exists() else None
        _INDEX["metw"] = CardIndex.build("metw", records_from_json("metw", cards, aliases))
    return _INDEX["metw"]


def printings(verdict) -> Counter:
    """Copies per (card, printing, part of the deck): what "the same list" means in METW."""
    out: Counter = Counter()
    for row in verdict.cards:
        out[(normalize_name(row["name"]), row["set"], row["zone"])] += row["count"]
    return out


# GCCG's tags, for the names one set prints twice (Petty-dwarves, hero and minion, in AS).
_TAGS = {"hero": " [H]", "minion": " [M]", "fallen-wizard": " [FW]", "balrog": " [B]"}


def plain(rows) -> str:
    """The cards read, as a GCCG-style list the reference checker reads on its own."""
    out = []
    for zone, heading in (
        ("pool", "Pool"),
        ("play", "Play deck"),
        ("sideboard", "Sideboard"),
        ("sideboard_fw", "Sideboard vs fw"),
        ("sites", "Sites"),
    ):
        out.append(f"# {heading}")
        out += [
            f"{r['count']} {r['name']}{_TAGS.get(r.get('alignment'), '')} ({r['set']})"
            for r in rows
            if r["zone"] == zone
        ]
    return "\n".join(out)


@pytest.mark.parametrize(
    ("name", "published", "player_type", "misspelt"),
    [pytest.param(*row, id=row[0]) for row in CHAMPIONSHIP_FILES],
)
def test_championship_file_reads_as_its_published_transcription(
    name, published, player_type, misspelt, metw, card_data_dir
):
    coe = builtin_format("metw", "coe")
    text = (REAL / name).read_text(encoding="utf-8")
    deck = parse_decklist(text, "metw")
    assert deck.read_as == ("netmeccg" if name.endswith(".dck") else "gccg")
    assert not deck.not_understood
    v = validate(deck, coe, metw, player_type)
    # Every card found; a name the file misspells is read as the card it clearly means,
    # and the player is told.
    assert not v.unresolved
    assert {r["text"]: r["card"] for r in v.readings} == misspelt

    w = check_text((PUBLISHED / published).read_text(encoding="utf-8"), "metw", coe, metw, None)
    assert printings(v) == printings(w)
    assert (v.legal, set(v.codes())) == (w.legal, set(w.codes()))
    r = ref.check(plain(v.cards), "metw", "coe", player_type, card_data_dir)
    assert not r.unresolved
    assert (v.legal, set(v.codes())) == (r.legal, r.codes)


def test_netmeccg_comment_lines_are_the_decks_notes():
    """The "# Deck explanation" lines and links of a NetMECCG file are its notes, no cards."""
    text = (REAL / "netmeccg-worlds-2004-alfano-red-hills-vs-minion.dck").read_text()
    deck = parse_decklist(text, "metw")
    assert [n for n, _ in deck.notes] == [1, 3, 4, 5]
    assert all(not ln.name.startswith("#") for ln in deck.lines)


def test_netmeccg_mark_on_a_hazard_picks_the_minion_set_printing(metw):
    """ "Cave-drake*" in a NetMECCG file is the Lidless Eye printing (the hazard has no
    alignment; the mark names the set it was reprinted in), an unmarked one the first."""
    coe = builtin_format("metw", "coe")
    deck = parse_decklist("[NetMECCG v1.4 Deck]\n[hazards]\nCave-drake*\nCave-drake\n", "metw")
    v = validate(deck, coe, metw, "ringwraith")
    assert sorted(r["set"] for r in v.cards) == ["LE", "TW"]


def test_a_championship_file_with_its_forum_thread_pasted_in_reads_whole(metw, card_data_dir):
    """Alfano's 2015 World Championship deck as the client keeps it: 130 "#" lines of the
    players' forum exchange (German and English, emoji), cards "commented out" with "#",
    a "# Backups" line inside [starting], section names with a trailing space. Everything
    but the cards is notes; the one misspelt name ("Keys of the White Towers") is read as
    the card it means, and said; the rest is judged as the reference checker judges it."""
    coe = builtin_format("metw", "coe")
    text = (REAL / "netmeccg-worlds-2015-alfano-radagast-ents-white-tree-vs-hero.dck").read_text(
        encoding="utf-8"
    )
    deck = parse_decklist(text, "metw")
    assert deck.read_as == "netmeccg" and not deck.not_understood
    assert len(deck.notes) > 130
    assert not any(ln.name.startswith("#") for ln in deck.lines)
    v = validate(deck, coe, metw, "fallen-wizard")
    assert not v.unresolved
    assert [(r["text"], r["card"]) for r in v.readings] == [
        ("Keys of the White Towers", "Keys to the White Towers")
    ]
    # CoE 1.4–1.7: 9 starting cards and 5 backups in the pool, 30 resources, 29 hazards
    # (one short), the Fallen-wizard's havens and every hero and minion site.
    assert (v.counts["pool"], v.counts["resources"], v.counts["hazards"]) == (14, 30, 29)
    assert (v.counts["sideboard_fw"], v.counts["sites"]) == (10, 206)
    r = ref.check(plain(v.cards), "metw", "coe", "fallen-wizard", card_data_dir)
    assert not r.unresolved
    assert set(v.codes()) == r.codes == {"resources_hazards_equal"}
