"""Real published deck lists in the formats players have them, read verbatim.

RULES.md §4 (deck lists); the card counts and zones of each list are compared with a second
reading of the same deck (a published GCCG text of the same challenge deck) or with the
numbers the list itself declares ("Free Peoples (42)"), and the verdicts with the reference
checker (tests/decks/reference_checker.py) where it knows the format.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from rules_engine.deckrules import (
    CardIndex,
    DeckTextError,
    builtin_format,
    check_text,
    format_from_gemp,
    normalize_name,
    parse_decklist,
    records_from_json,
    validate,
)
from rules_engine.deckrules.export import EXPORT_FORMATS, export_list
from tests.decks import reference_checker as ref

pytestmark = pytest.mark.carddata

HERE = Path(__file__).resolve().parent
REAL = HERE / "real"
PUBLISHED = HERE / "published"


_INDEXES: dict[str, CardIndex] = {}


@pytest.fixture
def indexes(card_data_dir) -> dict[str, CardIndex]:
    """Both full card indexes, built once for the module (about a second each)."""
    out = _INDEXES
    for game in ("metw", "lotr-tcg"):
        if game in out:
            continue
        folder = card_data_dir / game
        cards = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
        aliases_file = folder / "aliases.json"
        aliases = json.loads(aliases_file.read_text()) if aliases_file.exists() else None
        out[game] = CardIndex.build(game, records_from_json(game, cards, aliases))
    return out


@pytest.fixture
def gemp_formats(card_data_dir) -> dict:
    return json.loads((card_data_dir / "lotr-tcg" / "formats.json").read_text(encoding="utf-8"))


def zones(verdict) -> Counter:
    """Copies per (card, part of the deck): what "the same list" means."""
    out: Counter = Counter()
    for row in verdict.cards:
        out[(normalize_name(row["name"]), row["zone"])] += row["count"]
    return out


def cards(verdict) -> Counter:
    out: Counter = Counter()
    for row in verdict.cards:
        out[normalize_name(row["name"])] += row["count"]
    return out


def plain_metw(rows) -> str:
    """The cards read, as a plain list with "# Pool" headings (what the reference reads)."""
    out = []
    for zone, heading in (
        ("pool", "Pool"),
        ("play", "Play deck"),
        ("sideboard", "Sideboard"),
        ("sideboard_fw", "Sideboard vs fw"),
        ("sites", "Sites"),
    ):
        out.append(f"# {heading}")
        out += [f"{r['count']} {r['name']} ({r['set']})" for r in rows if r["zone"] == zone]
    return "\n".join(out)


def errors(verdict) -> set[str]:
    return set(verdict.codes())


@pytest.mark.parametrize(
    ("o8d", "published", "player_type", "only_o8d", "only_published"),
    [
        (
            "octgn-metw-e-gandalf-return-of-the-king.o8d",
            "challenge-e-return-of-the-king.txt",
            "wizard",
            {},
            {"pallando": 1},
        ),
        (
            "octgn-metw-v-balrog-great-shadow.o8d",
            "challenge-v-great-shadow.txt",
            "balrog",
            {"greatfissure": 2, "lagduf": 1},
            {"greatshadow": 2, "lugdush": 1},
        ),
    ],
)
def test_octgn_deck_reads_as_the_published_text_of_the_same_deck(
    o8d, published, player_type, only_o8d, only_published, indexes, card_data_dir
):
    """CoE 1.4–1.7: an OCTGN file holds the cards of the published GCCG text of the same
    challenge deck (the two editions differ by the cards named here), every card read, and
    its verdict is the reference checker's."""
    coe = builtin_format("metw", "coe")
    text = (REAL / o8d).read_text(encoding="utf-8")
    deck = parse_decklist(text, "metw")
    assert deck.read_as == "o8d"
    assert not deck.not_understood
    v = validate(deck, coe, indexes["metw"], player_type)
    assert not v.unresolved
    gccg = (PUBLISHED / "metw" / published).read_text(encoding="utf-8")
    w = check_text(gccg, "metw", coe, indexes["metw"], player_type)
    # The published text lists the OCTGN file's "Characters" with the pool: the same cards.
    assert dict(cards(v) - cards(w)) == only_o8d
    assert dict(cards(w) - cards(v)) == only_published
    assert v.counts["sites"] == w.counts["sites"]
    r = ref.check(plain_metw(v.cards), "metw", "coe", player_type, card_data_dir)
    assert not r.unresolved
    assert (v.legal, errors(v)) == (r.legal, r.codes)


