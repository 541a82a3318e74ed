"""Stored standings and bounded pages of standings and pairings.

The standings are computed by one builder, ``event_standings``; this module only keeps
its answer. Every change that can move the standings (a seat's result, a table's status,
a round, a registration dropped, ejected or renamed, the event's tiebreak chain) marks
the event's snapshot stale in the writer's own transaction (model signals below, so no
path is forgotten); the snapshot is rebuilt by a task once that transaction commits
(tournaments.tasks), or by the first reader that finds it stale. So a reader never gets
standings older than the data it could see, and a request that finds the table fresh
costs two small queries (the snapshot's version, then one page of rows) whatever the
size of the event.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from typing import Any

from celery import shared_task
from django.core.paginator import Page, Paginator
from django.db import connection, transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone

from core.gc_pause import gc_paused
from core.jobs import send_after_commit, send_now, send_once_after_commit
from core.tx_memo import TransactionMemo
from tournaments import signals
from tournaments.models import (
    Event,
    Registration,
    StandingsSnapshot,
    StandingsSnapshotRow,
)
from tournaments.services.bulk import analyze
from tournaments.services.paging import MAX_PER_PAGE, PER_PAGE, clamp
from tournaments.services.standings.input import RoundProgress, event_standings, round_progress
from tournaments.services.standings.store import COLUMNS, store_rows
from tournaments.services.standings.update import update_in_place

logger = logging.getLogger(__name__)


CLOSED = StandingsSnapshotRow.CLOSED


_BULK = 2000


@dataclass(frozen=True)
class SnapshotState:
    """What a reader needs besides the rows: the ETag and the "after N rounds" line."""

    version: int
    closed_rounds: int
    row_count: int
    # The closed rounds whose standings are stored as stage CLOSED (None: not stored).
    closed_stage: int | None = None

    @property
    def etag(self) -> str:
        return f'"standings-{self.version}"'

    def etag_for(self, viewer: int | None, language: str | None) -> str:
        """A page's ETag: the same standings look different to another viewer (the menu)
        or in another language, so both are part of it."""
        return f'W/"standings-{self.version}-{viewer or 0}-{language or ""}"'


def _header(event_id: int, with_event: bool = False) -> StandingsSnapshot:
    """The event's snapshot header, locked (``with_event``: its event read with it, not
    locked, in the same query)."""
    if connection.vendor == "sqlite":
        # SQLite ignores FOR UPDATE: a no-op write takes its write lock first (see base.py).
        StandingsSnapshot.objects.filter(event_id=event_id).update(stale=F("stale"))
    headers = StandingsSnapshot.objects.select_for_update(of=("self",))
    if with_event:
        headers = headers.select_related("event")
    header, _ = headers.get_or_create(event_id=event_id)
    return header


def rebuild_snapshot(event: Event | int, *, force: bool = False) -> SnapshotState:
    """Recompute the event's standings with event_standings and store them, unless
    another writer already did (the snapshot row is the lock: one rebuild at a time)."""
    state = _rebuild(event, force=force)
    assert state is not None  # only an update in place alone gives up
    return state


def _rebuild(
    event: Event | int, *, force: bool = False, in_place_only: bool = False
) -> SnapshotState | None:
    """rebuild_snapshot; ``in_place_only``: None, having written nothing, when the
    stored rows cannot be updated in place (the whole rebuild is left to the task)."""
    event_id = event.pk if isinstance(event, Event) else event
    _marks.clear()  # a mark after this rebuild must be written again
    with transaction.atomic():
        header = _header(event_id, with_event=not isinstance(event, Event))
        if header.stale or force or header.built_at is None:
            event_obj = event if isinstance(event, Event) else header.event
            progress = round_progress(event_obj)  # a rebuild changes no round
            written = None
            if not force and header.built_at is not None and header.changed_tables is not None:
                # Only results changed: the stored rows updated in place.
                _keep_closed_stage(event_obj, header, progress.closed_through)
                written = update_in_place(event_obj, header.changed_tables)
            if written is None and in_place_only:
                transaction.set_rollback(True)  # the closed stage kept too: all or nothing
                return None
            if written is None:
                # Explanations are stored as items, put in words in each reader's language.
                # No cycle search meanwhile: every row built stays alive until stored.
                with gc_paused():
                    rows = event_standings(event_obj, registrations=False)
                    written = store_rows(event_id, rows)
                header.row_count = len(rows)
            header.version += 1
            header.stale, header.changed_tables = False, None
            header.closed_rounds = progress.closed
            staged = _store_closed_stage(event_obj, header, progress)
            header.built_at = timezone.now()
            header.save()
            signals.standings_changed.send(sender=Event, event_id=event_id, version=header.version)
            if max(written.inserted, staged) >= _BULK:
                analyze(StandingsSnapshotRow)
    return _state(header)


def update_after_commit(event_id: int) -> bool:
    """Right after a result's commit, in the writer's own process: the stored rows updated
    in place, without waiting for a worker's turn; whether they are fresh now. A whole
    rebuild is left to the task, and so is any failure here: the result is committed
    already, the snapshot stays stale, and the task (sent then) or the first reader
    rebuilds it."""
    try:
        return _rebuild(event_id, in_place_only=True) is not None
    except Exception:
        logger.exception("standings of event %s not updated in place", event_id)
        return False


def _state(header: StandingsSnapshot) -> SnapshotState:
    stage = None if header.closed_stale else header.closed_stage_rounds
    return SnapshotState(header.version, header.closed_rounds, header.row_count, stage)


def _store_closed_stage(event: Event, header: StandingsSnapshot, progress: RoundProgress) -> int:
    """While a round runs with results confirmed, the standings after the closed rounds
    (000 Part VI §3: "after N rounds" counts exactly those rounds) are stored beside the
    others, rebuilt only when a closed round, a player or the event changed; a result of
    the running round leaves them. Returns the rows inserted."""
    closed = progress.closed_through
    if not progress.confirmed_after:
        if header.closed_stage_rounds is not None:
            StandingsSnapshotRow.objects.filter(event=event, stage=CLOSED).delete()
        header.closed_stage_rounds, header.closed_stale = None, False
        return 0
    if header.closed_stage_rounds == closed and not header.closed_stale:
        return 0
    rows = event_standings(event, through_round=closed, registrations=False)
    written = store_rows(event.pk, rows, stage=CLOSED)
    header.closed_stage_rounds, header.closed_stale = closed, False
    return written.inserted


def _keep_closed_stage(event: Event, header: StandingsSnapshot, closed: int) -> None:
    """Before the first result after the closed rounds is stored: the rows stored until
    now counted no result after them (no closed stage was needed), and only results
    changed since, so they are the standings after the closed rounds, kept as such by
    one copy instead of ranking the event again (seconds at thousands of players)."""
    if header.closed_stage_rounds is not None or header.closed_stale:
        return
    table = StandingsSnapshotRow._meta.db_table
    columns = ", ".join(("event_id", "registration_id", *COLUMNS))
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (stage, {columns}) SELECT %s, {columns} FROM {table} "
            "WHERE event_id = %s AND stage = %s",
            [CLOSED, event.pk, StandingsSnapshotRow.ALL],
        )
    header.closed_stage_rounds = closed


def snapshot_state(event: Event) -> SnapshotState:
    """The current snapshot's version, rebuilt first when a change made it stale."""
    header = StandingsSnapshot.objects.filter(event_id=event.pk).first()
    if header is None or header.stale:
        return rebuild_snapshot(event)
    return _state(header)


