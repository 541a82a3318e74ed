"""Reading and writing the ledger: bulk inserts, the PlayerRating cache, the ledger's
version (bumped with every write, which invalidates cached league tables, and
announced by the ``ledger_changed`` signal) and snapshots for comparisons."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any, cast

from django.db import connection
from django.db.models import Max
from django.utils import timezone

from ratings.formula import START_RATING
from ratings.models import LedgerVersion, PlayerRating, RatingEntry
from ratings.services.rater import COLUMNS, GAME, LedgerRow
from ratings.services.timeline import row_key
from ratings.signals import ledger_changed

BATCH = 5000
CHUNK = 20_000
Progress = Callable[[str, int, int], None]


def _opponents_json(opponents: list[dict[str, int]]) -> str:
    # json.dumps per row is the slowest part of writing a large ledger; the shape is fixed.
    return (
        "["
        + ", ".join(f'{{"player": {o["player"]}, "rating": {o["rating"]}}}' for o in opponents)
        + "]"
    )


def _copy_value(value: Any) -> str:
    return "\\N" if value is None else str(value)


def _copy_line(r: LedgerRow, cached: Callable[[Any], str]) -> str:
    # COPY's text format: tab-separated, \N for NULL. No value here holds a tab,
    # newline or backslash (ints, dates, fixed keys, the JSON built above).
    return "\t".join(
        (
            r.game,
            str(r.step),
            cached(r.at),
            cached(r.event_date),
            str(r.player_id),
            str(r.event_id),
            _copy_value(r.round_number),
            _copy_value(r.table_id),
            r.kind,
            str(r.before),
            str(r.change),
            str(r.after),
            r.result,
            str(r.points),
            str(r.own_points),
            _copy_value(r.opponent_rating),
            _opponents_json(r.opponents),
            cached(r.created_at),
        )
    )


def _copy_rows(rows: list[LedgerRow], progress: Callable[[int], None] | None) -> None:
    """PostgreSQL: COPY, the fastest way in."""
    table = RatingEntry._meta.db_table
    columns = ", ".join(connection.ops.quote_name(c) for c in COLUMNS)
    text: dict[Any, str] = {}

    def cached(value: Any) -> str:
        out = text.get(value)
        if out is None:
            out = text[value] = value.isoformat()
        return out

    with connection.cursor() as cursor:
        raw = cursor.cursor
        for start in range(0, len(rows), CHUNK):
            lines = [_copy_line(r, cached) for r in rows[start : start + CHUNK]]
            with raw.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                copy.write("\n".join(lines) + "\n")
            if progress:
                progress(min(start + CHUNK, len(rows)))


def _execute_rows(rows: list[LedgerRow], progress: Callable[[int], None] | None) -> None:
    """Other databases: executemany."""
    table = RatingEntry._meta.db_table
    columns = ", ".join(connection.ops.quote_name(c) for c in COLUMNS)
    ops = connection.ops
    sql = f"INSERT INTO {table} ({columns}) VALUES ({', '.join(['%s'] * len(COLUMNS))})"
    adapted: dict[Any, Any] = {}

    def when(value: Any) -> Any:
        if value not in adapted:
            adapted[value] = ops.adapt_datetimefield_value(value)
        return adapted[value]

    with connection.cursor() as cursor:
        for start in range(0, len(rows), CHUNK):
            cursor.executemany(
                sql,
                [
                    r._replace(
                        at=when(r.at),
                        event_date=cast(Any, ops.adapt_datefield_value(r.event_date)),
                        opponents=cast(Any, _opponents_json(r.opponents)),
                        created_at=when(r.created_at),
                    )
                    for r in rows[start : start + CHUNK]
                ],
            )
            if progress:
                progress(min(start + CHUNK, len(rows)))


def insert_rows(rows: list[LedgerRow], progress: Callable[[int], None] | None = None) -> None:
    """Write ledger rows in bulk: COPY on PostgreSQL, executemany elsewhere."""
    if connection.vendor == "postgresql":
        _copy_rows(rows, progress)
    else:
        _execute_rows(rows, progress)


def bump_ledger_version(game: str) -> None:
    """Invalidate the cached league tables of ``game`` and announce the change; the
    league cache listens (``ratings.signals.ledger_changed``) and rebuilds them after
    the commit. The writer does not know who reads the ledger."""
    LedgerVersion.objects.bump(game)
    ledger_changed.send(sender=RatingEntry, game=game)


def current_ratings(game: str, player_ids: Iterable[int]) -> dict[int, int]:
    return dict(
        PlayerRating.objects.filter(game=game, player_id__in=list(player_ids)).values_list(
            "player_id", "rating"
        )
    )


def save_player_ratings(game: str, rows: list[LedgerRow]) -> None:
    """Fold new ledger rows into the PlayerRating cache (live path)."""
    latest: dict[int, LedgerRow] = {}
    counts: dict[int, int] = defaultdict(int)
    peaks: dict[int, int] = {}
    for row in rows:
        pid = row.player_id
        latest[pid] = row
        if row.kind == GAME:
            counts[pid] += 1
        peaks[pid] = max(peaks.get(pid, row.before), row.before, row.after)
    existing = {
        pr.player_id: pr
        for pr in PlayerRating.objects.select_for_update().filter(
            game=game, player_id__in=list(latest)
        )
    }
    now = timezone.now()
    objs = []
    for pid, row in latest.items():
        old = existing.get(pid)
        objs.append(
            PlayerRating(
                player_id=pid,
                game=game,
                rating=row.after,
                peak=max(peaks[pid], old.peak if old else START_RATING),
                games=(old.games if old else 0) + counts[pid],
                updated_at=now,
            )
        )
    PlayerRating.objects.bulk_create(
        objs,
        update_conflicts=True,
        unique_fields=["player", "game"],
        update_fields=["rating", "peak", "games", "updated_at"],
    )


def rebuild_player_ratings(game: str, rows: list[LedgerRow]) -> None:
    """The PlayerRating cache rebuilt from a whole replayed ledger."""
    current: dict[int, list[int]] = {}
    for row in rows:
        state = current.get(row.player_id)
        if state is None:
            state = current[row.player_id] = [row.after, max(START_RATING, row.before), 0]
        state[0] = row.after
        state[1] = max(state[1], row.after)
        if row.kind == GAME:
            state[2] += 1
    now = timezone.now()
    PlayerRating.objects.filter(game=game).delete()
    PlayerRating.objects.bulk_create(
        [
            PlayerRating(player_id=pid, game=game, rating=r, peak=p, games=g, updated_at=now)
            for pid, (r, p, g) in current.items()
        ],
        batch_size=BATCH,
    )


def write_ledger(game: str, rows: list[LedgerRow], progress: Progress) -> None:
    """Replace a game system's whole ledger."""
    RatingEntry.objects.filter(game=game).delete()
    total = len(rows)
    insert_rows(rows, lambda done: progress("writing the ledger", done, total))
    rebuild_player_ratings(game, rows)
    bump_ledger_version(game)


def needs_replay(game: str, key: tuple[Any, ...]) -> tuple[bool, int]:
    """Whether the ledger already holds a later step than ``key`` (then appending would
    break the timeline and a replay is due), and the next step number."""
    last = (
        RatingEntry.objects.filter(game=game)
        .order_by("-step", "-id")
        .values("at", "event_id", "kind", "round_number", "step")
        .first()
    )
    if last is None:
        return False, 1
    return row_key(last) > key, last["step"] + 1


def ledger_snapshot(game: str) -> list[tuple[Any, ...]]:
    """The ledger's content without ids or timestamps of writing, for comparisons."""
    return list(
        RatingEntry.objects.filter(game=game)
        .order_by("step", "player_id", "kind", "table_id")
        .values_list(
            "step",
            "player_id",
            "event_id",
            "round_number",
            "table_id",
            "kind",
            "before",
            "change",
            "after",
            "result",
            "points",
            "own_points",
        )
    )


def last_step(game: str) -> int:
    return RatingEntry.objects.filter(game=game).aggregate(m=Max("step"))["m"] or 0
