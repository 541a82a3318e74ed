"""The project's deck validator held to an independent reference (tests/decks/reference_checker.py).

(1) Published deck lists (tests/decks/published/manifest.json): every card resolves and the
    project's verdict (legal flag, set of ERROR codes) equals the reference's.
(2) Hand-made decks: a legal base deck per player type / format, and for every problem code of
    docs/deck-rules.md one mutation that breaks exactly that rule. Project and reference must
    both report exactly that code. Each case cites the rule it breaks.

The project is called through its public API only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.decks import reference_checker as ref

pytestmark = pytest.mark.carddata

PUBLISHED = Path(__file__).resolve().parent / "published"
METW, LOTR = "metw", "lotr-tcg"


@pytest.fixture(scope="module")
def _index_cache() -> dict[str, object]:
    return {}


@pytest.fixture
def project(card_data_dir, _index_cache):
    """Runs the project's checker; its CardIndex is built once per module (about a second)."""
    from rules_engine.deckrules import CardIndex, builtin_format, check_text, records_from_json

    def index(game: str):
        if game not in _index_cache:
            folder = card_data_dir / game
            cards = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
            aliases = None
            if (folder / "aliases.json").exists():
                aliases = json.loads((folder / "aliases.json").read_text(encoding="utf-8"))
            _index_cache[game] = CardIndex.build(game, records_from_json(game, cards, aliases))
        return _index_cache[game]

    def run(text: str, game: str, fmt: str, player_type: str | None):
        return check_text(text, game, builtin_format(game, fmt), index(game), player_type)

    return run


def errors(verdict) -> set[str]:
    return {p.code for p in verdict.problems if p.severity == "error"}


# ------------------------------------------------------------------ (1) published deck lists


def _manifest() -> list:
    entries = json.loads((PUBLISHED / "manifest.json").read_text(encoding="utf-8"))
    return [pytest.param(e, id=e["file"]) for e in entries]


@pytest.mark.parametrize("entry", _manifest())
def test_published_deck_project_agrees_with_reference(entry, project, card_data_dir):
    text = (PUBLISHED / entry["file"]).read_text(encoding="utf-8")
    game, fmt, player_type = entry["game"], entry["format"], entry["player_type"]
    allowed = {ref.key(u["name"]) for u in entry.get("expected_unresolved", [])}

    v = project(text, game, fmt, player_type)
    not_found = [u["name"] for u in v.unresolved if ref.key(u["name"]) not in allowed]
    assert not not_found, f"the project could not resolve {not_found}"

    r = ref.check(text, game, fmt, player_type, card_data_dir)
    ref_not_found = [n for n in r.unresolved if ref.key(n) not in allowed]
    assert not ref_not_found, f"the reference could not resolve {ref_not_found}"

    assert {"legal": v.legal, "errors": errors(v)} == {"legal": r.legal, "errors": r.codes}
    # The verdict itself is pinned too, so that a mistake both checkers share cannot pass
    # unnoticed: each was read against the list when it was added (docs/deck-rules.md).
    assert sorted(errors(v)) == entry["expected_errors"]


# ------------------------------------------------------------------ (2) hand-made decks

# Every hazard block below has 15 creatures (Orc-patrol, Orc-guard, Orc-lieutenant, Wargs,
# Cave-drake) and 15 hazard events: CoE 1.5.1 asks for at least 12 creatures.
HAZARDS = """\
# Hazards (30)
3 Orc-patrol (TW)
3 Orc-guard (TW)
3 Orc-lieutenant (TW)
3 Wargs (TW)
3 Cave-drake (TW)
3 Doors of Night (TW)
3 Twilight (TW)
3 Lure of the Senses (TW)
3 Choking Shadows (TW)
3 Long Winter (TW)
"""

WIZARD = f"""\
# Pool (7)
1 Adrazar (TW)
1 Anborn (TW)
1 Annalena (TW)
1 Bard Bowman (TW)
1 Beregond (TW)
1 Dagger of Westernesse (TW)
1 Elven Cloak (TW)

# Characters (7)
2 Gandalf (TW)
1 Balin (TW)
1 Celeborn (TW)
1 Elladan (TW)
1 Elrohir (TW)
1 Faramir (TW)

# Resources (30)
3 Concealment (TW)
3 Dodge (TW)
3 Halfling Strength (TW)
3 Risky Blow (TW)
3 Lucky Search (TW)
3 Stealth (TW)
3 Block (TW)
3 Lucky Strike (TW)
3 Horn of Anor (TW)
3 Healing Herbs (TW)

{HAZARDS}
# Sideboard (5)
2 Wolves (TW)
2 Giant (TW)
1 Radagast (TW)

# Sites (9)
2 Rivendell (TW)
1 Lórien (TW)
1 Grey Havens (TW)
1 Moria (TW)
1 Bag End (TW)
1 Lake-town (TW)
1 Minas Tirith (TW)
1 Edoras (TW)
"""

RINGWRAITH = f"""\
# Pool (7)
1 Lagduf (LE)
1 Muzgash (LE)
1 Grishnákh (LE)
1 Ostisen (LE)
1 Luitprand (LE)
1 Orc-draughts (LE)
1 Strange Rations (LE)

# Characters (7)
2 The Witch-king (LE)
1 Gorbag (LE)
1 Shagrat (LE)
1 Radbug (LE)
1 Ufthak (LE)
1 Asternak (LE)

# Resources (30)
3 Orc Stealth (LE)
3 Sneakin' (LE)
3 Swift Strokes (LE)
3 Diversion (LE)
3 Hidden Ways (LE)
3 Veils of Shadow (LE)
3 Orc Quarrels (LE)
3 Voices of Malice (LE)
3 Ready to His Will (LE)
3 Poison (LE)

{HAZARDS}
# Sideboard (4)
2 Wolves (TW)
2 Giant (TW)

# Sites (9)
2 Minas Morgul (LE)
1 Dol Guldur (LE)
1 Carn Dûm (LE)
1 Moria (LE)
1 Bree (LE)
1 Lake-town (LE)
1 Goblin-gate (LE)
1 Dead Marshes (LE)
"""

