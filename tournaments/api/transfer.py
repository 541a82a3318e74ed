"""An event's export sent back through the API: a new event, or (the same uid) the
update of the one this site has, for its directors only; the same service as the
"Restore an event from a file" page (tournaments.services.transfer.imports)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.common import TAG
from tournaments.api.export_serializers import EventExportSerializer
from tournaments.services.transfer.imports import restore_document
from tournaments.words.sync import conflict_text, sync_summary


class ImportResultSerializer(serializers.Serializer):
    slug = serializers.CharField(help_text="The event's address here.")
    uid = serializers.UUIDField(help_text="The same on every site the event travels to.")
    created = serializers.BooleanField(help_text="true: a new event; false: updated.")
    added = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="What the document brought that this site lacked, by kind.",
    )
    summary = serializers.CharField(help_text="What was done, in words.")
    conflicts = serializers.ListField(
        child=serializers.CharField(),
        help_text="Where this site and the document differed, and which was kept, in words.",
    )


@extend_schema(tags=TAG)
class ImportEvent(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Import an event's export: a new event, or the update of the same event",
        request=EventExportSerializer,
        responses={200: ImportResultSerializer, 201: ImportResultSerializer},
    )
    def post(self, request: Request) -> Response:
        report = restore_document(request.user, request.data)
        event = report.event
        data = {
            "slug": event.slug,
            "uid": event.uid,
            "created": report.created,
            "added": report.added,
            "summary": sync_summary(report.added) if not report.created else event.name,
            "conflicts": [conflict_text(code, data) for code, data in report.conflicts],
        }
        code = status.HTTP_201_CREATED if report.created else status.HTTP_200_OK
        return Response(ImportResultSerializer(data).data, status=code)
