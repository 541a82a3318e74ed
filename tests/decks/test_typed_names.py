"""Names as people type them: misspellings read as the card clearly meant (and said),
nicknames, names about as close to two cards left unknown with suggestions, and cards
outside the format counted and marked."""

from __future__ import annotations

import json

import pytest

from rules_engine.deckrules import builtin_format, normalize_name, parse_decklist, validate
from rules_engine.deckrules.closest import closest, nicknames

pytestmark = pytest.mark.carddata


def _check(text: str, game: str, index, fmt: str | None = None, player_type=None):
    fmt_def = builtin_format(game, fmt or ("coe" if game == "metw" else "fellowship-block"))
    return validate(parse_decklist(text, game), fmt_def, index, player_type)


@pytest.mark.parametrize(
    ("game", "typed", "card"),
    [
        ("metw", "Long Grievious Siege", "Long Grievous Siege"),
        ("metw", "Dsakn", "Dâsakûn"),  # accented letters lost with their accents
        ("metw", "Orc Leutenant", "Orc-lieutenant"),
        ("metw", "Dagger of Westernese", "Dagger of Westernesse"),
        ("lotr-tcg", "Astfaloth", "Asfaloth"),
        ("lotr-tcg", "Citadel of Minus Tirith", "Citadel of Minas Tirith"),
        ("lotr-tcg", "Broad-blded Sword", "Broad-bladed Sword"),
        ("lotr-tcg", "Sing, Baggin's Heirloom", "Sting, Baggins Heirloom"),
        ("lotr-tcg", "Tale of Gil-Galad", "The Tale of Gil-galad"),  # the article left out
    ],
)
def test_a_misspelt_name_is_read_as_the_card_and_said(full_indexes, game, typed, card):
    v = _check(f"2 {typed}", game, full_indexes[game], "open" if game == "lotr-tcg" else None)
    assert not v.unresolved
    assert v.readings == [{"line": 1, "text": typed, "card": card, "how": "closest"}]
    assert [(r["name"], r["count"]) for r in v.cards] == [(card, 2)]
    notice = next(p for p in v.problems if p.code == "name_read")
    assert (notice.severity, notice.lines) == ("warning", (1,))
    assert notice.message == f"Line 1: read ‘{typed}’ as {card}."


def test_nicknames_are_read_and_said(full_indexes):
    v = _check("Fatty\nRobin", "metw", full_indexes["metw"], player_type="wizard")
    assert [(r["text"], r["card"], r["how"]) for r in v.readings] == [
        ("Fatty", "Fatty Bolger", "nickname"),
        ("Robin", "Robin Smallburrow", "nickname"),
    ]
    assert "nickname" in next(p for p in v.problems if p.code == "name_read").message


def test_every_nickname_names_a_card(full_indexes):
    for game in ("metw", "lotr-tcg"):
        index = full_indexes[game]
        for nick, name in nicknames(game).items():
            key = normalize_name(name)
            assert key in index.by_key or key in index.by_alt_key, (game, nick, name)


def test_a_name_about_as_close_to_two_cards_stays_unknown_with_suggestions():
    keys = ["gandalf", "gandalv", "sarumanthewhite"]
    near = closest("Gandalg", keys, {})
    assert near.key is None and set(near.near[:2]) == {"gandalf", "gandalv"}
    assert closest("Gandalff", keys[:1] + keys[2:], {}).key == "gandalf"


def test_short_or_far_names_are_never_guessed(full_indexes):
    v = _check("Oim\nThe Southron Hate deck of doom", "metw", full_indexes["metw"])
    assert not v.readings


def test_a_card_outside_the_format_is_counted_and_marked(full_indexes):
    """The Wizard's list holds a minion-only card: it is counted where it belongs and marked
    as not in this format, never dropped from the counts."""
    index = full_indexes["lotr-tcg"]
    fmt = builtin_format("lotr-tcg", "fellowship-block")
    sets = set(fmt.rule("sets", []))
    # A name printed twice, in no set of the format: the format has no printing of it.
    outside = next(
        cards
        for cards in index.by_key.values()
        if len(cards) > 1
        and len({c.set for c in cards}) > 1
        and not {c.set for c in cards} & sets
        and cards[0].type != "SITE"
    )
    v = validate(parse_decklist(f"3 {outside[0].name}", "lotr-tcg"), fmt, index)
    assert [(r["name"], r["count"], r.get("in_format")) for r in v.cards] == [
        (outside[0].name, 3, False)
    ]
    assert "not_in_format" in v.codes()
    assert v.counts["unresolved"] == 0
    json.dumps(v.to_dict())


def test_an_octgn_files_guids_name_the_printings(full_indexes):
    """A Fallen-wizard's OCTGN file: "Bree", "Isengard", "The White Towers"... fit the hero,
    minion and Fallen-wizard sites alike; each card's GUID names the one meant. The German
    promotional "Schwertmeister" is no card of the English databases: unknown, and said."""
    from pathlib import Path

    text = (
        Path(__file__).parent / "real" / "octgn-metw-o-fallen-saruman-men-of-skill.o8d"
    ).read_text(encoding="utf-8")
    v = validate(parse_decklist(text, "metw"), builtin_format("metw", "coe"), full_indexes["metw"])
    assert v.player_type == "fallen-wizard"
    assert [(u["name"], u["reason"]) for u in v.unresolved] == [("Schwertmeister", "unknown")]
    sites = {(c["name"], c["set"], c["alignment"]) for c in v.cards if c["type"] == "site"}
    assert {("Bree", "TW", "hero"), ("Isengard", "WH", "fallen-wizard")} <= sites
    import re

    without = validate(
        parse_decklist(re.sub(r' id="[^"]*"', "", text), "metw"),
        builtin_format("metw", "coe"),
        full_indexes["metw"],
        "fallen-wizard",
    )
    assert sum(u["reason"] == "ambiguous" for u in without.unresolved) == 7
