"""Deck files other tools save as JSON, verbatim (tests/decks/real/SOURCES.md), read whole.

The shape is detected and read by its own reader (rules_engine/deckrules/readers/json_decks.py).
The meccg game server's challenge decks are the same decks as ICE's printed lists transcribed
in tests/decks/published/metw/: both texts must give the same cards, in the same parts of the
deck (CoE 1.4–1.7: pool, play deck, sideboard, location deck). A LOTR TCG table's deck names
each copy by its collector number, promos ("0P25") and "+" numbers ("9R+31") too; the
ring-bearer, the One Ring, the starting companions (part of the draw deck) and nine sites are
read where RULES.md §4 and the LOTR TCG rulebook put them.
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
from rules_engine.deckrules.decklist import DeckTextError

pytestmark = pytest.mark.carddata

HERE = Path(__file__).resolve().parent
REAL = HERE / "real"
PUBLISHED = HERE / "published" / "metw"

_INDEX: dict[str, CardIndex] = {}


def _index(card_data_dir: Path, game: str) -> CardIndex:
    if game not in _INDEX:
        folder = card_data_dir / game
        cards = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
        aliases_file = folder / "aliases.json"
        aliases = json.loads(aliases_file.read_text()) if aliases_file.exists() else None
        _INDEX[game] = CardIndex.build(game, records_from_json(game, cards, aliases))
    return _INDEX[game]


def copies(verdict) -> Counter:
    out: Counter = Counter()
    for row in verdict.cards:
        out[(normalize_name(row["name"]), row["zone"])] += row["count"]
    return out


CHALLENGE = {
    "a": ("challenge-a-stewards-of-gondor.txt", "wizard"),
    "b": ("challenge-b-release-the-prisoners.txt", "wizard"),
    "c": ("challenge-c-dwarven-quest.txt", "wizard"),
    "d": ("challenge-d-bargain-between-friends.txt", "wizard"),
    "e": ("challenge-e-return-of-the-king.txt", "wizard"),
    "f": ("challenge-f-spies-and-traitors.txt", "ringwraith"),
    "g": ("challenge-g-marauding-brood-of-uglies.txt", "ringwraith"),
    "h": ("challenge-h-stealthy-tribe.txt", "ringwraith"),
    "i": ("challenge-i-morgul-rallying-cry.txt", "ringwraith"),
    "j": ("challenge-j-seducing-nations-of-men.txt", "ringwraith"),
}


_PARTS = {"pool": "pool", "sideboard": "sideboard", "sites": "sites"}


def file_copies(data: dict) -> Counter:
    """The copies the JSON file lists, by (name, part of the deck): read by hand here, so
    the reader is held to an independent reading of the same file."""
    out: Counter = Counter()
    parts = [(zone, data.get(key) or []) for key, zone in _PARTS.items()]
    parts += [("play", entries) for entries in (data.get("deck") or {}).values()]
    for zone, entries in parts:
        for e in entries:
            out[(normalize_name(e["name"]), zone)] += e["qty"]
    return out


@pytest.mark.parametrize("letter", sorted(CHALLENGE))
def test_meccg_server_challenge_deck_reads_as_the_printed_list(letter, card_data_dir):
    """RULES.md §4 / CoE 1.4–1.7: every card of the JSON file is found, counted and put in
    the part of the deck the file names; and the cards are those of ICE's printed list."""
    metw = _index(card_data_dir, "metw")
    published, player_type = CHALLENGE[letter]
    coe = builtin_format("metw", "coe")
    text = (REAL / f"meccgjson-wigy-challenge-deck-{letter}.json").read_text(encoding="utf-8")
    deck = parse_decklist(text, "metw")
    assert deck.read_as == "meccg-json"
    assert deck.title and deck.title.startswith(f"({letter.upper()})")
    v = validate(deck, coe, metw, player_type)
    assert not v.unresolved, v.unresolved
    # A site's count read in the zone written (the server's files hold four of each haven).
    read = Counter()
    for row in v.cards:
        read[(normalize_name(row["name"]), row["zone"])] += row["count"]
    listed = file_copies(json.loads(text))
    assert read == listed and sum(read.values()) == 119
    w = check_text((PUBLISHED / published).read_text(encoding="utf-8"), "metw", coe, metw, None)
    printed = {name for name, _zone in copies(w)}
    mine = {name for name, _zone in read}
    # The server's authors changed at most one card of ICE's list (deck D: a faction for a
    # sideboard event); every other card is the printed list's.
    assert len(mine ^ printed) <= 2, (mine - printed, printed - mine)


