"""A director's "Download this event" and "Restore an event from a file".

The document is the export ``tournaments.services.transfer.imports`` reads back;
restoring makes a new event owned by the person restoring, never rated until its league
approves it; a file of an event this site has already updates that event (its directors only).
"""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.middleware import json_depth_exceeds
from tournaments.models import ExportJob
from tournaments.permissions import is_director
from tournaments.services import export_jobs
from tournaments.services.transfer import imports as transfer
from tournaments.views.common import event_or_404
from tournaments.words.sync import conflict_text, sync_summary

# An export of a 2,000-player event of 12 rounds is about 4 MB.
MAX_RESTORE_BYTES = 8 * 1024 * 1024


@login_required
def download_event(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(request, slug)
    if not is_director(request.user, event):
        raise Http404(_("No such event."))
    if export_jobs.built_by_worker(event):
        # Too big for a request: a worker writes the file, this page shows its progress.
        job = export_jobs.request_export(event, request.user)
        return redirect("event-export-job", event.slug, job.pk)
    body = json.dumps(transfer.export_document(event), cls=DjangoJSONEncoder, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.json"'
    return response


@login_required
def export_job(request: HttpRequest, slug: str, job_id: int) -> HttpResponse | FileResponse:
    event = event_or_404(request, slug)
    if not is_director(request.user, event):
        raise Http404(_("No such event."))
    try:
        job = export_jobs.job_for(request.user, event, job_id)
    except ServiceError:
        raise Http404(_("No such export."))
    if request.GET.get("file") and job.status == ExportJob.Status.DONE:
        return FileResponse(
            export_jobs.storage().open(job.path, "rb"),
            as_attachment=True,
            filename=f"{event.slug}.json",
            content_type="application/json",
        )
    live = job.status in (ExportJob.Status.QUEUED, ExportJob.Status.RUNNING)
    return render(
        request, "tournaments/export_job.html", {"event": event, "job": job, "refresh": live}
    )


def _read_upload(request: HttpRequest) -> object:
    """The uploaded document, or a ServiceError that says what is wrong with the file."""
    upload = request.FILES.get("file")
    if upload is None:
        raise ServiceError(_("Choose the file you downloaded from an event's page."))
    assert upload.size is not None
    if upload.size > MAX_RESTORE_BYTES:
        raise ServiceError(
            _("The file is too large (%(size)s MB; at most %(max)s MB).")
            % {"size": round(upload.size / 2**20, 1), "max": MAX_RESTORE_BYTES // 2**20}
        )
    raw = upload.read()
    if json_depth_exceeds(raw, settings.MAX_JSON_DEPTH):
        raise ServiceError(_("This file is not an event export: it nests too deeply."))
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ServiceError(
            _("This file is not an event export (not JSON): download one from an event's page.")
        )


@login_required
def restore_event(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return render(
            request, "tournaments/restore_event.html", {"max_mb": MAX_RESTORE_BYTES >> 20}
        )
    try:
        report = transfer.restore_document(request.user, _read_upload(request))
    except ServiceError as exc:
        messages.error(request, _("Nothing was restored: %(why)s") % {"why": exc.message})
        return render(
            request,
            "tournaments/restore_event.html",
            {"max_mb": MAX_RESTORE_BYTES >> 20},
            status=400,
        )
    event = report.event
    if not report.created:
        # The same event (its uid): updated in place, and where the file differed, said.
        messages.success(request, sync_summary(report.added))
        for code, data in report.conflicts:
            messages.warning(request, conflict_text(code, data))
        return redirect("event-dashboard", event.slug)
    text = _("Restored as a new event: %(name)s.") % {"name": event.name}
    if event.sanctioned:
        text += " " + _("It is not rated until the league's staff approve it.")
    messages.success(request, text)
    return redirect("event-dashboard", event.slug)
