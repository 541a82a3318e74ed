"""The history a pairing reads, aggregated by the database.

Each player's points from confirmed results, whether he had a bye, and everyone he met
(``player_records`` gives the same per registration). Read seat by seat, 100,000 players
after three rounds are 300,000 rows turned into Python values one by one, then grouped
by table and by player in Python: most of the time of pairing and storing such a round.
Here the database groups them: one row per seated player, his opponents as one text of
ids (the pairing takes ids as text), so Python only splits one string per player.
"""

from __future__ import annotations

from django.db import connection

from tournaments.models import Event, Seat, Table

# One row per seated player: points counted only at confirmed tables (an open table's
# points are a report not yet confirmed), and whether one of his seats was a bye.
_SCORES = """
SELECT s.registration_id,
       SUM(CASE WHEN s.points IS NOT NULL AND t.status = %s THEN s.points ELSE 0 END),
       MAX(CASE WHEN s.is_bye THEN 1 ELSE 0 END)
FROM {seat} s JOIN {table} t ON t.id = s.table_id
WHERE s.event_id = %s
GROUP BY s.registration_id
"""

# Everyone each player sat with at any table of the event (a pod's other players too).
_MET = """
SELECT s.registration_id, {concat}(CAST(o.registration_id AS TEXT), ',')
FROM {seat} s JOIN {seat} o
  ON o.table_id = s.table_id AND o.registration_id <> s.registration_id AND o.event_id = %s
WHERE s.event_id = %s
GROUP BY s.registration_id
"""


def _sql(template: str) -> str:
    concat = "string_agg" if connection.vendor == "postgresql" else "group_concat"
    return template.format(seat=Seat._meta.db_table, table=Table._meta.db_table, concat=concat)


def seated_history(
    event: Event,
) -> tuple[dict[int, tuple[int, bool]], dict[int, frozenset[str]]]:
    """(registration id -> (points, had a bye)) for every player seated in the event, and
    (registration id -> the ids, as text, of everyone he met) for those who met anyone."""
    with connection.cursor() as cursor:
        cursor.execute(_sql(_SCORES), [str(Table.Status.CONFIRMED), event.pk])
        scores = {reg: (int(points), bool(bye)) for reg, points, bye in cursor.fetchall()}
        cursor.execute(_sql(_MET), [event.pk, event.pk])
        met = {reg: frozenset(ids.split(",")) for reg, ids in cursor.fetchall()}
    return scores, met
