"""Deck construction rules for METW, the LOTR TCG and LoRE (pure Python).

from rules_engine.deckrules import parse_decklist, validate, CardIndex, builtin_format
index = CardIndex.build("metw", records_from_json("metw", json.load(f)))
verdict = validate(parse_decklist(text, "metw"), builtin_format("metw", "coe"), index, "wizard")
"""

from rules_engine.deckrules.cards import (
    DECK_GAMES,
    LORE,
    LOTR_TCG,
    METW,
    CardRecord,
    lore_record,
    lotr_record,
    metw_record,
    normalize_name,
    records_from_json,
    with_alias_items,
)
from rules_engine.deckrules.decklist import DeckLine, DeckTextError, ParsedDeck
from rules_engine.deckrules.formats import (
    BUILTIN_FORMATS,
    DEFAULT_FORMAT,
    PLAYER_TYPE_LABELS,
    PLAYER_TYPES,
    FormatDataError,
    FormatDef,
    builtin_format,
    derive_format,
    format_from_gemp,
)
from rules_engine.deckrules.index import CardIndex, Resolution
from rules_engine.deckrules.parse import parse_decklist
from rules_engine.deckrules.validate import (
    PlayerTypeError,
    Problem,
    Verdict,
    check_text,
    validate,
)

__all__ = [
    "BUILTIN_FORMATS",
    "DECK_GAMES",
    "DEFAULT_FORMAT",
    "LORE",
    "LOTR_TCG",
    "METW",
    "PLAYER_TYPES",
    "PLAYER_TYPE_LABELS",
    "CardIndex",
    "CardRecord",
    "DeckLine",
    "DeckTextError",
    "FormatDataError",
    "FormatDef",
    "ParsedDeck",
    "PlayerTypeError",
    "Problem",
    "Resolution",
    "Verdict",
    "builtin_format",
    "check_text",
    "derive_format",
    "format_from_gemp",
    "lore_record",
    "lotr_record",
    "metw_record",
    "normalize_name",
    "parse_decklist",
    "records_from_json",
    "validate",
    "with_alias_items",
]
