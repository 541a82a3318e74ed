"""The reference checker (tests/decks/reference_checker.py) on its own, on tiny hand-made decks.

A tiny deck breaks the size rules, so most tests ask whether one rule's code is there or not.
"""

from __future__ import annotations

import pytest

from tests.decks import reference_checker as ref

pytestmark = pytest.mark.carddata


@pytest.fixture
def run(card_data_dir):
    def check(
        text: str, fmt: str = "coe", player_type: str | None = "wizard", game: str = ref.METW
    ):
        return ref.check(text, game, fmt, player_type, card_data_dir)

    return check


@pytest.fixture
def metw(card_data_dir) -> ref.Db:
    return ref.load(card_data_dir, ref.METW)


def resolve(db: ref.Db, text: str, player_type: str | None) -> str:
    [line] = ref.parse(text, ref.METW)
    return ref._resolve_metw(db, line, player_type, hero_only=False)["id"]


# ------------------------------------------------------------------ names and text


def test_key_ignores_case_accents_and_punctuation():
    assert ref.key("Lórien") == ref.key("lorien")
    assert ref.key("Orc-lieutenant") == ref.key("orc lieutenant")
    assert ref.key("Gandalf’s Friend") == ref.key("Gandalf's Friend")
    assert ref.lotr_key("Orc Pursuer(2)") == ref.key("Orc Pursuer")


@pytest.mark.parametrize(
    "text",
    ["3 Orc-lieutenant", "3x Orc-lieutenant", "3 x Orc-lieutenant", "x3 Orc-lieutenant",
     "Orc-lieutenant x3", "Orc-lieutenant (x3)", "3× Orc-lieutenant"],
)  # fmt: skip
def test_count_forms(text):
    [line] = ref.parse(text, ref.METW)
    assert (line.count, line.name) == (3, "Orc-lieutenant")


def test_gccg_layout():
    text = (
        "# Pool (2)\n1 Balin [H] (TW)\n# Hazards (3)\n3 Wargs // good\n"
        "# Sideboard\n# Hazards\n2 Wolves\n# Sideboard vs Fallen-wizard\n1 Giant\n"
        "Sites:\nMoria (TW)\n# My notes\n1 Bree\nTotal: 60\n"
    )
    got = [(ln.zone, ln.count, ln.name, ln.set_hint, ln.tag) for ln in ref.parse(text, ref.METW)]
    assert got == [
        ("pool", 1, "Balin", "TW", "hero"),
        ("play", 3, "Wargs", None, None),
        ("sideboard", 2, "Wolves", None, None),  # a card-type heading inside the sideboard
        ("sideboard_fw", 1, "Giant", None, None),
        ("sites", 1, "Moria", "TW", None),
        ("main", 1, "Bree", None, None),
    ]


def test_lotr_layout():
    text = (
        "Ring-bearer: Frodo, Son of Drogo (1C290)\nRing: The One Ring, The Ruling Ring\n"
        "Free Peoples (4)\n4 •Gandalf, The Grey Wizard [starting]\nShadow:\n2 1C178 Goblin Runner\n"
        "Adventure deck:\nBag End (1)\n"
    )
    got = [(ln.zone, ln.count, ln.name, ln.set_hint) for ln in ref.parse(text, ref.LOTR)]
    assert got == [
        ("ring_bearer", 1, "Frodo, Son of Drogo", "1_290"),
        ("ring", 1, "The One Ring, The Ruling Ring", None),
        ("draw", 4, "Gandalf, The Grey Wizard", None),
        ("draw", 2, "Goblin Runner", "1_178"),
        ("sites", 1, "Bag End", "1"),
    ]


# ------------------------------------------------------------------ METW printings


