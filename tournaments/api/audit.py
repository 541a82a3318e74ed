"""The event's audit trail through the API: paged, filtered, every entry in words (the
same reading as the page, tournaments.services.audit_trail, and the same words for its
values, tournaments.words.audit_values); a change's values as stored beside them, for
programs."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from audit.models import AuditEntry
from core.errors import ServiceError
from tournaments.api.common import SLUG, event_for
from tournaments.services.audit_trail import TrailRow, trail_entries, trail_rows
from tournaments.words.audit_entries import KIND_TYPES
from tournaments.words.audit_fields import field_label
from tournaments.words.audit_notes import note_words
from tournaments.words.audit_values import audit_value_words
from tournaments.words.people import public_name

TAG = ["audit"]


class AuditChangeSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="The changed value, in words.")
    before = serializers.CharField(
        help_text="The value before, in words, as the audit page shows it (a tiebreak by "
        "its name, never its key)."
    )
    after = serializers.CharField(help_text="The value after, in words, as the page shows it.")
    before_stored = serializers.CharField(
        help_text="The value before as stored (keys as they are), for programs; not for people."
    )
    after_stored = serializers.CharField(
        help_text="The value after as stored (keys as they are), for programs; not for people."
    )


class AuditEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    at = serializers.DateTimeField()
    actor = serializers.CharField(help_text="Who made the change (his name; — for the system).")
    actor_id = serializers.IntegerField(allow_null=True)
    action = serializers.CharField(help_text="The action's key, for filtering.")
    sentence = serializers.CharField(help_text="What was done, in words.")
    note = serializers.CharField(allow_blank=True)
    changes = AuditChangeSerializer(many=True)
    details = serializers.ListField(
        child=serializers.CharField(),
        help_text="More words: a top-cut match's score, the Free Council's steps.",
    )


def row_data(row: TrailRow) -> dict[str, Any]:
    entry = row.entry
    return {
        "id": entry.pk,
        "at": entry.at,
        "actor": public_name(entry.actor),
        "actor_id": entry.actor_id,
        "action": entry.action,
        "sentence": row.sentence,
        "note": note_words(entry.note),
        "changes": [
            {
                "field": field_label(c.field),
                "before": audit_value_words(c.before),
                "after": audit_value_words(c.after),
                "before_stored": c.before,
                "after_stored": c.after,
            }
            for c in row.changes
        ],
        "details": [str(d) for d in row.details],
    }


FILTERS = [
    SLUG,
    OpenApiParameter("kind", OpenApiTypes.STR, enum=list(KIND_TYPES), description="What changed."),
    OpenApiParameter("action", OpenApiTypes.STR, description="One action's key."),
    OpenApiParameter("actor", OpenApiTypes.INT, description="Who made it (a user id)."),
]


@extend_schema(tags=TAG, parameters=FILTERS)
class AuditTrail(generics.ListAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = AuditEntrySerializer
    filter_backends: list = []  # the service filters

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return AuditEntry.objects.none()
        params = self.request.query_params
        kind = params.get("kind", "")
        if kind and kind not in KIND_TYPES:
            raise ServiceError(
                _("Unknown kind: choose one of %(kinds)s.") % {"kinds": ", ".join(KIND_TYPES)},
                code="invalid_kind",
            )
        actor = params.get("actor") or None
        if actor is not None and not str(actor).isdigit():
            raise ServiceError(_("Give the actor as a user id."), code="invalid_actor")
        return trail_entries(
            self.request.user,
            event_for(self.request, self.kwargs["slug"]),
            kind=kind,
            action=params.get("action", ""),
            actor=int(actor) if actor else None,
        )

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        assert page is not None  # DEFAULT_PAGINATION_CLASS pages every list
        return self.get_paginated_response([row_data(r) for r in trail_rows(list(page))])

    @extend_schema(summary="The event's audit trail, newest first, in words (staff)")
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)
