"""Many rows of one model in one statement, from plain values.

``bulk_create`` builds a model instance per row and prepares every field of every row
(most of the time of storing a 10,000-player round). On PostgreSQL this writes the same
rows with one INSERT ... SELECT FROM unnest(...): one array per column that differs
between rows, every other column its model default prepared once. Elsewhere it falls back
to ``bulk_create``. Signals are not sent, as with ``bulk_create``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, cast

from django.db import connection
from django.db.models import Model


def insert_rows(model: type[Model], varying: Mapping[str, Sequence[Any]]) -> list[int]:
    """Insert len(any column) rows; ``varying`` maps field attnames to one value per row
    (plain Python values: ints, text, booleans, datetimes). Returns the new primary keys
    in row order."""
    count = len(next(iter(varying.values())))
    if count == 0:
        return []
    if connection.vendor != "postgresql":
        objs = [model(**{k: v[i] for k, v in varying.items()}) for i in range(count)]
        cast(Any, model).objects.bulk_create(objs, batch_size=5000)
        return [o.pk for o in objs]
    template = model()
    columns: list[str] = []
    selects: list[str] = []
    params: list[Any] = []
    arrays: list[tuple[Any, list[Any]]] = []
    for field in model._meta.concrete_fields:
        if field.primary_key:
            continue
        columns.append(connection.ops.quote_name(cast(str, field.column)))
        if field.attname in varying:
            selects.append(f"u.c{len(arrays)}")
            values = list(varying[field.attname])
            if field.get_internal_type() == "JSONField":
                # An array of dicts cannot be adapted; an array of JSON texts is cast.
                values = [json.dumps(v) for v in values]
            arrays.append((field, values))
        else:
            selects.append("%s")
            params.append(field.get_db_prep_save(getattr(template, field.attname), connection))
    unnest = ", ".join(f"%s::{field.db_type(connection)}[]" for field, _ in arrays)
    names = ", ".join(f"c{i}" for i in range(len(arrays)))
    table = connection.ops.quote_name(model._meta.db_table)
    pk = connection.ops.quote_name(cast(str, model._meta.pk.column))
    sql = (
        f"INSERT INTO {table} ({', '.join(columns)}) SELECT {', '.join(selects)} "
        f"FROM unnest({unnest}) WITH ORDINALITY AS u({names}, ord) ORDER BY u.ord "
        f"RETURNING {pk}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, *(values for _, values in arrays)])
        return [row[0] for row in cursor.fetchall()]


# COPY's text format: a backslash, tab, newline or carriage return in a value is escaped.
_COPY_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})
_NULL = "\\N"


def copy_text(internal: str, values: Sequence[Any]) -> list[str]:
    """One column's values as COPY text, converted by the column's type once, not by
    the driver's dumper value by value (for text arrays that cost seconds a 100,000 rows)."""
    if internal == "JSONField":
        return [_NULL if v is None else json.dumps(v).translate(_COPY_ESCAPES) for v in values]
    if internal == "BooleanField":
        return [_NULL if v is None else "t" if v else "f" for v in values]
    if internal in ("CharField", "TextField", "SlugField", "EmailField"):
        return [_NULL if v is None else str(v).translate(_COPY_ESCAPES) for v in values]
    if internal in ("DateTimeField", "DateField"):
        return [_NULL if v is None else v.isoformat() for v in values]
    return [_NULL if v is None else str(v) for v in values]


def copy_rows(model: type[Model], varying: Mapping[str, Sequence[Any]]) -> int:
    """Like ``insert_rows`` without the new keys: on PostgreSQL one COPY of text written
    here, every column not in ``varying`` its model default; elsewhere ``bulk_create``.
    Returns the number of rows written."""
    count = len(next(iter(varying.values())))
    if count == 0:
        return 0
    if connection.vendor != "postgresql":
        objs = [model(**{k: v[i] for k, v in varying.items()}) for i in range(count)]
        cast(Any, model).objects.bulk_create(objs, batch_size=5000)
        return count
    template = model()
    columns: list[str] = []
    texts: list[list[str]] = []
    for field in model._meta.concrete_fields:
        if field.primary_key:
            continue
        columns.append(connection.ops.quote_name(cast(str, field.column)))
        internal = field.get_internal_type()
        if field.attname in varying:
            texts.append(copy_text(internal, varying[field.attname]))
        else:
            texts.append(copy_text(internal, [getattr(template, field.attname)]) * count)
    copy_columns(connection.ops.quote_name(model._meta.db_table), columns, texts)
    return count


def copy_columns(table: str, columns: Sequence[str], texts: Sequence[Sequence[str]]) -> None:
    """COPY (PostgreSQL) into ``table`` (quoted) one row per index of ``texts``: one list
    of COPY text (``copy_text``) per column, in the order of ``columns``."""
    data = "\n".join(map("\t".join, zip(*texts, strict=True)))
    sql = f"COPY {table} ({', '.join(columns)}) FROM STDIN"
    with connection.cursor() as cursor, cursor.copy(sql) as copy:
        copy.write(data)


def analyze(*models: type[Model]) -> None:
    """Fresh planner statistics after a bulk write: PostgreSQL would otherwise plan the
    next reads of a table that grew by thousands of rows from its old, tiny size."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for model in models:
            cursor.execute(f'ANALYZE "{model._meta.db_table}"')