# A Fallen-wizard keeps two of each non-unique hero/minion resource; Stage resources keep three.
FALLEN_WIZARD = f"""\
# Pool (6)
1 A New Ringlord (WH)
1 Adrazar (TW)
1 Anborn (TW)
1 Lagduf (LE)
1 Muzgash (LE)
1 Dagger of Westernesse (TW)

# Characters (6)
2 Saruman (WH)
1 Balin (TW)
1 Faramir (TW)
1 Gorbag (LE)
1 Shagrat (LE)

# Resources (30)
2 Concealment (TW)
2 Dodge (TW)
2 Halfling Strength (TW)
2 Risky Blow (TW)
2 Lucky Search (TW)
2 Stealth (TW)
2 Block (TW)
2 Lucky Strike (TW)
2 Orc Stealth (LE)
2 Swift Strokes (LE)
2 Diversion (LE)
2 Hidden Ways (LE)
3 Bad Company (WH)
3 Great Ruse (WH)

{HAZARDS}
# Sideboard (4)
2 Wolves (TW)
2 Giant (TW)

# Sites (7)
2 The White Towers (WH)
1 Rivendell (TW)
1 Moria (TW)
1 Bag End (TW)
1 Bree (LE)
1 Lake-town (TW)
"""

BALROG = f"""\
# Pool (6)
1 Lagduf (LE)
1 Muzgash (LE)
1 Grishnákh (LE)
1 Crook-legged Orc (BA)
1 Hill-troll (BA)
1 Orc-draughts (LE)

# Characters (6)
2 The Balrog (BA)
1 Azog (BA)
1 Bolg (BA)
1 Shagrat (LE)
1 Gorbag (LE)

# Resources (30)
3 Orc Stealth (LE)
3 Sneakin' (LE)
3 Swift Strokes (LE)
3 Diversion (LE)
3 Hidden Ways (LE)
3 Veils of Shadow (LE)
3 Orc Quarrels (LE)
3 Voices of Malice (LE)
3 Ready to His Will (LE)
3 Poison (LE)

{HAZARDS}
# Sideboard (4)
2 Wolves (TW)
2 Giant (TW)

# Sites (7)
2 Moria (BA)
1 The Under-gates (BA)
1 The Under-grottos (BA)
1 Goblin-gate (LE)
1 Bree (LE)
1 Ancient Deep-hold (BA)
"""

# 003 Part I §3: a starting company of three (mind 7) with two minor items, 25 resources and
# 25 hazards, two Wizards, five characters, one of each non-haven site, no sideboard.
STARTER = """\
# Pool (5)
1 Adrazar (TW)
1 Anborn (TW)
1 Bard Bowman (TW)
1 Dagger of Westernesse (TW)
1 Elven Cloak (TW)

# Characters (7)
2 Gandalf (TW)
1 Balin (TW)
1 Celeborn (TW)
1 Elladan (TW)
1 Elrohir (TW)
1 Faramir (TW)

# Resources (25)
3 Concealment (TW)
3 Dodge (TW)
3 Halfling Strength (TW)
3 Risky Blow (TW)
3 Lucky Search (TW)
3 Stealth (TW)
3 Block (TW)
3 Lucky Strike (TW)
1 Glamdring (TW)

# Hazards (25)
3 Orc-patrol (TW)
3 Orc-guard (TW)
3 Orc-lieutenant (TW)
3 Wargs (TW)
3 Cave-drake (TW)
3 Doors of Night (TW)
3 Twilight (TW)
3 Lure of the Senses (TW)
1 Long Winter (TW)

# Sites (7)
1 Rivendell (TW)
1 Lórien (TW)
1 Moria (TW)
1 Bag End (TW)
1 Lake-town (TW)
1 Minas Tirith (TW)
1 Edoras (TW)
"""

LOTR_DRAW = """\
Free Peoples:
4 Dwarf Guard
4 Lórien Elf
4 Elven Cloak
4 Strength of Spirit
4 Athelas
4 Armor
3 Great Shield
3 Coat of Mail

Shadow:
4 Goblin Runner
4 Goblin Sneak
4 Goblin Scavengers
4 Goblin Marksman
4 Moria Scout
4 Goblin Scimitar
3 They Are Coming
3 Relentless
"""

# 001 Building your deck: Ring-bearer and Ring, nine sites numbered 1–9 (Fellowship block),
# 30 Free Peoples and 30 Shadow cards from sets 1–3.
FELLOWSHIP = f"""\
Ring-bearer: Frodo, Son of Drogo
Ring: The One Ring, The Ruling Ring

Adventure deck:
Bag End
Bree Gate
Council Courtyard
Balin's Tomb
The Bridge of Khazad-dûm
Galadriel's Glade
Anduin Confluence
Anduin Banks
Emyn Muil

{LOTR_DRAW}"""

