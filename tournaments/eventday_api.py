"""The event-day API: staff, bulk entry, confirmations and undo, hands-on pairings and
the top cut, as thin views over the same services as the pages. Previews are GETs (or a
POST of the list to look at); each change takes the confirmation the preview returned."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.permissions import SAFE_METHODS, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotAllowed, NotFound
from tournaments import services
from tournaments.api import eventday_serializers as io
from tournaments.models import Event, EventStaff, Round
from tournaments.permissions import is_judge

TAG = ["event day"]
# Refusals are problem details, declared for every operation by core.schema.


def _valid(cls: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    ser = cls(data=request.data)
    ser.is_valid(raise_exception=True)
    return dict(ser.validated_data)


def _out(cls: type[serializers.Serializer], value: Any, status: int = 200, **kw: Any) -> Response:
    return Response(cls(value, **kw).data, status=status)


def _event(request: Request, slug: str, judge: bool = False) -> Event:
    event = services.event_for(slug)
    allowed = is_judge if judge else services.is_director
    if not allowed(request.user, event):
        raise NotAllowed(_("Only the staff of %(event)s can do this.") % {"event": event.name})
    return event


def _round(event: Event, number: int) -> Round:
    rnd = event.rounds.filter(number=number).first()
    if rnd is None:
        raise NotFound(
            _("%(event)s has no round %(number)s.") % {"event": event.name, "number": number}
        )
    return rnd


class IsEventStaff(BasePermission):
    """Event-day changes belong to the event's staff: an outsider is refused before his
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
    serializer_class = io.ObjectIdSerializer  # only for the schema; each method names its own


def _many(cls: type[serializers.Serializer]) -> serializers.Serializer:
    return cls(many=True)


class Staff(Base, generics.ListAPIView):
    serializer_class = io.StaffMemberSerializer

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):  # the schema generator's call
            return EventStaff.objects.none()
        return services.event_staff(_event(self.request, self.kwargs["slug"], judge=True))

    @extend_schema(tags=TAG)
    def get(self, request: Request, slug: str) -> Response:
        """The event's co-directors and judges."""
        return self.list(request)

    @extend_schema(
        tags=TAG, request=io.StaffInviteSerializer, responses={201: io.StaffMemberSerializer}
    )
    def post(self, request: Request, slug: str) -> Response:
        """Add a co-director or judge by username."""
        data = _valid(io.StaffInviteSerializer, request)
        staff = services.invite_staff(
            request.user, services.event_for(slug), data["username"], data["role"]
        )
        return _out(io.StaffMemberSerializer, staff, status=201)


class StaffRemove(Base):
    @extend_schema(tags=TAG, request=io.ObjectIdSerializer, responses={204: None})
    def post(self, request: Request, slug: str) -> Response:
        """Remove a staff entry (its id from the staff list)."""
        pk = _valid(io.ObjectIdSerializer, request)["id"]
        services.remove_staff(request.user, services.event_for(slug), pk)
        return Response(status=204)


class PlayerListPreview(Base):
    @extend_schema(
        tags=TAG, request=io.PlayerListSerializer, responses={200: _many(io.PreviewRowSerializer)}
    )
    def post(self, request: Request, slug: str) -> Response:
        """What registering a pasted list would do, row by row, without doing it."""
        event = _event(request, slug)
        rows = services.preview_player_list(event, _valid(io.PlayerListSerializer, request)["text"])
        return _out(io.PreviewRowSerializer, rows, many=True)


class PlayerListRegister(Base):
    @extend_schema(
        tags=TAG, request=io.PlayerListSerializer, responses={201: _many(io.PlayerRefSerializer)}
    )
    def post(self, request: Request, slug: str) -> Response:
        """Register every new player of a pasted list (walk-ins come checked in)."""
        text = _valid(io.PlayerListSerializer, request)["text"]
        regs = services.register_player_list(request.user, services.event_for(slug), text)
        return _out(io.PlayerRefSerializer, regs, status=201, many=True)


class CheckInEveryone(Base):
    @extend_schema(tags=TAG, request=None, responses={200: io.BulkActionSerializer})
    def post(self, request: Request, slug: str) -> Response:
        """Check in every registered player at once (one action, undoable)."""
        action = services.check_in_everyone(request.user, services.event_for(slug))
        return _out(io.BulkActionSerializer, action)