def snapshot_rows(
    event: Event, q: str = "", stage: int = StandingsSnapshotRow.ALL
) -> QuerySet[StandingsSnapshotRow]:
    """The stored rows in standings order (searchable by name), each with its registration
    for the dropped and ejected marks. Call snapshot_state first: it rebuilds a stale one."""
    rows = StandingsSnapshotRow.objects.filter(event_id=event.pk, stage=stage).select_related(
        "registration"
    )
    if q:
        rows = rows.filter(name__icontains=q)
    return rows.order_by("position")


def stored_rank(registration: Registration) -> int | None:
    """A player's place in his event's stored standings (None when he is not listed)."""
    snapshot_state(registration.event)
    return (
        StandingsSnapshotRow.objects.filter(registration=registration)
        .values_list("rank", flat=True)
        .first()
    )


def standings_page(
    event: Event, page: Any = 1, per_page: Any = PER_PAGE, q: str = "", limit: int = MAX_PER_PAGE
) -> tuple[Page, SnapshotState]:
    """One page of the stored standings and the snapshot's state (for the ETag)."""
    state = snapshot_state(event)
    number, size = clamp(page, per_page, limit)
    q = (q or "").strip()
    paginator = Paginator(snapshot_rows(event, q), size)
    if not q:
        # The count is stored with the snapshot: no COUNT(*) over the event's rows.
        paginator.count = state.row_count
    return paginator.get_page(number), state