# 001 Formats, Open: sites from set 11 on, at most three with one Shadow number (here 3/3/3).
OPEN = f"""\
Ring-bearer: Frodo, Son of Drogo
Ring: The One Ring, The Ruling Ring

Adventure deck:
Anduin Banks (11)
Buckland Homestead (11)
Crags of Emyn Muil (11)
Anduin Confluence (11)
Cavern Entrance (11)
Ettenmoors (11)
Barazinbar (11)
Caras Galadhon (11)
Chamber of Mazarbul (11)

{LOTR_DRAW}"""

BASES: dict[str, tuple[str, str, str | None, str]] = {
    "wizard": (METW, "coe", "wizard", WIZARD),
    "ringwraith": (METW, "coe", "ringwraith", RINGWRAITH),
    "fallen-wizard": (METW, "coe", "fallen-wizard", FALLEN_WIZARD),
    "balrog": (METW, "coe", "balrog", BALROG),
    "starter": (METW, "starter", None, STARTER),
    "fellowship": (LOTR, "fellowship-block", None, FELLOWSHIP),
    "open": (LOTR, "open", None, OPEN),
}

_KEEP = object()  # the base deck's player type


@dataclass(frozen=True)
class Case:
    id: str
    base: str
    edits: tuple[tuple[str, str], ...]  # (old, new) text replacements, each applied once
    expected: frozenset[str]
    source: str
    player_type: object = _KEEP

    def deck(self) -> tuple[str, str, str | None, str]:
        game, fmt, player_type, text = BASES[self.base]
        for old, new in self.edits:
            assert old in text, f"{self.id}: {old!r} is not in the {self.base} base deck"
            text = text.replace(old, new, 1)
        return game, fmt, player_type if self.player_type is _KEEP else self.player_type, text


def case(id, base, edits, codes, source, player_type=_KEEP) -> Case:
    codes = {codes} if isinstance(codes, str) else set(codes)
    return Case(id, base, tuple(edits), frozenset(codes), source, player_type)


def add(heading: str, lines: str) -> tuple[str, str]:
    """Insert lines right under a heading line of the base deck."""
    return heading + "\n", heading + "\n" + lines + "\n"


SIX_HEROES = (
    "1 Arwen (TW)\n1 Glorfindel II (TW)\n1 Legolas (TW)\n1 Gimli (TW)\n1 Merry (TW)\n1 Pippin (TW)"
)
AGENTS_40_MIND = (
    "1 Golodhros (DM)\n1 Baduila (DM)\n1 Elerína (DM)\n1 The Grimburgoth (DM)\n1 Anarin (DM)"
)
NINE_HAZARDS = "3 Ghouls (TW)\n3 Ghosts (TW)\n3 Brigands (TW)"

