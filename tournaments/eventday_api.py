"""The event-day API: staff, bulk entry, confirmations and undo, hands-on pairings and
the top cut, as thin views over the same services as the pages. Previews are GETs (or a
POST of the list to look at); each change takes the confirmation the preview returned."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import SAFE_METHODS, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotAllowed, NotFound
from tournaments import services
from tournaments.models import Event, EventStaff, PlayoffMatch, Round
from tournaments.permissions import is_judge

TAG = ["event day"]
# Answers are small JSON documents built from the services' dataclasses.
OK = {200: OpenApiTypes.ANY, 201: OpenApiTypes.ANY, 204: None}
# Refusals are problem details, declared for every operation by organizer.schema.


class StaffIn(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    role = serializers.ChoiceField(choices=EventStaff.Role.choices)


class TextIn(serializers.Serializer):
    text = serializers.CharField(max_length=200_000, trim_whitespace=False)


class IdsIn(serializers.Serializer):
    registrations = serializers.ListField(child=serializers.IntegerField(), allow_empty=True)


class TablesIn(serializers.Serializer):
    tables = serializers.ListField(child=serializers.IntegerField(min_value=1), allow_empty=True)


class IdIn(serializers.Serializer):
    id = serializers.IntegerField(help_text="The id of the staff entry, action or penalty.")


class RescindIn(IdIn):
    note = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")


class SwapIn(serializers.Serializer):
    a = serializers.IntegerField(help_text="Registration id of one player.")
    b = serializers.IntegerField(help_text="Registration id of the other.")


class CutIn(serializers.Serializer):
    top_cut = serializers.ChoiceField(choices=[0, 2, 4, 8])
    playoff_tie = serializers.ChoiceField(choices=["replay", "director"])


class PlayoffResultIn(serializers.Serializer):
    match = serializers.IntegerField()
    high_mps = serializers.IntegerField(required=False, allow_null=True, default=None)
    low_mps = serializers.IntegerField(required=False, allow_null=True, default=None)
    outcome = serializers.CharField(max_length=40, required=False, default="normal")
    winner = serializers.IntegerField(required=False, allow_null=True, default=None)


class DecideIn(serializers.Serializer):
    match = serializers.IntegerField()
    winner = serializers.IntegerField()


def _valid(cls: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    ser = cls(data=request.data)
    ser.is_valid(raise_exception=True)
    return dict(ser.validated_data)


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


def _match(m: PlayoffMatch) -> dict[str, Any]:
    def who(reg: Any) -> dict[str, Any] | None:
        return {"registration": reg.pk, "name": reg.player.display_name} if reg else None

    return {
        "id": m.pk, "stage": m.stage, "slot": m.slot, "status": m.status,
        "high": who(m.high), "low": who(m.low), "high_seed": m.high_seed, "low_seed": m.low_seed,
        "high_mps": m.high_mps, "low_mps": m.low_mps, "winner": who(m.winner),
        "replays": m.replays, "decided_by_director": m.decided_by_director,
    }  # fmt: skip


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
    serializer_class = IdIn  # only for the schema; each method names its own


@extend_schema(tags=TAG, request=StaffIn, responses=OK)
class Staff(Base):
    def get(self, request: Request, slug: str) -> Response:
        event = _event(request, slug, judge=True)
        return Response(
            [
                {"id": s.pk, "username": s.user.get_username(), "role": s.role}
                for s in services.event_staff(event)
            ]
        )

    def post(self, request: Request, slug: str) -> Response:
        data = _valid(StaffIn, request)
        staff = services.invite_staff(
            request.user, services.event_for(slug), data["username"], data["role"]
        )
        return Response(
            {"id": staff.pk, "username": staff.user.get_username(), "role": staff.role}, status=201
        )


@extend_schema(tags=TAG, request=IdIn, responses=OK)
class StaffRemove(Base):
    def post(self, request: Request, slug: str) -> Response:
        services.remove_staff(request.user, services.event_for(slug), _valid(IdIn, request)["id"])
        return Response(status=204)


@extend_schema(tags=TAG, request=TextIn, responses=OK)
class PlayerListPreview(Base):
    def post(self, request: Request, slug: str) -> Response:
        event = _event(request, slug)
        rows = services.preview_player_list(event, _valid(TextIn, request)["text"])
        return Response([{**asdict(p.row), "flags": p.flags, "will_add": p.will_add} for p in rows])


@extend_schema(tags=TAG, request=TextIn, responses=OK)
class PlayerListRegister(Base):
    def post(self, request: Request, slug: str) -> Response:
        regs = services.register_player_list(
            request.user, services.event_for(slug), _valid(TextIn, request)["text"]
        )
        return Response(
            [{"registration": r.pk, "name": r.player.display_name} for r in regs], status=201
        )


@extend_schema(tags=TAG, request=None, responses=OK)
class CheckInEveryone(Base):
    def post(self, request: Request, slug: str) -> Response:
        action = services.check_in_everyone(request.user, services.event_for(slug))
        return Response({"action": action.pk, "registrations": action.registrations})


@extend_schema(tags=TAG, request=None, responses=OK)
class RemoveRegistration(Base):
    def post(self, request: Request, slug: str, registration_id: int) -> Response:
        event = services.event_for(slug)
        return Response(services.remove_registration(request.user, event, registration_id))


@extend_schema(tags=TAG, request=IdsIn, responses=OK)
class NoShows(Base):
    def get(self, request: Request, slug: str) -> Response:
        return Response([asdict(a) for a in services.no_show_preview(_event(request, slug))])

    def post(self, request: Request, slug: str) -> Response:
        ids = _valid(IdsIn, request)["registrations"]
        action = services.drop_no_shows_confirmed(request.user, services.event_for(slug), ids)
        return Response({"action": action.pk, "registrations": action.registrations})


@extend_schema(tags=TAG, request=IdIn, responses=OK)
class Undo(Base):
    def post(self, request: Request, slug: str) -> Response:
        pk = _valid(IdIn, request)["id"]
        changed = services.undo_bulk_action(request.user, services.event_for(slug), pk)
        return Response([asdict(a) for a in changed])


@extend_schema(tags=TAG, request=RescindIn, responses=OK)
class Rescind(Base):
    def post(self, request: Request, slug: str) -> Response:
        event = services.event_for(slug)
        data = _valid(RescindIn, request)
        pk = data["id"]
        if not event.registrations.filter(penalties__pk=pk).exists():
            raise NotFound(_("%(event)s has no penalty %(pk)s.") % {"event": event.name, "pk": pk})
        r = services.rescind_penalty(request.user, pk, data["note"])
        return Response({"penalty": r.penalty_id, "by": request.user.get_username(), "at": r.at})


@extend_schema(tags=TAG, request=None, responses=OK)
class UndoSelfDrop(Base):
    permission_classes = [IsAuthenticated]  # the player's own registration

    def post(self, request: Request, slug: str) -> Response:
        event = services.event_for(slug)
        reg = event.registrations.filter(player__user=request.user).first()
        if reg is None:
            raise NotFound(_("You are not registered for %(event)s.") % {"event": event.name})
        reg = services.undo_self_drop(request.user, reg)
        return Response({"registration": reg.pk, "dropped": reg.dropped})


@extend_schema(tags=TAG, request=SwapIn, responses=OK)
class Swap(Base):
    @extend_schema(
        parameters=[
            OpenApiParameter("a", int, required=True, description="One player's registration."),
            OpenApiParameter("b", int, required=True, description="The other's registration."),
        ]
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        """The cost of a swap (?a=&b=), before committing it."""
        event = _event(request, slug)
        data = SwapIn(data=request.query_params)
        data.is_valid(raise_exception=True)
        cost = services.swap_cost(
            event, _round(event, number), data.validated_data["a"], data.validated_data["b"]
        )
        return Response({**asdict(cost), "free": cost.free})

    def post(self, request: Request, slug: str, number: int) -> Response:
        event = services.event_for(slug)
        data = _valid(SwapIn, request)
        cost = services.swap_players(request.user, _round(event, number), data["a"], data["b"])
        return Response({**asdict(cost), "free": cost.free})


@extend_schema(tags=TAG, request=TablesIn, responses=OK)
class RoundResults(Base):
    """GET: what re-pairing or deleting the round loses; POST repair/delete with the tables."""

    def get(self, request: Request, slug: str, number: int, how: str) -> Response:
        event = _event(request, slug)
        return Response([asdict(r) for r in services.round_loss_preview(_round(event, number))])

    def post(self, request: Request, slug: str, number: int, how: str) -> Response:
        event = services.event_for(slug)
        tables = _valid(TablesIn, request)["tables"]
        if how == "delete":
            return Response(
                {"deleted": services.delete_round(request.user, _round(event, number), tables)}
            )
        if how != "repair":
            raise NotFound(_("Re-pair or delete."))
        rnd = services.repair_round_with_results(request.user, _round(event, number), tables)
        return Response({"round": rnd.number, "seed": rnd.seed})


@extend_schema(tags=TAG, request=None, responses=OK)
class Bracket(APIView):
    def get(self, request: Request, slug: str) -> Response:
        event = services.event_for(slug)
        if event.status == Event.Status.DRAFT and not services.is_director(request.user, event):
            raise NotFound(_("No event '%(slug)s'.") % {"slug": slug})
        settings = services.eventday_settings(event)
        return Response(
            {
                "top_cut": settings.top_cut,
                "playoff_tie": settings.playoff_tie,
                "matches": [_match(m) for m in services.playoff_matches(event)],
                "final_standings": [
                    {
                        "place": place,
                        "registration": row.player,
                        "name": row.name,
                        "swiss_rank": row.rank,
                    }
                    for place, row in services.final_standings(event)
                ],
            }
        )


@extend_schema(tags=TAG, request=PlayoffResultIn, responses=OK)
class Playoff(Base):
    def post(self, request: Request, slug: str, action: str) -> Response:
        event, user = services.event_for(slug), request.user
        if action == "settings":
            d = _valid(CutIn, request)
            cut = services.set_top_cut(user, event, d["top_cut"], d["playoff_tie"])
            return Response({"top_cut": cut.top_cut, "playoff_tie": cut.playoff_tie})
        if action == "start":
            return Response([_match(m) for m in services.start_playoff(user, event)], status=201)
        if action == "result":
            d = _valid(PlayoffResultIn, request)
            m = services.report_playoff_result(
                user, event, d["match"], d["high_mps"], d["low_mps"], d["outcome"], d["winner"]
            )
            return Response(_match(m))
        if action == "decide":
            d = _valid(DecideIn, request)
            return Response(
                _match(services.decide_playoff_tie(user, event, d["match"], d["winner"]))
            )
        raise NotFound(_("No such playoff action."))
