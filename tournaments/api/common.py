"""What every tournaments API view shares: finding the event, registration, round or
table the path names (404 with a message otherwise), checking a body, path parameters."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from core.errors import NotFound
from tournaments import services
from tournaments.api.event_serializers import EventSerializer
from tournaments.models import Event, Registration, Round, Table

TAG = ["tournaments"]
SLUG = OpenApiParameter("slug", str, OpenApiParameter.PATH, description="The event's slug.")
REG_PARAMS = [
    SLUG,
    OpenApiParameter("registration_id", int, OpenApiParameter.PATH, description="Registration id."),
]
ROUND_PARAMS = [
    SLUG,
    OpenApiParameter("number", int, OpenApiParameter.PATH, description="Round number."),
]
TABLE_PARAMS = [
    SLUG,
    OpenApiParameter("table_id", int, OpenApiParameter.PATH, description="Table id."),
]


def event_for(request: Request, slug: str) -> Event:
    event = services.event_for(slug)
    if event.status == Event.Status.DRAFT and not services.is_director(request.user, event):
        raise NotFound(_("No event '%(slug)s'.") % {"slug": slug})
    return event


def registration_of(event: Event, pk: int) -> Registration:
    try:
        return event.registrations.select_related("player", "event").get(pk=pk)
    except Registration.DoesNotExist:
        raise NotFound(_("No registration %(pk)s in %(event)s.") % {"pk": pk, "event": event.name})


def round_of(event: Event, number: int) -> Round:
    try:
        return event.rounds.select_related("event").get(number=number)
    except Round.DoesNotExist:
        raise NotFound(
            _("%(event)s has no round %(number)s.") % {"event": event.name, "number": number}
        )


def table_of(event: Event, pk: int) -> Table:
    try:
        return Table.objects.select_related("round__event").get(pk=pk, round__event=event)
    except Table.DoesNotExist:
        raise NotFound(_("%(event)s has no table %(pk)s.") % {"event": event.name, "pk": pk})


def valid(serializer_class: type, request: Request, **kwargs: Any) -> dict[str, Any]:
    serializer = serializer_class(data=request.data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def event_response(event: Event, code: int = status.HTTP_200_OK) -> Response:
    event.refresh_from_db()
    return Response(EventSerializer(event).data, status=code)