def test_player_type_picks_the_printing(metw):
    assert resolve(metw, "1 Rivendell", "wizard") == "TW-421"  # hero haven
    assert resolve(metw, "1 Rivendell", "ringwraith") == "AS-160"  # minion free-hold
    assert resolve(metw, "1 Moria", "balrog") == "BA-93"  # the Balrog's own Moria
    assert resolve(metw, "1 Gandalf", "fallen-wizard") == "WH-4"
    assert resolve(metw, "1 The Balrog", "balrog") == "BA-3"  # the avatar
    assert resolve(metw, "1 The Balrog", "fallen-wizard") == "AS-71"  # the ally
    assert resolve(metw, "1 Rivendell (AS)", "wizard") == "AS-160"  # the set code decides
    assert resolve(metw, "1 Palantír of Orthanc [M]", "wizard") == "LE-334"


def test_hero_and_minion_fit_a_fallen_wizard_so_the_list_must_say(metw):
    with pytest.raises(ref.Unresolved) as exc:
        resolve(metw, "1 Rivendell", "fallen-wizard")
    assert exc.value.code == "ambiguous_card"
    assert resolve(metw, "1 Rivendell (TW)", "fallen-wizard") == "TW-421"


def test_reprinted_hazards_are_one_card(run):
    """Wargs is TW-109 and LE-98: same name, same card for the copy limit."""
    assert "copies_nonunique" in run("3 Wargs (TW)\n1 Wargs (LE)\n").codes
    assert "copies_nonunique" not in run("2 Wargs (TW)\n1 Wargs (LE)\n").codes


# ------------------------------------------------------------------ METW counting helpers


def test_creature_halves(metw):
    def halves(name: str) -> int:
        [card] = [c for c in metw.by_key[ref.key(name)] if c["type"] == "hazard"][:1]
        return ref.creature_halves(card)

    assert halves("Orc-patrol") == 2
    assert halves("Witch-king of Angmar") == 1  # Creature/Permanent-event
    assert halves("Wolf-riders") == 1  # Creature/Short-event
    assert halves("Smaug Ahunt") == halves("Smaug at Home") == 1
    assert halves("Spawn of Ungoliant") == 1
    assert halves("Doors of Night") == 0


def test_agents_role_depends_on_the_player_type(metw):
    [wormtongue] = metw.by_key[ref.key("Wormtongue")]
    assert ref._role(wormtongue, "wizard") == ref._role(wormtongue, "balrog") == "hazard"
    assert ref._role(wormtongue, "ringwraith") == ref._role(wormtongue, "fallen-wizard")
    assert ref._role(wormtongue, "ringwraith") == "character"


def test_dual_split():
    split = ref._resource_split
    assert split(29, 30, [1], 30, fw=False) == set()
    assert split(28, 31, [3], 30, fw=False) == set()  # 31 / 31 with three duals as resources
    assert split(28, 31, [3], 30, fw=True) == {"resources_hazards_equal"}  # at most two
    assert split(28, 29, [3], 30, fw=True) == set()  # 30 / 30
    assert split(29, 29, [], 30, fw=False) == {"resources_count"}
    assert split(29, 30, [], 30, fw=False) == {"resources_count", "resources_hazards_equal"}


# ------------------------------------------------------------------ METW rules on tiny decks


def test_avatars(run):
    assert not {"avatars_max", "avatar_copies"} & run("3 Gandalf (TW)\n").codes
    assert "avatars_max" in run("4 Gandalf (TW)\n").codes
    assert "avatars_all_different" in run("1 Gandalf (TW)\n1 Saruman (TW)\n1 Alatar (TW)\n").codes
    assert "avatars_all_different" not in run("2 Gandalf (TW)\n1 Saruman (TW)\n").codes
    two_doubled = "# Characters\n2 Gandalf (TW)\n# Sideboard\n2 Saruman (TW)\n"
    assert "avatar_copies" in run(two_doubled).codes
    assert "avatars_max" in run("3 Gandalf (TW)\n", fmt="starter").codes  # rulebook: two


