"""Checking a pasted or uploaded list against a format, and exporting a checked list."""

from __future__ import annotations

from pathlib import PurePath
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from core.errors import ServiceError
from decks.cards import card_index
from decks.formats import get_format, known_formats
from decks.labels import deck_text_error, export_name, not_a_deck_message, player_type_name
from rules_engine.deckrules import (
    METW,
    PLAYER_TYPES,
    DeckTextError,
    FormatDef,
    PlayerTypeError,
    Verdict,
    parse_decklist,
    validate,
)
from rules_engine.deckrules.export import EXPORTS, export_list
from rules_engine.deckrules.formats import match_format_name
from rules_engine.deckrules.messages import format_notice


def _check_player_type(game: str, player_type: str | None) -> str | None:
    if game != METW or not player_type:
        return None
    if player_type not in PLAYER_TYPES:
        raise ServiceError(
            _("Choose the player type among %(choices)s.")
            % {"choices": ", ".join(player_type_name(k) for k in PLAYER_TYPES)},
            "bad_player_type",
        )
    return player_type


def validate_text(
    text: str, game: str, format_key: str | None = None, player_type: str | None = None
) -> Verdict:
    """Parse and check a pasted list. Bad input raises ServiceError (a 400), never more."""
    if not isinstance(text, str):
        raise ServiceError(_("The deck list must be text."), "bad_text")
    chosen = get_format(game, format_key)
    player_type = _check_player_type(game, player_type)
    try:
        deck = parse_decklist(text, game)
        if not deck.lines and deck.not_understood:
            # Sentences and nothing that reads as a card: a letter, an article, not a list.
            raise ServiceError(not_a_deck_message(), "not_a_deck")
        fmt, notice = _list_format(game, chosen, format_key is None, deck.declared_format)
        verdict = validate(deck, fmt, card_index(game), player_type)
    except (DeckTextError, PlayerTypeError) as exc:
        raise ServiceError(deck_text_error(exc), "bad_text") from exc
    if notice is not None:
        verdict.problems.append(notice)
    return verdict


def _list_format(
    game: str, chosen: FormatDef, free: bool, declared: str | None
) -> tuple[FormatDef, Any]:
    """The format to check against: the one chosen, or, when the player chose none
    (``free``), the one the list's "Format:" line names. A list naming another format, or
    one not known here, gets a notice (a warning), never an error."""
    if not declared:
        return chosen, None
    named = match_format_name(declared, known_formats(game))
    if named is None:
        return chosen, format_notice("format_unknown", declared, chosen.name)
    if free:
        return named, format_notice("format_from_list", declared, named.name)
    if named.key != chosen.key:
        return chosen, format_notice("format_differs", declared, chosen.name, named.name)
    return chosen, None


# Deck files as players have them: NetMECCG .dck, GCCG .deck, OCTGN .o8d, meccg-online
# .meccg, text (the championship files players filed are .dck and .deck).
# ".json": the deck files of other tools (readers/json_decks.py).
UPLOAD_EXTENSIONS = (".dck", ".deck", ".o8d", ".meccg", ".txt", ".json")
MAX_UPLOAD_BYTES = 256 * 1024


def read_upload(upload: Any) -> str:
    """The text of an uploaded deck file; ServiceError (a 400) for anything else."""
    name = str(getattr(upload, "name", "") or "")
    if PurePath(name.lower()).suffix not in UPLOAD_EXTENSIONS:
        raise ServiceError(
            _("Upload a deck file ending in %(endings)s.")
            % {"endings": ", ".join(UPLOAD_EXTENSIONS)},
            "bad_file",
        )
    size = getattr(upload, "size", None)
    if size is not None and size > MAX_UPLOAD_BYTES:
        raise ServiceError(
            _("The file is %(size)s bytes; a deck file is at most %(max)s.")
            % {"size": _bytes(size), "max": _bytes(MAX_UPLOAD_BYTES)},
            "bad_file",
        )
    data = upload.read(MAX_UPLOAD_BYTES + 1)
    if len(data) > MAX_UPLOAD_BYTES:
        raise ServiceError(
            _("A deck file is at most %(max)s bytes.") % {"max": _bytes(MAX_UPLOAD_BYTES)},
            "bad_file",
        )
    if b"\x00" in data:
        raise ServiceError(_("This file is not a text deck list."), "bad_file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        # GCCG and NetMECCG files are often Latin-1 (Windows-1252) encoded.
        return data.decode("cp1252", errors="replace")


def _bytes(n: int) -> str:
    return number_format(n, force_grouping=True)


def export_text(
    text: str, game: str, format_key: str | None, player_type: str | None, kind: str
) -> tuple[str, str]:
    """(file name, content) of a list checked and written in the export format ``kind``."""
    export = EXPORTS.get(kind)
    if export is None or export.game != game:
        # The reader chose from a menu of names; the keys the API takes are in its schema.
        choices = [export_name(f.key) for f in EXPORTS.values() if f.game == game]
        if not choices:
            raise ServiceError(_("Deck lists of this game cannot be exported."), "bad_export")
        raise ServiceError(
            _("This export is not offered for this game: choose %(choices)s.")
            % {"choices": ", ".join(choices)},
            "bad_export",
        )
    verdict = validate_text(text, game, format_key, player_type)
    name = (verdict.title or "deck").strip()[:60] or "deck"
    safe = "".join(ch if ch.isalnum() or ch in "-_ " else "-" for ch in name).strip() or "deck"
    return f"{safe}.{export.extension}", export_list(verdict.cards, kind, verdict.title or "")