@pytest.mark.parametrize(
    ("name", "challenge", "player_type"),
    [
        ("meccg-online-hazards-e-return-of-the-king.meccg", "e-return-of-the-king", "wizard"),
        (
            "meccg-online-hazards-d-bargain-between-friends.meccg",
            "d-bargain-between-friends",
            "wizard",
        ),
    ],
)
def test_meccg_online_hazard_file_is_the_hazard_part_of_the_challenge_deck(
    name, challenge, player_type, indexes
):
    """A meccg-online .meccg file is GCCG-style text, read as meccg-online (its only
    sub-headings are "# Hazard (30)" / "# Character" / "# Resource"): its hazard part is the
    hazards of the challenge deck (CoE 1.5: 30 hazards), the comment header is no card."""
    coe = builtin_format("metw", "coe")
    text = (REAL / name).read_text(encoding="utf-8")
    deck = parse_decklist(text, "metw")
    assert deck.read_as == "meccg-online"
    v = validate(deck, coe, indexes["metw"], player_type)
    assert not v.unresolved and not deck.not_understood
    assert v.counts["hazards"] == 30 and v.counts["resources"] == 0
    full = check_text(
        (PUBLISHED / "metw" / f"challenge-{challenge}.txt").read_text(encoding="utf-8"),
        "metw",
        coe,
        indexes["metw"],
        player_type,
    )
    play_hazards: Counter = Counter()
    for r in full.cards:
        if r["zone"] == "play" and r["type"] == "hazard":
            play_hazards[normalize_name(r["name"])] += r["count"]
    assert cards(v) == play_hazards


def test_meccg_online_deck_builder_file_is_read_as_meccg_online(indexes):
    """What meccg-online's deck builder saves (CreateSingleTextFileFromDeck in
    Heinrich-Barth/meccg-online: a "# Middle-earth Deck" header, then "####"-fenced Deck,
    Pool, Sideboard, Sites and Notes parts of "N code" lines, no sub-headings). Built here
    from that code with challenge deck E's cards; not a published list."""
    text = (
        "#\n# Middle-earth Deck\n#\n\n\n####\nDeck\n####\n\n3 Gandalf (TW)\n3 Concealment (TW)\n"
        "2 Ambusher (LE)\n\n####\nPool\n####\n\n1 Aragorn II (TW)\n\n\n####\nSites\n####\n\n"
        "1 Rivendell (TW)\n\n####\nNotes\n####\n\nStart at Rivendell with Aragorn II.\n"
    )
    deck = parse_decklist(text, "metw")
    assert deck.read_as == "meccg-online"
    assert not deck.not_understood
    v = validate(deck, builtin_format("metw", "coe"), indexes["metw"], "wizard")
    assert not v.unresolved
    assert {(r["name"], r["zone"]) for r in v.cards} == {
        ("Gandalf", "play"),
        ("Concealment", "play"),
        ("Ambusher", "play"),
        ("Aragorn II", "pool"),
        ("Rivendell", "sites"),
    }


ANSWER = "The One Ring, Answer To All Riddles"
WEIGHT = "The One Ring, Such a Weight to Carry"


