"""Standings, penalties and exports: thin DRF views over tournaments.services."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from typing import Any

from django.http import StreamingHttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.csv_safety import safe_row
from core.errors import NotAllowed
from tournaments import services
from tournaments.api import round_serializers as s
from tournaments.api.common import (
    SLUG,
    TABLE_PARAMS,
    TAG,
    event_for,
    event_response,
    registration_of,
    table_of,
    valid,
)
from tournaments.api.event_serializers import EventSerializer
from tournaments.api.export_jobs import ExportJobSerializer, job_data
from tournaments.api.export_serializers import EventExportSerializer
from tournaments.api.filters import PenaltyFilter
from tournaments.models import Event, Penalty
from tournaments.permissions import Capability, can, require
from tournaments.services import export_jobs
from tournaments.services.director_options import director_options, option_words
from tournaments.views import page_cache


@extend_schema(tags=TAG, parameters=[SLUG])
class Standings(generics.ListAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    filter_backends: list = []  # computed rows, not a queryset
    serializer_class = s.EventStandingRowSerializer

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return []
        event = event_for(self.request, self.kwargs["slug"])
        return services.standings_rows(event, self.request.query_params.get("q", ""))

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        assert page is not None  # DEFAULT_PAGINATION_CLASS pages every list
        response = self.get_paginated_response(s.standing_rows(page))
        if not request.user.is_authenticated:
            page_cache.visitor_cacheable(response)
        return response

    @extend_schema(
        summary="Standings after the confirmed results (ETag: poll with If-None-Match)",
        description="Tournament points, then the event's tiebreak chain (000 Part VI §3).",
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


def event_penalties(event: Event) -> Any:
    return (
        Penalty.objects.filter(registration__event=event)
        .select_related("registration__player", "rescission")
        .order_by("id")
    )


@extend_schema(tags=TAG, parameters=[SLUG])
class Penalties(generics.ListAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = s.PenaltySerializer
    filterset_class = PenaltyFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Penalty.objects.none()
        event = event_for(self.request, self.kwargs["slug"])
        require(self.request.user, event, Capability.LIST_PENALTIES)
        return event_penalties(event)

    @extend_schema(summary="Warnings and ejections, rescinded ones marked (staff)")
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        summary="Issue a warning or an ejection (staff)",
        description=(
            "Two warnings for the same offense, or any three, eject the player; cheating and "
            "an illegal deck list eject at once (000 Part VI §3)."
        ),
        request=s.PenaltyInputSerializer,
        responses={201: s.PenaltySerializer},
    )
    def post(self, request: Request, slug: str) -> Response:
        event = event_for(request, slug)
        data = valid(s.PenaltyInputSerializer, request)
        reg = registration_of(event, data["registration"])
        penalty = services.issue_penalty(
            request.user,
            reg,
            data["offense"],
            data.get("note", ""),
            kind=data["kind"],
            repeats=data.get("repeats"),
        )
        penalty.registration.refresh_from_db()
        return Response(s.PenaltySerializer(penalty).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG, parameters=[SLUG])
class Export(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="The whole event as one JSON document (penalties for the staff only)",
        description=(
            "A big event's document is built by a worker: the answer is then 202 with the "
            "export's status (and a Location to ask again), whose download_url serves the "
            "document once done."
        ),
        responses={200: EventExportSerializer, 202: ExportJobSerializer},
    )
    def get(self, request: Request, slug: str) -> Response:
        event = event_for(request, slug)
        if export_jobs.built_by_worker(event):
            job = export_jobs.request_export(event, request.user)
            data = job_data(request, job)
            headers = {"Location": str(data["status_url"]), "Retry-After": "2"}
            return Response(data, status=status.HTTP_202_ACCEPTED, headers=headers)
        return Response(export_jobs.document_for(event, request.user))


@extend_schema(tags=TAG, parameters=[SLUG])
class ExportCsv(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="events_export_csv",
        summary="Every seat of every round as CSV",
        responses={(200, "text/csv"): OpenApiTypes.STR},
    )
    def get(self, request: Request, slug: str) -> StreamingHttpResponse:
        event = event_for(request, slug)
        # Streamed a round at a time: a big event's file starts at once and is never
        # held whole in memory.
        return StreamingHttpResponse(
            results_csv_lines(event),
            content_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{event.slug}.csv"'},
        )


def results_csv(event: Event) -> str:
    return "".join(results_csv_lines(event))


def results_csv_lines(event: Event) -> Iterator[str]:
    """The CSV a round at a time (the header, then each round's seats)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        ["round", "table", "status", "registration", "player", "opponents", "mps", "points",
         "outcome", "bye", "time_called", "band"]
    )  # fmt: skip
    yield _taken(out)
    for rnd in event.rounds.order_by("number"):
        for table in services.round_tables(rnd):
            seats = list(table.seats.all())
            for seat in seats:
                others = "; ".join(
                    o.registration.player.display_name for o in seats if o.pk != seat.pk
                )
                writer.writerow(safe_row(
                    [rnd.number, table.number, table.status, seat.registration_id,
                     seat.registration.player.display_name, others,
                     "" if seat.mps is None else seat.mps,
                     "" if seat.points is None else seat.points, seat.outcome,
                     int(seat.is_bye), int(table.time_called), table.band]
                ))  # fmt: skip
        yield _taken(out)


def _taken(out: io.StringIO) -> str:
    """What was written to ``out`` since the last call, emptying it."""
    text = out.getvalue()
    out.seek(0)
    out.truncate()
    return text


@extend_schema(tags=TAG, parameters=TABLE_PARAMS)
class TableVoid(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Void a result (director): the table waits for a result again",
        description=(
            "Only in the latest round of a running event; a closed round opens again. A "
            "refusal's problem names why (code, params) and what to do instead."
        ),
        request=s.VoidSerializer,
        responses={200: s.TableSerializer},
    )
    def post(self, request: Request, slug: str, table_id: int) -> Response:
        table = table_of(event_for(request, slug), table_id)
        data = valid(s.VoidSerializer, request)
        table = services.void_result(
            request.user, table, data.get("note", ""), version=data.get("version")
        )
        table.refresh_from_db()
        return Response(s.TableSerializer(table).data)


@extend_schema(tags=TAG, parameters=[SLUG])
class DirectorOptions(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="What the director can do now: pair, re-pair, finish (and why not)",
        operation_id="events_director_options",
        responses={200: s.DirectorOptionsSerializer},
    )
    def get(self, request: Request, slug: str) -> Response:
        event = event_for(request, slug)
        if not can(request.user, event, Capability.RUN_EVENT):
            raise NotAllowed(_("Only the event's directors see what they can do next."))
        rows = [
            {
                "action": o.action,
                "allowed": o.allowed,
                "code": o.code,
                "params": {k: str(v) for k, v in o.params.items()},
                "instead": list(o.instead),
                "words": option_words(o),
            }
            for o in director_options(event)
        ]
        return Response(s.DirectorOptionsSerializer({"options": rows}).data)


@extend_schema(tags=TAG, parameters=[SLUG])
class EventCancel(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Cancel the event (director): it ends for good and is never rated",
        request=s.CancelEventSerializer,
        responses={200: EventSerializer},
    )
    def post(self, request: Request, slug: str) -> Response:
        data = valid(s.CancelEventSerializer, request)
        event = services.cancel_event(
            request.user, event_for(request, slug), reason=data.get("reason", "")
        )
        return event_response(event)
