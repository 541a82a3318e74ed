"""METW construction rules: the rulebook (003) and the Council of Elrond rules (RULES.md §4.4).

Each hand-made illegal deck breaks one rule and must get that rule's problem and no other.
"""

from __future__ import annotations

import pytest

from decks.demo import METW_COE_WIZARD, METW_COE_WIZARD_PLAIN
from rules_engine.deckrules import PlayerTypeError, builtin_format, parse_decklist, validate


def swap(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def check(index, text, fmt="coe", player_type=None):
    return validate(parse_decklist(text, "metw"), builtin_format("metw", fmt), index, player_type)


def errors(verdict):
    return verdict.codes()


# A rulebook (starter / standard) deck: starting company of three with mind 16 and two
# minor items, two Wizards, five characters, 30 resources and 30 hazards, one of each site.
STARTER = (
    METW_COE_WIZARD.replace("1 Aragorn II [H] (TW)\n1 Legolas [H] (TW)\n", "")
    .split("# Sideboard")[0]
    .replace("# Pool (7)", "# Pool (5)")
    + "# Sites\n"
    + "\n".join(
        f"1 {s} (TW)"
        for s in ("Rivendell", "Lórien", "Moria", "Bag End", "Lake-town", "Minas Tirith", "Edoras")
    )
)


def test_sample_coe_deck_is_legal_with_the_counts(metw_index):
    v = check(metw_index, METW_COE_WIZARD)
    assert v.legal, v.problems
    c = v.counts
    assert (c["resources"], c["hazards"], c["characters"], c["avatars"]) == (30, 30, 5, 2)
    assert (c["pool_characters"], c["pool_items"], c["sideboard"], c["sites"], c["havens"]) == (
        5,
        2,
        12,
        13,
        4,
    )
    assert c["creatures"] == 15 and c["player_type"] == "wizard"


def test_hand_typed_list_resolves_every_card_like_the_gccg_one(metw_index):
    """Matching ignores case, accents and punctuation (Lorien, Orc lieutenant, Beorns House)."""
    a, b = check(metw_index, METW_COE_WIZARD), check(metw_index, METW_COE_WIZARD_PLAIN)
    assert b.legal and not b.unresolved
    assert sorted((c["id"], c["count"]) for c in a.cards) == sorted(
        (c["id"], c["count"]) for c in b.cards
    )


def test_player_type_picks_the_printing(metw_index):
    """Gandalf, Rivendell and Isengard exist as hero and other printings: the player type decides."""
    v = check(metw_index, METW_COE_WIZARD_PLAIN, player_type="wizard")
    ids = {c["name"]: c["id"] for c in v.cards}
    assert (ids["Gandalf"], ids["Rivendell"], ids["Isengard"]) == ("TW-156", "TW-421", "TW-404")
    v = check(metw_index, "2 Gandalf\n1 Isengard (WH)\n", player_type="fallen-wizard")
    assert [c["id"] for c in v.cards] == ["WH-4", "WH-56"]


def test_ambiguous_name_is_reported_with_candidates(metw_index):
    """A name that fits several printings, with nothing to choose between them, is reported."""
    v = check(metw_index, "1 Gandalf\n")
    [u] = v.unresolved
    assert u["reason"] == "ambiguous" and {c["id"] for c in u["candidates"]} == {"TW-156", "WH-4"}
    assert v.codes()[0] == "ambiguous_card"
    # The set code resolves it.
    assert check(metw_index, "1 Gandalf (WH)\n").cards[0]["id"] == "WH-4"


def test_unknown_name_reported_with_line_and_suggestions(metw_index):
    v = check(metw_index, swap(METW_COE_WIZARD, "3 Dodge (TW)", "3 Dodgy (TW)"))
    [u] = v.unresolved
    assert u["line"] == METW_COE_WIZARD.splitlines().index("3 Dodge (TW)") + 1
    assert "Dodge" in u["suggestions"]
    assert "unknown_card" in errors(v)


# ---------------------------------------------------------------- CoE rules (RULES.md §4.4)


def test_coe_copies_nonunique(metw_index):
    """CoE 1.3.1: at most three of each non-unique card."""
    text = swap(
        swap(METW_COE_WIZARD, "3 Orc-lieutenant (TW)", "4 Orc-lieutenant (TW)"),
        "3 Orc-patrol (TW)",
        "2 Orc-patrol (TW)",
    )
    v = check(metw_index, text)
    assert errors(v) == ["copies_nonunique"]
    assert "4 × Orc-lieutenant" in v.problems[0].message


def test_coe_copies_count_across_sideboard(metw_index):
    """CoE 1.3.1: the limits hold across the whole deck, sideboard included."""
    v = check(metw_index, swap(METW_COE_WIZARD, "2 Ghouls (TW)", "2 Ghouls (TW)\n1 Wargs (TW)"))
    assert errors(v) == ["copies_nonunique"]


def test_coe_copies_unique(metw_index):
    """CoE 1.3.1: at most one of each unique non-avatar card (pool and play deck together)."""
    v = check(metw_index, swap(METW_COE_WIZARD, "1 Beorn [H] (TW)", "1 Aragorn II [H] (TW)"))
    assert errors(v) == ["copies_unique"]
    assert v.problems[0].message.startswith("2 × Aragorn II: a unique card may appear once")


def test_coe_resources_range(metw_index):
    """CoE 1.5: 30–50 resources (and as many hazards)."""
    text = swap(swap(METW_COE_WIZARD, "3 Miruvor (TW)", ""), "3 Choking Shadows (TW)", "")
    v = check(metw_index, text)
    assert [c for c in errors(v)] == ["resources_count"]


def test_coe_resources_equal_hazards(metw_index):
    """CoE 1.5: the same number of hazards as resources."""
    v = check(metw_index, swap(METW_COE_WIZARD, "3 Miruvor (TW)", "3 Miruvor (TW)\n1 Athelas (TW)"))
    assert errors(v) == ["resources_hazards_equal"]
    assert v.problems[0].message.startswith("31 resources, 30 hazards")


def test_coe_ten_characters(metw_index):
    """CoE 1.5: up to 10 non-avatar characters in the play deck."""
    extra = "1 Arwen [H] (TW)\n1 Elladan [H] (TW)\n1 Elrohir [H] (TW)\n1 Frodo [H] (TW)\n1 Sam Gamgee [H] (TW)\n1 Glorfindel II [H] (TW)"
    v = check(metw_index, swap(METW_COE_WIZARD, "1 Balin [H] (TW)", "1 Balin [H] (TW)\n" + extra))
    assert errors(v) == ["play_characters_max"]
    assert "11 characters" in v.problems[0].message


def test_coe_avatars_at_most_three(metw_index):
    """CoE 1.5: up to three avatar cards."""
    v = check(metw_index, swap(METW_COE_WIZARD, "2 Gandalf (TW)", "3 Gandalf (TW)\n1 Saruman (TW)"))
    assert errors(v) == ["avatars_max"]


def test_coe_three_avatars_not_all_different(metw_index):
    """CoE 1.5: any mix of up to three avatars except three different ones."""
    ok = check(
        metw_index, swap(METW_COE_WIZARD, "2 Gandalf (TW)", "2 Gandalf (TW)\n1 Saruman (TW)")
    )
    assert ok.legal
    v = check(
        metw_index,
        swap(METW_COE_WIZARD, "2 Gandalf (TW)", "1 Gandalf (TW)\n1 Saruman (TW)\n1 Radagast (TW)"),
    )
    assert errors(v) == ["avatars_all_different"]


def test_coe_twelve_creatures(metw_index):
    """CoE 1.5.1: at least 12 creatures among the hazards."""
    text = swap(
        swap(METW_COE_WIZARD, "3 Wolves (TW)", "3 Night (TW)"),
        "3 Wargs (TW)",
        "2 Wargs (TW)\n1 Long Winter (TW)",
    )
    v = check(metw_index, text)
    assert errors(v) == ["creatures_min"]
    assert v.counts["creatures"] == 11


def test_coe_agents_count_half_a_creature_and_their_mind(metw_index):
    """CoE 1.5.1 agents count half a creature (outside Ringwraith decks); 1.3.2 agents' mind ≤ 36."""
    v = check(
        metw_index,
        swap(
            METW_COE_WIZARD, "3 Choking Shadows (TW)", "2 Choking Shadows (TW)\n1 Bill Ferny (DM)"
        ),
    )
    assert v.legal, v.problems
    # 15 creatures and one half: the halves are rounded down once summed.
    assert v.counts["creatures"] == 15 and v.counts["agents_mind"] == 3


def test_coe_sideboard_size(metw_index):
    """CoE 1.6.1: a sideboard of up to 30 cards in a short game."""
    extra = "3 Orc-guard (TW)\n3 Orc-watch (TW)\n3 Barrow-wight (TW)\n3 Huorn (TW)\n3 Ambusher (TW)\n3 Slayer (TW)\n1 Thief (TW)"
    v = check(metw_index, swap(METW_COE_WIZARD, "2 Ghouls (TW)", "2 Ghouls (TW)\n" + extra))
    assert [c for c in errors(v)] == ["sideboard_size"]
    assert "31 cards in the sideboard: at most 30" in v.problems[0].message


def test_coe_long_game_sideboard_35(metw_index):
    """CoE 1.6.1: 35 in a long game, 40 in a campaign game."""
    extra = "3 Orc-guard (TW)\n3 Orc-watch (TW)\n3 Barrow-wight (TW)\n3 Huorn (TW)\n3 Ambusher (TW)\n3 Slayer (TW)\n1 Thief (TW)"
    text = swap(METW_COE_WIZARD, "2 Ghouls (TW)", "2 Ghouls (TW)\n" + extra)
    assert check(metw_index, text, "coe-long").legal
    assert builtin_format("metw", "coe-campaign").rules["sideboard_max"] == 40


def test_coe_fallen_wizard_sideboard_ten(metw_index):
    """CoE 1.6.1: up to 10 more sideboard cards usable only against a Fallen-wizard."""
    fw = "\n# Sideboard vs Fallen-wizard\n3 Orc-guard (TW)\n3 Orc-watch (TW)\n3 Huorn (TW)\n"
    assert check(metw_index, METW_COE_WIZARD + fw).legal
    v = check(metw_index, METW_COE_WIZARD + fw + "2 Slayer (TW)\n")
    assert errors(v) == ["sideboard_fw_size"]


def test_coe_pool_ten_characters(metw_index):
    """CoE 1.7: up to 10 non-avatar characters in the pool."""
    extra = "1 Arwen [H] (TW)\n1 Elladan [H] (TW)\n1 Elrohir [H] (TW)\n1 Frodo [H] (TW)\n1 Sam Gamgee [H] (TW)\n1 Glorfindel II [H] (TW)"
    v = check(metw_index, swap(METW_COE_WIZARD, "1 Bilbo [H] (TW)", "1 Bilbo [H] (TW)\n" + extra))
    assert errors(v) == ["pool_characters"]


def test_coe_pool_two_minor_items(metw_index):
    """CoE 1.7: up to two non-unique minor items in the pool."""
    v = check(
        metw_index,
        swap(METW_COE_WIZARD, "1 Elven Cloak (TW)", "1 Elven Cloak (TW)\n1 Black Arrow (TW)"),
    )
    assert errors(v) == ["pool_items"]
    v = check(metw_index, swap(METW_COE_WIZARD, "1 Elven Cloak (TW)", "1 Glamdring (TW)"))
    assert errors(v) == ["pool_item_kind"]


def test_coe_pool_no_avatars(metw_index):
    """CoE 1.7: the pool holds non-avatar characters."""
    v = check(
        metw_index,
        swap(
            swap(METW_COE_WIZARD, "1 Bilbo [H] (TW)", "1 Bilbo [H] (TW)\n1 Gandalf (TW)"),
            "2 Gandalf (TW)",
            "1 Gandalf (TW)",
        ),
    )
    assert errors(v) == ["pool_avatar"]


def test_coe_location_deck_one_of_each_site(metw_index):
    """CoE 1.4: one of each non-haven site; havens in any number."""
    v = check(metw_index, swap(METW_COE_WIZARD, "1 Bree (TW)", "1 Moria (TW)"))
    assert errors(v) == ["site_copies"]
    assert check(metw_index, swap(METW_COE_WIZARD, "1 Rivendell (TW)", "3 Rivendell (TW)")).legal


def test_coe_no_region_cards(metw_index):
    """CoE 1.4: no region cards in the location deck."""
    v = check(metw_index, METW_COE_WIZARD + "1 Rhudaur (TW)\n")
    assert errors(v) == ["regions_not_allowed"]


def test_coe_wizard_player_may_not_use_minion_cards(metw_index):
    """CoE 1.2–1.3: a Wizard player's characters, resources and sites are hero cards."""
    v = check(
        metw_index, swap(METW_COE_WIZARD, "1 Balin [H] (TW)", "1 Gorbag (LE)"), player_type="wizard"
    )
    assert errors(v) == ["player_type_card"]
    assert "Gorbag" in v.problems[0].message


# The sample Wizard deck played by a Fallen-wizard (Gandalf of The White Hand) with the
# Stage resources its pool needs: Bad Company (2 stage points) and Double-dealing (1).
FALLEN_WIZARD = swap(
    swap(METW_COE_WIZARD, "2 Gandalf (TW)", "2 Gandalf (WH)"),
    "1 Elven Cloak (TW)\n",
    "1 Elven Cloak (TW)\n1 Bad Company (WH)\n1 Double-dealing (WH)\n",
).replace("# Pool (7)", "# Pool (9)")


def test_coe_fallen_wizard_two_copies(metw_index):
    """CoE deck construction [FALLEN-WIZARD]: at most two of each non-unique hero/minion resource."""
    v = check(metw_index, FALLEN_WIZARD, player_type="fallen-wizard")
    assert set(errors(v)) == {"copies_nonunique"}
    assert "a Fallen-wizard deck: two" in v.problems[0].message


def _fw_legal_copies(text: str) -> str:
    # Two of each three-of resource: the deck keeps 30 resources with other titles.
    for name in ("Gates of Morning", "Concealment", "Dodge", "Block", "Halfling Strength"):
        text = swap(text, f"3 {name} (TW)", f"2 {name} (TW)")
    for name in ("Lucky Search", "Hauberk of Bright Mail", "Dwarven Axe", "Healing Herbs"):
        text = swap(text, f"3 {name} (TW)", f"2 {name} (TW)")
    return swap(
        text,
        "3 Miruvor (TW)",
        "2 Miruvor (TW)\n1 Elven Cloak (TW)\n1 Dagger of Westernesse (TW)\n"
        "2 Athelas (TW)\n2 Black Arrow (TW)\n2 Wild Hounds (WH)\n1 Bad Company (WH)\n"
        "1 Glamdring (TW)",
    )


def test_coe_fallen_wizard_pool_holds_stage_resources_worth_three(metw_index):
    """CoE pool [FALLEN-WIZARD]: up to three Stage resources, exactly 3 stage points, one
    non-unique; they are not "other cards" in the pool."""
    base = _fw_legal_copies(FALLEN_WIZARD)
    v = check(metw_index, base, player_type="fallen-wizard")
    assert v.legal, v.problems
    assert v.counts["pool_stage_points"] == 3
    none = swap(base, "1 Bad Company (WH)\n1 Double-dealing (WH)\n", "")
    assert errors(check(metw_index, none, player_type="fallen-wizard")) == ["fw_stage_pool"]
    four = swap(base, "1 Bad Company (WH)\n1 Double-dealing (WH)\n", "1 A Strident Spawn (WH)\n")
    v4 = check(metw_index, four, player_type="fallen-wizard")
    assert errors(v4) == ["fw_stage_pool"]
    assert "4 stage points" in v4.problems[0].message and "non-unique" in v4.problems[0].message


def test_coe_fallen_wizard_havens_one_each_but_own_sites_repeat(metw_index):
    """CoE location deck [FALLEN-WIZARD]: one of each hero and minion site, havens included;
    any number of Fallen-wizard sites."""
    base = _fw_legal_copies(FALLEN_WIZARD)
    assert check(metw_index, base, player_type="fallen-wizard").legal
    two_rivendells = swap(base, "1 Rivendell (TW)", "2 Rivendell (TW)")
    v = check(metw_index, two_rivendells, player_type="fallen-wizard")
    assert errors(v) == ["site_copies"] and "2 × Rivendell (hero)" in v.problems[0].message
    # A Wizard player may hold any number of havens.
    assert "site_copies" not in errors(
        check(metw_index, swap(METW_COE_WIZARD, "1 Rivendell (TW)", "2 Rivendell (TW)"))
    )
    towers = swap(base, "1 Rivendell (TW)", "1 Rivendell (TW)\n3 The White Towers (WH)")
    assert check(metw_index, towers, player_type="fallen-wizard").legal


def test_coe_fallen_wizard_banned_cards(metw_index):
    """CoE deck construction [FALLEN-WIZARD]: cards a Fallen-wizard player cannot include."""
    base = _fw_legal_copies(FALLEN_WIZARD)
    text = swap(base, "1 Glamdring (TW)", "1 Cracks of Doom (TW)")
    v = check(metw_index, text, player_type="fallen-wizard")
    assert errors(v) == ["banned_for_player_type"]
    assert "Cracks of Doom" in v.problems[0].message
    # The same card is fine for a Wizard player.
    assert "banned_for_player_type" not in errors(
        check(
            metw_index,
            swap(METW_COE_WIZARD, "3 Miruvor (TW)", "2 Miruvor (TW)\n1 Cracks of Doom (TW)"),
        )
    )


def test_coe_dual_cards_count_as_resources_or_hazards(metw_index):
    """CoE deck construction: a card playable as a resource or a hazard counts as either."""
    text = swap(METW_COE_WIZARD, "3 Choking Shadows (TW)", "3 Wild Hounds (WH)")
    v = check(metw_index, text, player_type="wizard")
    assert "resources_hazards_equal" not in errors(v), v.problems
    assert (v.counts["resources"], v.counts["hazards"]) == (30, 30)


def test_coe_avatar_copies_across_sideboard(metw_index):
    """CoE sideboard: any number of avatars, but only one avatar with several copies."""
    text = swap(METW_COE_WIZARD, "2 Brigands (TW)", "2 Saruman (TW)")
    v = check(metw_index, text)
    assert errors(v) == ["avatar_copies"]
    assert "2 × Gandalf" in v.problems[0].message and "2 × Saruman" in v.problems[0].message
    # Two Gandalfs and one Saruman is fine.
    one = swap(METW_COE_WIZARD, "2 Brigands (TW)", "1 Saruman (TW)\n1 Brigands (TW)")
    assert check(metw_index, one).legal


def test_coe_player_type_is_inferred_and_validated(metw_index):
    v = check(metw_index, METW_COE_WIZARD)
    assert v.player_type == "wizard"
    with pytest.raises(PlayerTypeError):
        check(metw_index, METW_COE_WIZARD, fmt="starter", player_type="ringwraith")


def test_coe_banned_for_player_type_is_data(metw_index):
    """CoE 1.3: Fallen-wizard and Balrog players have cards they may not include (a data list)."""
    from rules_engine.deckrules import derive_format

    fmt = derive_format(
        builtin_format("metw", "coe"),
        "coe-x",
        "CoE with a list",
        {"banned_by_player_type": {"wizard": ["Dodge"]}},
    )
    v = validate(parse_decklist(METW_COE_WIZARD, "metw"), fmt, metw_index, "wizard")
    assert errors(v) == ["banned_for_player_type"]


def test_custom_format_extra_banned(metw_index):
    """A director's custom format adds a banned list to an existing format."""
    from rules_engine.deckrules import derive_format

    fmt = derive_format(
        builtin_format("metw", "coe"), "coe-house", "House CoE", {"extra_banned": ["Twilight"]}
    )
    v = validate(parse_decklist(METW_COE_WIZARD, "metw"), fmt, metw_index)
    assert errors(v) == ["banned"]


# ---------------------------------------------------------------- rulebook (003)


def test_starter_deck_is_legal(metw_index):
    v = check(metw_index, STARTER, "starter")
    assert v.legal, v.problems


def test_starter_resources_25_to_50(metw_index):
    """003 Part I §3 step 2: between 25 and 50 resources and an equal number of hazards."""
    lots = "\n".join(
        f"3 {n} (TW)"
        for n in (
            "Athelas",
            "Black Arrow",
            "Horn of Anor",
            "Elven Cloak",
            "Dagger of Westernesse",
            "Sword of Gondolin",
            "Rangers of the North",
        )
    )
    assert check(metw_index, STARTER, "starter").legal
    text = swap(STARTER, "3 Miruvor (TW)", "3 Miruvor (TW)\n" + lots)
    v = check(metw_index, text, "starter")
    assert "resources_hazards_equal" in errors(v)
    small = swap(swap(STARTER, "3 Miruvor (TW)", ""), "3 Healing Herbs (TW)", "")
    small = swap(swap(small, "3 Choking Shadows (TW)", ""), "3 Lost in the Wilderness (TW)", "")
    assert errors(check(metw_index, small, "starter")) == ["resources_count"]


def test_starter_one_unique_and_three_nonunique(metw_index):
    """003 Part I §2–3: one of each unique card, three of any non-unique card (starting cards included)."""
    v = check(metw_index, swap(STARTER, "1 Balin [H] (TW)", "1 Bilbo [H] (TW)"), "starter")
    assert errors(v) == ["copies_unique"]
    # The starting minor item counts toward the three-copy limit (003 Part I §3 clarification).
    v = check(
        metw_index, swap(STARTER, "3 Healing Herbs (TW)", "3 Dagger of Westernesse (TW)"), "starter"
    )
    assert errors(v) == ["copies_nonunique"]


def test_starter_two_wizards_same_wizard_allowed(metw_index):
    """003 Part I §2–3: up to two Wizard cards, two copies of the same Wizard allowed."""
    assert check(metw_index, STARTER, "starter").legal  # 2 × Gandalf
    v = check(
        metw_index, swap(STARTER, "2 Gandalf (TW)", "2 Gandalf (TW)\n1 Saruman (TW)"), "starter"
    )
    assert errors(v) == ["avatars_max"]


def test_starter_company_one_to_five_no_wizards_mind_20(metw_index):
    """003 Part I §3 step 3: one to five starting characters, no Wizards, combined mind ≤ 20."""
    v = check(
        metw_index,
        swap(STARTER, "1 Gimli [H] (TW)", "1 Gimli [H] (TW)\n1 Glorfindel II [H] (TW)"),
        "starter",
    )
    assert errors(v) == ["pool_mind"]
    assert "24" in v.problems[0].message
    no_pool = STARTER.replace("1 Gimli [H] (TW)\n1 Faramir [H] (TW)\n1 Bilbo [H] (TW)\n", "")
    assert "pool_characters" in errors(check(metw_index, no_pool, "starter"))


def test_starter_two_minor_items(metw_index):
    """003 Part I §3 step 4: up to two non-unique minor items in total."""
    v = check(
        metw_index,
        swap(STARTER, "1 Elven Cloak (TW)", "1 Elven Cloak (TW)\n1 Black Arrow (TW)"),
        "starter",
    )
    assert errors(v) == ["pool_items"]


def test_starter_no_sideboard_no_regions(metw_index):
    """003 Part I §2: the starter rules use no region cards; the sideboard is a standard rule (Part II §2)."""
    assert errors(check(metw_index, STARTER + "\n1 Rhudaur (TW)\n", "starter")) == [
        "regions_not_allowed"
    ]
    assert errors(check(metw_index, STARTER + "\n# Sideboard\n2 Wolves (TW)\n", "starter")) == [
        "sideboard_size"
    ]


def test_standard_sideboard_15_20_25(metw_index):
    """003 Part II §1–2: a 15-card sideboard, 20 in a 3-deck game, 25 in a 4-deck game; regions allowed."""
    sb = "\n# Sideboard\n3 Orc-guard (TW)\n3 Orc-watch (TW)\n3 Huorn (TW)\n3 Ambusher (TW)\n3 Slayer (TW)\n1 Thief (TW)\n"
    assert errors(check(metw_index, STARTER + sb, "standard-2")) == ["sideboard_size"]
    assert check(metw_index, STARTER + sb, "standard-3").legal
    assert check(metw_index, STARTER + "\n1 Rhudaur (TW)\n", "standard-2").legal
    assert [builtin_format("metw", f"standard-{n}").rules["sideboard_max"] for n in (2, 3, 4)] == [
        15,
        20,
        25,
    ]


def test_standard_play_deck_and_sideboard_share_the_limits(metw_index):
    """003 Part II §2: the combined play deck and sideboard keep the one-unique / three limits."""
    v = check(metw_index, STARTER + "\n# Sideboard\n1 Wargs (TW)\n", "standard-2")
    assert errors(v) == ["copies_nonunique"]


def test_starter_one_of_each_character(metw_index):
    """003 Part I §3 step 5: up to 10 characters in the play deck, one of each."""
    extra = "1 Arwen [H] (TW)\n1 Elladan [H] (TW)\n1 Elrohir [H] (TW)\n1 Frodo [H] (TW)\n1 Sam Gamgee [H] (TW)\n1 Glorfindel II [H] (TW)"
    v = check(
        metw_index, swap(STARTER, "1 Balin [H] (TW)", "1 Balin [H] (TW)\n" + extra), "starter"
    )
    assert errors(v) == ["play_characters_max"]


def test_starter_one_of_each_non_haven_site(metw_index):
    """003 Part I §3 step 1: any number of Havens, one of each non-Haven site."""
    assert check(metw_index, STARTER + "\n1 Rivendell (TW)\n", "starter").legal
    assert errors(check(metw_index, STARTER + "\n1 Moria (TW)\n", "starter")) == ["site_copies"]


def test_every_problem_at_once(metw_index):
    """Validation returns every problem, not the first one."""
    text = swap(
        swap(METW_COE_WIZARD, "1 Bree (TW)", "1 Moria (TW)"),
        "1 Beorn [H] (TW)",
        "1 Aragorn II [H] (TW)",
    )
    assert sorted(errors(check(metw_index, text))) == ["copies_unique", "site_copies"]


def test_coe_wizard_may_hold_minion_items_but_not_minion_events(metw_index):
    """CoE deck construction [HERO]: hero resources, except minion items (and dual cards)."""
    item = swap(METW_COE_WIZARD, "3 Miruvor (TW)", "2 Miruvor (TW)\n1 Thrór's Map (AS)")
    assert check(metw_index, item, player_type="wizard").legal
    event = swap(METW_COE_WIZARD, "3 Miruvor (TW)", "2 Miruvor (TW)\n1 Sudden Call (LE)")
    assert errors(check(metw_index, event, player_type="wizard")) == ["player_type_card"]
