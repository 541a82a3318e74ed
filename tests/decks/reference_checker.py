"""An independent reference of the deck construction rules, for tests only.

Written from the rules, not from the project's validator: docs/deck-rules.md (problem codes,
Council of Elrond "CoE" rules with player types), shared/docs/RULES.md §4, the METW rulebook
(shared/seeds/003_*.txt, Part I §2–3, Part II §1–3) and the LOTR TCG rulebook (001_*.txt,
"Building your deck", "Formats"). It reads the raw JSON card databases itself and has its own
small deck-text parser, so that a shared misunderstanding is the only way both can agree wrongly.

    check(text, "metw", "coe", "wizard", Path("/work/shared/data")) -> RefVerdict
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from contextlib import suppress
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

Card = dict[str, Any]

METW, LOTR = "metw", "lotr-tcg"


@dataclass
class RefVerdict:
    legal: bool
    codes: set[str]  # ERROR codes only
    unresolved: list[str]
    warnings: set[str] = field(default_factory=set)


def key(name: str) -> str:
    """The matching key: case, accents and punctuation ignored ("Lórien" = "lorien")."""
    text = unicodedata.normalize("NFKD", name.replace("’", "'").lower())
    return re.sub(r"[^0-9a-z]", "", "".join(ch for ch in text if not unicodedata.combining(ch)))


def names(text: str) -> set[str]:
    """Keys of a "; "-separated list of card names."""
    return {key(n) for n in text.split(";")}


# --------------------------------------------------------------------------- deck text


@dataclass(frozen=True)
class Line:
    line_no: int
    count: int
    name: str
    zone: str
    set_hint: str | None = None  # METW "TW"; LOTR "1" (set) or "1_290" (id)
    tag: str | None = None  # METW [H] / [M]


_COMMENT = re.compile(r"\s*(//|;).*$")
_COUNT_FIRST = re.compile(r"^(\d+)\s*(?:[x×](?=\s|[A-Z•'\"])|-)?\s*(?P<name>.+)$")
_X_FIRST = re.compile(r"^[x×](\d+)\s+(?P<name>.+)$")
_COUNT_LAST = re.compile(r"^(?P<name>.+?)\s*\(?\s*[x×]\s*(\d+)\s*\)?$")
_TAG = re.compile(r"\[(H|M)\]", re.IGNORECASE)
_NOTE = re.compile(r"\s*\[[^\]]*\]")
_METW_SET = re.compile(r"\s*\(([A-Za-z]{2})\)\s*$")
_LOTR_ID = re.compile(r"\s*\((\d+)_(\d+)\)\s*$")
_LOTR_COLLECTOR = re.compile(r"\s*\((\d+)[A-Za-z]+(\d+)\)\s*$")
_LOTR_LEADING_COLLECTOR = re.compile(r"^(?:(\d+)\s*[x×]?\s+)?(\d+)[A-Za-z]+(\d+)\s+(\D.*)$")
_LOTR_SET = re.compile(r"\s*\((\d+)\)\s*$")
_DECLARED = re.compile(r"\s*\(\s*\d+\s*\)\s*$")


def _metw_zone(heading: str, current: str) -> str:
    h = heading.lower()
    if "sideboard" in h:
        return "sideboard_fw" if "fallen" in h or re.search(r"\bfw\b", h) else "sideboard"
    if current in ("sideboard", "sideboard_fw") and re.search(
        r"character|avatar|wizard|resource|hazard|agent", h
    ):
        # GCCG groups a sideboard by card type; those sub-headings stay in the sideboard.
        return current
    if "pool" in h or "starting" in h:
        return "pool"
    if "site" in h or "location" in h or "region" in h:
        return "sites"
    if re.search(r"character|avatar|wizard|ringwraith|resource|hazard|agent|play", h):
        return "play"
    return "main"  # no heading yet, or one that names no part of a deck


def _lotr_zone(heading: str, current: str) -> str:
    h = key(heading)
    if h.startswith("ringbearer"):
        return "ring_bearer"
    if h in ("ring", "theonering"):
        return "ring"
    if "adventure" in h or "site" in h:
        return "sites"
    return "draw"


_KNOWN_HEADINGS = {
    key(h)
    for h in (
        "Pool",
        "Characters",
        "Character",
        "Avatars",
        "Resources",
        "Resource",
        "Hazards",
        "Hazard",
        "Sideboard",
        "Sites",
        "Site",
        "Location deck",
        "Play deck",
        "Free Peoples",
        "Shadow",
        "Adventure deck",
        "Draw deck",
    )
}


def parse(text: str, game: str) -> list[Line]:
    zone_of = _metw_zone if game == METW else _lotr_zone
    zone = "main"
    lines: list[Line] = []
    for no, raw in enumerate(text.splitlines(), start=1):
        s = _COMMENT.sub("", raw).strip()
        if not s or not re.search(r"[A-Za-z]", s) or re.match(r"(?i)total\b", s):
            continue
        if game == LOTR:
            m = re.match(r"(?i)^(ring-?\s?bearer|ring)\s*:\s*(\S.*)$", s)
            if m:
                lines.append(_card_line(no, m.group(2), zone_of(m.group(1), zone), game))
                continue
        bare = _DECLARED.sub("", s.lstrip("#").strip()).rstrip(":").strip()
        if s.startswith("#") or s.endswith(":") or key(bare) in _KNOWN_HEADINGS:
            zone = zone_of(bare, zone)
            continue
        lines.append(_card_line(no, s, zone, game))
    return lines


def _card_line(no: int, s: str, zone: str, game: str) -> Line:
    count = 1
    if game == LOTR and (m := _LOTR_LEADING_COLLECTOR.match(s)):
        # "2 1C3 Axe Strike": the collector number written before the name.
        s = f"{m.group(1) or 1} {m.group(4)} ({m.group(2)}_{m.group(3)})"
    for pattern, name_group, count_group in (
        (_COUNT_FIRST, "name", 1),
        (_X_FIRST, "name", 1),
        (_COUNT_LAST, "name", 2),
    ):
        m = pattern.match(s)
        if m:
            count, s = int(m.group(count_group)), m.group(name_group)
            break
    tag = None
    if t := _TAG.search(s):
        tag = "hero" if t.group(1).upper() == "H" else "minion"
        s = _TAG.sub("", s)
    set_hint = None
    if game == METW:
        if m := _METW_SET.search(s):
            set_hint, s = m.group(1).upper(), s[: m.start()]
    elif m := _LOTR_ID.search(s) or _LOTR_COLLECTOR.search(s):
        set_hint, s = f"{int(m.group(1))}_{int(m.group(2))}", s[: m.start()]
    elif m := _LOTR_SET.search(s):
        set_hint, s = str(int(m.group(1))), s[: m.start()]
    name = _NOTE.sub("", s).replace("•", "").strip()
    return Line(no, count, name, zone, set_hint, tag)


# --------------------------------------------------------------------------- card data


@dataclass
class Db:
    game: str
    by_key: dict[str, list[Card]]
    by_title: dict[str, list[Card]] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    printings: dict[str, set[int]] = field(default_factory=dict)  # identity -> sets printed in

    def identity(self, card: Card) -> str:
        """LOTR: promos, reprints and errata count as the card they stand for."""
        cid = card["id"]
        return self.aliases.get(cid) or card.get("errata_of") or cid


@cache
def load(data_dir: Path, game: str) -> Db:
    if game == METW:
        cards = json.loads((data_dir / "metw" / "cards.json").read_text(encoding="utf-8"))
        db = Db(game, {})
        for c in cards:
            db.by_key.setdefault(key(c["name"]), []).append(c)
        return db
    cards = json.loads((data_dir / "lotr-tcg" / "cards.json").read_text(encoding="utf-8"))
    aliases = json.loads((data_dir / "lotr-tcg" / "aliases.json").read_text(encoding="utf-8"))
    db = Db(game, {}, {}, aliases)
    for c in cards:
        db.by_key.setdefault(lotr_key(c["full_name"] or c["title"]), []).append(c)
        db.by_title.setdefault(lotr_key(c["title"]), []).append(c)
        ident = db.identity(c)
        for printing in [c["id"], *c["alternate_ids"]]:
            db.printings.setdefault(ident, set()).add(_set_of(printing))
    for alias, base in aliases.items():
        db.printings.setdefault(base, set()).add(_set_of(alias))
    return db


def lotr_key(name: str) -> str:
    """The database tells two cards printed with one title apart as "Orc Pursuer(2)"."""
    return key(re.sub(r"\(\d+\)\s*$", "", name))


def _set_of(card_id: str) -> int:
    head = card_id.split("_")[0]
    return int(head) if head.isdigit() else -1


class Unresolved(Exception):
    def __init__(self, code: str) -> None:
        self.code = code


# Player types and the alignments each may hold, by the card's role in the deck (docs/deck-rules.md
# `player_type_card`; CoE 1.2/1.3). Hazards and neutral cards are open to every player.
HOLD: dict[str, dict[str, set[str]]] = {
    "wizard": {
        "avatar": {"hero"},
        "character": {"hero"},
        "resource": {"hero", "dual"},
        "site": {"hero"},
    },
    "ringwraith": {
        "avatar": {"minion"},
        "character": {"minion"},
        "resource": {"minion", "dual"},
        "site": {"minion"},
    },
    "fallen-wizard": {
        "avatar": {"fallen-wizard"},
        "character": {"hero", "minion", "fallen-wizard"},
        "resource": {"hero", "minion", "fallen-wizard", "dual"},
        "site": {"hero", "minion", "fallen-wizard"},
    },
    "balrog": {
        "avatar": {"balrog"},
        "character": {"minion", "balrog"},
        "resource": {"minion", "dual"},
        "site": {"minion", "balrog"},
    },
}
CROSS_ITEMS = {"wizard": "minion", "ringwraith": "hero"}  # items of the other side
OWN_ALIGNMENT = {
    "wizard": "hero",
    "ringwraith": "minion",
    "fallen-wizard": "fallen-wizard",
    "balrog": "balrog",
}
SHARED_BALROG_SITES = names(
    "Ancient Deep-hold; The Wind-deeps; The Drowning-deeps; The Rusted-deeps; "
    "Remains of Thangorodrim"
)

# docs/deck-rules.md banned lists (CoE). By name, except where a name is shared with another card.
FW_BANNED_NAMES = names(
    "Bade to Rule; Cracks of Doom; Favor of the Valar; Gollum's Fate; Hour of Need; "
    "Kill All But NOT the Halflings; The Lidless Eye; Glamour of Surpassing Excellence; "
    "Messenger of Mordor; News Must Get Through; News of the Shire; Old Road; "
    "The Sun Unveiled; Use Your Legs; The Windlord Found Me; Wizard Uncloaked"
)
# The Balrog is banned by id: the ally AS-71, not the Balrog avatar BA-3 of the same name.
# "News Must Get Through" is spelt "News Must Get Trough" (LE-208) in the database.
FW_BANNED_IDS = {"AS-71", "LE-208"}
BALROG_BANNED_NAMES = names(
    "Above the Abyss; Bade to Rule; Balrog of Moria; The Black Council; Black Horse; "
    "Black Rider; By the Ringwraith's Word; Creature of an Older World; Durin's Bane; "
    "Fell Rider; The Fiery Blade; Helm of Fear; Heralded Lord; "
    "Kill All But NOT the Halflings; The Lidless Eye; Morgul-blade; News of the Shire; "
    "Open to the Summons; Orders from Lugbúrz; Padding Feet; The Ring Leaves Its Mark; "
    "They Ride Together; Use Your Legs; While the Yellow Face Sleeps"
)
BALROG_BANNED_IDS = {"AS-71", "BA-43"} | {
    f"LE-{n}" for n in (161, 162, 182, 193, 198, 200, 222, 248, 257)
}


def may_hold(card: Card, role: str, ptype: str, hero_only: bool = False) -> bool:
    align = card["alignment"]
    if align == "neutral" or role == "hazard" or card["type"] == "region":
        return True
    if card["type"] == "site" and key(card["name"]) in SHARED_BALROG_SITES:
        return True
    allowed = HOLD[ptype].get(role, set())
    if align in allowed:
        return True
    return (
        not hero_only
        and role == "resource"
        and card["subtype"] == "item"
        and CROSS_ITEMS.get(ptype) == align
    )


def _resolve_metw(db: Db, line: Line, ptype: str | None, hero_only: bool) -> Card:
    cands = db.by_key.get(key(line.name), [])
    if not cands:
        raise Unresolved("unknown_card")
    if line.set_hint:
        cands = [c for c in cands if c["id"].split("-")[0] == line.set_hint] or cands
    if line.tag:
        cands = [c for c in cands if c["alignment"] == line.tag] or cands
    if ptype:
        fitting = [c for c in cands if may_hold(c, _role(c, ptype), ptype, hero_only)]
        cands = fitting or cands
        own = [c for c in cands if c["alignment"] == OWN_ALIGNMENT[ptype]]
        cands = own or cands
    kinds = {(c["type"], c["subtype"], c["alignment"], c["is_avatar"]) for c in cands}
    if len(kinds) > 1:
        raise Unresolved("ambiguous_card")
    return cands[0]


def _resolve_lotr(db: Db, line: Line, sets: set[int], block: str) -> tuple[Card, set[int]]:
    """The card and the sets the listed printing may come from (a set or id hint fixes it)."""
    k = key(line.name)
    cands = db.by_key.get(k) or db.by_title.get(k, [])
    if not cands:
        raise Unresolved("unknown_card")
    hint = line.set_hint
    printed: set[int] | None = None
    if hint and "_" in hint:
        target = db.aliases.get(hint, hint)
        fitting = [c for c in cands if target in (c["id"], db.identity(c))]
        cands, printed = (fitting, {_set_of(hint)}) if fitting else (cands, None)
    elif hint:
        fitting = [c for c in cands if int(hint) in db.printings[db.identity(c)]]
        cands, printed = (fitting, {int(hint)}) if fitting else (cands, None)
    if len({lotr_key(c["full_name"] or c["title"]) for c in cands}) > 1:
        raise Unresolved("ambiguous_card")

    def preference(c: Card) -> tuple[bool, bool, bool, bool, int, int]:
        # A card the format allows first (reprints count as one card), the record of a printing
        # in the format, a site of the format's block ("East Road" is a Fellowship and a Shadows
        # site), then Decipher's own.
        allowed = bool((printed or db.printings[db.identity(c)]) & sets)
        own = int(c["set"]) in sets
        other_block = c["type"] == "SITE" and c["site_block"] != block
        official = c["source"] == "official"
        return (not allowed, not own, other_block, not official, int(c["set"]), c["number"])

    card = min(cands, key=preference)
    return card, printed or db.printings[db.identity(card)]


# --------------------------------------------------------------------------- METW


@dataclass(frozen=True)
class MetwFormat:
    coe: bool
    sideboard: int
    resources_min: int
    regions: bool = False
    sideboard_counts: bool = True  # rulebook starter: no sideboard, so none in the copy limits


METW_FORMATS = {
    "coe": MetwFormat(True, 30, 30),
    "coe-starter": MetwFormat(True, 30, 30),
    "coe-long": MetwFormat(True, 35, 30),
    "coe-campaign": MetwFormat(True, 40, 30),
    "starter": MetwFormat(False, 0, 25, regions=False, sideboard_counts=False),
    "standard-2": MetwFormat(False, 15, 25, regions=True),
    "standard-3": MetwFormat(False, 20, 25, regions=True),
    "standard-4": MetwFormat(False, 25, 25, regions=True),
}


@dataclass(frozen=True)
class Entry:
    card: Card
    count: int
    zone: str


def is_agent(card: Card) -> bool:
    return bool(card["is_agent"]) or (
        card["type"] == "character" and card["alignment"] == "neutral"
    )


def _role(card: Card, ptype: str | None) -> str:
    """docs/deck-rules.md: agents are characters for Ringwraith and Fallen-wizard players, else hazards."""
    if card["is_avatar"]:
        return "avatar"
    if is_agent(card):
        return "character" if ptype in ("ringwraith", "fallen-wizard") else "hazard"
    return card["type"]


def _stage_points(card: Card) -> int:
    m = re.match(r"\d+", str(card.get("stage_points") or ""))
    return int(m.group()) if m else 0


def is_stage_resource(card: Card) -> bool:
    return (
        card["type"] == "resource"
        and _stage_points(card) > 0
        and card["subtype_raw"] == "Permanent-event"
    )


def creature_halves(card: Card) -> int:
    """CoE 1.5.1: a creature is two halves; the listed kinds of hazard are one half each."""
    raw, name = card["subtype_raw"] or "", card["name"].lower()
    if card["subtype"] == "creature":
        return 1 if "/" in raw else 2
    if card["type"] == "hazard" and re.search(r" (ahunt|at home)$", name):
        return 1
    if card["type"] == "hazard" and "Permanent-event" in raw and "spawn" in name:
        return 1
    return 0


def _infer_player_type(cards: list[Card]) -> str | None:
    """The organizer's reading when no player type is given (docs/deck-rules.md, "inference"): any
    Balrog card makes a Balrog deck, else any Fallen-wizard card a Fallen-wizard deck, else
    the side with more cards (lines) decides; hazards, agents and shared sites say nothing."""
    seen: Counter[str] = Counter()
    for c in cards:
        if c["type"] not in ("character", "resource", "site") or is_agent(c):
            continue
        if c["type"] == "site" and key(c["name"]) in SHARED_BALROG_SITES:
            continue
        seen[c["alignment"]] += 1
    if seen["balrog"]:
        return "balrog"
    if seen["fallen-wizard"]:
        return "fallen-wizard"
    if seen["minion"] or seen["hero"]:
        return "ringwraith" if seen["minion"] > seen["hero"] else "wizard"
    return None


def _resource_split(res: int, haz: int, duals: list[int], lo: int, fw: bool) -> set[str]:
    """Problems of the best split of dual cards between resources and hazards (CoE 1.5)."""
    total = sum(duals)
    as_resource_max = sum(min(d, 2) if fw else d for d in duals)
    best: set[str] | None = None
    # Ties keep the printed type: as many dual copies as resources as the best split allows.
    for r in range(as_resource_max, -1, -1):
        r_count, h_count = res + r, haz + total - r
        codes = set()
        if not lo <= r_count <= 50:
            codes.add("resources_count")
        if r_count != h_count:
            codes.add("resources_hazards_equal")
        if best is None or len(codes) < len(best):
            best = codes
    return best or set()


def check_metw(lines: list[Line], fmt_key: str, player_type: str | None, db: Db) -> RefVerdict:
    fmt = METW_FORMATS[fmt_key]
    codes: set[str] = set()
    unresolved: list[str] = []
    hero_only = not fmt.coe
    ptype = player_type if fmt.coe else "wizard"
    if fmt.coe and ptype is None:
        first: list[Card] = []
        for ln in lines:
            with suppress(Unresolved):
                first.append(_resolve_metw(db, ln, None, False))
        ptype = _infer_player_type(first)
        if ptype is None:
            codes.add("player_type_unknown")

    entries: list[Entry] = []
    for ln in lines:
        try:
            card = _resolve_metw(db, ln, ptype, hero_only)
        except Unresolved as u:
            codes.add(u.code)
            unresolved.append(ln.name)
            continue
        location = card["type"] in ("site", "region")
        # Without a heading, or among the play-deck cards, a site can only be in the location
        # deck (docs/deck-rules.md: counted there, with a warning).
        zone = ("sites" if location else "play") if ln.zone in ("main", "play") else ln.zone
        if location != (zone == "sites"):
            # Reported; the card stays where it was listed and its type decides what it is.
            codes.add("wrong_section")
        entries.append(Entry(card, ln.count, zone))

    def in_zone(*zones: str) -> list[Entry]:
        return [e for e in entries if e.zone in zones]

    fw, balrog = ptype == "fallen-wizard", ptype == "balrog"
    play = [e for e in in_zone("play") if e.card["type"] not in ("site", "region")]
    sideboards = in_zone("sideboard", "sideboard_fw")
    pool = [e for e in in_zone("pool") if e.card["type"] not in ("site", "region")]

    # Play deck mix (003 Part I §3 steps 2 and 5; CoE 1.5).
    res = haz = characters = 0
    duals: list[int] = []
    avatars: Counter[str] = Counter()
    halves = 0
    for e in play:
        role = _role(e.card, ptype)
        if role == "avatar":
            avatars[key(e.card["name"])] += e.count
        elif role == "character":
            characters += e.count
        elif role == "resource" and e.card["alignment"] == "dual":
            duals.append(e.count)
        elif role == "resource":
            res += e.count
        elif role == "hazard":
            haz += e.count
            halves += (1 if is_agent(e.card) else creature_halves(e.card)) * e.count
    codes |= _resource_split(res, haz, duals, fmt.resources_min, fw and fmt.coe)
    if characters > 10:
        codes.add("play_characters_max")
    n_avatars = sum(avatars.values())
    if fmt.coe:
        if n_avatars > 3:
            codes.add("avatars_max")
        if n_avatars >= 3 and len(avatars) >= 3:
            codes.add("avatars_all_different")
        across: Counter[str] = Counter()
        for e in play + sideboards:
            if e.card["is_avatar"]:
                across[key(e.card["name"])] += e.count
        if sum(1 for n in across.values() if n >= 2) > 1:
            codes.add("avatar_copies")
        if halves // 2 < 12:
            codes.add("creatures_min")
        agents_mind = sum(
            (e.card["mind"] or 0) * e.count for e in play + sideboards + pool if is_agent(e.card)
        )
        if agents_mind > 36:
            codes.add("agents_mind")
    else:
        if n_avatars > 2:
            codes.add("avatars_max")
        per_character: Counter[str] = Counter()
        for e in play:
            # A second copy of a unique character is the unique rule's problem (copies_unique).
            if _role(e.card, ptype) == "character" and not e.card["unique"]:
                per_character[key(e.card["name"])] += e.count
        if any(n > 1 for n in per_character.values()):
            codes.add("play_character_copies")

    # Copy limits (003 Part I §2 "Unique", §3 step 2, Part II §2; CoE 1.3.1). Same name = same
    # card (hazards are reprinted in LE); avatars and sites have their own rules.
    counted = (
        entries
        if fmt.coe
        else in_zone("play", "pool")
        + (in_zone("sideboard", "sideboard_fw") if fmt.sideboard_counts else [])
    )
    copies: Counter[str] = Counter()
    unique: dict[str, bool] = {}
    limit: dict[str, int] = {}
    for e in counted:
        c = e.card
        if c["is_avatar"] or c["type"] in ("site", "region"):
            continue
        k = key(c["name"])
        copies[k] += e.count
        unique[k] = unique.get(k, False) or bool(c["unique"])
        two = (
            fw
            and fmt.coe
            and (
                c["type"] == "character"
                or (c["type"] == "resource" and c["alignment"] in ("hero", "minion"))
            )
        )
        limit[k] = min(limit.get(k, 3), 2 if two else 3)
    for k, n in copies.items():
        if unique[k] and n > 1:
            codes.add("copies_unique")
        elif not unique[k] and n > limit[k]:
            codes.add("copies_nonunique")

    # Location deck (003 Part I §3 step 1; CoE 1.4): one of each non-haven site.
    sites: Counter[tuple[str, str]] = Counter()
    repeatable: dict[tuple[str, str], bool] = {}
    for e in entries:
        c = e.card
        if c["type"] == "region" and (fmt.coe or not fmt.regions):
            codes.add("regions_not_allowed")
        if c["type"] != "site":
            continue
        ident = (key(c["name"]), c["alignment"])
        sites[ident] += e.count
        repeatable[ident] = c["alignment"] == "fallen-wizard" if fw else bool(c["is_haven"])
    if any(n > 1 and not repeatable[s] for s, n in sites.items()):
        codes.add("site_copies")

    # Sideboards (003 Part II §2; CoE 1.6.1).
    sb = sum(e.count for e in in_zone("sideboard") + ([] if fmt.coe else in_zone("sideboard_fw")))
    if sb > fmt.sideboard:
        codes.add("sideboard_size")
    if fmt.coe and sum(e.count for e in in_zone("sideboard_fw")) > 10:
        codes.add("sideboard_fw_size")

    codes |= _check_pool(pool, fmt, ptype)

    if ptype:
        for e in entries:
            role = "site" if e.card["type"] == "site" else _role(e.card, ptype)
            if not may_hold(e.card, role, ptype, hero_only):
                codes.add("player_type_card")
        if fmt.coe:
            codes |= _banned_and_balrog(entries, ptype, db) if (fw or balrog) else set()
            codes |= _specific_cards(entries, ptype)
    return RefVerdict(not codes, codes, unresolved)


def _check_pool(pool: list[Entry], fmt: MetwFormat, ptype: str | None) -> set[str]:
    """CoE 1.7 (pool) or 003 Part I §3 steps 3–4 (starting company)."""
    codes: set[str] = set()
    characters = items = mind = 0
    stage: list[Entry] = []
    for e in pool:
        c, role = e.card, _role(e.card, ptype)
        if role == "avatar":
            codes.add("pool_avatar")
        elif role == "character":
            characters += e.count
            mind += (c["mind"] or 0) * e.count
        elif c["type"] == "resource" and key(c["name"]) in IN_LIEU_OF_MINOR_ITEM and fmt.coe:
            items += e.count
        elif c["type"] == "resource" and c["subtype"] == "item":
            items += e.count
            if c["unique"] or c["item_class"] != "minor":
                codes.add("pool_item_kind")
        elif fmt.coe and ptype == "fallen-wizard" and is_stage_resource(c):
            stage.append(e)
        else:
            codes.add("pool_card_type")
    if items > 2:
        codes.add("pool_items")
    if fmt.coe:
        if characters > 10:
            codes.add("pool_characters")
    else:
        if not 1 <= characters <= 5:
            codes.add("pool_characters")
        if mind > 20:
            codes.add("pool_mind")
    if fmt.coe and ptype == "fallen-wizard":
        n = sum(e.count for e in stage)
        points = sum(_stage_points(e.card) * e.count for e in stage)
        if n > 3 or points != 3 or all(e.card["unique"] for e in stage):
            codes.add("fw_stage_pool")
    return codes


# Cards whose text lets them be played with a starting company "in lieu of a minor item" (CoE
# character draft): they wait in the pool and take one of its two item places.
IN_LIEU_OF_MINOR_ITEM = names(
    "Open to the Summons; Orders from Lugbúrz; Orders from the Great Demon; Gangways over the Fire"
)


def _specific_cards(entries: list[Entry], ptype: str) -> set[str]:
    """CoE: a card specific to an avatar needs its player to declare that avatar. Only
    Fallen-wizard (one avatar, in the deck) and Balrog players declare one."""
    specific = [e.card for e in entries if e.card["specific_to"] and not e.card["is_avatar"]]
    if not specific:
        return set()
    named = {key(c["specific_to"]) for c in specific}
    if ptype == "balrog":
        ok = named == {key("Balrog")}
    elif ptype == "fallen-wizard":
        avatars = {key(e.card["name"]) for e in entries if e.card["is_avatar"]}
        ok = len(named) == 1 and named <= avatars
    else:
        ok = False
    return set() if ok else {"specific_to_avatar"}


_RACE_WORD = {"orcs": "orc", "trolls": "troll", "wolves": "wolf", "animals": "animal"}


def _races(card: Card) -> set[str]:
    words = [w.strip().lower() for w in str(card.get("race") or "").split(",")]
    return {_RACE_WORD.get(w, w) for w in words if w}


def _banned_and_balrog(entries: list[Entry], ptype: str, db: Db) -> set[str]:
    codes: set[str] = set()
    names, ids = (
        (FW_BANNED_NAMES, FW_BANNED_IDS)
        if ptype == "fallen-wizard"
        else (BALROG_BANNED_NAMES, BALROG_BANNED_IDS)
    )
    for e in entries:
        c = e.card
        if c["id"] in ids or key(c["name"]) in names:
            codes.add("banned_for_player_type")
        if ptype != "balrog":
            continue
        if _role(c, ptype) == "character":
            if not _races(c) & {"orc", "troll"}:
                codes.add("balrog_character_race")
            if (c["mind"] or 0) >= 9 and c["specific_to"] != "Balrog":
                codes.add("balrog_character_mind")
        if c["subtype"] == "faction" and not _races(c) <= {
            "orc",
            "troll",
            "wolf",
            "animal",
            "dragon",
        }:
            codes.add("balrog_faction")
        if c["type"] == "site" and c["alignment"] == "minion" and _needs_balrog_version(c, db):
            codes.add("balrog_site")
    return codes


def _needs_balrog_version(site: Card, db: Db) -> bool:
    """docs/deck-rules.md: the minion sites the CoE names (Moria, Carn Dûm, Dol Guldur, Minas
    Morgul, Dark-holds, Under-deeps) need their Balrog version where the Balrog set printed one;
    a Dark-hold it did not reprint (Urlurtsu Nurn) stays usable."""
    name = site["name"].strip()
    named = (
        key(name) in {"moria", "carndum", "dolguldur", "minasmorgul"}
        or site["site_type"] == "dark-hold"
        or name.endswith("-deeps")
        or name.startswith("The Under-")
    )
    twin = any(
        c["type"] == "site" and c["alignment"] == "balrog" for c in db.by_key.get(key(name), [])
    )
    return named and twin


# --------------------------------------------------------------------------- LOTR TCG

# 001 "Formats": (sets, site block, site rule). Open's sites come from set 11 on = Shadows block.
LOTR_FORMATS: dict[str, tuple[set[int], str, str]] = {
    "fellowship-block": ({1, 2, 3}, "FELLOWSHIP", "numbers"),
    "tower-block": ({4, 5, 6}, "TWO_TOWERS", "numbers"),
    "king-block": ({7, 8, 10}, "KING", "numbers"),
    "war-of-the-ring-block": ({11, 12, 13}, "SHADOWS", "shadow"),
    "open": (set(range(20)), "SHADOWS", "shadow"),
}


def _can_bear(card: Card) -> bool:
    return bool(card["can_be_ring_bearer"]) or key(card["title"]) == "frodo"


def check_lotr(lines: list[Line], fmt_key: str, db: Db) -> RefVerdict:
    sets, block, site_rule = LOTR_FORMATS[fmt_key]
    codes: set[str] = set()
    warnings: set[str] = set()
    unresolved: list[str] = []
    resolved: list[tuple[Line, Card]] = []
    outside_format = False
    for ln in lines:
        try:
            card, printed = _resolve_lotr(db, ln, sets, block)
        except Unresolved as u:
            codes.add(u.code)
            unresolved.append(ln.name)
            continue
        if ln.zone in ("main", "draw") and card["type"] == "SITE":
            # A list without headings, or a site among the draw-deck cards: a site can only be
            # in the adventure deck (docs/deck-rules.md; the organizer warns, site_moved).
            if ln.zone == "draw":
                warnings.add("site_moved")
            ln = replace(ln, zone="sites")
        resolved.append((ln, card))
        # 001 "Formats": only cards from the format's sets (Ring-bearer, Ring and sites too).
        outside_format |= not printed & sets or card["source"] != "official"

    def zone(*names: str) -> list[tuple[Line, Card]]:
        return [(ln, c) for ln, c in resolved if ln.zone in names]

    # Ring-bearer and The One Ring (001 "Ring-bearer and The One Ring"). A list without those
    # lines may name them at its top, as printed starter lists do.
    main = zone("main")
    bearers = zone("ring_bearer")
    declared_rb = any(ln.zone == "ring_bearer" for ln in lines)
    declared_ring = any(ln.zone == "ring" for ln in lines)
    taken: list[tuple[Line, Card]] = []
    if not declared_rb:
        found = next(((ln, c) for ln, c in main if _can_bear(c)), None)
        if found:
            warnings.add("ring_bearer_assumed")
            bearers, taken = [found], [found]
        else:
            codes.add("ring_bearer_missing")
    rings = zone("ring")
    if not declared_ring:
        found = next(((ln, c) for ln, c in main if c["type"] == "THE_ONE_RING"), None)
        if found:
            warnings.add("ring_assumed")
            rings, taken = [found], [*taken, found]
        else:
            codes.add("ring_missing")
    if sum(ln.count for ln, _ in bearers) > 1:
        codes.add("ring_bearer_count")
    if any(not _can_bear(c) for _, c in bearers):
        codes.add("ring_bearer_invalid")
    if any(c["type"] != "THE_ONE_RING" for _, c in rings):
        codes.add("ring_invalid")

    # Draw deck (001 "Draw Deck").
    draw: list[tuple[int, Card]] = []
    for ln, c in zone("main", "draw"):
        n = ln.count - sum(1 for t in taken if t[0] is ln)
        if n > 0:
            draw.append((n, c))
    fp = shadow = 0
    titles: Counter[str] = Counter()
    for n, c in draw:
        if c["type"] == "THE_ONE_RING":
            codes.add("ring_in_draw_deck")
        elif c["side"] == "free_peoples":
            fp += n
        elif c["side"] == "shadow":
            shadow += n
        else:
            codes.add("draw_deck_card_type")
            continue
        titles[lotr_key(c["title"])] += n
    if fp + shadow < 60:
        codes.add("draw_deck_size")
    if fp != shadow:
        codes.add("fp_shadow_equal")
    if any(n > 4 for n in titles.values()):
        codes.add("copies_title")
    if bearers and titles[lotr_key(bearers[0][1]["title"])] > 3:
        codes.add("copies_ring_bearer")

    # Adventure deck (001 "Adventure Deck", "Formats").
    sites: list[Card] = []
    for ln, c in zone("sites"):
        if c["type"] != "SITE":
            codes.add("wrong_section")
            continue
        sites += [c] * ln.count
    if len(sites) != 9:
        codes.add("sites_count")
    if len({db.identity(c) for c in sites}) < len(sites):
        codes.add("sites_duplicate")
    if any(c["site_block"] != block for c in sites):
        codes.add("site_block")
    numbers = sorted(c["site_number"] or 0 for c in sites)
    # One site per number presupposes nine sites; a wrong count is already its own problem.
    if site_rule == "numbers" and len(sites) == 9 and numbers != list(range(1, 10)):
        codes.add("site_numbers")
    if site_rule == "shadow":
        per_number = Counter(c["shadow_number"] for c in sites)
        if any(n > 3 for n in per_number.values()):
            codes.add("site_shadow_number")

    if outside_format:
        codes.add("not_in_format")
    return RefVerdict(not codes, codes, unresolved, warnings)


# --------------------------------------------------------------------------- entry point


def check(text: str, game: str, fmt: str, player_type: str | None, data_dir: Path) -> RefVerdict:
    if game == METW:
        return check_metw(parse(text, METW), fmt, player_type, load(Path(data_dir), METW))
    if game == LOTR:
        return check_lotr(parse(text, LOTR), fmt, load(Path(data_dir), LOTR))
    raise ValueError(f"unknown game {game!r}")
