"""Real card databases (../shared/data, settings.CARD_DATA_DIR): skipped with a reason when absent."""

from __future__ import annotations

import json
import time

import pytest
from django.core.management import call_command

from decks.demo import LOTR_FELLOWSHIP, METW_COE_WIZARD, METW_COE_WIZARD_PLAIN, sample_decklists
from rules_engine.deckrules import (
    CardIndex,
    builtin_format,
    format_from_gemp,
    normalize_name,
    parse_decklist,
    records_from_json,
    validate,
)

pytestmark = pytest.mark.carddata


@pytest.fixture(scope="module")
def full(request):
    from django.conf import settings

    path = settings.CARD_DATA_DIR
    if (
        not (path / "metw" / "cards.json").exists()
        or not (path / "lotr-tcg" / "cards.json").exists()
    ):
        pytest.skip(f"card databases not found in {path} (set CARD_DATA_DIR to ../shared/data)")
    metw = json.loads((path / "metw" / "cards.json").read_text())
    lotr = json.loads((path / "lotr-tcg" / "cards.json").read_text())
    aliases = json.loads((path / "lotr-tcg" / "aliases.json").read_text())
    formats = json.loads((path / "lotr-tcg" / "formats.json").read_text())
    return {
        "metw": CardIndex.build("metw", records_from_json("metw", metw)),
        "lotr-tcg": CardIndex.build("lotr-tcg", records_from_json("lotr-tcg", lotr, aliases)),
        "formats": formats,
        "path": path,
    }


def test_samples_resolve_the_same_against_the_full_database(full):
    """The fixture holds every printing of every name the samples use: verdicts do not change."""
    fmts = {
        "metw": builtin_format("metw", "coe"),
        "lotr-tcg": builtin_format("lotr-tcg", "fellowship-block"),
    }
    for game in ("metw", "lotr-tcg"):
        for label, text in sample_decklists(game):
            v = validate(parse_decklist(text, game), fmts[game], full[game])
            assert not v.unresolved, (label, v.unresolved)
            assert v.legal == ("illegal:" not in label), (label, v.problems)


def test_gccg_and_typed_lists_resolve_every_card(full):
    for text in (METW_COE_WIZARD, METW_COE_WIZARD_PLAIN):
        v = validate(
            parse_decklist(text, "metw"), builtin_format("metw", "coe"), full["metw"], "wizard"
        )
        assert v.legal and not v.unresolved


def test_printed_fellowship_list_against_community_fellowship_block(full):
    """The rulebook's Fellowship block and GEMP's agree on a plain set-1 deck."""
    gemp = format_from_gemp("Fellowship Block", full["formats"]["Fellowship Block"])
    v = validate(parse_decklist(LOTR_FELLOWSHIP, "lotr-tcg"), gemp, full["lotr-tcg"])
    assert v.legal, v.problems


def test_community_standard_x_list(full):
    """Standard = Open plus the X-list (001 Formats): a banned card is reported."""
    std = format_from_gemp("Standard", full["formats"]["Standard"])
    banned_id = std.rules["banned"][-1]
    card = full["lotr-tcg"].by_id[banned_id]
    text = (
        "Ring-bearer: Frodo, Son of Drogo\nRing: The One Ring, The Ruling Ring\n"
        + f"1 {card.name} ({banned_id})\n"
    )
    v = validate(parse_decklist(text, "lotr-tcg"), std, full["lotr-tcg"])
    assert "banned" in v.codes()


def test_every_community_format_loads(full):
    for name, data in full["formats"].items():
        f = format_from_gemp(name, data)
        assert f.rules["site_rule"] and isinstance(f.rules["sets"], list)


def test_every_card_name_resolves_to_itself(full):
    """Each card's own name resolves (to it or an equivalent printing) or is reported ambiguous, never unknown."""
    from rules_engine.deckrules.decklist import DeckLine

    for game in ("metw", "lotr-tcg"):
        index = full[game]
        for card in index.records:
            res = index.resolve(DeckLine(1, card.name, "main", 1, card.name, card.set))
            assert res.status != "unknown", card


