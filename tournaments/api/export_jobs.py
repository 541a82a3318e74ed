"""A big event's export, built by a worker: its status (with progress) and its file."""

from __future__ import annotations

from django.http import FileResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotFound
from tournaments.api.common import SLUG, TAG, event_for
from tournaments.models import ExportJob
from tournaments.services import export_jobs

JOB = OpenApiParameter("job_id", int, OpenApiParameter.PATH, description="The export's id.")


class ExportJobSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField(help_text="queued, running, done or failed.")
    done = serializers.IntegerField(help_text="Parts written (each round is one).")
    total = serializers.IntegerField(help_text="Parts in all; 0 before the worker starts.")
    percent = serializers.IntegerField(min_value=0, max_value=100)
    status_url = serializers.CharField(help_text="Ask here again for the progress.")
    download_url = serializers.CharField(
        allow_null=True, help_text="The stored document, once the status is done."
    )
    size = serializers.IntegerField(help_text="The file's size in bytes, once done.")
    error = serializers.CharField(allow_blank=True)


def job_data(request: Request, job: ExportJob) -> dict[str, object]:
    args = [job.event.slug, job.pk]
    done = job.status == ExportJob.Status.DONE
    return {
        "id": job.pk,
        "status": job.status,
        "done": job.done,
        "total": job.total,
        "percent": job.percent,
        "status_url": request.build_absolute_uri(reverse("api-export-job", args=args)),
        "download_url": (
            request.build_absolute_uri(reverse("api-export-job-file", args=args)) if done else None
        ),
        "size": job.size,
        # People read the words, not the worker's exception.
        "error": _("The export failed; ask for it again.") if job.error else "",
    }


@extend_schema(tags=TAG, parameters=[SLUG, JOB])
class ExportJobStatus(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="A big event's export being built: its status and progress",
        responses={200: ExportJobSerializer},
    )
    def get(self, request: Request, slug: str, job_id: int) -> Response:
        event = event_for(request, slug)
        job = export_jobs.job_for(request.user, event, job_id)
        return Response(job_data(request, job))


@extend_schema(tags=TAG, parameters=[SLUG, JOB])
class ExportJobFile(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="The export a worker built (the same document as export/)",
        responses={(200, "application/json"): OpenApiTypes.BINARY},
    )
    def get(self, request: Request, slug: str, job_id: int) -> FileResponse:
        event = event_for(request, slug)
        job = export_jobs.job_for(request.user, event, job_id)
        if job.status != ExportJob.Status.DONE:
            raise NotFound(_("This export is not ready yet."))
        return FileResponse(
            export_jobs.storage().open(job.path, "rb"),
            as_attachment=True,
            filename=f"{event.slug}.json",
            content_type="application/json",
        )