def mark_stale(
    event_ids: list[int], *, closed_too: bool = True, tables: Sequence[int] = ()
) -> None:
    """Flag the snapshots in the writer's transaction; once it commits, a task rebuilds
    them (so the write itself never waits for a whole event's standings), and a result
    alone is updated in place at once by the writer (update_after_commit).
    ``closed_too=False``: the change is a result of a round not closed, which leaves the
    standings after the closed rounds as they are; with ``tables``, it is only the results
    of those tables, and the rebuild may update the stored rows in place.
    Every header is written, never skipped as already stale: the write waits for a
    rebuild under way, so that rebuild cannot mark stale rows fresh. Only the same mark
    again in the same transaction (a result saves two seats and the table) is skipped:
    the first one holds the lock until the commit; but a page stored since, inside this
    transaction, is dropped again (this change is not in it: signals.pages_changed_now)."""
    key = (tuple(sorted(event_ids)), closed_too, tuple(sorted(tables)))
    marked: list[str] | None = _marks.get(key)
    if marked is not None:
        signals.pages_changed_now(marked)
        return
    headers = StandingsSnapshot.objects.filter(event_id__in=event_ids)
    slugs: list[str] | None = None
    if closed_too:
        headers.update(stale=True, closed_stale=True, changed_tables=None)
    elif not tables:
        headers.update(stale=True, changed_tables=None)
    else:
        slugs = _mark_tables(headers, tables)
    if slugs is None or len(slugs) < len(set(event_ids)):  # an event with no header yet
        slugs = list(Event.objects.filter(pk__in=event_ids).values_list("slug", flat=True))
    # The same mark again in this transaction is skipped; the slugs are kept for its pages.
    _marks.put(key, slugs)
    signals.announce_pages_changed(slugs)
    for event_id in set(event_ids):
        if tables and not closed_too:
            # The task only when the writer could not update the rows in place.
            transaction.on_commit(partial(_update_or_send, event_id))
        else:
            # A broker that is away leaves the message in the outbox; meanwhile the
            # snapshot stays stale and its first reader rebuilds it. One message per
            # transaction.
            send_once_after_commit(rebuild_standings, event_id)


def _update_or_send(event_id: int) -> None:
    if not update_after_commit(event_id):
        send_now(rebuild_standings, (event_id,), {})


def _mark_tables(headers: QuerySet[StandingsSnapshot], tables: Sequence[int]) -> list[str]:
    """Add ``tables`` to the headers' changed tables (a header stale for another reason
    keeps null: a whole rebuild); their events' slugs, read with them."""
    slugs = []
    # No savepoint of its own inside the writer's transaction: a failure here fails
    # the whole write anyway (two round trips fewer for every result).
    with transaction.atomic(savepoint=False):
        locked = headers.select_for_update(of=("self",)).select_related("event").order_by("pk")
        for header in locked:
            pending = header.changed_tables if header.stale else []
            if pending is not None:
                pending = sorted({*pending, *tables})
            header.stale, header.changed_tables = True, pending
            header.save(update_fields=["stale", "changed_tables"])
            slugs.append(header.event.slug)
    return slugs


# The marks made in the open transaction (in a part of it not rolled back since, and with
# no rebuild since), each with its events' slugs.
_marks = TransactionMemo()


def rebuild_if_stale(event_id: int) -> bool:
    if not StandingsSnapshot.objects.filter(event_id=event_id, stale=True).exists():
        return False
    rebuild_snapshot(event_id)
    return True


@shared_task(name="tournaments.tasks.rebuild_standings", acks_late=True, ignore_result=True)
def rebuild_standings(event_id: int) -> bool:
    """Store an event's standings again after a change committed. Best effort: while it
    has not run (or if it fails) the snapshot stays stale and its first reader rebuilds it."""
    try:
        return rebuild_if_stale(event_id)
    except Exception:
        logger.exception("standings snapshot of event %s not rebuilt", event_id)
        return False


# A stale snapshot not rebuilt for this long lost its rebuild message (the broker's queue
# was emptied while the worker was down): the sweep sends it again.
REBUILD_LOST_AFTER = timedelta(minutes=3)


def resend_lost_rebuilds(now: Any = None) -> int:
    """Part of the sweep (core.jobs): stale snapshots whose rebuild was lost, sent again
    (a few each minute; a reader rebuilds one meanwhile anyway)."""
    now = now or timezone.now()
    lost = StandingsSnapshot.objects.filter(stale=True).filter(
        Q(built_at__lt=now - REBUILD_LOST_AFTER) | Q(built_at__isnull=True)
    )
    event_ids = list(lost.order_by("pk").values_list("event_id", flat=True)[:20])
    for event_id in event_ids:
        send_after_commit(rebuild_standings, event_id)
    return len(event_ids)
