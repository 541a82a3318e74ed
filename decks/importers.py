"""Loading the card databases and the community formats into the database.

Both importers are idempotent: a card or format is found by its id / key and
updated when a field changed, created when new, never duplicated. Cards go in
with bulk_create / bulk_update in batches, so the 4,000 LOTR TCG cards take a
second or two rather than a minute.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db import transaction

from decks.models import Card, CardSet, Format
from rules_engine.deckrules import (
    LORE,
    LOTR_TCG,
    METW,
    FormatDataError,
    format_from_gemp,
    lotr_record,
    metw_record,
    normalize_name,
    with_alias_items,
)

MAX_DOWNLOAD_BYTES = 50 * 1024 * 1024
BATCH = 500
CARD_GAMES = (METW, LOTR_TCG)
_REQUIRED = {
    METW: ("id", "name", "type", "set"),
    LOTR_TCG: ("id", "set", "type"),
}
_MIRRORED = (
    "card_set_id",
    "name",
    "norm_name",
    "type",
    "subtype",
    "unique",
    "alignment",
    "is_avatar",
    "is_agent",
    "is_haven",
    "item_class",
    "mind",
    "title",
    "side",
    "culture",
    "site_number",
    "site_block",
    "shadow_number",
    "can_be_ring_bearer",
    "base_id",
    "raw",
)


class ImportDataError(ValueError):
    """The file or URL cannot be read, or is not in the shape ../shared/data/README.md describes."""


@dataclass
class ImportResult:
    created: int = 0
    updated: int = 0
    unchanged: int = 0

    def __str__(self) -> str:
        return f"{self.created} created, {self.updated} updated, {self.unchanged} unchanged"


def load_json_source(source: str) -> Any:
    """JSON from a local path or an http(s) URL, with a message a person can act on."""
    if source.startswith(("http://", "https://")):
        try:
            with urllib.request.urlopen(source, timeout=60) as response:
                body = response.read(MAX_DOWNLOAD_BYTES + 1)
        except (urllib.error.URLError, TimeoutError, ValueError) as exc:
            raise ImportDataError(f"Could not download {source}: {exc}") from exc
        if len(body) > MAX_DOWNLOAD_BYTES:
            raise ImportDataError(f"{source} is larger than {MAX_DOWNLOAD_BYTES // 2**20} MB.")
        text_source = source
    else:
        path = Path(source)
        if not path.is_file():
            raise ImportDataError(f"No file at {path}.")
        body = path.read_bytes()
        text_source = str(path)
    try:
        return json.loads(body.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise ImportDataError(f"{text_source} is not UTF-8 text ({exc}).") from exc
    except json.JSONDecodeError as exc:
        raise ImportDataError(
            f"{text_source} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}."
        ) from exc


def _check_cards(game: str, data: Any) -> list[Mapping[str, Any]]:
    if game not in CARD_GAMES:
        raise ImportDataError(
            f"Unknown game {game!r}: card databases exist for {', '.join(CARD_GAMES)} "
            "(LoRE has none; its format uses the project's card list)."
        )
    if not isinstance(data, list):
        raise ImportDataError(f"Expected a JSON list of card objects, got a {type(data).__name__}.")
    problems = []
    seen: set[str] = set()
    for i, item in enumerate(data):
        if not isinstance(item, dict):
            problems.append(f"item {i}: not an object")
            continue
        missing = [k for k in _REQUIRED[game] if item.get(k) in (None, "")]
        if game == LOTR_TCG and not (item.get("full_name") or item.get("title")):
            missing.append("title")
        if missing:
            problems.append(f"item {i} (id {item.get('id')!r}): missing {', '.join(missing)}")
        elif str(item["id"]) in seen:
            problems.append(f"item {i}: id {item['id']!r} appears twice")
        else:
            seen.add(str(item["id"]))
        if len(problems) >= 10:
            break
    if problems:
        raise ImportDataError(
            f"The file is not a {game} card database: " + "; ".join(problems) + "."
        )
    if not data:
        raise ImportDataError("The file holds no cards.")
    return data


def _card_fields(game: str, item: Mapping[str, Any], aliases: Mapping[str, str]) -> dict[str, Any]:
    rec = metw_record(item) if game == METW else lotr_record(item, aliases)
    return {
        "name": rec.name[:200],
        "norm_name": normalize_name(rec.name)[:200],
        "type": rec.type[:40],
        "subtype": (rec.subtype or "")[:60],
        "unique": rec.unique,
        "alignment": rec.alignment or "",
        "is_avatar": rec.is_avatar,
        "is_agent": rec.is_agent,
        "is_haven": rec.is_haven,
        "item_class": rec.item_class or "",
        "mind": rec.mind,
        "title": (rec.title or "")[:200],
        "side": rec.side or "",
        "culture": rec.culture or "",
        "site_number": rec.site_number,
        "site_block": rec.site_block or "",
        "shadow_number": rec.shadow_number,
        "can_be_ring_bearer": rec.can_be_ring_bearer,
        "base_id": rec.base_id or "",
        "raw": dict(item),
        "_set": rec.set,
        "_set_name": str(item.get("set_name") or item.get("set") or ""),
    }


def import_cards(
    game: str,
    data: Any,
    aliases: Mapping[str, str] | None = None,
    progress: Callable[[Iterable], Iterable] | None = None,
) -> ImportResult:
    """Create or update every card in ``data`` (the README's JSON shape)."""
    items = _check_cards(game, data)
    aliases = aliases or {}
    if not isinstance(aliases, Mapping):
        raise ImportDataError("The aliases file must be a JSON object {alternate_id: base_id}.")
    if game == LOTR_TCG:
        items = with_alias_items(items, aliases)
    rows = [_card_fields(game, item, aliases) for item in items]
    result = ImportResult()
    with transaction.atomic():
        sets = {s.code: s for s in CardSet.objects.filter(game=game)}
        for row in rows:
            code = row["_set"][:20]
            if code not in sets:
                sets[code] = CardSet.objects.create(
                    game=game, code=code, name=row["_set_name"][:120]
                )
        existing = {c.card_id: c for c in Card.objects.filter(game=game)}
        to_create: list[Card] = []
        to_update: list[Card] = []
        iterable = progress(rows) if progress else rows
        for row, item in zip(iterable, items, strict=True):
            card_id = str(item["id"])[:40]
            row["card_set_id"] = sets[row.pop("_set")[:20]].pk
            row.pop("_set_name")
            card = existing.get(card_id)
            if card is None:
                to_create.append(Card(game=game, card_id=card_id, **row))
                continue
            changed = False
            for field in _MIRRORED:
                if getattr(card, field) != row[field]:
                    setattr(card, field, row[field])
                    changed = True
            if changed:
                to_update.append(card)
            else:
                result.unchanged += 1
        Card.objects.bulk_create(to_create, batch_size=BATCH)
        if to_update:
            Card.objects.bulk_update(to_update, list(_MIRRORED), batch_size=BATCH)
        result.created, result.updated = len(to_create), len(to_update)
    from decks.cards import card_data_changed

    card_data_changed(game)
    return result


def import_formats(game: str, data: Any) -> ImportResult:
    """Create or update the community formats of lotr-tcg/formats.json."""
    if game != LOTR_TCG:
        raise ImportDataError(
            f"Community formats exist for {LOTR_TCG} only; {game!r} formats are built in."
        )
    if not isinstance(data, dict) or not data:
        raise ImportDataError(
            "Expected a JSON object {format name: {...}} with at least one format."
        )
    try:
        defs = [format_from_gemp(name, value) for name, value in data.items()]
    except FormatDataError as exc:
        raise ImportDataError(str(exc)) from exc
    result = ImportResult()
    with transaction.atomic():
        existing = {f.key: f for f in Format.objects.filter(game=game)}
        for fdef in defs:
            values = {
                "name": fdef.name[:200],
                "description": fdef.description,
                "rule_source": fdef.source,
                "rules": dict(fdef.rules),
                "source": Format.Source.COMMUNITY,
                "builtin": False,
                "order": 500 + int(fdef.extra.get("order") or 0),
            }
            row = existing.get(fdef.key)
            if row is None:
                Format.objects.create(game=game, key=fdef.key, **values)
                result.created += 1
            elif row.source == Format.Source.CUSTOM:
                raise ImportDataError(
                    f"A director's custom format already uses the key {fdef.key!r}; "
                    "rename it first."
                )
            elif any(getattr(row, k) != v for k, v in values.items()):
                for k, v in values.items():
                    setattr(row, k, v)
                row.save()
                result.updated += 1
            else:
                result.unchanged += 1
    return result


__all__ = [
    "LORE",
    "ImportDataError",
    "ImportResult",
    "import_cards",
    "import_formats",
    "load_json_source",
]