CASES = [
    # ---------------------------------------------------------------- CoE, Wizard
    case(
        "coe-wizard-29-resources-29-hazards",
        "wizard",
        [("3 Healing Herbs (TW)", "2 Healing Herbs (TW)"), ("3 Long Winter", "2 Long Winter")],
        "resources_count",
        "CoE 1.5 (RULES.md §4.4): 30–50 resources",
    ),
    case(
        "coe-wizard-31-resources-30-hazards",
        "wizard",
        [add("# Resources (30)", "1 Fog (TW)")],
        "resources_hazards_equal",
        "CoE 1.5: the same number of hazards as resources",
    ),
    case(
        "coe-wizard-11-characters",
        "wizard",
        [add("# Characters (7)", SIX_HEROES)],
        "play_characters_max",
        "CoE 1.5: up to 10 non-avatar characters in the play deck",
    ),
    case(
        "coe-wizard-4-avatar-cards",
        "wizard",
        [("2 Gandalf (TW)", "4 Gandalf (TW)")],
        "avatars_max",
        "CoE 1.5: up to three avatar cards",
    ),
    case(
        "coe-wizard-3-different-avatars",
        "wizard",
        [("2 Gandalf (TW)", "1 Gandalf (TW)\n1 Saruman (TW)\n1 Alatar (TW)")],
        "avatars_all_different",
        "CoE 1.5: any mix of avatar cards except three different avatars",
    ),
    case(
        "coe-wizard-two-avatars-doubled",
        "wizard",
        [("1 Radagast (TW)", "2 Radagast (TW)")],
        "avatar_copies",
        "docs/deck-rules.md avatar_copies: play deck + sideboards, only one avatar may have 2+ copies",
    ),
    case(
        "coe-wizard-9-creatures",
        "wizard",
        [("3 Wargs (TW)", "3 Fell Winter (TW)"), ("3 Cave-drake (TW)", "3 Call of Home (TW)")],
        "creatures_min",
        "CoE 1.5.1: at least 12 creatures among the hazards",
    ),
    case(
        "coe-wizard-unique-in-play-and-sideboard",
        "wizard",
        [add("# Sideboard (5)", "1 Balin (TW)")],
        "copies_unique",
        "CoE 1.3.1: one of each unique card across the whole deck",
    ),
    case(
        "coe-wizard-4-orc-patrols-with-sideboard",
        "wizard",
        [add("# Sideboard (5)", "1 Orc-patrol (TW)")],
        "copies_nonunique",
        "CoE 1.3.1: three of each non-unique card across the whole deck",
    ),
    case(
        "coe-wizard-two-moria",
        "wizard",
        [("1 Moria (TW)", "2 Moria (TW)")],
        "site_copies",
        "CoE 1.4; 003 Part I §3 step 1: one of each non-haven site",
    ),
    case(
        "coe-wizard-region",
        "wizard",
        [add("# Sites (9)", "1 Rhudaur (TW)")],
        "regions_not_allowed",
        "CoE 1.4: no region cards",
    ),
    case(
        "coe-wizard-sideboard-32",
        "wizard",
        [
            add(
                "# Sideboard (5)",
                NINE_HAZARDS + "\n3 Barrow-wight (TW)\n3 Giant Spiders (TW)"
                "\n3 Huorn (TW)\n3 Orc-raiders (TW)\n3 Orc-warband (TW)\n3 Orc-watch (TW)",
            )
        ],
        "sideboard_size",
        "CoE 1.6.1: a sideboard of up to 30 cards in the Short game",
    ),
    case(
        "coe-wizard-sideboard-vs-fw-11",
        "wizard",
        [
            (
                "# Sites (9)",
                f"# Sideboard vs Fallen-wizard (11)\n{NINE_HAZARDS}\n2 Huorn (TW)\n\n# Sites (10)",
            )
        ],
        "sideboard_fw_size",
        "CoE 1.6.1: up to 10 more cards usable only against a Fallen-wizard",
    ),
    case(
        "coe-wizard-pool-11-characters",
        "wizard",
        [add("# Pool (7)", SIX_HEROES)],
        "pool_characters",
        "CoE 1.7: up to 10 non-avatar characters in the pool",
    ),
    case(
        "coe-wizard-avatar-in-pool",
        "wizard",
        [add("# Pool (7)", "1 Saruman (TW)")],
        "pool_avatar",
        "CoE 1.7: the pool holds non-avatar characters",
    ),
    case(
        "coe-wizard-major-item-in-pool",
        "wizard",
        [("1 Elven Cloak (TW)", "1 Hauberk of Bright Mail (TW)")],
        "pool_item_kind",
        "CoE 1.7: pool items are non-unique minor items",
    ),
    case(
        "coe-wizard-three-pool-items",
        "wizard",
        [add("# Pool (7)", "1 Shield of Iron-bound Ash (TW)")],
        "pool_items",
        "CoE 1.7: up to two non-unique minor items",
    ),
    case(
        "coe-wizard-event-in-pool",
        "wizard",
        [add("# Pool (7)", "1 Fog (TW)")],
        "pool_card_type",
        "CoE 1.7: the pool is characters and minor items",
    ),
    case(
        "coe-wizard-minion-event",
        "wizard",
        [("3 Block (TW)", "3 Orc Stealth (LE)")],
        "player_type_card",
        "CoE 1.2/1.3: a Wizard player's resources are hero (or minion items)",
    ),
    case(
        "coe-fallen-wizard-card-for-another-avatar",
        "fallen-wizard",
        [("2 Hidden Ways (LE)", "1 Hidden Ways (LE)\n1 Arcane School (WH)")],
        "specific_to_avatar",
        "CoE deck construction: a card specific to an avatar only if its player declares "
        "that avatar (Arcane School is Pallando's; this deck is Saruman's)",
    ),
    case(
        "coe-wizard-unknown-card",
        "wizard",
        [add("# Sideboard (5)", "1 Frodo's Imaginary Friend (TW)")],
        "unknown_card",
        "every listed card must be a card of the game",
    ),
    # ---------------------------------------------------------------- CoE, Ringwraith
    case(
        "coe-ringwraith-agents-mind-40",
        "ringwraith",
        [add("# Sideboard (4)", AGENTS_40_MIND)],
        "agents_mind",
        "CoE 1.3.2: agents' total mind at most 36",
    ),
    case(
        "coe-ringwraith-hero-character",
        "ringwraith",
        [("1 Asternak (LE)", "1 Faramir (TW)")],
        "player_type_card",
        "CoE 1.2/1.3: a Ringwraith player's characters are minion",
    ),
    # ---------------------------------------------------------------- CoE, Fallen-wizard
    case(
        "coe-fw-banned-old-road",
        "fallen-wizard",
        [("2 Lucky Strike (TW)", "2 Old Road (TW)")],
        "banned_for_player_type",
        "CoE deck construction: Fallen-wizard banned list",
    ),
    case(
        "coe-fw-stage-pool-1-point",
        "fallen-wizard",
        [("1 A New Ringlord (WH)", "1 Double-dealing (WH)")],
        "fw_stage_pool",
        "docs/deck-rules.md fw_stage_pool: pool Stage resources total exactly 3 stage points",
    ),
    case(
        "coe-fw-stage-pool-only-unique",
        "fallen-wizard",
        [("1 A New Ringlord (WH)", "1 The Fortress of Isen (WH)")],
        "fw_stage_pool",
        "docs/deck-rules.md fw_stage_pool: at least one non-unique Stage resource in the pool",
    ),
    case(
        "coe-fw-no-stage-pool",
        "fallen-wizard",
        [("1 A New Ringlord (WH)\n", "")],
        "fw_stage_pool",
        "docs/deck-rules.md fw_stage_pool: the pool's Stage resources total exactly 3 stage points",
    ),
    case(
        "coe-fw-three-of-a-hero-resource",
        "fallen-wizard",
        [("2 Concealment (TW)", "3 Concealment (TW)"), ("2 Dodge (TW)", "1 Dodge (TW)")],
        "copies_nonunique",
        "CoE 1.3.x: a Fallen-wizard has at most two of each non-unique hero/minion resource",
    ),
    case(
        "coe-fw-two-hero-havens",
        "fallen-wizard",
        [("1 Rivendell (TW)", "2 Rivendell (TW)")],
        "site_copies",
        "docs/deck-rules.md site_copies: a Fallen-wizard has one copy of each hero or minion haven",
    ),
    case(
        "coe-fw-dol-amroth-hero-or-minion",
        "fallen-wizard",
        [add("# Sites (7)", "1 Dol Amroth")],
        "ambiguous_card",
        "a Fallen-wizard may hold hero and minion Dol Amroth: the list must say which",
    ),
    case(
        "coe-fw-3-dual-copies-as-resources",
        "fallen-wizard",
        [
            ("2 Block (TW)\n", ""),
            add("# Resources (30)", "3 Wild Hounds (WH)"),
            add("# Hazards (30)", "1 Fell Winter (TW)"),
        ],
        "resources_hazards_equal",
        "docs/deck-rules.md: a Fallen-wizard counts at most 2 copies of each dual card as resources",
    ),
    # ---------------------------------------------------------------- CoE, Balrog
    case(
        "coe-balrog-banned-black-rider",
        "balrog",
        [("3 Hidden Ways (LE)", "3 Black Rider (LE)")],
        "banned_for_player_type",
        "CoE deck construction: Balrog banned list",
    ),
    case(
        "coe-balrog-man-character",
        "balrog",
        [add("# Characters (6)", "1 Asternak (LE)")],
        "balrog_character_race",
        "CoE deck construction: a Balrog player's characters are Orcs and Trolls",
    ),
    case(
        "coe-balrog-mind-9-troll",
        "balrog",
        [add("# Characters (6)", "1 Lieutenant of Morgul (LE)")],
        "balrog_character_mind",
        "CoE deck construction: Balrog characters of mind 9+ must be Balrog-specific",
    ),
    case(
        "coe-balrog-man-faction",
        "balrog",
        [("3 Poison (LE)", "2 Poison (LE)\n1 Hillmen (LE)")],
        "balrog_faction",
        "CoE deck construction: Balrog factions are Orcs, Trolls, Wolves, Animals, Dragons",
    ),
    case(
        "coe-balrog-minion-moria",
        "balrog",
        [add("# Sites (7)", "1 Moria (LE)")],
        "balrog_site",
        "CoE deck construction: a Balrog player uses the Balrog version of Moria",
    ),
    case(
        "coe-balrog-hero-site",
        "balrog",
        [add("# Sites (7)", "1 Bag End (TW)")],
        "player_type_card",
        "CoE 1.2/1.3: a Balrog player's sites are minion or Balrog",
    ),
    # ---------------------------------------------------------------- METW rulebook, starter
    case(
        "starter-24-resources-24-hazards",
        "starter",
        [("3 Dodge (TW)", "2 Dodge (TW)"), ("3 Twilight (TW)", "2 Twilight (TW)")],
        "resources_count",
        "003 Part I §3 step 2: between 25 and 50 resources",
    ),
    case(
        "starter-26-resources-25-hazards",
        "starter",
        [add("# Resources (25)", "1 Fog (TW)")],
        "resources_hazards_equal",
        "003 Part I §3 step 2: an equal number of hazards",
    ),
    case(
        "starter-11-characters",
        "starter",
        [add("# Characters (7)", SIX_HEROES)],
        "play_characters_max",
        "003 Part I §3 step 5: up to 10 character cards",
    ),
    # Every hero character is unique: a second copy is the unique-card rule's problem, told
    # once (docs/deck-rules.md: play_character_copies is for non-unique characters).
    case(
        "starter-minion-item",
        "starter",
        [("1 Glamdring (TW)", "1 Orc-draughts (LE)")],
        "player_type_card",
        "003: the rulebook's game is a hero game — no minion items (CoE allows them, not 003)",
    ),
    case(
        "coe-wizard-agent-in-pool",
        "wizard",
        [("1 Beregond (TW)", "1 Wormtongue (DM)")],
        "pool_card_type",
        "CoE: a Wizard player's agent is a hazard in all areas, so not a pool character",
    ),
    case(
        "starter-two-balin",
        "starter",
        [("1 Balin (TW)", "2 Balin (TW)")],
        "copies_unique",
        "003 Part I §2 “Unique”: one copy of a unique card (§3 step 5: one of each character)",
    ),
    case(
        "starter-three-wizards",
        "starter",
        [add("# Characters (7)", "1 Saruman (TW)")],
        "avatars_max",
        "003 Part I §3 step 5: up to two Wizard cards",
    ),
    case(
        "starter-two-glamdring",
        "starter",
        [("1 Glamdring (TW)", "2 Glamdring (TW)"), ("3 Stealth (TW)", "2 Stealth (TW)")],
        "copies_unique",
        "003 Part I §3 step 2: only one of each unique card",
    ),
    case(
        "starter-4-orc-patrols",
        "starter",
        [("3 Orc-patrol (TW)", "4 Orc-patrol (TW)"), ("3 Orc-guard (TW)", "2 Orc-guard (TW)")],
        "copies_nonunique",
        "003 Part I §3 step 2: no more than three copies of a non-unique card",
    ),
    case(
        "starter-6-starting-characters",
        "starter",
        [add("# Pool (5)", "1 Beregond (TW)\n1 Bergil (TW)\n1 Damrod (TW)")],
        "pool_characters",
        "003 Part I §3 step 3: one to five starting characters",
    ),
    case(
        "starter-wizard-in-starting-company",
        "starter",
        [add("# Pool (5)", "1 Saruman (TW)")],
        "pool_avatar",
        "003 Part I §3 step 3: no Wizards among the starting characters",
    ),
    case(
        "starter-starting-mind-21",
        "starter",
        [("1 Anborn (TW)\n1 Bard Bowman (TW)", "1 Aragorn II (TW)\n1 Galadriel (TW)")],
        "pool_mind",
        "003 Part I §3 step 3: combined mind 20 or less",
    ),
    case(
        "starter-three-starting-items",
        "starter",
        [add("# Pool (5)", "1 Healing Herbs (TW)")],
        "pool_items",
        "003 Part I §3 step 4: up to two minor items in total",
    ),
    case(
        "starter-major-starting-item",
        "starter",
        [("1 Elven Cloak (TW)", "1 Hauberk of Bright Mail (TW)")],
        "pool_item_kind",
        "003 Part I §3 step 4: non-unique minor items",
    ),
    case(
        "starter-event-with-starting-company",
        "starter",
        [add("# Pool (5)", "1 Fog (TW)")],
        "pool_card_type",
        "003 Part I §3 steps 3–4: starting characters and minor items only",
    ),
    case(
        "starter-sideboard",
        "starter",
        [("# Sites (7)", "# Sideboard (1)\n1 Wolves (TW)\n\n# Sites (7)")],
        "sideboard_size",
        "003 Part II §2: the sideboard is a Standard-rules addition",
    ),
    case(
        "starter-region",
        "starter",
        [add("# Sites (7)", "1 Rhudaur (TW)")],
        "regions_not_allowed",
        "003 Part I Movement clarification: region cards are not used with the Starter Rules",
    ),
    case(
        "starter-two-moria",
        "starter",
        [("1 Moria (TW)", "2 Moria (TW)")],
        "site_copies",
        "003 Part I §3 step 1: only one of each non-Haven site card",
    ),
    case(
        "starter-minion-event",
        "starter",
        [("3 Block (TW)", "3 Orc Stealth (LE)")],
        "player_type_card",
        "RULES.md §4.1 / docs/deck-rules.md: the rulebook formats take hero cards only",
    ),
    # ---------------------------------------------------------------- LOTR TCG
    case(
        "lotr-no-ring-bearer",
        "fellowship",
        [("Ring-bearer: Frodo, Son of Drogo\n", "")],
        "ring_bearer_missing",
        "001 Building your deck: a Ring-bearer bearing The One Ring",
    ),
    case(
        "lotr-two-ring-bearers",
        "fellowship",
        [add("Ring-bearer: Frodo, Son of Drogo", "Ring-bearer: Frodo, Old Bilbo's Heir")],
        "ring_bearer_count",
        "001 Building your deck: a Ring-bearer (one)",
    ),
    case(
        "lotr-legolas-ring-bearer",
        "fellowship",
        [("Ring-bearer: Frodo, Son of Drogo", "Ring-bearer: Legolas, Greenleaf")],
        "ring_bearer_invalid",
        "001 Ring-bearer and The One Ring: ringed resistance icon or any version of Frodo",
    ),
    case(
        "lotr-no-ring",
        "fellowship",
        [("Ring: The One Ring, The Ruling Ring\n", "")],
        "ring_missing",
        "001 Building your deck: bearing The One Ring",
    ),
    case(
        "lotr-sting-as-ring",
        "fellowship",
        [("Ring: The One Ring, The Ruling Ring", "Ring: Sting")],
        "ring_invalid",
        "001 Ring-bearer and The One Ring: any version of The One Ring",
    ),
    case(
        "lotr-one-ring-in-draw-deck",
        "fellowship",
        [add("Free Peoples:", "1 The One Ring, Isildur's Bane")],
        "ring_in_draw_deck",
        "001 Building your deck: Draw Deck, no copies of The One Ring",
    ),
    case(
        "lotr-58-card-draw-deck",
        "fellowship",
        [("4 Athelas", "3 Athelas"), ("4 Moria Scout", "3 Moria Scout")],
        "draw_deck_size",
        "001 Building your deck: Draw Deck, at least 60 cards",
    ),
    case(
        "lotr-31-free-peoples-29-shadow",
        "fellowship",
        [("4 Moria Scout", "3 Moria Scout"), add("Free Peoples:", "1 Sting")],
        "fp_shadow_equal",
        "001 Building your deck: Draw Deck, equal Shadow and Free Peoples cards",
    ),
    case(
        "lotr-five-gandalf-subtitles-ignored",
        "fellowship",
        [
            (
                "4 Strength of Spirit",
                "3 Gandalf, The Grey Wizard\n2 Gandalf, Friend of the Shirefolk",
            ),
            ("4 Athelas", "3 Athelas"),
        ],
        "copies_title",
        "001 Building your deck: Draw Deck, up to four copies of each title, subtitles ignored",
    ),
    case(
        "lotr-four-frodo-in-draw-deck",
        "fellowship",
        [("4 Strength of Spirit", "4 Frodo, Old Bilbo's Heir")],
        "copies_ring_bearer",
        "001 Building your deck: Draw Deck exception, three copies of the Ring-bearer",
    ),
    case(
        "lotr-set-4-event-in-fellowship-block",
        "fellowship",
        [("3 Relentless", "3 Anger")],
        "not_in_format",
        "001 Formats: Fellowship block, only cards from sets 1, 2 and 3",
    ),
    case(
        "lotr-eight-sites",
        "fellowship",
        [("Emyn Muil\n", "")],
        "sites_count",
        "001 Building your deck: Adventure Deck, exactly nine sites",
    ),
    case(
        "lotr-open-same-site-twice",
        "open",
        [("Buckland Homestead (11)", "Anduin Banks (11)")],
        "sites_duplicate",
        "001 Building your deck: Adventure Deck, each site must be different",
    ),
    case(
        "lotr-open-fellowship-site",
        "open",
        [("Chamber of Mazarbul (11)", "Balin's Tomb (1)")],
        "site_block",
        "001 Formats: Open, only sites from set 11 onward",
    ),
    case(
        "lotr-fellowship-no-site-9",
        "fellowship",
        [("Emyn Muil", "Moria Lake")],
        "site_numbers",
        "001 Adventure Deck: Fellowship block, one site for each of the nine numbers",
    ),
    case(
        "lotr-open-four-shadow-number-0",
        "open",
        [("Barazinbar (11)", "East Road (11)")],
        "site_shadow_number",
        "001 Adventure Deck: Open, no more than three sites with one Shadow number",
    ),
    case(
        "lotr-cards-in-adventure-deck",
        "fellowship",
        [add("Adventure deck:", "1 Sting\n1 Goblin Wallcrawler")],
        "wrong_section",
        "001 Building your deck: the adventure deck holds site cards",
    ),
    case(
        "lotr-unknown-card",
        "fellowship",
        [add("Free Peoples:", "1 Frodo's Imaginary Friend")],
        "unknown_card",
        "every listed card must be a card of the game",
    ),
    case(
        "lotr-bare-gandalf",
        "fellowship",
        [add("Free Peoples:", "1 Gandalf")],
        "ambiguous_card",
        "a bare title that fits several cards must name the card",
    ),
]

