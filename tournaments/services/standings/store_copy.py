"""A whole recomputed standings table stored on PostgreSQL, compared by the database.

``store_rows`` elsewhere reads every stored row back into Python (three JSON documents
each) to compare it with the recomputation: at 100,000 players that reading cost more
than computing the standings. Here the new rows go by COPY into a temporary table and
the database compares them with the stored ones: it deletes the rows of players no
longer listed, updates in place the rows that differ (parked above every real position
first, as ``store_rows`` does, since positions are unique and checked row by row),
inserts the rows of new players, and leaves the others alone. The stored table is the
same one ``store_rows`` writes (tests/tournaments/test_snapshot_incremental.py runs both).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from django.db import connection, transaction

from tournaments.models.standings import StandingsSnapshotRow
from tournaments.services.bulk import copy_columns
from tournaments.standings import named_players

_TEMP = "standings_incoming"
_LINES, _DOCS = "standings_incoming_lines", "standings_incoming_docs"
_INTS = ("position", "rank", "points", "wins", "losses", "draws", "byes", "games",
         "opponents_points")  # fmt: skip
_JSONS = ("tiebreaks", "explanation_items", "explanation_names")
_VALUES = (*_INTS, "name", *_JSONS)
_COPY_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


def _copy_json(value: Any) -> str:
    # ensure_ascii: the text holds no tab, newline or carriage return, only backslashes
    # (of JSON's own escapes) to double for COPY.
    text = json.dumps(value)
    return text.replace("\\", "\\\\") if "\\" in text else text


def _names(row: Any) -> dict[str, str]:
    # Most rows (big tied groups) name nobody: no list of names built for them.
    items = row.explanation_items
    if not any(item.get("players") or item.get("shown") for item in items):
        return {}
    names = row.names
    return {pid: names.get(pid, pid) for pid in named_players(items)}


def _texts(rows: Sequence[Any]) -> tuple[list[list[str]], list[str]]:
    """The COPY text of each column of ``_LINES`` (registration, then ``_VALUES`` with
    the JSON columns as indexes), and the distinct JSON documents they index, each put
    in JSON once: the rows of a big tied group share their explanation's items (the same
    dicts) and most of their tiebreak values. At 100,000 rows, json.dumps of every row's
    documents was most of the time of storing them, and parsing them that of the COPY."""
    texts = [[str(row.player) for row in rows], [str(k) for k in range(1, len(rows) + 1)]]
    numbers = attrgetter(*_INTS[1:])
    texts += [list(map(str, column)) for column in zip(*map(numbers, rows), strict=True)]
    texts.append([str(row.name)[:100].translate(_COPY_ESCAPES) for row in rows])
    docs: dict[str, str] = {}  # JSON text -> its index, as COPY text

    def indexed(value: Any) -> str:
        text = _copy_json(value)
        found = docs.get(text)
        if found is None:
            found = docs[text] = str(len(docs))
        return found

    tiebreaks, items, names = [], [], []
    by_values: dict[tuple[Any, ...], str] = {}
    # By the items' identity: the rows hold them, so no id is reused meanwhile.
    by_items: dict[tuple[int, ...], tuple[str, str]] = {}
    for row in rows:
        values = row.tiebreaks
        # The types too: 1 and 1.0 are equal keys but not the same JSON.
        key = (*values.items(), *map(type, values.values()))
        text = by_values.get(key)
        if text is None:
            text = by_values[key] = indexed(values)
        tiebreaks.append(text)
        shared = (id(row.names), *map(id, row.explanation_items))
        found = by_items.get(shared)
        if found is None:
            found = by_items[shared] = (indexed(row.explanation_items), indexed(_names(row)))
        items.append(found[0])
        names.append(found[1])
    texts += [tiebreaks, items, names]
    return texts, list(docs)


def _load(cursor: Any, rows: Sequence[Any]) -> None:
    """``rows`` into ``_TEMP``: their lines and their distinct documents by COPY, then
    joined (each document parsed once, copied as it is to each row that has it)."""
    lines, docs = _texts(rows)
    create = "CREATE TEMPORARY TABLE IF NOT EXISTS"
    cursor.execute(
        f"{create} {_TEMP} (registration_id bigint, {', '.join(f'{c} integer' for c in _INTS)}, "
        f"name text, {', '.join(f'{c} jsonb' for c in _JSONS)}) ON COMMIT DROP"
    )
    cursor.execute(
        f"{create} {_LINES} (registration_id bigint, "
        f"{', '.join(f'{c} integer' for c in (*_INTS, *_JSONS))}, name text) ON COMMIT DROP"
    )
    cursor.execute(f"{create} {_DOCS} (id integer, doc jsonb) ON COMMIT DROP")
    cursor.execute(f"TRUNCATE {_TEMP}, {_LINES}, {_DOCS}")
    copy_columns(_DOCS, ("id", "doc"), [[str(k) for k in range(len(docs))], docs])
    copy_columns(_LINES, ("registration_id", *_VALUES), lines)
    cursor.execute(f"ANALYZE {_DOCS}")
    joins = " ".join(f"INNER JOIN {_DOCS} d{k} ON d{k}.id = l.{c}" for k, c in enumerate(_JSONS))
    cursor.execute(
        f"INSERT INTO {_TEMP} (registration_id, {', '.join(_VALUES)}) SELECT l.registration_id, "
        f"{', '.join(f'l.{c}' for c in (*_INTS, 'name'))}, "
        f"{', '.join(f'd{k}.doc' for k in range(len(_JSONS)))} FROM {_LINES} l {joins}"
    )


def store_by_copy(event_id: int, rows: Sequence[Any], stage: int, park: int) -> tuple[int, ...]:
    """Make the stored rows of ``stage`` equal ``rows`` (in standings order); returns the
    rows (updated, inserted, deleted, unchanged)."""
    table = StandingsSnapshotRow._meta.db_table
    own = f"r.event_id = {int(event_id)} AND r.stage = {int(stage)}"
    differs = " OR ".join(f"r.{c} IS DISTINCT FROM i.{c}" for c in _VALUES if c != "position")
    sets = ", ".join(f"{c} = i.{c}" for c in _VALUES if c != "position")
    with transaction.atomic(), connection.cursor() as cursor:
        _load(cursor, rows)
        # The join column only: the jsonb columns cost most of a whole ANALYZE (1.5 s at
        # 100,000 rows) and no plan reads their statistics.
        cursor.execute(f"ANALYZE {_TEMP} (registration_id)")
        cursor.execute(
            f"DELETE FROM {table} r WHERE {own} AND NOT EXISTS "
            f"(SELECT 1 FROM {_TEMP} i WHERE i.registration_id = r.registration_id)"
        )
        deleted = cursor.rowcount
        cursor.execute(
            f"UPDATE {table} r SET position = i.position + {int(park)}, {sets} FROM {_TEMP} i "
            f"WHERE {own} AND r.registration_id = i.registration_id "
            f"AND (r.position <> i.position OR {differs})"
        )
        updated = cursor.rowcount
        cursor.execute(
            f"INSERT INTO {table} (event_id, stage, registration_id, {', '.join(_VALUES)}) "
            f"SELECT {int(event_id)}, {int(stage)}, i.registration_id, "
            f"{', '.join(f'i.{c}' for c in _VALUES)} FROM {_TEMP} i WHERE NOT EXISTS "
            f"(SELECT 1 FROM {table} r WHERE {own} AND r.registration_id = i.registration_id)"
        )
        inserted = cursor.rowcount
        if updated:
            cursor.execute(
                f"UPDATE {table} r SET position = r.position - {int(park)} "
                f"WHERE {own} AND r.position > {int(park)}"
            )
    return updated, inserted, deleted, len(rows) - updated - inserted