def test_site_identity_is_name_and_alignment(run):
    sites = "# Sites\n1 Moria (TW)\n1 Moria (LE)\n"
    assert "site_copies" not in run(sites, player_type="fallen-wizard").codes
    assert "site_copies" in run("# Sites\n2 Moria (TW)\n").codes
    assert "site_copies" not in run("# Sites\n3 Rivendell (TW)\n").codes  # a haven
    assert "site_copies" in run("# Sites\n2 Rivendell (TW)\n", player_type="fallen-wizard").codes
    assert "site_copies" not in run("# Sites\n2 Isengard (WH)\n", player_type="fallen-wizard").codes


def test_player_type_cards(run):
    assert "player_type_card" not in run("# Sites\n1 The Wind-deeps (BA)\n").codes
    assert "player_type_card" in run("# Sites\n1 The Under-gates (BA)\n").codes
    assert "player_type_card" not in run("3 Orc-draughts (LE)\n").codes  # a minion item
    assert "player_type_card" in run("3 Orc-draughts (LE)\n", fmt="starter").codes
    assert "player_type_card" not in run("1 Wormtongue (DM)\n").codes  # an agent is a hazard
    assert "player_type_card" in run("1 Faramir (TW)\n", player_type="ringwraith").codes


def test_player_type_is_told_by_avatars_or_own_cards(run):
    assert "player_type_unknown" not in run("1 The Balrog (BA)\n", player_type=None).codes
    assert "player_type_unknown" not in run("1 Bad Company (WH)\n", player_type=None).codes
    # Hero cards read as a Wizard's deck; more minion cards than hero ones as a Ringwraith's.
    assert "player_type_unknown" not in run("1 Adrazar (TW)\n", player_type=None).codes
    minion = "1 Gorbag (LE)\n1 Shagrat (LE)\n1 Adrazar (TW)\n"
    assert "player_type_card" in run(minion, player_type=None).codes
    assert "player_type_unknown" in run("3 Orc-patrol (TW)\n", player_type=None).codes


def test_banned_lists(run):
    assert "banned_for_player_type" in run("1 The Balrog (AS)\n", player_type="balrog").codes
    assert "banned_for_player_type" not in run("1 The Balrog (BA)\n", player_type="balrog").codes
    assert "banned_for_player_type" in run("1 Khamûl Unleashed\n", player_type="balrog").codes
    assert "banned_for_player_type" in run("1 Old Road\n", player_type="fallen-wizard").codes
    assert "banned_for_player_type" not in run("1 Old Road\n", player_type="wizard").codes


def test_balrog_rules(run):
    def codes(text: str) -> set[str]:
        return run(text, player_type="balrog").codes

    assert "balrog_site" in codes("# Sites\n1 Dol Guldur (LE)\n")
    assert "balrog_site" not in codes("# Sites\n1 Dol Guldur\n")  # the Balrog version
    assert "balrog_site" in codes("# Sites\n1 The Under-leas (AS)\n")
    assert "balrog_site" not in codes("# Sites\n1 Goblin-gate (LE)\n")
    assert "balrog_character_race" in codes("1 Asternak (LE)\n")
    assert "balrog_character_race" not in codes("1 Orc Captain (LE)\n")
    assert "balrog_character_mind" in codes("1 Lieutenant of Morgul (LE)\n")
    assert "balrog_character_mind" not in codes("1 Bûthrakaur (BA)\n")  # Balrog-specific
    assert "balrog_faction" in codes("1 Hillmen (LE)\n")
    assert "balrog_faction" not in codes("1 Misty Mountain Wargs (LE)\n")


def test_fallen_wizard_stage_pool_and_copies(run):
    def codes(text: str) -> set[str]:
        return run(text, player_type="fallen-wizard").codes

    assert "fw_stage_pool" not in codes("# Pool\n1 A New Ringlord (WH)\n")
    assert "fw_stage_pool" not in codes("# Pool\n1 Double-dealing (WH)\n1 Bad Company (WH)\n")
    assert "fw_stage_pool" in codes("# Pool\n1 Double-dealing (WH)\n")  # 1 point
    assert "fw_stage_pool" in codes("# Pool\n1 The Fortress of Isen (WH)\n")  # all unique
    assert "fw_stage_pool" in codes("3 Concealment (TW)\n")  # no Stage resource in the pool
    assert "pool_card_type" in run("# Pool\n1 A New Ringlord (WH)\n").codes  # not for a Wizard
    assert "copies_nonunique" in codes("3 Concealment (TW)\n")
    assert "copies_nonunique" not in codes("3 Bad Company (WH)\n")
    assert "copies_nonunique" not in codes("3 Wargs (TW)\n")