# The rulebook's Fellowship/Tower/King/War of the Ring blocks and Open have no X-list and no
# restricted list (001 Formats: Open "all cards allowed"); only community formats have them.
NOT_IN_RULEBOOK_FORMATS = {"banned", "copies_restricted"}  # test_rules_lotr, test_full_databases
# A whole deck always holds cards that tell its player type (docs/deck-rules.md, inference), so this
# code cannot be the only problem of a one-edit deck: it has its own test below.
NOT_A_SINGLE_EDIT = {"player_type_unknown"}
# 003 Part I §3 step 5 "only one of each character card": every hero character printed is
# unique, so a second copy is always the unique rule's problem (see the test below).
UNREACHABLE_WITH_THE_CARDS = {"play_character_copies"}
# 001 Draw Deck: only sites, The One Ring, Players Council maps and rtmd metasites are neither
# Free Peoples nor Shadow. A site listed in the draw deck is moved to the adventure deck, the
# Ring and a map have places of their own, and no metasite is in a rulebook format's sets.
UNREACHABLE_WITH_THE_CARDS |= {"draw_deck_card_type"}

CONTRACT_ERROR_CODES = {
    # METW (CoE and rulebook formats)
    "resources_count",
    "resources_hazards_equal",
    "play_characters_max",
    "play_character_copies",
    "avatars_max",
    "avatars_all_different",
    "avatar_copies",
    "creatures_min",
    "agents_mind",
    "copies_unique",
    "copies_nonunique",
    "site_copies",
    "regions_not_allowed",
    "sideboard_size",
    "sideboard_fw_size",
    "pool_characters",
    "pool_avatar",
    "pool_mind",
    "pool_item_kind",
    "pool_items",
    "pool_card_type",
    "fw_stage_pool",
    "specific_to_avatar",
    "player_type_unknown",
    "player_type_card",
    "banned_for_player_type",
    "balrog_character_race",
    "balrog_character_mind",
    "balrog_faction",
    "balrog_site",
    "wrong_section",
    "unknown_card",
    "ambiguous_card",
    # LOTR TCG
    "ring_bearer_missing",
    "ring_bearer_count",
    "ring_bearer_invalid",
    "ring_missing",
    "ring_invalid",
    "ring_in_draw_deck",
    "draw_deck_card_type",
    "draw_deck_size",
    "fp_shadow_equal",
    "copies_title",
    "copies_ring_bearer",
    "copies_restricted",
    "banned",
    "not_in_format",
    "sites_count",
    "sites_duplicate",
    "site_block",
    "site_numbers",
    "site_shadow_number",
}