def test_meccg_server_json_line_numbers_point_at_each_entry(card_data_dir):
    text = (REAL / "meccgjson-wigy-challenge-deck-e.json").read_text(encoding="utf-8")
    deck = parse_decklist(text, "metw")
    lines = text.splitlines()
    for line in deck.lines:
        assert f'"{line.name}"' in lines[line.line_no - 1]
    gandalf = next(ln for ln in deck.lines if ln.name == "Gandalf")
    assert (gandalf.section, gandalf.count, gandalf.set_hint) == ("play", 3, "TW")


def test_lotr_table_json_by_collector_numbers(card_data_dir):
    """LOTR TCG rulebook (deck construction) and RULES.md §4: a ring-bearer, the One Ring,
    the draw deck (starting companions included) and nine adventure-deck sites."""
    lotr = _index(card_data_dir, "lotr-tcg")
    text = (REAL / "lotrjson-ralf5543-gondor-uruks.json").read_text(encoding="utf-8")
    deck = parse_decklist(text, "lotr-tcg")
    assert deck.read_as == "lotr-json"
    v = validate(deck, builtin_format("lotr-tcg", "open"), lotr)
    assert not [u for u in v.unresolved if u["reason"] == "unknown"], v.unresolved
    by_zone = Counter()
    for row in v.cards:
        by_zone[row["zone"]] += row["count"]
    assert by_zone["ring_bearer"] == 1 and by_zone["ring"] == 1
    assert by_zone["sites"] == 9
    # 2 starting companions + 30 Free Peoples cards, and 32 Shadow cards.
    assert by_zone["draw"] == 64
    names = {row["name"] for row in v.cards}
    assert "Boromir, Bearer of Council" in names  # 9R+31, the ring-bearer
    assert "Denethor, Wizened Steward" in names  # 0P25, a promo known by its alias only
    assert "Elendil, The Tall" in names  # 9R+32
    # Every copy is counted and the One Ring is the one the file names (4R1).
    assert not v.unresolved
    assert [r["id"] for r in v.cards if r["zone"] == "ring"] == ["4_1"]


def test_a_json_deck_of_the_other_game_is_refused_with_a_clear_message():
    text = (REAL / "lotrjson-ralf5543-gondor-uruks.json").read_text(encoding="utf-8")
    with pytest.raises(DeckTextError, match="LOTR TCG deck file"):
        parse_decklist(text, "metw")


@pytest.mark.parametrize(
    "text",
    ['{"hello": "world"}', '[{"a": 1}]', '{"deck": {"characters": []}}', '{"broken": '],
)
def test_json_that_is_no_deck_file_gets_a_message(text):
    with pytest.raises(DeckTextError):
        parse_decklist(text, "metw")


def test_gemp_deck_record_reads_ids_and_skips_the_starting_fellowship(lotr_index):
    """GEMP's deck record (as GEMP's game summaries carry it): ids, the ring-bearer and the
    Ring apart, the starting fellowship not counted twice (it repeats draw-deck cards)."""
    record = {
        "Decks": {
            "someone": {
                "AdventureDeck": ["1_319"],
                "DeckName": "Test",
                "DrawDeck": ["1_290", "1_290"],
                "Ring": "1_2",
                "RingBearer": "1_290",
                "StartingFellowship": ["1_290"],
                "TargetFormat": "Fellowship Block",
            }
        }
    }
    deck = parse_decklist(json.dumps(record, indent=2), "lotr-tcg")
    assert deck.read_as == "gemp-json" and deck.title == "Test"
    assert deck.declared_format == "Fellowship Block"
    sections = Counter()
    for line in deck.lines:
        sections[line.section] += line.count
    assert sections == {"ring_bearer": 1, "ring": 1, "draw": 2, "sites": 1}
    two = {"Decks": {"a": record["Decks"]["someone"], "b": record["Decks"]["someone"]}}
    with pytest.raises(DeckTextError, match="2 decks"):
        parse_decklist(json.dumps(two), "lotr-tcg")


def test_an_unknown_name_in_a_json_deck_stays_unknown(metw_index):
    """A JSON file's entries stand lines apart: a name no card bears is still reported
    unknown (never taken for a title standing alone)."""
    text = json.dumps(
        {"pool": [{"name": "Nobody Of That Name", "card": "tw-999", "qty": 1}]}, indent=2
    )
    v = validate(parse_decklist(text, "metw"), builtin_format("metw", "coe"), metw_index)
    assert [u["name"] for u in v.unresolved] == ["Nobody Of That Name"]