@pytest.mark.parametrize(
    ("name", "ring_bearer", "ring", "fp", "shadow"),
    [
        ("gemp-page-starter-minas-tirith.txt", "Frodo, Courteous Halfling", ANSWER, 35, 35),
        ("gemp-page-starter-ithilien.txt", "Frodo, Tired Traveller", ANSWER, 35, 35),
        ("gemp-page-starter-the-shire.txt", "Frodo, Old Bilbo's Heir", WEIGHT, 35, 35),
    ],
)
def test_gemp_deck_page_text(name, ring_bearer, ring, fp, shadow, indexes, gemp_formats):
    """001 “Building your deck”: the title, Format:, Author: and Notes lines are no cards;
    the adventure deck's bare site names are sites; the starters are legal in King Standard."""
    king_standard = format_from_gemp("King Standard", gemp_formats["King Standard"])
    text = (REAL / name).read_text(encoding="utf-8")
    deck = parse_decklist(text, "lotr-tcg")
    assert deck.read_as == "gemp-page"
    assert deck.title and deck.title.startswith("Starter - ")
    assert not deck.not_understood
    v = validate(deck, king_standard, indexes["lotr-tcg"])
    assert not v.unresolved
    assert v.counts["ring_bearer"] == ring_bearer
    assert v.counts["ring"] == ring
    assert (v.counts["free_peoples"], v.counts["shadow"], v.counts["sites"]) == (fp, shadow, 9)
    assert v.legal, [p.message for p in v.problems]


def test_lotrtcgwiki_widget(indexes, card_data_dir):
    """The forum widget: "Ring-bearer & Ring" lists both (the card's type tells which),
    "Name x1 (starting)", "Free Peoples (42)" / "Shadow (42)" as declared, nine sites under
    "Adventure Path", and the post's text after them is no card."""
    text = (REAL / "lotrtcgwiki-topic-4728.txt").read_text(encoding="utf-8")
    deck = parse_decklist(text, "lotr-tcg")
    assert deck.read_as == "lotrtcgwiki"
    fmt = builtin_format("lotr-tcg", "open")
    v = validate(deck, fmt, indexes["lotr-tcg"])
    assert not v.unresolved
    assert v.counts["ring_bearer"] == "Bilbo, Bearer of Things Burgled"
    assert v.counts["ring"] == "The One Ring, Answer to All Riddles".replace("to", "To")
    assert (v.counts["free_peoples"], v.counts["shadow"], v.counts["sites"]) == (42, 42, 9)
    assert "declared_count_mismatch" not in v.codes(None)
    assert "ring_assumed" not in v.codes(None)
    assert all(ln.section != "sites" for ln in deck.lines if ln.line_no > 45)
    # The same deck written as a plain list, judged by the reference checker.
    plain = export_list(v.cards, "gemp")
    r = ref.check(plain, "lotr-tcg", "open", None, card_data_dir)
    assert (v.legal, errors(v)) == (r.legal, r.codes)


def _published() -> list:
    entries = json.loads((PUBLISHED / "manifest.json").read_text(encoding="utf-8"))
    return [
        pytest.param(e, f.key, id=f"{e['file']}-{f.key}")
        for e in entries
        for f in EXPORT_FORMATS
        if f.game == e["game"]
    ]


@pytest.mark.parametrize(("entry", "kind"), _published())
def test_export_then_read_gives_back_the_same_list(entry, kind, indexes):
    """Export: every published list, written as GCCG / NetMECCG / GEMP text and
    read again, has the same cards in the same parts of the deck and the same verdict."""
    game = entry["game"]
    fmt = builtin_format(game, entry["format"])
    text = (PUBLISHED / entry["file"]).read_text(encoding="utf-8")
    v = check_text(text, game, fmt, indexes[game], entry["player_type"])
    exported = export_list(v.cards, kind, entry.get("title", ""))
    again = parse_decklist(exported, game)
    assert again.read_as == {"gccg": "gccg", "netmeccg": "netmeccg", "gemp": "text"}[kind] or (
        kind == "gemp"
    )
    w = validate(again, fmt, indexes[game], entry["player_type"])
    assert not w.unresolved, w.unresolved[:3]
    assert zones(w) == zones(v)
    if kind == "gccg":
        sets = Counter((r["set"], r["zone"]) for r in v.cards)
        assert Counter((r["set"], r["zone"]) for r in w.cards) == sets
    assert (w.legal, errors(w)) == (v.legal, errors(v))


def test_shadows_path_settles_the_printing_of_a_site(indexes, gemp_formats):
    """001 “Formats” / GEMP site rules: in a Shadows-path format "Anduin Banks" is the
    Shadows site, not the Fellowship or King printing (which would be out of the path)."""
    wotr = format_from_gemp("War of the Ring Block", gemp_formats["War of the Ring Block"])
    deck = parse_decklist("Adventure deck:\n1 Anduin Banks\n1 Slag Mounds", "lotr-tcg")
    v = validate(deck, wotr, indexes["lotr-tcg"])
    assert not v.unresolved
    assert {r["id"].split("_")[0] for r in v.cards} == {"11"}
    assert "site_block" not in v.codes()