def test_every_contract_code_has_a_hand_made_case():
    assert len({c.id for c in CASES + LEGAL_VARIANTS}) == len(CASES) + len(LEGAL_VARIANTS)
    covered = {code for c in CASES for code in c.expected}
    assert (
        covered | NOT_IN_RULEBOOK_FORMATS | NOT_A_SINGLE_EDIT | UNREACHABLE_WITH_THE_CARDS
        == CONTRACT_ERROR_CODES
    )


def test_every_hero_character_is_unique(card_data_dir):
    """Why play_character_copies has no hand-made deck: the rulebook formats hold hero cards
    only, and no hero character (avatars aside) is non-unique."""
    cards = json.loads((card_data_dir / "metw" / "cards.json").read_text(encoding="utf-8"))
    non_unique = [
        c["name"]
        for c in cards
        if c["type"] == "character"
        and c["alignment"] == "hero"
        and not c["is_avatar"]
        and not c["is_agent"]
        and not c["unique"]
    ]
    assert non_unique == []


@pytest.mark.parametrize("base", sorted(BASES))
def test_base_deck_is_legal(base, project, card_data_dir):
    game, fmt, player_type, text = BASES[base]
    v = project(text, game, fmt, player_type)
    r = ref.check(text, game, fmt, player_type, card_data_dir)
    got = {
        "project": (errors(v), [u["name"] for u in v.unresolved]),
        "reference": (r.codes, r.unresolved),
    }
    assert got == {"project": (set(), []), "reference": (set(), [])}
    assert [p.code for p in v.problems] == []  # not even a warning: the bases are clean


