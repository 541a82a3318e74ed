"""Who plays, through the API: bulk entry (preview, then register), check in everyone,
remove a registration, the mass drop of no-shows and its undo, a player's own drop undone."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from core.errors import NotFound
from core.types import signed_in
from tournaments import services
from tournaments.api import action_serializers as io
from tournaments.api.common import Base, answer, many, staff_event, valid
from tournaments.api.event_serializers import DuplicateEntrySerializer

TAG = ["registration"]


class PlayerListPreview(Base):
    @extend_schema(
        tags=TAG, request=io.PlayerListSerializer, responses={200: many(io.PreviewRowSerializer)}
    )
    def post(self, request: Request, slug: str) -> Response:
        """What registering a pasted list would do, row by row, without doing it."""
        event = staff_event(request, slug)
        rows = services.preview_player_list(event, valid(io.PlayerListSerializer, request)["text"])
        return answer(io.PreviewRowSerializer, rows, many=True)


class PlayerListRegister(Base):
    @extend_schema(
        tags=TAG, request=io.PlayerListSerializer, responses={201: many(io.PlayerRefSerializer)}
    )
    def post(self, request: Request, slug: str) -> Response:
        """Register every new player of a pasted list (walk-ins come checked in)."""
        text = valid(io.PlayerListSerializer, request)["text"]
        regs = services.register_player_list(request.user, services.event_for(slug), text)
        return answer(io.PlayerRefSerializer, regs, status=201, many=True)


class CheckInEveryone(Base):
    @extend_schema(tags=TAG, request=None, responses={200: io.BulkActionSerializer})
    def post(self, request: Request, slug: str) -> Response:
        """Check in every registered player at once (one action, undoable)."""
        action = services.check_in_everyone(request.user, services.event_for(slug))
        return answer(io.BulkActionSerializer, action)


class RemoveRegistration(Base):
    @extend_schema(tags=TAG, request=None, responses={200: io.RemovedRegistrationSerializer})
    def post(self, request: Request, slug: str, registration_id: int) -> Response:
        """Delete a registration entered by mistake, before round 1."""
        event = services.event_for(slug)
        removed = services.remove_registration(request.user, event, registration_id)
        return answer(io.RemovedRegistrationSerializer, removed)


class NoShows(Base):
    @extend_schema(
        tags=TAG,
        operation_id="events_no_shows_preview",
        responses={200: many(io.AffectedSerializer)},
    )
    def get(self, request: Request, slug: str) -> Response:
        """Who dropping the no-shows would drop, by name."""
        return answer(
            io.AffectedSerializer, services.no_show_preview(staff_event(request, slug)), many=True
        )

    @extend_schema(
        tags=TAG,
        operation_id="events_no_shows_drop",
        request=io.RegistrationIdsSerializer,
        responses={200: io.BulkActionSerializer},
    )
    def post(self, request: Request, slug: str) -> Response:
        """Drop the no-shows the preview listed (409 stale if someone checked in since)."""
        ids = valid(io.RegistrationIdsSerializer, request)["registrations"]
        action = services.drop_no_shows_confirmed(request.user, services.event_for(slug), ids)
        return answer(io.BulkActionSerializer, action)


class Undo(Base):
    @extend_schema(
        tags=TAG, request=io.ObjectIdSerializer, responses={200: many(io.AffectedSerializer)}
    )
    def post(self, request: Request, slug: str) -> Response:
        """Undo a mass drop or a check-in of everyone; answers who changed."""
        pk = valid(io.ObjectIdSerializer, request)["id"]
        changed = services.undo_bulk_action(request.user, services.event_for(slug), pk)
        return answer(io.AffectedSerializer, changed, many=True)


class UndoSelfDrop(Base):
    permission_classes = [IsAuthenticated]  # the player's own registration

    @extend_schema(tags=TAG, request=None, responses={200: io.SelfDropUndoneSerializer})
    def post(self, request: Request, slug: str) -> Response:
        """A player takes back his own drop."""
        event = services.event_for(slug)
        reg = event.registrations.filter(player__user=signed_in(request.user)).first()
        if reg is None:
            raise NotFound(_("You are not registered for %(event)s.") % {"event": event.name})
        return answer(io.SelfDropUndoneSerializer, services.undo_self_drop(request.user, reg))


class DuplicateEntries(Base):
    @extend_schema(
        tags=TAG,
        operation_id="events_duplicates_find",
        responses={200: many(DuplicateEntrySerializer)},
    )
    def get(self, request: Request, slug: str) -> Response:
        """Entries that look like one person entered twice (same name or number)."""
        event = staff_event(request, slug)
        pairs = [
            {
                "first": d.first.pk,
                "first_player": d.first.player.display_name,
                "second": d.second.pk,
                "second_player": d.second.player.display_name,
                "reason": d.reason,
            }
            for d in services.duplicate_entries(event)
        ]
        return answer(DuplicateEntrySerializer, pairs, many=True)
