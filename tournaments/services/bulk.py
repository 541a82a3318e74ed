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


def analyze(*models: type[Model]) -> None:
    """Fresh planner statistics after a bulk write: PostgreSQL would otherwise plan the
    next reads of a table that grew by thousands of rows from its old, tiny size."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for model in models:
            cursor.execute(f'ANALYZE "{model._meta.db_table}"')