class RemoveRegistration(Base):
    @extend_schema(tags=TAG, request=None, responses={200: io.RemovedRegistrationSerializer})
    def post(self, request: Request, slug: str, registration_id: int) -> Response:
        """Delete a registration entered by mistake, before round 1."""
        event = services.event_for(slug)
        removed = services.remove_registration(request.user, event, registration_id)
        return _out(io.RemovedRegistrationSerializer, removed)


class NoShows(Base):
    @extend_schema(
        tags=TAG,
        operation_id="events_no_shows_preview",
        responses={200: _many(io.AffectedSerializer)},
    )
    def get(self, request: Request, slug: str) -> Response:
        """Who dropping the no-shows would drop, by name."""
        return _out(
            io.AffectedSerializer, services.no_show_preview(_event(request, slug)), many=True
        )

    @extend_schema(
        tags=TAG,
        operation_id="events_no_shows_drop",
        request=io.RegistrationIdsSerializer,
        responses={200: io.BulkActionSerializer},
    )
    def post(self, request: Request, slug: str) -> Response:
        """Drop the no-shows the preview listed (409 stale if someone checked in since)."""
        ids = _valid(io.RegistrationIdsSerializer, request)["registrations"]
        action = services.drop_no_shows_confirmed(request.user, services.event_for(slug), ids)
        return _out(io.BulkActionSerializer, action)


class Undo(Base):
    @extend_schema(
        tags=TAG, request=io.ObjectIdSerializer, responses={200: _many(io.AffectedSerializer)}
    )
    def post(self, request: Request, slug: str) -> Response:
        """Undo a mass drop or a check-in of everyone; answers who changed."""
        pk = _valid(io.ObjectIdSerializer, request)["id"]
        changed = services.undo_bulk_action(request.user, services.event_for(slug), pk)
        return _out(io.AffectedSerializer, changed, many=True)


class Rescind(Base):
    @extend_schema(tags=TAG, request=io.RescindSerializer, responses={200: io.RescissionSerializer})
    def post(self, request: Request, slug: str) -> Response:
        """Take back a warning or an ejection; the penalty stays in the record, marked."""
        event = services.event_for(slug)
        data = _valid(io.RescindSerializer, request)
        pk = data["id"]
        if not event.registrations.filter(penalties__pk=pk).exists():
            raise NotFound(_("%(event)s has no penalty %(pk)s.") % {"event": event.name, "pk": pk})
        return _out(
            io.RescissionSerializer, services.rescind_penalty(request.user, pk, data["note"])
        )


class UndoSelfDrop(Base):
    permission_classes = [IsAuthenticated]  # the player's own registration

    @extend_schema(tags=TAG, request=None, responses={200: io.SelfDropUndoneSerializer})
    def post(self, request: Request, slug: str) -> Response:
        """A player takes back his own drop."""
        event = services.event_for(slug)
        reg = event.registrations.filter(player__user=request.user).first()
        if reg is None:
            raise NotFound(_("You are not registered for %(event)s.") % {"event": event.name})
        return _out(io.SelfDropUndoneSerializer, services.undo_self_drop(request.user, reg))


