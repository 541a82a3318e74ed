"""The event's staff through the API: list, name and remove co-directors and judges."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import services
from tournaments.api import action_serializers as io
from tournaments.api.common import Base, answer, staff_event, valid
from tournaments.models import EventStaff

TAG = ["staff"]


class Staff(Base, generics.ListAPIView):
    serializer_class = io.StaffMemberSerializer

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):  # the schema generator's call
            return EventStaff.objects.none()
        return services.event_staff(staff_event(self.request, self.kwargs["slug"], judge=True))

    @extend_schema(tags=TAG)
    def get(self, request: Request, slug: str) -> Response:
        """The event's co-directors and judges."""
        return self.list(request)

    @extend_schema(
        tags=TAG, request=io.StaffInviteSerializer, responses={201: io.StaffMemberSerializer}
    )
    def post(self, request: Request, slug: str) -> Response:
        """Add a co-director or judge by username."""
        data = valid(io.StaffInviteSerializer, request)
        staff = services.invite_staff(
            request.user, services.event_for(slug), data["username"], data["role"]
        )
        return answer(io.StaffMemberSerializer, staff, status=201)


class StaffRemove(Base):
    @extend_schema(tags=TAG, request=io.ObjectIdSerializer, responses={204: None})
    def post(self, request: Request, slug: str) -> Response:
        """Remove a staff entry (its id from the staff list)."""
        pk = valid(io.ObjectIdSerializer, request)["id"]
        services.remove_staff(request.user, services.event_for(slug), pk)
        return Response(status=204)
