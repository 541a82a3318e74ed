"""What every tournaments API view shares: finding the event, registration, round or
table the path names (404 with a message otherwise), checking a body, path parameters."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers, status
from rest_framework.permissions import SAFE_METHODS, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotAllowed, NotFound
from tournaments import services
from tournaments.api import action_serializers as io
from tournaments.api.event_serializers import EventSerializer
from tournaments.models import Event, Registration, Round, Table
from tournaments.permissions import is_director, is_judge

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
    event = (
        Event.objects.visible_to(request.user).select_related("organizer").filter(slug=slug).first()
    )
    if event is None:
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


def answer(cls: type[serializers.Serializer], value: Any, status: int = 200, **kw: Any) -> Response:
    return Response(cls(value, **kw).data, status=status)


def staff_event(request: Request, slug: str, judge: bool = False) -> Event:
    event = services.event_for(slug)
    allowed = is_judge if judge else is_director
    if not allowed(request.user, event):
        raise NotAllowed(_("Only the staff of %(event)s can do this.") % {"event": event.name})
    return event


def round_or_404(event: Event, number: int) -> Round:
    rnd = event.rounds.filter(number=number).first()
    if rnd is None:
        raise NotFound(
            _("%(event)s has no round %(number)s.") % {"event": event.name, "number": number}
        )
    return rnd


class IsEventStaff(BasePermission):
    """The staff's actions belong to the event's staff: an outsider is refused before his
    request body is read (the services check the finer roles again)."""

    message = "Only the staff of this event can do this."

    def has_permission(self, request: Request, view: APIView) -> bool:
        slug = view.kwargs.get("slug")
        if request.method in SAFE_METHODS or slug is None:
            return True
        event = Event.objects.filter(slug=slug).first()
        return event is None or is_judge(request.user, event)


class Base(APIView):
    permission_classes = [IsAuthenticated, IsEventStaff]
    # only for the schema; each method names its own
    serializer_class: type[serializers.BaseSerializer] = io.ObjectIdSerializer


def many(cls: type[serializers.Serializer]) -> serializers.Serializer:
    return cls(many=True)
