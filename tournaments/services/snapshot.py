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
from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.db import connection, transaction
from django.db.models import F, Model, Prefetch, Q, QuerySet
from django.db.models.signals import post_delete, post_save
from django.utils import timezone

from tournaments import page_cache, signals
from tournaments.models import (
    Event,
    Player,
    Registration,
    Round,
    Seat,
    StandingsSnapshot,
    StandingsSnapshotRow,
    Table,
)
from tournaments.services.standings_input import closed_through, confirmed_after, event_standings
from tournaments.snapshot_store import store_rows

logger = logging.getLogger(__name__)
CLOSED = StandingsSnapshotRow.CLOSED

PER_PAGE = 50
MAX_PER_PAGE = 200  # a page people read
API_PER_PAGE = 100
API_MAX_PER_PAGE = 1000  # a page programs read
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


def _header(event_id: int) -> StandingsSnapshot:
    if connection.vendor == "sqlite":
        # SQLite ignores FOR UPDATE: a no-op write takes its write lock first (see base.py).
        StandingsSnapshot.objects.filter(event_id=event_id).update(stale=F("stale"))
    header, _ = StandingsSnapshot.objects.select_for_update().get_or_create(event_id=event_id)
    return header


def rebuild_snapshot(event: Event | int, *, force: bool = False) -> SnapshotState:
    """Recompute the event's standings with event_standings and store them, unless
    another writer already did (the snapshot row is the lock: one rebuild at a time)."""
    event_id = event.pk if isinstance(event, Event) else event
    with transaction.atomic():
        header = _header(event_id)
        if header.stale or force or header.built_at is None:
            event_obj = event if isinstance(event, Event) else Event.objects.get(pk=event_id)
            # Explanations are stored as items, put in words in each reader's language.
            rows = event_standings(event_obj, registrations=False)
            written = store_rows(event_id, rows)
            header.version += 1
            header.stale = False
            header.row_count = len(rows)
            header.closed_rounds = event_obj.rounds.filter(status=Round.Status.CLOSED).count()
            staged = _store_closed_stage(event_obj, header)
            header.built_at = timezone.now()
            header.save()
            signals.standings_changed.send(sender=Event, event_id=event_id, version=header.version)
            if max(written.inserted, staged) >= _BULK:
                analyze(StandingsSnapshotRow)
    return _state(header)


def _state(header: StandingsSnapshot) -> SnapshotState:
    stage = None if header.closed_stale else header.closed_stage_rounds
    return SnapshotState(header.version, header.closed_rounds, header.row_count, stage)


def _store_closed_stage(event: Event, header: StandingsSnapshot) -> int:
    """While a round runs with results confirmed, the standings after the closed rounds
    (000 Part VI §3: "after N rounds" counts exactly those rounds) are stored beside the
    others, rebuilt only when a closed round, a player or the event changed; a result of
    the running round leaves them. Returns the rows inserted."""
    closed = closed_through(event)
    if not confirmed_after(event, closed):
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


def _clamp(page: Any, per_page: Any, limit: int = MAX_PER_PAGE) -> tuple[int, int]:
    """Bad paging input is read as the nearest sensible value, never an error page."""
    try:
        number = max(1, int(page))
    except (TypeError, ValueError):
        number = 1
    try:
        size = min(limit, max(1, int(per_page)))
    except (TypeError, ValueError):
        size = min(limit, PER_PAGE)
    return number, size


def standings_page(
    event: Event, page: Any = 1, per_page: Any = PER_PAGE, q: str = "", limit: int = MAX_PER_PAGE
) -> tuple[Page, SnapshotState]:
    """One page of the stored standings and the snapshot's state (for the ETag)."""
    state = snapshot_state(event)
    number, size = _clamp(page, per_page, limit)
    q = (q or "").strip()
    paginator = Paginator(snapshot_rows(event, q), size)
    if not q:
        # The count is stored with the snapshot: no COUNT(*) over the event's rows.
        paginator.count = state.row_count
    return paginator.get_page(number), state