@pytest.mark.parametrize("c", [pytest.param(c, id=c.id) for c in CASES])
def test_one_broken_rule_gives_that_problem_only(c: Case, project, card_data_dir):
    game, fmt, player_type, text = c.deck()
    v = project(text, game, fmt, player_type)
    r = ref.check(text, game, fmt, player_type, card_data_dir)
    got = {"project": errors(v), "reference": r.codes}
    assert got == {"project": set(c.expected), "reference": set(c.expected)}, c.source


def test_player_type_unknown_when_the_cards_do_not_tell(project, card_data_dir):
    """CoE 1.2: the player type decides what a deck may hold. Hazards (and agents) say nothing
    about it; without a given type both checkers ask for one."""
    text = HAZARDS
    v = project(text, METW, "coe", None)
    r = ref.check(text, METW, "coe", None, card_data_dir)
    assert "player_type_unknown" in errors(v) and "player_type_unknown" in r.codes


# Decks the rules allow although a careless reading would refuse them.
LEGAL_VARIANTS = [
    case(
        "coe-wizard-site-among-hazards",
        "wizard",
        [("1 Bag End (TW)\n", ""), add("# Hazards (30)", "1 Bag End (TW)")],
        set(),
        "docs/deck-rules.md: a site among the play-deck cards is counted in the location deck "
        "(a warning, site_moved)",
    ),
    case(
        "starter-site-among-hazards",
        "starter",
        [("1 Bag End (TW)\n", ""), add("# Hazards (25)", "1 Bag End (TW)")],
        set(),
        "003 Part I §2: site cards form the location deck; listed with the hazards, it is moved",
    ),
    case(
        "lotr-site-among-shadow-cards",
        "fellowship",
        [("Galadriel's Glade\n", ""), add("Shadow:", "1 Galadriel's Glade")],
        set(),
        "001 Draw Deck: no sites in the draw deck — a site listed there goes to the adventure deck",
    ),
    case(
        "starter-agent-is-a-hazard",
        "starter",
        [("3 Orc-patrol (TW)", "2 Orc-patrol (TW)\n1 Wormtongue (DM)")],
        set(),
        "docs/deck-rules.md: an agent is a hazard in a Wizard's deck",
    ),
    case(
        "coe-hero-cards-without-avatar-read-as-wizard",
        "wizard",
        [("2 Gandalf (TW)\n", ""), ("1 Radagast (TW)\n", "")],
        set(),
        "docs/deck-rules.md inference: with no player type given, a deck of hero cards is a Wizard's",
        player_type=None,
    ),
    case(
        "coe-wizard-agents-count-as-hazards",
        "wizard",
        [("3 Long Winter (TW)", "1 Wormtongue (DM)\n1 Bill Ferny (DM)\n1 Eun (DM)")],
        set(),
        "docs/deck-rules.md: agents are hazards for a Wizard player (half a creature each)",
    ),
    case(
        "coe-wizard-minion-items",
        "wizard",
        [("3 Horn of Anor (TW)", "3 Orc-draughts (LE)")],
        set(),
        "docs/deck-rules.md player_type_card: a Wizard player may hold minion items",
    ),
    case(
        "coe-wizard-shared-balrog-site",
        "wizard",
        [add("# Sites (9)", "1 The Wind-deeps (BA)")],
        set(),
        "docs/deck-rules.md player_type_card: every player may hold the five Balrog-only sites",
    ),
    case(
        "coe-wizard-dual-card-counts-as-resource",
        "wizard",
        [("3 Healing Herbs (TW)", "2 Healing Herbs (TW)\n1 Deadly Dart (LE)")],
        set(),
        "docs/deck-rules.md: a dual card may count as a resource or a hazard",
    ),
    case(
        "coe-player-type-told-by-the-avatar",
        "wizard",
        [],
        set(),
        "docs/deck-rules.md player_type_unknown: only when the cards do not tell",
        player_type=None,
    ),
    case(
        "coe-ringwraith-agent-as-character",
        "ringwraith",
        [add("# Characters (7)", "1 Wormtongue (DM)")],
        set(),
        "docs/deck-rules.md: agents are characters for a Ringwraith player",
    ),
    case(
        "coe-ringwraith-hero-items",
        "ringwraith",
        [("3 Poison (LE)", "3 Dagger of Westernesse (TW)")],
        set(),
        "docs/deck-rules.md player_type_card: a Ringwraith player may hold hero items",
    ),
    case(
        "coe-fw-two-dual-copies-as-resources",
        "fallen-wizard",
        [
            ("2 Block (TW)\n", ""),
            add("# Resources (30)", "3 Wild Hounds (WH)"),
            ("3 Long Winter (TW)", "2 Long Winter (TW)"),
        ],
        set(),
        "docs/deck-rules.md: 28 resources + 3 dual + 29 hazards splits as 30/30 with 2 duals as resources",
    ),
    case(
        "coe-balrog-moria-is-the-balrog-version",
        "balrog",
        [("2 Moria (BA)", "2 Moria")],
        set(),
        "docs/deck-rules.md: the printing that fits the player type is preferred",
    ),
]


@pytest.mark.parametrize("c", [pytest.param(c, id=c.id) for c in LEGAL_VARIANTS])
def test_legal_variants_stay_legal(c: Case, project, card_data_dir):
    game, fmt, player_type, text = c.deck()
    v = project(text, game, fmt, player_type)
    r = ref.check(text, game, fmt, player_type, card_data_dir)
    got = {"project": errors(v), "reference": r.codes}
    assert got == {"project": set(), "reference": set()}, c.source