def test_pool_rules(run):
    assert "pool_characters" in run("# Pool\n" + "".join(
        f"1 {n} (TW)\n" for n in ("Adrazar", "Anborn", "Annalena", "Arwen", "Balin", "Bard Bowman",
                                  "Beregond", "Bergil", "Bifur", "Bofur", "Bombur"))).codes  # fmt: skip
    assert "pool_avatar" in run("# Pool\n1 Gandalf (TW)\n").codes
    assert "pool_item_kind" in run("# Pool\n1 Glamdring (TW)\n").codes
    assert "pool_items" in run("# Pool\n1 Elven Cloak (TW)\n2 Healing Herbs (TW)\n").codes
    assert "pool_card_type" in run("# Pool\n1 Fog (TW)\n").codes
    starter = "# Pool\n1 Aragorn II (TW)\n1 Galadriel (TW)\n1 Balin (TW)\n"
    assert "pool_mind" in run(starter, fmt="starter").codes
    assert "pool_mind" not in run(starter).codes  # CoE drafts the company later
    assert "pool_characters" in run("# Pool\n1 Elven Cloak (TW)\n", fmt="starter").codes


def test_agents_mind_counts_every_zone(run):
    agents = (
        "# Sideboard\n1 Golodhros (DM)\n1 Baduila (DM)\n1 Elerína (DM)\n1 The Grimburgoth (DM)\n"
    )
    assert "agents_mind" not in run(agents).codes  # 33
    assert "agents_mind" in run(agents + "# Pool\n1 Eun (DM)\n1 Anarin (DM)\n").codes  # 43


def test_sideboards_and_regions_by_format(run):
    sideboard = "# Sideboard\n" + "".join(
        f"3 {n} (TW)\n" for n in ("Ghouls", "Ghosts", "Brigands", "Huorn", "Giant", "Wolves")
    )  # 18 cards
    assert "sideboard_size" not in run(sideboard, fmt="standard-3").codes
    assert "sideboard_size" in run(sideboard, fmt="standard-2").codes
    assert "sideboard_size" in run("# Sideboard\n1 Wolves (TW)\n", fmt="starter").codes
    region = "# Sites\n1 Rhudaur (TW)\n"
    assert "regions_not_allowed" not in run(region, fmt="standard-2").codes
    assert "regions_not_allowed" in run(region, fmt="starter").codes
    assert "regions_not_allowed" in run(region).codes


def test_sections_and_unknown_names(run):
    assert "wrong_section" in run("# Sites\n3 Wargs (TW)\n").codes
    # A site among the play-deck cards goes to the location deck with a warning, not an error.
    assert "wrong_section" not in run("# Hazards\n1 Moria (TW)\n").codes
    assert "wrong_section" not in run("3 Wargs (TW)\n1 Moria (TW)\n").codes  # no headings
    v = run("3 Wargs (TW)\n1 Frodo's Imaginary Friend\n")
    assert "unknown_card" in v.codes and v.unresolved == ["Frodo's Imaginary Friend"]


# ------------------------------------------------------------------ LOTR TCG

DRAW = "Free Peoples:\n4 Dwarf Guard\nShadow:\n4 Goblin Runner\n"


def lotr(run, text: str, fmt: str = "fellowship-block") -> set[str]:
    return run(text, fmt=fmt, player_type=None, game=ref.LOTR).codes