def round_tables_query(rnd: Round, q: str = "") -> QuerySet[Table]:
    """A round's tables in table order with their seats and players (three queries)."""
    tables = rnd.tables.order_by("number")
    if q:
        tables = tables.filter(seats__registration__player__display_name__icontains=q).distinct()
    seats = Seat.objects.select_related("registration__player").order_by("position")
    return tables.prefetch_related(Prefetch("seats", queryset=seats))


def pairings_page(rnd: Round, page: Any = 1, per_page: Any = PER_PAGE, q: str = "") -> Page:
    """One page of a round's tables in table order, optionally only those where a player
    whose name contains ``q`` sits; three queries whatever the size of the round."""
    number, size = _clamp(page, per_page)
    return Paginator(round_tables_query(rnd, (q or "").strip()), size).get_page(number)


def analyze(*models: type[Model]) -> None:
    """Fresh planner statistics after a bulk write: PostgreSQL would otherwise plan the
    next reads of a table that grew by thousands of rows from its old, tiny size."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for model in models:
            cursor.execute(f'ANALYZE "{model._meta.db_table}"')


# --------------------------------------------------------------------------- staleness


def mark_stale(event_ids: list[int], *, closed_too: bool = True) -> None:
    """Flag the snapshots in the writer's transaction; once it commits, a task rebuilds
    them (so the write itself never waits for a whole event's standings).
    ``closed_too=False``: the change is a result of a round not closed, which leaves the
    standings after the closed rounds as they are."""
    if closed_too:
        StandingsSnapshot.objects.filter(
            Q(stale=False) | Q(closed_stale=False), event_id__in=event_ids
        ).update(stale=True, closed_stale=True)
    else:
        StandingsSnapshot.objects.filter(event_id__in=event_ids, stale=False).update(stale=True)
    slugs = list(Event.objects.filter(pk__in=event_ids).values_list("slug", flat=True))
    # Now (a reader inside this transaction must not get a stored page) and again once it
    # commits (a page another reader stored meanwhile was rendered from the old data).
    page_cache.bump_generation(slugs)
    transaction.on_commit(lambda: page_cache.bump_generation(slugs))
    for event_id in set(event_ids):
        transaction.on_commit(lambda e=event_id: _send_rebuild(e))


def _send_rebuild(event_id: int) -> None:
    """The change is committed: a broker that cannot be reached must not turn it into an
    error (the snapshot stays stale and its first reader rebuilds it)."""
    from tournaments.tasks import rebuild_standings

    try:
        rebuild_standings.delay(event_id)
    except Exception:
        logger.exception("could not send the standings rebuild of event %s", event_id)


def rebuild_if_stale(event_id: int) -> bool:
    if not StandingsSnapshot.objects.filter(event_id=event_id, stale=True).exists():
        return False
    rebuild_snapshot(event_id)
    return True


def _changed(sender: type[Model], instance: Any, **kwargs: Any) -> None:
    if kwargs.get("raw"):
        return
    if sender is Player:
        mark_stale(list(instance.registrations.values_list("event_id", flat=True)))
    elif sender in (Table, Seat):
        event_id, status = Round.objects.values_list("event_id", "status").get(pk=instance.round_id)
        mark_stale([event_id], closed_too=status == Round.Status.CLOSED)
    elif sender is Event:
        if kwargs.get("created"):
            # A slug used before (the event deleted) must not find the old pages.
            page_cache.bump_generation([instance.slug])
        else:
            mark_stale([instance.pk])
    else:
        mark_stale([instance.event_id])


for _model in (Seat, Table, Round, Registration, Event, Player):
    post_save.connect(_changed, sender=_model, dispatch_uid=f"snapshot-{_model.__name__}")
post_delete.connect(_changed, sender=Registration, dispatch_uid="snapshot-registration-delete")


def _event_deleted(sender: type[Model], instance: Event, **kwargs: Any) -> None:
    page_cache.bump_generation([instance.slug])
    transaction.on_commit(lambda: page_cache.bump_generation([instance.slug]))


post_delete.connect(_event_deleted, sender=Event, dispatch_uid="snapshot-event-delete")
