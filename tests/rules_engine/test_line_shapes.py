"""Every way people write a count and a card on a line reads the same count and name."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.deckrules import parse_decklist
from rules_engine.deckrules.cardline import read_card_text
from rules_engine.deckrules.cards import METW, normalize_name

# Names as the two games print them: hyphens, apostrophes (straight and curly), accents,
# commas between a LOTR title and subtitle, a word that is a number's neighbour.
NAMES = [
    "Orc-lieutenant",
    "Wizard’s Test",
    "Dâsakûn",
    "Long Grievous Siege",
    "Gandalf",
    "Sting, Baggins Heirloom",
    "Bill the Pony",
    "Dagger of Westernesse",
    "Twilight",
]

SHAPES = [
    "{n} {name}",
    "{n}x {name}",
    "{n} x {name}",
    "{n}× {name}",
    "x{n} {name}",
    "{n}-{name}",
    "{n}) {name}",
    "{name} x{n}",
    "{name} x {n}",
    "{name} (x{n})",
    "{name} ({n}x)",
    "{name} ({n})",
    "{name} * {n}",
    "{name} - {n}",
    "{name}: {n}",
    "{name} {n}",
    "- {n}x {name}",
    "* {n} {name}",
    "**{n}x {name}**",
    "{n} {name} (TW)",
    "{n} {name} [H]",
    "{n} {name} // a note",
    # Seen in real typed lists (tests/decks/corpus/SOURCES.md): a count, then a remark.
    "{name} x{n} (post-errata: another card)",
    "-{name} x{n}",
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(NAMES), st.integers(1, 9), st.sampled_from(SHAPES))
def test_every_shape_reads_the_count_and_the_name(name, n, shape):
    count, read, *_ = read_card_text(shape.format(n=n, name=name), METW)
    assert (count, normalize_name(read)) == (n, normalize_name(name))


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.sampled_from(NAMES[:5]), min_size=2, max_size=3, unique=True),
    st.integers(1, 3),
)
def test_cards_joined_by_a_plus_or_a_bullet_after_a_count(names, n):
    """ "Celeborn + Elf-stone" (a character and his item), "Aragorn x2 -Faramir x2" (a
    bullet typed where a line break belongs): each card is read, with its count."""
    joined = " + ".join(names)
    assert [normalize_name(ln.name) for ln in parse_decklist(joined, METW).lines] == [
        normalize_name(name) for name in names
    ]
    # "Glorfindel II (+ Elf-stone)": a starting character and the item he carries.
    carried = parse_decklist(f"{names[0]} (+ {names[1]})", METW).lines
    assert [normalize_name(ln.name) for ln in carried] == [normalize_name(n) for n in names[:2]]
    bulleted = " -".join(f"{name} x{n}" for name in names)
    lines = parse_decklist("-" + bulleted, METW).lines
    assert [(ln.count, normalize_name(ln.name)) for ln in lines] == [
        (n, normalize_name(name)) for name in names
    ]


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 9), st.sampled_from(["{i}. {site}", "{i} - {site}", "[{i}] {site}"]))
def test_a_numbered_adventure_deck_numbers_sites_never_counts(i, shape):
    """LOTR TCG rulebook (the adventure deck: nine sites, one of each): "2 - Ettenmoors",
    "[2] West Road" and "2. Wold of Rohan" number the site path."""
    text = "Adventure Deck\n" + shape.format(i=i, site="Ettenmoors")
    lines = parse_decklist(text, "lotr-tcg").lines
    assert [(ln.section, ln.count, ln.name) for ln in lines] == [("sites", 1, "Ettenmoors")]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(NAMES[:5]), st.integers(1, 9)), min_size=2, max_size=3),
    st.sampled_from([" / ", ", ", "; "]),
)
def test_several_counted_cards_on_one_line_are_each_read(cards, sep):
    text = sep.join(f"{n} {name}" for name, n in cards)
    lines = parse_decklist(text, METW).lines
    assert [(ln.count, normalize_name(ln.name)) for ln in lines] == [
        (n, normalize_name(name)) for name, n in cards
    ]
    assert {ln.line_no for ln in lines} == {1}


def test_sites_joined_by_a_slash_with_a_comment_in_parentheses():
    lines = parse_decklist("Moria / Goblin-gate (for the Balrog)", METW).lines
    assert [(ln.count, ln.name) for ln in lines] == [
        (1, "Moria"),
        (1, "Goblin-gate (for the Balrog)"),
    ]
