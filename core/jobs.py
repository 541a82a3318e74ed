"""Background work that survives a broker outage and a killed worker.

* Sending: a task that cannot reach the broker is written to the outbox instead of
  raising, so the change that asked for it (already committed) never turns into an
  error for the person who made it. ``send_after_commit`` is the one way a service
  queues work caused by its change: sent once the transaction commits, kept in the
  outbox when the broker is away.
* Running: while a worker runs a task it renews a lease row every JOB_LEASE_SECONDS;
  a lease not renewed for JOB_STALE_SECONDS (worker killed, machine gone) is turned
  back into an outbox message. A task that failed because a service was away goes to
  the outbox too, to run again a minute later.
* The sweep (core.tasks.heal, every minute from Celery beat, and once when a
  worker starts) sends what the outbox holds. Tasks are idempotent, so sending one
  twice is harmless; losing one is not.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable
from datetime import timedelta
from functools import partial
from typing import Any

from celery import Task
from celery.exceptions import Retry
from celery.signals import task_postrun, task_prerun, worker_ready
from django.conf import settings
from django.db import DatabaseError, close_old_connections, transaction
from django.db import InterfaceError as DbInterfaceError
from django.db import OperationalError as DbOperationalError
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from core import health
from core.cache import UNAVAILABLE

logger = logging.getLogger(__name__)

# A service (database, broker, Redis) being away: worth trying again later.
TRANSIENT = (DbOperationalError, DbInterfaceError, BrokerError, *UNAVAILABLE)
RETRY_LATER = timedelta(seconds=60)


def save_for_later(
    name: str,
    args: Any,
    kwargs: Any,
    task_id: str,
    error: str,
    delay: timedelta | None = None,
    queue: str | None = None,
) -> bool:
    from core.models import OutboxMessage

    try:
        OutboxMessage.objects.create(
            task_id=task_id,
            task_name=name,
            args=list(args or ()),
            kwargs=dict(kwargs or {}),
            queue=queue or "",
            not_before=timezone.now() + (delay or timedelta(0)),
            last_error=error[:500],
        )
        return True
    except DatabaseError:
        logger.exception("could not keep task %s %s for later", name, task_id)
        return False


class ResilientTask(Task):
    """Every task's base (the Celery app in organizer.celery names it): a send the
    broker refuses is kept in the outbox and answered with the result handle the later
    send will fill."""

    # Services that come back: retry with growing pauses, for as long as it takes.
    autoretry_for = (DbOperationalError, DbInterfaceError, BrokerError)
    retry_backoff = True
    retry_backoff_max = 300
    retry_jitter = True
    max_retries = None

    def retry(self, *args: Any, exc: BaseException | None = None, **kwargs: Any) -> Any:
        # Eager mode (no Redis) has no queue to retry from later: the original error
        # reaches the caller (a 503 from the middleware), not Celery's Retry.
        if self.request.is_eager and exc is not None:
            raise exc
        return super().retry(*args, exc=exc, **kwargs)  # type: ignore[misc, arg-type]

    def apply_async(self, args: Any = None, kwargs: Any = None, task_id: Any = None, **opts: Any):  # type: ignore[override]
        if self.app.conf.task_always_eager or opts.pop("_from_outbox", False):
            return super().apply_async(args, kwargs, task_id=task_id, **opts)
        task_id = task_id or str(uuid.uuid4())
        try:
            return super().apply_async(args, kwargs, task_id=task_id, **opts)
        except (BrokerError, RuntimeError, *UNAVAILABLE) as exc:
            # RuntimeError: Celery's "retry limit exceeded" for the result store.
            logger.warning(
                "broker unavailable, task %s %s kept for later: %s", self.name, task_id, exc
            )
            queue = opts.get("queue")
            queue = getattr(queue, "name", queue)
            if not save_for_later(self.name, args, kwargs, task_id, str(exc), queue=queue):
                raise
            return self.AsyncResult(task_id)


# --------------------------------------------------------------------------- after commit

# What a send can raise when the broker or the result store is away (RuntimeError is
# Celery's "retry limit exceeded" for the result store).
SEND_FAILURES = (*TRANSIENT, RuntimeError)


def send_after_commit(task: Task, *args: Any, **kwargs: Any) -> None:
    """Send ``task`` with these arguments once the current transaction commits (at
    once outside one). A rolled-back change sends nothing; a committed one never fails
    because of the send (see ``send_now``)."""
    transaction.on_commit(partial(send_now, task, args, kwargs))


def send_once_after_commit(task: Task, *args: Any) -> None:
    """``send_after_commit``, unless the open transaction already queued the same task
    with the same arguments and it has not gone yet. A change that saves several rows (a
    result: two seats and the table) asks once per row; one message is enough, and the
    others would only hold workers waiting on the first one's lock."""
    connection = transaction.get_connection()
    pending: dict[tuple[str, tuple[Any, ...]], Callable[[], None]] = _queued.__dict__.setdefault(
        "pending", {}
    )
    key = (task.name, args)
    queued = pending.get(key)
    # Django keeps the open transaction's callbacks as (savepoint ids, callback, robust) in
    # run_on_commit and drops those of a rolled-back savepoint: a request whose callback
    # is gone (rolled back) is queued again. Only a request of the same atomic block is
    # folded into it: a later block (another change inside an outer transaction) asks
    # on its own, so each change's commit still sends.
    here = set(connection.savepoint_ids)
    if queued is not None and any(
        entry[1] is queued and entry[0] == here for entry in connection.run_on_commit
    ):
        return

    def send() -> None:
        pending.pop(key, None)
        send_now(task, args, {})

    pending[key] = send
    transaction.on_commit(send)