class Swap(Base):
    @extend_schema(
        tags=TAG,
        operation_id="events_rounds_swap_cost",
        parameters=[
            OpenApiParameter("a", int, required=True, description="One player's registration."),
            OpenApiParameter("b", int, required=True, description="The other's registration."),
        ],
        responses={200: io.SwapCostSerializer},
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        """The cost of a swap (?a=&b=), before committing it."""
        event = _event(request, slug)
        data = io.SwapSerializer(data=request.query_params)
        data.is_valid(raise_exception=True)
        a, b = data.validated_data["a"], data.validated_data["b"]
        return _out(
            io.SwapCostSerializer,
            io.cost_data(services.swap_cost(event, _round(event, number), a, b)),
        )

    @extend_schema(
        tags=TAG,
        operation_id="events_rounds_swap",
        request=io.SwapSerializer,
        responses={200: io.SwapCostSerializer},
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        """Swap two players between tables of a round without results."""
        event = services.event_for(slug)
        data = _valid(io.SwapSerializer, request)
        cost = services.swap_players(request.user, _round(event, number), data["a"], data["b"])
        return _out(io.SwapCostSerializer, io.cost_data(cost))


class RoundLoss(Base):
    """GET: what re-pairing or deleting the round loses; POST does it, with the tables."""

    def get(self, request: Request, slug: str, number: int) -> Response:
        event = _event(request, slug)
        lost = services.round_loss_preview(_round(event, number))
        return _out(io.LostResultSerializer, lost, many=True)


class RoundRepair(RoundLoss):
    @extend_schema(
        tags=TAG,
        operation_id="events_rounds_results_repair_preview",
        responses={200: _many(io.LostResultSerializer)},
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        """The results re-pairing the round would throw away, by table."""
        return super().get(request, slug, number)

    @extend_schema(
        tags=TAG,
        operation_id="events_rounds_results_repair",
        request=io.TableNumbersSerializer,
        responses={200: io.RoundRepairedSerializer},
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        """Re-pair a round that has results, confirming the tables that lose theirs."""
        rnd = _round(services.event_for(slug), number)
        tables = _valid(io.TableNumbersSerializer, request)["tables"]
        rnd = services.repair_round_with_results(request.user, rnd, tables)
        return _out(io.RoundRepairedSerializer, rnd)


class RoundDelete(RoundLoss):
    @extend_schema(
        tags=TAG,
        operation_id="events_rounds_results_delete_preview",
        responses={200: _many(io.LostResultSerializer)},
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        """The results deleting the round would throw away, by table."""
        return super().get(request, slug, number)

    @extend_schema(
        tags=TAG,
        operation_id="events_rounds_results_delete",
        request=io.TableNumbersSerializer,
        responses={200: io.RoundDeletedSerializer},
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        """Delete the latest round, results and all, confirming the tables that lose theirs."""
        rnd = _round(services.event_for(slug), number)
        tables = _valid(io.TableNumbersSerializer, request)["tables"]
        deleted = services.delete_round(request.user, rnd, tables)
        return _out(io.RoundDeletedSerializer, {"deleted": deleted})


class Bracket(APIView):
    @extend_schema(tags=TAG, responses={200: io.BracketSerializer})
    def get(self, request: Request, slug: str) -> Response:
        """The top cut: its settings, matches and the final standings."""
        event = services.event_for(slug)
        if event.status == Event.Status.DRAFT and not services.is_director(request.user, event):
            raise NotFound(_("No event '%(slug)s'.") % {"slug": slug})
        settings = services.eventday_settings(event)
        places = [
            {"place": place, "registration": row.player, "name": row.name, "swiss_rank": row.rank}
            for place, row in services.final_standings(event)
        ]
        bracket = {
            "top_cut": settings.top_cut,
            "playoff_tie": settings.playoff_tie,
            "matches": services.playoff_matches(event),
            "final_standings": places,
        }
        return _out(io.BracketSerializer, bracket)


class PlayoffSettings(Base):
    @extend_schema(tags=TAG, request=io.TopCutSerializer, responses={200: io.TopCutSerializer})
    def post(self, request: Request, slug: str) -> Response:
        """Choose the top cut (0, 2, 4 or 8) and how a tied playoff game is settled."""
        d = _valid(io.TopCutSerializer, request)
        cut = services.set_top_cut(
            request.user, services.event_for(slug), d["top_cut"], d["playoff_tie"]
        )
        return _out(io.TopCutSerializer, cut)


class PlayoffStart(Base):
    @extend_schema(tags=TAG, request=None, responses={201: _many(io.PlayoffMatchSerializer)})
    def post(self, request: Request, slug: str) -> Response:
        """Seed the top cut from the Swiss standings (1 v 8, 4 v 5, ...)."""
        matches = services.start_playoff(request.user, services.event_for(slug))
        return _out(io.PlayoffMatchSerializer, matches, status=201, many=True)


class PlayoffResult(Base):
    @extend_schema(
        tags=TAG, request=io.PlayoffResultSerializer, responses={200: io.PlayoffMatchSerializer}
    )
    def post(self, request: Request, slug: str) -> Response:
        """Enter a playoff game; the game's rules say who goes through."""
        d = _valid(io.PlayoffResultSerializer, request)
        m = services.report_playoff_result(
            request.user, services.event_for(slug), d["match"],
            d["high_mps"], d["low_mps"], d["outcome"], d["winner"],
        )  # fmt: skip
        return _out(io.PlayoffMatchSerializer, m)


class PlayoffDecide(Base):
    @extend_schema(
        tags=TAG, request=io.PlayoffDecisionSerializer, responses={200: io.PlayoffMatchSerializer}
    )
    def post(self, request: Request, slug: str) -> Response:
        """The director decides a tied playoff game."""
        d = _valid(io.PlayoffDecisionSerializer, request)
        m = services.decide_playoff_tie(
            request.user, services.event_for(slug), d["match"], d["winner"]
        )
        return _out(io.PlayoffMatchSerializer, m)