def test_a_name_with_no_printing_in_the_format_is_not_allowed_there(indexes):
    """001 “Formats”: Wizard Staff (sets 2, 7, 31) is in no Hobbit-free Fellowship-block set
    besides set 2 — in a format of sets 4–6 it is "not allowed", naming card and format."""
    towers = builtin_format("lotr-tcg", "tower-block")
    v = check_text("1 Wizard Staff", "lotr-tcg", towers, indexes["lotr-tcg"])
    problem = next(p for p in v.problems if p.cards == ("Wizard Staff",))
    assert problem.code == "not_in_format"
    assert "Wizard Staff" in problem.message and towers.name in problem.message
    assert "ambiguous_card" not in v.codes()


def test_gemp_id_list(indexes):
    """GEMP id lists ("1x7_317") name cards by GEMP id."""
    deck = parse_decklist("1x7_317\n4x1_178\n", "lotr-tcg")
    assert deck.read_as == "gemp-ids"
    fmt = builtin_format("lotr-tcg", "open")
    v = validate(deck, fmt, indexes["lotr-tcg"])
    assert not v.unresolved
    assert [(r["id"], r["count"]) for r in v.cards][:1] == [("7_317", 1)]


def test_collector_number_list_lines():
    """Decipher / Players Council printed lists: a collector number before the name, the
    Ring-bearer line without a colon, a site number before its collector number, and a
    "Free Peoples Total 30" line that is a total, not a card."""
    text = (
        "Ring-bearer 0P67 • Frodo, Mr. Underhill\n"
        "Free Peoples Total 30\n"
        "2x 7U168 Southron Thief\n"
        "1U2 The One Ring, Isildur's Bane\n"
        "Adventure deck\n"
        "1 7U330 Steps of Edoras\n"
        "2 7U331 West Road\n"
    )
    deck = parse_decklist(text, "lotr-tcg")
    assert deck.read_as == "collector"
    lines = [(ln.section, ln.count, ln.name, ln.set_hint) for ln in deck.lines]
    assert lines == [
        ("ring_bearer", 1, "Frodo, Mr. Underhill", "0_67"),
        ("main", 2, "Southron Thief", "7_168"),
        ("main", 1, "The One Ring, Isildur's Bane", "1_2"),
        ("sites", 1, "Steps of Edoras", "7_330"),
        ("sites", 1, "West Road", "7_331"),
    ]
    assert 2 in {n for n, _ in deck.notes}


def test_netmeccg_marks_and_sections():
    """NetMECCG: [starting] is the pool, [anti-FW] the sideboard against Fallen-wizards,
    "*" "%" "@" pick the minion, Balrog and Fallen-wizard printings."""
    text = (
        "[NetMECCG v1.4 Deck]\n[starting]\n1 Gandalf\n[hazards]\n3 Orc-lieutenant\n"
        "[sites]\n1 Moria*\n1 Moria%\n1 Isengard@\n1 Rivendell\n[anti-FW]\n1 Twilight\n[misc]\n"
        "something\n"
    )
    deck = parse_decklist(text, "metw")
    assert deck.read_as == "netmeccg"
    got = [(ln.section, ln.name, ln.alignment_hint, ln.printing_default) for ln in deck.lines]
    assert got == [
        ("pool", "Gandalf", None, "hero"),
        ("play", "Orc-lieutenant", None, "hero"),
        ("sites", "Moria", "minion", None),
        ("sites", "Moria", "balrog", None),
        ("sites", "Isengard", "fallen-wizard", None),
        ("sites", "Rivendell", None, "hero"),
        ("sideboard_fw", "Twilight", None, "hero"),
    ]
    assert [n for n, _ in deck.not_understood] == [13, 14]