def test_ring_bearer_and_ring(run):
    declared = "Ring-bearer: Frodo, Son of Drogo\nRing: The One Ring, The Ruling Ring\n"
    assert not {"ring_bearer_missing", "ring_missing"} & lotr(run, declared + DRAW)
    assert {"ring_bearer_missing", "ring_missing"} <= lotr(run, DRAW)
    # A printed list names them among the cards at its top.
    assert not {"ring_bearer_missing", "ring_missing"} & lotr(
        run, "1 Frodo, Son of Drogo\n1 The One Ring, The Ruling Ring\n" + DRAW
    )
    assert "ring_bearer_invalid" in lotr(run, "Ring-bearer: Dwarf Guard\n" + DRAW)
    assert "ring_invalid" in lotr(run, "Ring: Sting\n" + DRAW)
    assert "ring_in_draw_deck" in lotr(run, declared + DRAW + "1 The One Ring, Isildur's Bane\n")
    two = declared + "Ring-bearer: Frodo, Old Bilbo's Heir\n"
    assert "ring_bearer_count" in lotr(run, two + DRAW)


def test_draw_deck(run):
    assert "fp_shadow_equal" not in lotr(run, DRAW)
    assert "fp_shadow_equal" in lotr(run, DRAW + "1 Goblin Sneak\n")
    assert "draw_deck_size" in lotr(run, DRAW)
    five = "3 Gandalf, The Grey Wizard\n2 Gandalf, Friend of the Shirefolk\n"
    assert "copies_title" in lotr(run, five)
    frodos = "Ring-bearer: Frodo, Son of Drogo\n4 Frodo, Old Bilbo's Heir\n"
    assert "copies_ring_bearer" in lotr(run, frodos)
    moved = run(DRAW + "1 Weathertop\n", fmt="fellowship-block", player_type=None, game=ref.LOTR)
    assert "draw_deck_card_type" not in moved.codes and "site_moved" in moved.warnings


def test_printings_and_formats(run, card_data_dir):
    db = ref.load(card_data_dir, ref.LOTR)

    def pick(name: str, fmt: str) -> str:
        [line] = ref.parse(name, ref.LOTR)
        sets, block, _ = ref.LOTR_FORMATS[fmt]
        return ref._resolve_lotr(db, line, sets, block)[0]["id"]

    assert pick("Nobody Tosses a Dwarf", "fellowship-block") == "1_23"
    assert pick("Nobody Tosses a Dwarf", "war-of-the-ring-block") == "12_11"
    assert pick("Orc Pursuer (7)", "king-block") == "7_303"  # "Orc Pursuer(2)" in the data
    assert pick("East Road", "open") == "11_236"  # the Shadows site, not Fellowship 1_320
    assert "not_in_format" in lotr(run, "4 Mysterious Wizard (12)\n")
    assert "not_in_format" not in lotr(run, "4 Mysterious Wizard\n")
    assert "ambiguous_card" in lotr(run, "1 Gandalf\n")


def test_adventure_deck(run):
    nine = ["Bag End", "Bree Gate", "Council Courtyard", "Balin's Tomb", "The Bridge of Khazad-dûm",
            "Galadriel's Glade", "Anduin Confluence", "Anduin Banks", "Emyn Muil"]  # fmt: skip

    def sites(names: list[str], fmt: str = "fellowship-block") -> set[str]:
        return lotr(run, "Adventure deck:\n" + "\n".join(names) + "\n", fmt)

    assert not {"sites_count", "sites_duplicate", "site_numbers", "site_block"} & sites(nine)
    assert "sites_count" in sites(nine[:8])
    assert "site_numbers" not in sites(nine[:8])  # counted only with nine sites
    assert "site_numbers" in sites([*nine[:8], "Moria Lake"])
    assert {"sites_duplicate", "site_numbers"} <= sites([*nine[:8], "Anduin Banks"])
    assert "site_block" in sites(nine, "open")
    shadows = ["Anduin Banks (11)", "Buckland Homestead (11)", "Crags of Emyn Muil (11)"]
    assert "site_shadow_number" not in sites(shadows, "open")
    assert "site_shadow_number" in sites([*shadows, "East Road"], "open")
    assert "wrong_section" in sites([*nine, "Dwarf Guard"])
