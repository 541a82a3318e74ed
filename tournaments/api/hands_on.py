"""Hands-on changes of a round through the API: swap two players, re-pair or delete a
round that has results. Each change takes the confirmation its preview returned."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import services
from tournaments.api import action_serializers as io
from tournaments.api.common import Base, answer, many, round_or_404, staff_event, valid

TAG = ["rounds"]


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
        event = staff_event(request, slug)
        data = io.SwapSerializer(data=request.query_params)
        data.is_valid(raise_exception=True)
        a, b = data.validated_data["a"], data.validated_data["b"]
        return answer(
            io.SwapCostSerializer,
            io.cost_data(services.swap_cost(event, round_or_404(event, number), a, b)),
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
        data = valid(io.SwapSerializer, request)
        cost = services.swap_players(
            request.user, round_or_404(event, number), data["a"], data["b"]
        )
        return answer(io.SwapCostSerializer, io.cost_data(cost))


class RoundLoss(Base):
    """GET: what re-pairing or deleting the round loses; POST does it, with the tables."""

    def get(self, request: Request, slug: str, number: int) -> Response:
        event = staff_event(request, slug)
        lost = services.round_loss_preview(round_or_404(event, number))
        return answer(io.LostResultSerializer, lost, many=True)


class RoundRepair(RoundLoss):
    @extend_schema(
        tags=TAG,
        operation_id="events_rounds_results_repair_preview",
        responses={200: many(io.LostResultSerializer)},
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
        rnd = round_or_404(services.event_for(slug), number)
        tables = valid(io.TableNumbersSerializer, request)["tables"]
        rnd = services.repair_round_with_results(request.user, rnd, tables)
        return answer(io.RoundRepairedSerializer, rnd)


class RoundDelete(RoundLoss):
    @extend_schema(
        tags=TAG,
        operation_id="events_rounds_results_delete_preview",
        responses={200: many(io.LostResultSerializer)},
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
        rnd = round_or_404(services.event_for(slug), number)
        tables = valid(io.TableNumbersSerializer, request)["tables"]
        deleted = services.delete_round(request.user, rnd, tables)
        return answer(io.RoundDeletedSerializer, {"deleted": deleted})


class RoundUnlockedSerializer(serializers.Serializer):
    round = serializers.IntegerField(source="number")
    edits_unlocked_at = serializers.DateTimeField()


class RoundUnlockSerializer(serializers.Serializer):
    schema_input_only = True

    note = serializers.CharField(
        max_length=500, required=False, allow_blank=True, help_text="Why (for the audit trail)."
    )


class RoundUnlock(Base):
    @extend_schema(
        tags=TAG,
        operation_id="events_rounds_unlock",
        request=RoundUnlockSerializer,
        responses={200: RoundUnlockedSerializer},
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        """Unlock a round two or more rounds back so its results can be corrected
        (audited): later rounds were paired from them."""
        rnd = round_or_404(services.event_for(slug), number)
        note = valid(RoundUnlockSerializer, request).get("note", "")
        return answer(RoundUnlockedSerializer, services.unlock_round_edits(request.user, rnd, note))
