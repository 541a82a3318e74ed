"""LOTR TCG construction rules (001 Section One "Building your deck", "Formats"; RULES.md §4.2)."""

from __future__ import annotations

import pytest

from decks.demo import LOTR_FELLOWSHIP
from rules_engine.deckrules import builtin_format, derive_format, parse_decklist, validate

SRC = LOTR_FELLOWSHIP


def swap(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def check(index, text, fmt="fellowship-block"):
    f = builtin_format("lotr-tcg", fmt) if isinstance(fmt, str) else fmt
    return validate(parse_decklist(text, "lotr-tcg"), f, index)


def test_printed_layout_deck_is_legal_with_counts(lotr_index):
    v = check(lotr_index, SRC)
    assert v.legal, v.problems
    c = v.counts
    assert (c["draw_deck"], c["free_peoples"], c["shadow"], c["sites"]) == (60, 30, 30, 9)
    assert (
        c["ring_bearer"] == "Frodo, Son of Drogo" and c["ring"] == "The One Ring, The Ruling Ring"
    )
    assert c["by_culture"]["Moria"] == {"shadow": 30}
    assert c["by_culture"]["Gandalf"] == {"free_peoples": 14}


def test_fp_and_shadow_must_be_equal(lotr_index):
    """001 Building your deck, Draw Deck: equal numbers of Free Peoples and Shadow cards."""
    text = swap(
        swap(SRC, "2 •Legolas, Prince of Mirkwood (1U51)", "3 •Legolas, Prince of Mirkwood (1U51)"),
        "3 They Are Coming (1C196)",
        "2 They Are Coming (1C196)",
    )
    v = check(lotr_index, text)
    assert v.codes() == ["fp_shadow_equal"]
    assert v.errors[0].message == "31 Free Peoples cards, 29 Shadow: they must be equal."


def test_draw_deck_at_least_60(lotr_index):
    """001 Building your deck: a draw deck of at least 60 cards."""
    text = swap(
        swap(SRC, "4 Elven Cloak (1C42)", "3 Elven Cloak (1C42)"),
        "3 They Are Coming (1C196)",
        "2 They Are Coming (1C196)",
    )
    v = check(lotr_index, text)
    assert v.codes() == ["draw_deck_size"]
    assert "58 cards in the draw deck: at least 60" in v.problems[0].message


def test_four_copies_of_a_title_subtitles_ignored(lotr_index):
    """001 Draw Deck: up to four copies of each card title, ignoring subtitles."""
    text = swap(
        swap(
            SRC,
            "2 •Gandalf, The Grey Wizard (1P364)",
            "3 •Gandalf, The Grey Wizard (1P364)\n2 Gandalf, Friend of the Shirefolk",
        ),
        "4 Strength of Spirit (1C85)",
        "1 Strength of Spirit (1C85)",
    )
    v = check(lotr_index, text)
    assert v.codes() == ["copies_title"]
    assert v.problems[0].message.startswith("5 × Gandalf: at most 4 copies")


def test_ring_bearer_title_only_three_in_draw_deck(lotr_index):
    """001 Draw Deck exception: only three copies of the Ring-bearer's title in the draw deck."""
    text = swap(SRC, "4 Strength of Spirit (1C85)", "4 Frodo, Old Bilbo's Heir")
    v = check(lotr_index, text)
    assert v.codes() == ["copies_ring_bearer"]
    assert check(
        lotr_index,
        swap(
            SRC,
            "4 Strength of Spirit (1C85)",
            "3 Frodo, Old Bilbo's Heir\n1 Strength of Spirit (1C85)",
        ),
    ).legal


def test_ring_bearer_must_bear_the_ringed_icon_or_be_frodo(lotr_index):
    """001 Ring-bearer and The One Ring: a character with the ringed resistance icon, or any Frodo."""
    v = check(
        lotr_index,
        swap(
            SRC,
            "Ring-bearer: Frodo, Son of Drogo (1C290)",
            "Ring-bearer: Legolas, Prince of Mirkwood",
        ),
    )
    assert v.codes() == ["ring_bearer_invalid"]


def test_ring_bearer_and_ring_required(lotr_index):
    """001 Building your deck: a Ring-bearer bearing The One Ring (2 cards)."""
    v = check(lotr_index, swap(SRC, "Ring: The One Ring, The Ruling Ring (1C2)\n", ""))
    assert v.codes() == ["ring_missing"]
    v = check(lotr_index, swap(SRC, "Ring-bearer: Frodo, Son of Drogo (1C290)\n", ""))
    assert v.codes() == ["ring_bearer_missing"]


def test_plain_list_takes_frodo_and_the_ring_with_a_note(lotr_index):
    """Printed starter lists name Frodo and the Ring among the cards; the checker says what it assumed."""
    text = SRC.replace("Ring-bearer: ", "1 ").replace("Ring: ", "1 ")
    v = check(lotr_index, text)
    assert v.legal
    assert set(v.codes("warning")) == {"ring_bearer_assumed", "ring_assumed"}


def test_no_one_ring_in_draw_deck(lotr_index):
    """001 Draw Deck: no copies of The One Ring in the draw deck."""
    v = check(lotr_index, SRC + "\nShadow\n1 The One Ring, Isildur's Bane\n")
    assert "ring_in_draw_deck" in v.codes()


def test_exactly_nine_sites(lotr_index):
    """001 Adventure Deck: exactly nine site cards."""
    v = check(lotr_index, swap(SRC, "Summit of Amon Hen (1C362)\n", ""))
    assert v.codes() == ["sites_count"]


def test_sites_all_different(lotr_index):
    """001 Adventure Deck: each site must be different."""
    v = check(lotr_index, swap(SRC, "Summit of Amon Hen (1C362)", "Anduin Banks (1C356)"))
    assert "sites_duplicate" in v.codes()


def test_block_formats_one_site_per_number(lotr_index):
    """001 Adventure Deck: Fellowship/Tower/King blocks need one site for each number 1–9."""
    v = check(lotr_index, swap(SRC, "The Bridge of Khazad-dûm (1C349)", "Balin's Tomb (1U343)"))
    assert v.codes() == ["site_numbers"]
    assert "site 4 twice" in v.problems[0].message and "no site 5" in v.problems[0].message


def test_block_sets_only(lotr_index):
    """001 Formats: Fellowship block — only cards from sets 1, 2 and 3."""
    text = swap(SRC, "4 Goblin Warrior (1C185)", "2 Goblin Warrior (1C185)\n2 Uruk Fighter")
    assert check(lotr_index, text).legal  # Uruk Fighter is set 1
    text = swap(SRC, "4 Mysterious Wizard (1C78)", "4 Mysterious Wizard (12)")
    v = check(lotr_index, text)
    assert v.codes() == ["not_in_format"]
    assert "Mysterious Wizard (set 12)" in v.problems[0].message


def test_printing_legal_in_the_format_is_preferred(lotr_index):
    """A reprint (Nobody Tosses a Dwarf is 1_23 and 12_11) resolves to the format's printing."""
    text = swap(SRC, "4 Axe Strike (1C3)", "4 Nobody Tosses a Dwarf")
    v = check(lotr_index, text)
    assert v.legal and any(c["id"] == "1_23" for c in v.cards)


def test_wotr_and_open_sites_from_shadows_at_most_three_per_shadow_number(lotr_index):
    """001 Adventure Deck: Open / War of the Ring — at most three sites with the same Shadow number."""
    fmt = derive_format(
        builtin_format("lotr-tcg", "open"), "t", "t", {"fp_shadow_must_be_equal": False}
    )
    base = SRC.split("Adventure deck")[0] + "Adventure deck\n"
    legal = [
        "11_227",
        "11_230",
        "11_234",
        "11_228",
        "11_232",
        "11_237",
        "11_229",
        "11_231",
        "11_235",
    ]
    assert check(
        lotr_index, base + "\n".join(f"{lotr_index.by_id[i].name} ({i})" for i in legal), fmt
    ).legal
    four = [
        "11_227",
        "11_230",
        "11_234",
        "11_236",
        "11_228",
        "11_232",
        "11_229",
        "11_231",
        "11_235",
    ]
    v = check(lotr_index, base + "\n".join(f"{lotr_index.by_id[i].name} ({i})" for i in four), fmt)
    assert v.codes() == ["site_shadow_number"]
    assert "4 with Shadow number 0" in v.problems[0].message
    # Fellowship-block sites are not Shadows sites: Open takes sites from set 11 on.
    assert check(lotr_index, SRC, fmt).codes() == ["site_block"]


def test_restricted_and_banned_lists(lotr_index):
    """Formats as data: a restricted card allows one copy; the X-list bans."""
    fmt = derive_format(
        builtin_format("lotr-tcg", "fellowship-block"),
        "fb-x",
        "FB house",
        {"extra_restricted": ["1_185"], "extra_banned": ["1_176"]},
    )
    v = check(lotr_index, SRC, fmt)
    assert sorted(v.codes()) == ["banned", "copies_restricted"]


def test_community_format_from_gemp_data():
    from rules_engine.deckrules import format_from_gemp

    f = format_from_gemp(
        "King Block",
        {
            "code": "king_block",
            "sets": ["7", "8", "10"],
            "site_rule": "KING",
            "restricted": ["7_49"],
            "min_draw_deck": 60,
            "max_copies_per_title": 4,
        },
    )
    assert (
        f.key == "gemp-king-block"
        and f.rules["restricted"] == ["7_49"]
        and f.rules["ring_bearer_draw_copies"] == 3
    )


def test_ambiguous_title_reported(lotr_index):
    """A bare title that fits several cards is reported as ambiguous with the candidates."""
    v = check(lotr_index, SRC + "\n1 Gandalf\n")
    [u] = v.unresolved
    assert u["reason"] == "ambiguous" and len(u["candidates"]) >= 2


@pytest.mark.parametrize(
    ("key", "sets", "site_rule"),
    [
        ("fellowship-block", ["1", "2", "3"], "FELLOWSHIP"),
        ("tower-block", ["4", "5", "6"], "TWO_TOWERS"),
        ("king-block", ["7", "8", "10"], "KING"),
        ("war-of-the-ring-block", ["11", "12", "13"], "SHADOWS"),
        ("open", [str(n) for n in range(20)], "SHADOWS"),
        ("standard", [str(n) for n in range(20)], "SHADOWS"),
    ],
)
def test_rulebook_six_formats_as_data(key, sets, site_rule):
    """001 Formats: the six formats' sets and adventure-deck rules, 60-card minimum, four per title."""
    f = builtin_format("lotr-tcg", key)
    assert (f.rules["sets"], f.rules["site_rule"]) == (sets, site_rule)
    assert (
        f.rules["min_draw_deck"],
        f.rules["max_copies_per_title"],
        f.rules["ring_bearer_draw_copies"],
    ) == (60, 4, 3)
