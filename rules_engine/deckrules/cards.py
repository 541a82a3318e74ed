"""Card records as the deck rules see them, built from the card databases' JSON.

A record holds only the facts construction rules read (type, uniqueness, set,
alignment, side, site numbers ...). The Django app stores the same facts in its
own tables and turns rows back into these records, so the rules never touch
the ORM and a benchmark can run them on a plain list of dicts.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

METW, LOTR_TCG, LORE = "metw", "lotr-tcg", "lore"
DECK_GAMES = (METW, LOTR_TCG, LORE)

# GCCG and the card ids use two-letter codes; the database's `set` field the long ones.
METW_SET_CODES = {
    "TW": "METW",
    "TD": "METD",
    "DM": "MEDM",
    "LE": "MELE",
    "AS": "MEAS",
    "WH": "MEWH",
    "BA": "MEBA",
}
METW_LONG_TO_CODE = {v: k for k, v in METW_SET_CODES.items()}

_NON_ALNUM = re.compile(r"[^0-9a-z]+")
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "ß": "ss", "æ": "ae", "ø": "o"})


@lru_cache(maxsize=65536)
def normalize_name(name: str) -> str:
    """The matching key of a name: case, accents, spaces and punctuation ignored.

    Dropping every non-alphanumeric character (rather than turning it into a space)
    makes "Orc-lieutenant", "Orc lieutenant" and "orclieutenant" the same key, and
    "Gandalf - The Grey Wizard" the same as "Gandalf, The Grey Wizard".
    """
    if name.isascii():
        return _NON_ALNUM.sub("", name.lower())
    text = unicodedata.normalize("NFKD", name.translate(_QUOTES).lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return _NON_ALNUM.sub("", text)


@dataclass(frozen=True, slots=True)
class CardRecord:
    game: str
    id: str
    name: str  # METW name; LOTR "Title, Subtitle"; LoRE name
    set: str  # METW two-letter code (TW, LE ...); LOTR set number as text
    type: str  # METW character/resource/hazard/site/region; LOTR COMPANION, MINION, SITE ...
    unique: bool = False
    subtype: str | None = None
    title: str = ""  # the copy-limit key's source: LOTR title (subtitles ignored); else name
    subtitle: str | None = None
    # METW
    alignment: str | None = None
    is_avatar: bool = False
    is_wizard: bool = False
    is_agent: bool = False
    is_haven: bool = False
    item_class: str | None = None
    mind: int | None = None
    subtype_raw: str | None = None
    race: str | None = None
    stage_points: int | None = None
    specific_to: str | None = None  # the avatar a card is specific to ("Balrog", "Saruman")
    site_type: str | None = None
    # LOTR TCG
    side: str | None = None
    culture: str | None = None
    site_number: int | None = None
    site_block: str | None = None
    shadow_number: int | None = None
    can_be_ring_bearer: bool = False
    source: str | None = None
    base_id: str | None = None  # the card this printing is an alias/errata of
    alternate_ids: tuple[str, ...] = field(default=())
    # Matching keys, computed once: the validator reads them for every copy of every card.
    key: str = field(default="", compare=False)
    title_key: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not self.key:
            object.__setattr__(self, "key", normalize_name(self.name))
        if not self.title_key:
            object.__setattr__(self, "title_key", normalize_name(self.title or self.name))

    @property
    def rules_identity(self) -> str:
        """Id of the card a printing stands for (reprints and errata count as one card)."""
        return self.base_id or self.id

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "set": self.set,
            "type": self.type,
            "unique": self.unique,
            **({"alignment": self.alignment} if self.alignment else {}),
            **({"side": self.side} if self.side else {}),
            **({"culture": self.culture} if self.culture else {}),
        }


def _int(value: Any) -> int | None:
    try:
        return int(value) if value is not None and value != "" else None
    except (TypeError, ValueError):
        return None


def _leading_int(value: Any) -> int | None:
    """Stage points are printed "2" or "2(3)": the deck rules read the first number."""
    match = re.match(r"\s*(\d+)", str(value)) if value is not None else None
    return int(match.group(1)) if match else None


def metw_record(d: Mapping[str, Any]) -> CardRecord:
    """A record from one object of metw/cards.json (or a row exported in that shape)."""
    card_id = str(d["id"])
    prefix = card_id.split("-", 1)[0].upper()
    set_code = prefix if prefix in METW_SET_CODES else METW_LONG_TO_CODE.get(str(d.get("set")), "")
    return CardRecord(
        game=METW,
        id=card_id,
        name=str(d["name"]),
        set=set_code or str(d.get("set") or ""),
        type=str(d.get("type") or ""),
        unique=bool(d.get("unique")),
        subtype=d.get("subtype"),
        title=str(d["name"]),
        alignment=d.get("alignment"),
        is_avatar=bool(d.get("is_avatar")),
        is_wizard=bool(d.get("is_wizard")),
        is_agent=bool(d.get("is_agent")),
        is_haven=bool(d.get("is_haven")),
        item_class=d.get("item_class"),
        mind=_int(d.get("mind")),
        subtype_raw=d.get("subtype_raw"),
        race=d.get("race"),
        stage_points=_leading_int(d.get("stage_points")),
        specific_to=d.get("specific_to"),
        site_type=d.get("site_type"),
    )


_GEMP_SUFFIX = re.compile(r"(?<=\S)\(\d+\)$")


def lotr_record(d: Mapping[str, Any], aliases: Mapping[str, str] | None = None) -> CardRecord:
    """A record from one object of lotr-tcg/cards.json; `aliases` is aliases.json."""
    card_id = str(d["id"])
    # GEMP tells apart a later printing of a title by gluing "(2)" to it ("Orc Pursuer(2)");
    # the printed card says "Orc Pursuer", and the copy limit counts both as one title.
    title = _GEMP_SUFFIX.sub("", str(d.get("title") or d.get("full_name") or ""))
    full_name = _GEMP_SUFFIX.sub("", str(d.get("full_name") or ""))
    base = d.get("errata_of") or (aliases or {}).get(card_id)
    culture = d.get("culture")
    return CardRecord(
        game=LOTR_TCG,
        id=card_id,
        name=full_name or title,
        set=str(d.get("set") or ""),
        type=str(d.get("type") or "").upper(),
        unique=bool(d.get("unique")),
        title=title,
        subtitle=d.get("subtitle"),
        side=d.get("side"),
        # Some cultures are spelled in lower case (Hobbit sets); counts group by one spelling.
        culture=culture.title() if isinstance(culture, str) else None,
        site_number=_int(d.get("site_number")),
        site_block=d.get("site_block"),
        shadow_number=_int(d.get("shadow_number")),
        can_be_ring_bearer=bool(d.get("can_be_ring_bearer")),
        source=d.get("source"),
        base_id=str(base) if base else None,
        alternate_ids=tuple(str(x) for x in d.get("alternate_ids") or ()),
    )


def lore_record(d: Mapping[str, Any]) -> CardRecord:
    """LoRE has no public card database; the project keeps a small list of names."""
    return CardRecord(
        game=LORE,
        id=str(d.get("id") or normalize_name(str(d["name"]))),
        name=str(d["name"]),
        set=str(d.get("set") or "LoRE"),
        type=str(d.get("type") or "card"),
        unique=bool(d.get("unique")),
        title=str(d["name"]),
    )


def records_from_json(
    game: str, items: Iterable[Mapping[str, Any]], aliases: Mapping[str, str] | None = None
) -> list[CardRecord]:
    if game == METW:
        return [metw_record(d) for d in items]
    if game == LOTR_TCG:
        return [lotr_record(d, aliases) for d in with_alias_items(items, aliases)]
    if game == LORE:
        return [lore_record(d) for d in items]
    raise ValueError(f"Unknown card game {game!r}; expected one of {', '.join(DECK_GAMES)}.")


def with_alias_items(
    items: Iterable[Mapping[str, Any]], aliases: Mapping[str, str] | None
) -> list[Mapping[str, Any]]:
    """LOTR TCG cards, plus one printing for each alias id the database has no card for.

    Many promos ("0P25") are known only as an alias of the card they reprint (aliases.json:
    ``"0_25": "7_86"``); lists name them by that id, so each becomes a printing of its base
    card (same title, type and side: one card for the copy limits).
    """
    out = list(items)
    by_id = {str(d.get("id")): d for d in out}
    for alias, base in (aliases or {}).items():
        found = by_id.get(str(base))
        if alias in by_id or found is None:
            continue
        set_part, _sep, number = str(alias).partition("_")
        out.append(
            {
                **found,
                "id": alias,
                "set": set_part,
                "set_name": "Promotional" if set_part == "0" else found.get("set_name"),
                "number": int(number) if number.isdigit() else found.get("number"),
                "coll_info": None,
                "alternate_ids": [],
            }
        )
        by_id[alias] = out[-1]
    return out