@pytest.mark.django_db
def test_import_full_databases_twice(full):
    from decks.models import Card, Format

    path = full["path"]
    t0 = time.perf_counter()
    call_command("import_cards", "metw", str(path / "metw" / "cards.json"), verbosity=0)
    call_command("import_cards", "lotr-tcg", str(path / "lotr-tcg" / "cards.json"), verbosity=0)
    call_command("import_formats", "lotr-tcg", str(path / "lotr-tcg" / "formats.json"), verbosity=0)
    first = time.perf_counter() - t0
    counts = (
        Card.objects.filter(game="metw").count(),
        Card.objects.filter(game="lotr-tcg").count(),
    )
    # 3,965 LOTR TCG cards, and a printing for each of the 282 promo ids known only as an
    # alias of the card they reprint (aliases.json: "0_25" is 7C86), so lists may name them.
    assert counts == (1683, 3965 + 282)
    assert Card.objects.get(game="lotr-tcg", card_id="0_25").base_id == "7_86"
    call_command("import_cards", "lotr-tcg", str(path / "lotr-tcg" / "cards.json"), verbosity=0)
    assert Card.objects.filter(game="lotr-tcg").count() == 3965 + 282
    assert Format.objects.filter(game="lotr-tcg", source="community").count() == 61
    assert first < 60


def test_a_title_printed_twice_is_one_title(full):
    """001 "Building your deck": four copies per card title. GEMP names the set 7 Orc Pursuer
    "Orc Pursuer(2)"; the printed card, the list a player pastes and the copy limit say
    "Orc Pursuer"."""
    index = full["lotr-tcg"]
    res = index.resolve(parse_decklist("2 Orc Pursuer (7)", "lotr-tcg").lines[0])
    assert res.card is not None and res.card.id == "7_303" and res.card.name == "Orc Pursuer"
    text = LOTR_FELLOWSHIP + "\n3 Orc Pursuer (5)\n2 Orc Pursuer (7)\n"
    v = validate(parse_decklist(text, "lotr-tcg"), builtin_format("lotr-tcg", "open"), index)
    assert "copies_title" in v.codes()
    assert any("5 × Orc Pursuer" in p.message for p in v.problems)


def test_players_council_map_has_its_own_place(full):
    """GEMP's Players Council "Movie Block (PC)" needs a map beside the adventure deck; a map is
    neither a draw-deck card nor a site."""
    fmt = format_from_gemp("Movie Block (PC)", full["formats"]["Movie Block (PC)"])
    index = full["lotr-tcg"]
    without = validate(parse_decklist(LOTR_FELLOWSHIP, "lotr-tcg"), fmt, index)
    assert "map_missing" in without.codes()
    with_map = validate(
        parse_decklist("Map: \n1 Path of the Fellowship\n" + LOTR_FELLOWSHIP, "lotr-tcg"),
        fmt,
        index,
    )
    assert "map_missing" not in with_map.codes()
    assert "draw_deck_card_type" not in with_map.codes()


# The two banned cards the CoE names but the database spells differently, each also banned by
# its id (AS-49 "… Excellance", LE-208 "… Trough").
SPELT_DIFFERENTLY = {"Glamour of Surpassing Excellence", "News Must Get Through"}


def test_every_card_the_coe_lists_name_is_in_the_database(full):
    """A misspelt entry in a banned list bans nothing: each name or id must find a card."""
    from rules_engine.deckrules.formats import (
        COE_BALROG_LIMITS,
        COE_BANNED_BY_PLAYER_TYPE,
        SITES_OPEN_TO_ALL,
    )

    coe = builtin_format("metw", "coe")
    index = full["metw"]
    ids = {r.id for r in index.records}
    keys = {r.key for r in index.records}
    listed = [
        *(n for names in COE_BANNED_BY_PLAYER_TYPE.values() for n in names),
        *SITES_OPEN_TO_ALL,
        *COE_BALROG_LIMITS["sites_needing_balrog_version"],
        *coe.rules["pool_in_lieu_of_minor_item"],
    ]
    missing = [n for n in listed if n not in ids and normalize_name(n) not in keys]
    assert sorted(set(missing)) == sorted(SPELT_DIFFERENTLY)