_queued = threading.local()  # per thread, as Django's connections are


def send_now(task: Task, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """Send now. The change that asked for it is committed, so nothing here may raise:
    a broker that is away leaves the message in the outbox for the sweep, and any
    other failure (an eager run's own error) is logged."""
    try:
        task.delay(*args, **kwargs)
    except SEND_FAILURES as exc:
        logger.warning("task %s not sent now, kept for later: %s", task.name, exc)
        save_for_later(task.name, args, kwargs, str(uuid.uuid4()), str(exc))
    except Retry:
        # Eager mode only: the task ran here and asked to be retried later.
        logger.warning("task %s ran eagerly and asked for a retry", task.name)
    except Exception:
        logger.exception("task %s failed to send or to run eagerly", task.name)


# --------------------------------------------------------------------------- leases

_running: dict[str, bool] = {}
_lock = threading.Lock()
_beater: list[threading.Thread] = []


def _beat_forever() -> None:
    from core.models import TaskLease

    while True:
        time.sleep(settings.JOB_LEASE_SECONDS)
        with _lock:
            ids = list(_running)
        if not ids:
            continue
        try:
            close_old_connections()
            TaskLease.objects.filter(task_id__in=ids).update(beat_at=timezone.now())
        except DatabaseError:
            # The database is away: the lease goes stale, and the task's own retries or
            # the sweep pick it up once the database is back.
            logger.warning("could not renew the leases of %s", ids)


def _ensure_beater() -> None:
    if _beater and _beater[0].is_alive():
        return
    thread = threading.Thread(target=_beat_forever, name="job-lease", daemon=True)
    thread.start()
    _beater[:] = [thread]


def _queue_of(task: Task) -> str:
    info = task.request.delivery_info or {}
    return str(info.get("routing_key") or "")


@task_prerun.connect
def _take_lease(task_id: str, task: Task, args: Any = None, kwargs: Any = None, **_: Any) -> None:
    from core.models import TaskLease

    if task.request.is_eager:
        return
    try:
        TaskLease.objects.update_or_create(
            task_id=task_id,
            defaults={
                "task_name": task.name,
                "args": list(args or ()),
                "kwargs": dict(kwargs or {}),
                "queue": _queue_of(task),
                "beat_at": timezone.now(),
            },
        )
    except DatabaseError:
        logger.warning("could not take the lease of %s %s", task.name, task_id)
        return
    with _lock:
        _running[task_id] = True
    _ensure_beater()


@task_postrun.connect
def _release_lease(
    task_id: str, task: Task, args: Any = None, kwargs: Any = None, retval: Any = None,
    state: str | None = None, **_: Any,
) -> None:  # fmt: skip
    from core.models import TaskLease

    if task.request.is_eager:
        return
    with _lock:
        _running.pop(task_id, None)
    if state == "FAILURE" and isinstance(retval, TRANSIENT):
        # Out of retries while a service is still away: try again later rather than never.
        save_for_later(
            task.name, args, kwargs, task_id, str(retval), RETRY_LATER, queue=_queue_of(task)
        )
    try:
        TaskLease.objects.filter(task_id=task_id).delete()
    except DatabaseError:
        logger.warning("could not release the lease of %s %s", task.name, task_id)


# --------------------------------------------------------------------------- the sweep


def retake_stale_leases(now: Any = None) -> int:
    """Leases nobody renewed: their worker is gone, so their task goes back in the outbox."""
    from core.models import TaskLease

    now = now or timezone.now()
    stale = TaskLease.objects.filter(
        beat_at__lt=now - timedelta(seconds=settings.JOB_STALE_SECONDS)
    )
    count = 0
    for lease in list(stale):
        # Deleting first makes two sweeps running at once retake each lease once.
        if TaskLease.objects.filter(pk=lease.pk, beat_at=lease.beat_at).delete()[0]:
            save_for_later(
                lease.task_name,
                lease.args,
                lease.kwargs,
                lease.task_id,
                "lease expired",
                queue=lease.queue,
            )
            count += 1
    return count


def flush_outbox(app: Any, now: Any = None, limit: int = 500) -> int:
    """Send what is due; stop at the first refusal (the broker is still away)."""
    from core.models import OutboxMessage

    now = now or timezone.now()
    sent = 0
    for message in OutboxMessage.objects.filter(not_before__lte=now)[:limit]:
        task = app.tasks.get(message.task_name)
        if task is None:
            logger.error("outbox holds an unknown task %s; dropped", message.task_name)
            message.delete()
            continue
        try:
            task.apply_async(
                message.args,
                message.kwargs,
                task_id=message.task_id,
                queue=message.queue or None,
                _from_outbox=True,
            )
        except (BrokerError, RuntimeError, *UNAVAILABLE) as exc:
            OutboxMessage.objects.filter(pk=message.pk).update(
                attempts=message.attempts + 1, last_error=str(exc)[:500]
            )
            break
        message.delete()
        sent += 1
    return sent


# Apps above core add what only they can find: work recorded in their own tables
# whose message was lost with the broker's queue (a replay still "queued", a webhook
# delivery never attempted). Each returns how many it sent again.
SWEEPS: dict[str, Callable[[], int]] = {}


def register_sweep(name: str, sweep: Callable[[], int]) -> None:
    """Called from an app's ready(): ``sweep`` runs with every sweep."""
    SWEEPS[name] = sweep


def heal(app: Any) -> dict[str, int]:
    # The sweep runs only in a worker, sent by beat: /health/ reads this instead of
    # pinging the workers.
    health.note_worker_alive()
    report = {"retaken": retake_stale_leases(), "sent": flush_outbox(app)}
    for name, sweep in SWEEPS.items():
        try:
            report[name] = sweep()
        except Exception:
            # One app's sweep failing must not stop the others (or the outbox above).
            logger.exception("the %s sweep failed; the next sweep tries again", name)
    return report


@worker_ready.connect
def _heal_on_start(sender: Any = None, **_: Any) -> None:
    # A worker coming back after an outage sends what waited, without waiting for beat.
    try:
        heal(sender.app)
    except Exception:
        logger.exception("the start-up sweep failed; beat will run it again")