@pytest.mark.parametrize(
    "text",
    [
        '{"deck": ["Gandalf"]}',
        "<?xml version='1.0'?><list><item>Gandalf</item></list>",
    ],
)
def test_a_file_in_an_unknown_format_gets_one_message_naming_the_known_ones(text):
    with pytest.raises(DeckTextError) as exc:
        parse_decklist(text, "metw")
    message = str(exc.value)
    assert "GCCG" in message and "NetMECCG" in message and "OCTGN" in message


def test_xml_entity_expansion_is_refused():
    """An .o8d with an entity bomb is refused, never expanded (no cheap DoS)."""
    bomb = (
        '<?xml version="1.0"?><!DOCTYPE deck [<!ENTITY a "aaaaaaaaaa">'
        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
        '<deck><section name="Pool"><card qty="1">&b;</card></section></deck>'
    )
    with pytest.raises(DeckTextError):
        parse_decklist(bomb, "metw")


def test_prose_in_a_pasted_list_is_reported_as_not_understood(indexes):
    text = "3 Orc-lieutenant\nI have been playing this deck for a while and it is great fun.\n"
    v = check_text(text, "metw", builtin_format("metw", "coe"), indexes["metw"], "ringwraith")
    assert [p.lines for p in v.problems if p.code == "line_not_understood"] == [(2,)]
    assert all(u["line"] != 2 for u in v.unresolved)


def test_starter_ring_bearer_heading_lists_the_bearer_and_the_ring(indexes):
    """001 “Ring-bearer and The One Ring”: a printed starter's "Ring-bearer (2 cards)" heading
    holds Frodo and The One Ring; neither is a card named "bearer (2 cards)"."""
    text = (
        "Ring-bearer (2 cards)\n1 Frodo, Son of Drogo\n1 The One Ring, The Ruling Ring\n"
        "Free Peoples (1)\n1 Gandalf, The Grey Wizard\n"
    )
    v = check_text(
        text, "lotr-tcg", builtin_format("lotr-tcg", "fellowship-block"), indexes["lotr-tcg"]
    )
    assert not v.unresolved
    assert (v.counts["ring_bearer"], v.counts["ring"]) == (
        "Frodo, Son of Drogo",
        "The One Ring, The Ruling Ring",
    )
    assert not {"ring_bearer_invalid", "ring_missing", "ring_bearer_count"} & set(v.codes())


def test_article_list_with_a_numbered_site_path(indexes):
    """A deck printed in a 2003 article (CardShark, tests/decks/real/SOURCES.md): "Starting
    Fellowship:" holds the Ring and the Ring-bearer (taken by card type, and said so), the
    "Site Path:" numbers its sites "1." to "9." with the author's comments in parentheses —
    site numbers, never counts (001 "Adventure Deck": nine sites, one each) — and the
    author's misspellings are read as the printed card, and the player is told."""
    text = (REAL / "article-cardshark-2003-dwarves-uruks.txt").read_text(encoding="utf-8")
    deck = parse_decklist(text, "lotr-tcg")
    assert deck.read_as == "article"
    sites = [ln for ln in deck.lines if ln.section == "sites"]
    assert [ln.count for ln in sites] == [1] * 9
    v = validate(deck, builtin_format("lotr-tcg", "open"), indexes["lotr-tcg"])
    assert v.counts["ring_bearer"] == "Frodo, Courteous Halfling"
    assert v.counts["ring"] == "The One Ring, Isildur's Bane"
    assert {"ring_assumed", "ring_bearer_assumed"} <= set(v.codes(None))
    read = {r["text"]: r["card"] for r in v.readings}
    assert read["White Arrow’s of Lothlorien"] == "The White Arrows of Lórien"
    assert read["Tale of Gil-Galad"] == "The Tale of Gil-galad"
    assert read["Aragorn, Heir to Elendil"] == "Aragorn, Heir of Elendil"
    assert "name_read" in v.codes(None)
    # The article's own totals disagree with its lines: said, not hidden.
    mismatch = [p.params for p in v.problems if p.code == "declared_count_mismatch"]
    assert {(m["heading"], m["declared"], m["listed"]) for m in mismatch} == {
        ("Free Peoples", 33, 30),
        ("Shadow", 33, 34),
    }
    assert [n for n, _ in deck.not_understood] == [48]
