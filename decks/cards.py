"""The card databases as the checker reads them: one index per game, rebuilt when the
imported cards change (the project's small fixture when nothing is imported)."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Max
from django.utils.translation import gettext as _

from core.errors import ServiceError
from decks.models import Card, DeckGame
from rules_engine.deckrules import (
    LORE,
    LOTR_TCG,
    METW,
    CardIndex,
    lotr_record,
    metw_record,
    normalize_name,
    records_from_json,
)

FIXTURES = Path(__file__).resolve().parent / "fixtures"
FIXTURE_FILES = {
    METW: ("cards_metw_small.json", None),
    LOTR_TCG: ("cards_lotr_small.json", "aliases_lotr_small.json"),
    LORE: ("cards_lore.json", None),
}
DECK_GAMES = (METW, LOTR_TCG, LORE)


@dataclass
class _CachedIndex:
    stamp: str
    index: CardIndex
    from_fixture: bool


_indexes: dict[str, _CachedIndex] = {}
_lock = threading.Lock()


def _stamp_key(game: str) -> str:
    return f"decks:cards:stamp:{game}"


def unknown_deck_game() -> str:
    """The refusal of a game without deck lists, naming the games that have them."""
    # The game names are the games' own (never translated); the keys stay in the API schema.
    names = ", ".join(str(DeckGame(g).label) for g in DECK_GAMES)
    return _("Deck lists exist only for %(games)s.") % {"games": names}


def card_data_changed(game: str) -> None:
    """Tell every process that its card index of ``game`` is stale (called by the importer)."""
    cache.delete(_stamp_key(game))
    with _lock:
        _indexes.pop(game, None)


def _db_stamp(game: str) -> str:
    stamp = cache.get(_stamp_key(game))
    if stamp is None:
        agg = Card.objects.filter(game=game).aggregate(n=Count("id"), last=Max("updated_at"))
        stamp = f"{agg['n']}:{agg['last'].isoformat() if agg['last'] else ''}"
        cache.set(_stamp_key(game), stamp, 300)
    return stamp


def _fixture_records(game: str) -> list:
    cards_file, aliases_file = FIXTURE_FILES[game]
    data = json.loads((FIXTURES / cards_file).read_text(encoding="utf-8"))
    aliases = json.loads((FIXTURES / aliases_file).read_text()) if aliases_file else None
    return records_from_json(game, data, aliases)


def card_index(game: str) -> CardIndex:
    """The card index of a game, rebuilt only when the card table changed.

    With no imported cards the project's small fixture is used, so the checker,
    the demo and most tests work on a fresh checkout. LoRE always uses the
    project's list: there is no public LoRE card database to import.
    """
    if game not in DECK_GAMES:
        raise ServiceError(unknown_deck_game(), "bad_game")
    stamp = "fixture" if game == LORE else _db_stamp(game)
    cached = _indexes.get(game)
    if cached is not None and cached.stamp == stamp:
        return cached.index
    with _lock:
        if game == LORE or stamp.startswith("0:"):
            records = _fixture_records(game)
            from_fixture = True
        else:
            rows = Card.objects.filter(game=game).values_list("raw", "base_id")
            if game == METW:
                records = [metw_record(raw) for raw, _base in rows]
            else:
                records = [
                    lotr_record(raw, {raw["id"]: base} if base else None) for raw, base in rows
                ]
            from_fixture = False
        index = CardIndex.build(game, records)
        _indexes[game] = _CachedIndex(stamp, index, from_fixture)
        return index


def card_source(game: str) -> str:
    card_index(game)
    cached = _indexes.get(game)
    return "fixture" if cached is None or cached.from_fixture else "database"


def search_cards(game: str, query: str, limit: int = 25) -> list[dict[str, Any]]:
    index = card_index(game)
    key = normalize_name(query or "")
    if not key:
        return [c.to_dict() for c in index.records[:limit]]
    starts = [c for c in index.records if c.key.startswith(key)]
    inside = [c for c in index.records if key in c.key and not c.key.startswith(key)]
    found = starts + inside
    if not found:
        names = set(index.suggestions(query, limit))
        found = [c for c in index.records if c.name in names]
    return [c.to_dict() for c in found[:limit]]
