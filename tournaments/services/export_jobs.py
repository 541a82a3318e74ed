"""Exports of big events, built by a worker into a stored file.

An event of more than EXPORT_INLINE_MAX_PLAYERS entries is not exported within a
request (a 10,000-player export once held a web worker for 24 s): asking for it queues
one job per event and audience (the staff's file holds the penalties, the public one
does not), whose progress the page and the API show, and whose file is then downloaded.
Asking again while a job runs answers that job; a finished file is served again until
the event changes (its audit trail's last entry). Smaller events are answered inline.
"""

from __future__ import annotations

import json
import logging
from datetime import timedelta
from typing import Any

from celery import shared_task
from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import FileSystemStorage
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from audit.models import AuditEntry
from core.errors import NotAllowed, NotFound
from core.jobs import send_after_commit
from core.types import AnyUser, signed_in
from tournaments.models import Event, ExportJob
from tournaments.permissions import Capability, can
from tournaments.services.transfer.export import export_event

logger = logging.getLogger(__name__)

# A queued job not started for this long lost its message with the broker's queue.
LOST_AFTER = timedelta(minutes=5)
# A finished file is kept this long, then removed with its job by the sweep.
KEEP_FOR = timedelta(days=1)
LIVE = (ExportJob.Status.QUEUED, ExportJob.Status.RUNNING)


def storage() -> FileSystemStorage:
    return FileSystemStorage(location=settings.EXPORT_DIR)


def built_by_worker(event: Event) -> bool:
    """Too big to export within a request (one counting query)."""
    return event.registrations.count() > settings.EXPORT_INLINE_MAX_PLAYERS


def document_for(event: Event, user: AnyUser) -> dict[str, Any]:
    """The export as ``user`` may read it: the penalties (with the staff's notes) are
    the staff's, as in GET penalties/."""
    document = export_event(event)
    if not can(user, event, Capability.LIST_PENALTIES):
        document.pop("penalties", None)
    return document


def _last_change(event: Event) -> Any:
    return (
        AuditEntry.objects.filter(event=event).order_by("-at").values_list("at", flat=True).first()
    )


@transaction.atomic
def request_export(event: Event, user: AnyUser) -> ExportJob:
    """The job that answers ``user``'s export of ``event``: one running already, a file
    still current, or a new job queued once this commits."""
    staff = can(user, event, Capability.LIST_PENALTIES)
    # One asker at a time per event, so that simultaneous asks share one job.
    Event.objects.select_for_update().filter(pk=event.pk).first()
    jobs = ExportJob.objects.filter(event=event, with_penalties=staff)
    live = jobs.filter(status__in=LIVE).order_by("-pk").first()
    if live is not None:
        return live
    done = jobs.filter(status=ExportJob.Status.DONE).order_by("-pk").first()
    changed = _last_change(event)
    if done is not None and done.started_at and (changed is None or changed < done.started_at):
        return done
    job = ExportJob.objects.create(
        event=event,
        with_penalties=staff,
        requested_by=signed_in(user) if user.is_authenticated else None,
    )
    send_after_commit(build_export, job.pk)
    return job


def job_for(user: AnyUser, event: Event, job_id: int) -> ExportJob:
    job = ExportJob.objects.filter(pk=job_id, event=event).first()
    if job is None:
        raise NotFound(gettext("No such export."))
    if job.with_penalties and not can(user, event, Capability.LIST_PENALTIES):
        raise NotAllowed(gettext("This export is the event staff's."))
    return job


def _claim(job_id: int) -> ExportJob | None:
    with transaction.atomic():
        job = ExportJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status in (ExportJob.Status.DONE, ExportJob.Status.FAILED):
            return None  # a repeated message: the file is there already
        job.status, job.started_at, job.done = ExportJob.Status.RUNNING, timezone.now(), 0
        job.save(update_fields=["status", "started_at", "done"])
        return job


def build(job_id: int) -> ExportJob | None:
    job = _claim(job_id)
    if job is None:
        return None

    def progress(done: int, total: int) -> None:
        ExportJob.objects.filter(pk=job_id).update(done=done, total=total)

    try:
        document = export_event(job.event, progress=progress)
        if not job.with_penalties:
            document.pop("penalties", None)
        body = json.dumps(document, cls=DjangoJSONEncoder, indent=1).encode()
        path = storage().save(f"{job.event.slug}-{job.pk}.json", ContentFile(body))
    except Exception as exc:
        logger.exception("export %s of event %s failed", job_id, job.event_id)
        ExportJob.objects.filter(pk=job_id).update(
            status=ExportJob.Status.FAILED, error=str(exc)[:500], finished_at=timezone.now()
        )
        return None
    ExportJob.objects.filter(pk=job_id).update(
        status=ExportJob.Status.DONE, path=path, size=len(body), finished_at=timezone.now()
    )
    job.refresh_from_db()
    return job


@shared_task(name="tournaments.tasks.build_export", acks_late=True, ignore_result=True)
def build_export(job_id: int) -> bool:
    return build(job_id) is not None


def resend_lost_exports(now: Any = None) -> int:
    """Part of the sweep (core.jobs): jobs still queued long after they were asked for."""
    now = now or timezone.now()
    lost = ExportJob.objects.filter(
        status=ExportJob.Status.QUEUED, created_at__lt=now - LOST_AFTER
    ).values_list("pk", flat=True)
    ids = list(lost[:20])
    for job_id in ids:
        send_after_commit(build_export, job_id)
    return len(ids)


def prune_old_exports(now: Any = None) -> int:
    """Part of the sweep: finished exports past KEEP_FOR, their files removed."""
    now = now or timezone.now()
    old = ExportJob.objects.filter(
        status__in=(ExportJob.Status.DONE, ExportJob.Status.FAILED),
        finished_at__lt=now - KEEP_FOR,
    )
    jobs = list(old.order_by("pk")[:100])
    for job in jobs:
        if job.path:
            storage().delete(job.path)
        job.delete()
    return len(jobs)
