"""Sample deck lists for the demo and the tests, written as players paste them.

Every card named here is in the project's small card fixtures
(decks/fixtures/cards_*_small.json), so the demo and most tests run without
the full card databases. Each illegal list breaks one rule, named in its label.
"""

from __future__ import annotations

import re

# A Council of Elrond Wizard deck in GCCG text: pool, play deck by card type,
# sideboard and location deck, with set codes as GCCG writes them.
METW_COE_WIZARD = """\
# Pool (7)
1 Aragorn II [H] (TW)
1 Legolas [H] (TW)
1 Gimli [H] (TW)
1 Faramir [H] (TW)
1 Bilbo [H] (TW)
1 Dagger of Westernesse (TW)
1 Elven Cloak (TW)

# Avatar (2)
2 Gandalf (TW)

# Character (5)
1 Beorn [H] (TW)
1 Celeborn [H] (TW)
1 Elrond [H] (TW)
1 Galadriel [H] (TW)
1 Balin [H] (TW)

# Resource (30)
3 Gates of Morning (TW)
3 Concealment (TW)
3 Dodge (TW)
3 Block (TW)
3 Halfling Strength (TW)
3 Lucky Search (TW)
3 Hauberk of Bright Mail (TW)
3 Dwarven Axe (TW)
3 Healing Herbs (TW)
3 Miruvor (TW)

# Hazard (30)
3 Orc-lieutenant (TW)
3 Orc-patrol (TW)
3 Cave-drake (TW)
3 Wargs (TW)
3 Wolves (TW)
3 Doors of Night (TW)
3 Twilight (TW)
3 Lure of Expedience (TW)
3 Lost in the Wilderness (TW)
3 Choking Shadows (TW)

# Sideboard (12)
3 Orc-raiders (TW)
3 Orc-warriors (TW)
2 Giant Spiders (TW)
2 Brigands (TW)
2 Ghouls (TW)

# Sites (13)
1 Rivendell (TW)
1 Lórien (TW)
1 Grey Havens (TW)
1 Edhellond (TW)
1 Moria (TW)
1 Bag End (TW)
1 Beorn's House (TW)
1 Lake-town (TW)
1 Minas Tirith (TW)
1 Edoras (TW)
1 The Lonely Mountain (TW)
1 Isengard (TW)
1 Bree (TW)
"""

# The same deck as a player might type it: no set codes, "x" counts, accents left out.
METW_COE_WIZARD_PLAIN = """\
Pool:
Aragorn II
Legolas
Gimli
Faramir
Bilbo
Dagger of Westernesse
Elven Cloak

Deck:
2x Gandalf
Beorn
Celeborn
Elrond
Galadriel
Balin
3x Gates of Morning
3x Concealment
3x Dodge
3x Block
3x Halfling Strength
3x Lucky Search
3x Hauberk of Bright Mail
3x Dwarven Axe
3x Healing Herbs
Miruvor x3
3x Orc lieutenant
3x Orc-patrol
3x Cave drake
3x Wargs
3x Wolves
3x Doors of Night
3x Twilight
3x Lure of Expedience
3x Lost in the Wilderness
3x Choking Shadows

Sideboard:
3 Orc-raiders
3 Orc-warriors
2 Giant Spiders
2 Brigands
2 Ghouls

Sites:
Rivendell
Lorien
Grey Havens
Edhellond
Moria
Bag End
Beorns House
Lake-town
Minas Tirith
Edoras
The Lonely Mountain
Isengard
Bree
"""


def _swap(text: str, old: str, new: str) -> str:
    if old not in text:
        raise ValueError(f"sample text has no line {old!r}")
    return text.replace(old, new, 1)


def _metw_illegal() -> list[tuple[str, str]]:
    base = METW_COE_WIZARD
    return [
        (
            "METW illegal: 4 × Orc-lieutenant (CoE 1.3.1 copies)",
            _swap(
                _swap(base, "3 Orc-lieutenant (TW)", "4 Orc-lieutenant (TW)"),
                "3 Orc-patrol (TW)",
                "2 Orc-patrol (TW)",
            ),
        ),
        (
            "METW illegal: Aragorn II twice (unique)",
            _swap(base, "1 Beorn [H] (TW)", "1 Aragorn II [H] (TW)"),
        ),
        (
            "METW illegal: 31 resources, 30 hazards",
            _swap(base, "3 Miruvor (TW)", "3 Miruvor (TW)\n1 Athelas (TW)"),
        ),
        (
            "METW illegal: 11 creatures (CoE 1.5.1)",
            _swap(
                _swap(base, "3 Wolves (TW)", "3 Night (TW)"),
                "3 Wargs (TW)",
                "2 Wargs (TW)\n1 Long Winter (TW)",
            ),
        ),
        (
            "METW illegal: three different avatars",
            _swap(base, "2 Gandalf (TW)", "1 Gandalf (TW)\n1 Saruman (TW)\n1 Radagast (TW)"),
        ),
        (
            "METW illegal: sideboard of 33",
            _swap(
                base,
                "2 Ghouls (TW)",
                "2 Ghouls (TW)\n3 Orc-guard (TW)\n3 Orc-watch (TW)\n3 Barrow-wight (TW)\n"
                "3 Huorn (TW)\n3 Ambusher (TW)\n3 Slayer (TW)\n3 Thief (TW)",
            ),
        ),
        (
            "METW illegal: Moria twice in the location deck",
            _swap(base, "1 Bree (TW)", "1 Moria (TW)"),
        ),
    ]


