"""Penalties through the API: rescinding a warning or an ejection."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from core.errors import NotFound
from tournaments import services
from tournaments.api import action_serializers as io
from tournaments.api.common import Base, answer, valid

TAG = ["penalties"]


class Rescind(Base):
    @extend_schema(tags=TAG, request=io.RescindSerializer, responses={200: io.RescissionSerializer})
    def post(self, request: Request, slug: str) -> Response:
        """Take back a warning or an ejection; the penalty stays in the record, marked."""
        event = services.event_for(slug)
        data = valid(io.RescindSerializer, request)
        pk = data["id"]
        if not event.registrations.filter(penalties__pk=pk).exists():
            raise NotFound(_("%(event)s has no penalty %(pk)s.") % {"event": event.name, "pk": pk})
        return answer(
            io.RescissionSerializer, services.rescind_penalty(request.user, pk, data["note"])
        )