def _metw_legal_variants() -> list[tuple[str, str]]:
    base = METW_COE_WIZARD
    return [
        ("METW CoE Wizard (GCCG text)", base),
        ("METW CoE Wizard (typed by hand)", METW_COE_WIZARD_PLAIN),
        (
            "METW CoE Wizard, Radagast",
            _swap(base, "2 Gandalf (TW)", "2 Radagast (TW)"),
        ),
        (
            "METW CoE Wizard, more Orcs",
            _swap(base, "3 Wolves (TW)", "3 Orc-guard (TW)"),
        ),
        (
            "METW CoE Wizard, Saruman and Gandalf",
            _swap(base, "2 Gandalf (TW)", "1 Gandalf (TW)\n1 Saruman (TW)"),
        ),
        (
            "METW CoE Wizard, Barrow-wights",
            _swap(base, "3 Cave-drake (TW)", "3 Barrow-wight (TW)"),
        ),
    ]


LORE_DECK = """\
Deck:
1 Aragorn II
1 Legolas
1 Gimli
1 Frodo
1 Sam Gamgee
3 Dagger of Westernesse
3 Healing Herbs
3 Elven Cloak
3 Lucky Search
3 Concealment
2 Gates of Morning
1 The One Ring
3 Orc-patrol
3 Wargs
3 Cave-drake
3 Twilight
3 Despair of the Heart
1 Mouth of Sauron
1 An Unexpected Outpost
Sideboard:
2 Wolves
2 Orc-raiders
"""


def _lore() -> list[tuple[str, str]]:
    base = LORE_DECK
    return [
        ("LoRE deck (fellowship)", base),
        ("LoRE deck, more hazards", _swap(base, "3 Elven Cloak", "3 Ghouls")),
        ("LoRE deck, Hobbits", _swap(base, "1 Gimli", "1 Bilbo")),
        ("LoRE deck, Wolves", _swap(base, "3 Cave-drake", "1 Wolves")),
        (
            "LoRE illegal: The One Ring twice (unique)",
            _swap(base, "1 The One Ring", "2 The One Ring"),
        ),
        ("LoRE illegal: 4 × Wargs", _swap(base, "3 Wargs", "4 Wargs")),
        (
            "LoRE illegal: sideboard of 7",
            _swap(base, "2 Orc-raiders", "2 Orc-raiders\n3 Ghouls"),
        ),
    ]


# A Fellowship block deck from set 1 in the printed layout: Ring-bearer and Ring on
# their own lines, Free Peoples and Shadow halves, collector numbers in brackets.
LOTR_FELLOWSHIP = """\
Ring-bearer: Frodo, Son of Drogo (1C290)
Ring: The One Ring, The Ruling Ring (1C2)

Free Peoples (30)
2 •Gandalf, The Grey Wizard (1P364)
4 Mysterious Wizard (1C78)
4 Risk a Little Light (1C82)
4 Strength of Spirit (1C85)
2 •Gimli, Dwarf of Erebor (1U12)
4 Axe Strike (1C3)
4 Dwarven Armor (1C8)
2 •Legolas, Prince of Mirkwood (1U51)
4 Elven Cloak (1C42)

Shadow (30)
4 Goblin Backstabber (1C174)
4 Goblin Marksman (1C176)
4 Goblin Scavengers (1C179)
4 Goblin Warrior (1C185)
4 Goblin Scimitar (1C180)
4 Drums in the Deep (1C168)
3 Host of Thousands (1C187)
3 They Are Coming (1C196)

Adventure deck
Westfarthing (1C326)
Ettenmoors (1C331)
Council Courtyard (1C337)
Moria Lake (1C346)
The Bridge of Khazad-dûm (1C349)
Galadriel's Glade (1C351)
Anduin Wilderland (1C354)
Anduin Banks (1C356)
Summit of Amon Hen (1C362)
"""


def _lotr() -> list[tuple[str, str]]:
    base = LOTR_FELLOWSHIP
    return [
        ("LOTR Fellowship block (printed layout)", base),
        (
            "LOTR illegal: 31 Free Peoples, 29 Shadow",
            _swap(
                _swap(
                    base,
                    "2 •Legolas, Prince of Mirkwood (1U51)",
                    "3 •Legolas, Prince of Mirkwood (1U51)",
                ),
                "3 They Are Coming (1C196)",
                "2 They Are Coming (1C196)",
            ),
        ),
        (
            "LOTR illegal: 5 × Goblin Warrior",
            _swap(
                _swap(base, "4 Goblin Warrior (1C185)", "5 Goblin Warrior (1C185)"),
                "3 They Are Coming (1C196)",
                "2 They Are Coming (1C196)",
            ),
        ),
        (
            "LOTR illegal: two sites 4",
            _swap(base, "The Bridge of Khazad-dûm (1C349)", "Balin's Tomb (1U343)"),
        ),
    ]


def sample_decklists(game: str) -> list[tuple[str, str]]:
    """(label, text) pairs, legal lists first, then one illegal list per rule broken.

    Labels of illegal lists start with "<GAME> illegal:" so a demo loader can mix them.
    """
    if game == "metw":
        return _metw_legal_variants() + _metw_illegal()
    if game == "lore":
        return _lore()
    if game == "lotr-tcg":
        return _lotr()
    return []


def is_illegal_sample(label: str) -> bool:
    return bool(re.search(r"\billegal:", label))
