"""The tournaments API: thin DRF views over tournaments.services.

Each view checks the shape of the input with a serializer (400 with field messages),
calls one service and answers with the changed object; refusals come back as the
services' errors (403/404/409 with a message) through organizer.api.exception_handler.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotAllowed, NotFound
from tournaments import serializers as s
from tournaments import services
from tournaments.models import Event, Player, Registration, Round, Table
from tournaments.services.snapshot import API_MAX_PER_PAGE, API_PER_PAGE

TAG = ["tournaments"]
ERRORS = {
    400: OpenApiResponse(
        s.TournamentErrorSerializer, description="Bad input or a rule refused it."
    ),
    403: OpenApiResponse(s.TournamentErrorSerializer, description="Not allowed for this user."),
    404: OpenApiResponse(s.TournamentErrorSerializer, description="No such event, round or table."),
    409: OpenApiResponse(
        s.TournamentErrorSerializer, description="The state does not allow it now."
    ),
    415: OpenApiResponse(s.TournamentErrorSerializer, description="Body is not JSON or a form."),
}
SLUG = OpenApiParameter("slug", str, OpenApiParameter.PATH, description="The event's slug.")
STANDINGS_PARAMS = [
    OpenApiParameter("page", int, description="Page number, from 1."),
    OpenApiParameter("per_page", int, description="Rows a page (100 unless told, at most 1000)."),
    OpenApiParameter("q", str, description="Only players whose name contains this."),
]


def _event(request: Request, slug: str) -> Event:
    event = services.event_for(slug)
    if event.status == Event.Status.DRAFT and not services.is_director(request.user, event):
        raise NotFound(f"No event {slug!r}.")
    return event


def _registration(event: Event, pk: int) -> Registration:
    try:
        return event.registrations.select_related("player", "event").get(pk=pk)
    except Registration.DoesNotExist:
        raise NotFound(f"No registration {pk} in {event.name}.")


def _round(event: Event, number: int) -> Round:
    try:
        return event.rounds.select_related("event").get(number=number)
    except Round.DoesNotExist:
        raise NotFound(f"{event.name} has no round {number}.")


def _table(event: Event, pk: int) -> Table:
    try:
        return Table.objects.select_related("round__event").get(pk=pk, round__event=event)
    except Table.DoesNotExist:
        raise NotFound(f"{event.name} has no table {pk}.")


def _valid(serializer_class: type, request: Request, **kwargs: Any) -> dict[str, Any]:
    serializer = serializer_class(data=request.data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _event_response(event: Event, code: int = status.HTTP_200_OK) -> Response:
    event.refresh_from_db()
    return Response(s.EventSerializer(event).data, status=code)


# --------------------------------------------------------------------------- events

EVENT_EXAMPLE = OpenApiExample(
    "A LoRE event",
    value={"name": "Rivendell Open", "game": "lore", "sanctioned": True, "planned_rounds": None},
    request_only=True,
)


@extend_schema(tags=TAG)
class EventListCreate(generics.ListCreateAPIView):
    serializer_class = s.EventSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        qs = services.visible_events(self.request.user)
        game = self.request.query_params.get("game")
        state = self.request.query_params.get("status")
        if game:
            qs = qs.filter(game=game)
        if state:
            qs = qs.filter(status=state)
        return qs

    @extend_schema(
        summary="List events",
        parameters=[
            OpenApiParameter("game", str, description="Only this game system."),
            OpenApiParameter(
                "status", str, enum=Event.Status.values, description="Only this state."
            ),
        ],
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        summary="Create an event (you become its director)",
        request=s.EventWriteSerializer,
        responses={201: s.EventSerializer, **ERRORS},
        examples=[EVENT_EXAMPLE],
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = _valid(s.EventWriteSerializer, request)
        event = services.create_event(request.user, **data)
        return _event_response(event, status.HTTP_201_CREATED)


@extend_schema(tags=TAG, parameters=[SLUG])
class EventDetail(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(summary="One event", responses={200: s.EventSerializer, **ERRORS})
    def get(self, request: Request, slug: str) -> Response:
        return Response(s.EventSerializer(_event(request, slug)).data)

    @extend_schema(
        summary="Change an event (director)",
        request=s.EventWriteSerializer(partial=True),
        responses={200: s.EventSerializer, **ERRORS},
    )
    def patch(self, request: Request, slug: str) -> Response:
        event = _event(request, slug)
        data = _valid(s.EventWriteSerializer, request, partial=True)
        return _event_response(services.update_event(request.user, event, **data))


@extend_schema(tags=TAG, parameters=[SLUG], request=None)
class EventOpen(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Open registration (director)", responses={200: s.EventSerializer, **ERRORS}
    )
    def post(self, request: Request, slug: str) -> Response:
        event = services.open_registration(request.user, _event(request, slug))
        return _event_response(event)


@extend_schema(tags=TAG, parameters=[SLUG])
class EventFinish(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Finish the event (director)",
        request=s.FinishSerializer,
        responses={200: s.EventSerializer, **ERRORS},
    )
    def post(self, request: Request, slug: str) -> Response:
        data = _valid(s.FinishSerializer, request)
        event = services.finish_event(request.user, _event(request, slug), early=data["early"])
        return _event_response(event)


# --------------------------------------------------------------------------- registration


@extend_schema(tags=TAG, parameters=[SLUG])
class RegisterSelf(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Sign yourself up (late entry while running)",
        request=None,
        responses={201: s.RegistrationSerializer, **ERRORS},
    )
    def post(self, request: Request, slug: str) -> Response:
        reg = services.register_self(request.user, _event(request, slug))
        return Response(s.RegistrationSerializer(reg).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG, parameters=[SLUG])
class Walkins(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Add a walk-in player (director)",
        request=s.WalkinSerializer,
        responses={201: s.RegistrationSerializer, **ERRORS},
        examples=[OpenApiExample("New player", value={"display_name": "Tom Bombadil"})],
    )
    def post(self, request: Request, slug: str) -> Response:
        event = _event(request, slug)
        data = _valid(s.WalkinSerializer, request)
        player = None
        if data.get("player"):
            player = Player.objects.filter(pk=data["player"]).first()
            if player is None:
                raise NotFound(f"No player {data['player']}.")
        reg = services.add_walkin(
            request.user, event, data.get("display_name", ""),
            data.get("membership_number", ""), player=player,
        )  # fmt: skip
        return Response(s.RegistrationSerializer(reg).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG, parameters=[SLUG])
class Registrations(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="Registered players",
        responses={200: s.RegistrationSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request, slug: str) -> Response:
        event = _event(request, slug)
        regs = event.registrations.select_related("player").order_by("player__display_name")
        return Response(s.RegistrationSerializer(regs, many=True).data)


REG_PARAMS = [
    SLUG,
    OpenApiParameter("registration_id", int, OpenApiParameter.PATH, description="Registration id."),
]


@extend_schema(tags=TAG, parameters=REG_PARAMS)
class RegistrationCheckIn(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Check in (director or the player)",
        request=s.CheckInSerializer,
        responses={200: s.RegistrationSerializer, **ERRORS},
    )
    def post(self, request: Request, slug: str, registration_id: int) -> Response:
        reg = _registration(_event(request, slug), registration_id)
        data = _valid(s.CheckInSerializer, request)
        reg = services.check_in(request.user, reg, data["checked_in"])
        return Response(s.RegistrationSerializer(reg).data)


@extend_schema(tags=TAG, parameters=REG_PARAMS)
class RegistrationDrop(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Drop from later rounds (director or the player)",
        request=s.NoteSerializer,
        responses={200: s.RegistrationSerializer, **ERRORS},
    )
    def post(self, request: Request, slug: str, registration_id: int) -> Response:
        reg = _registration(_event(request, slug), registration_id)
        data = _valid(s.NoteSerializer, request)
        reg = services.drop(request.user, reg, data.get("note", ""))
        return Response(s.RegistrationSerializer(reg).data)


@extend_schema(tags=TAG, parameters=REG_PARAMS)
class RegistrationReadd(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Re-add a dropped player (director)",
        request=None,
        responses={200: s.RegistrationSerializer, **ERRORS},
    )
    def post(self, request: Request, slug: str, registration_id: int) -> Response:
        reg = services.readd(request.user, _registration(_event(request, slug), registration_id))
        return Response(s.RegistrationSerializer(reg).data)


# --------------------------------------------------------------------------- rounds

ROUND_PARAMS = [
    SLUG,
    OpenApiParameter("number", int, OpenApiParameter.PATH, description="Round number."),
]


@extend_schema(tags=TAG, parameters=[SLUG])
class Rounds(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="The event's rounds",
        responses={200: s.RoundSummarySerializer(many=True), **ERRORS},
    )
    def get(self, request: Request, slug: str) -> Response:
        event = _event(request, slug)
        rounds = event.rounds.select_related("event").order_by("number")
        return Response(s.RoundSummarySerializer(rounds, many=True).data)


@extend_schema(tags=TAG, parameters=[SLUG])
class PairNextRound(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Pair the next round (director)",
        description=(
            "Refused (409) while the current round has a table without a confirmed result. "
            "Two calls at once create one round; the other gets 409."
        ),
        request=s.PairSerializer,
        responses={201: s.RoundSerializer, **ERRORS},
    )
    def post(self, request: Request, slug: str) -> Response:
        data = _valid(s.PairSerializer, request)
        rnd = services.pair_next_round(request.user, _event(request, slug), seed=data.get("seed"))
        return Response(s.RoundSerializer(rnd).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG, parameters=ROUND_PARAMS)
class RoundDetail(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="Pairings and results of one round", responses={200: s.RoundSerializer, **ERRORS}
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        return Response(s.RoundSerializer(_round(_event(request, slug), number)).data)


@extend_schema(tags=TAG, parameters=ROUND_PARAMS)
class RoundRepair(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Pair the latest round again (director; only while it has no result)",
        request=s.PairSerializer,
        responses={200: s.RoundSerializer, **ERRORS},
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        data = _valid(s.PairSerializer, request)
        rnd = services.repair_round(
            request.user, _round(_event(request, slug), number), seed=data.get("seed")
        )
        return Response(s.RoundSerializer(rnd).data)


@extend_schema(tags=TAG, parameters=ROUND_PARAMS)
class RoundClock(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Start the round clock (director)",
        request=None,
        responses={200: s.RoundSerializer, **ERRORS},
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        rnd = services.start_round_clock(request.user, _round(_event(request, slug), number))
        return Response(s.RoundSerializer(rnd).data)


# --------------------------------------------------------------------------- results

TABLE_PARAMS = [
    SLUG,
    OpenApiParameter("table_id", int, OpenApiParameter.PATH, description="Table id."),
]
RESULT_EXAMPLE = OpenApiExample(
    "20 MPs to 9",
    value={"seats": [{"registration": 12, "mps": 20}, {"registration": 15, "mps": 9}]},
    request_only=True,
)


def _result_args(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "mps": [
            {"registration": r["registration"], "mps": r.get("mps")} for r in data.get("seats", [])
        ],
        "outcome": data.get("outcome", "normal"),
        "winner": data.get("winner"),
        "time_called": data.get("time_called", False),
        "version": data.get("version"),
    }


def _table_response(table: Table) -> Response:
    table.refresh_from_db()
    return Response(s.TableSerializer(table).data)


@extend_schema(tags=TAG, parameters=TABLE_PARAMS)
class TableDetail(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="One table with its result history",
        responses={200: s.TableDetailSerializer, **ERRORS},
    )
    def get(self, request: Request, slug: str, table_id: int) -> Response:
        return Response(s.TableDetailSerializer(_table(_event(request, slug), table_id)).data)


@extend_schema(tags=TAG, parameters=TABLE_PARAMS)
class TableReport(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Report the result (a player at the table)",
        description=(
            "A second report from the same player replaces his first before it is confirmed; "
            "a report from another player that matches confirms it, one that differs disputes it."
        ),
        request=s.ResultInputSerializer,
        responses={200: s.TableSerializer, **ERRORS},
        examples=[RESULT_EXAMPLE],
    )
    def post(self, request: Request, slug: str, table_id: int) -> Response:
        table = _table(_event(request, slug), table_id)
        data = _valid(s.ResultInputSerializer, request)
        return _table_response(services.report_result(request.user, table, **_result_args(data)))


@extend_schema(tags=TAG, parameters=TABLE_PARAMS)
class TableConfirm(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Confirm the reported result (another player at the table)",
        request=s.ConfirmSerializer,
        responses={200: s.TableSerializer, **ERRORS},
    )
    def post(self, request: Request, slug: str, table_id: int) -> Response:
        table = _table(_event(request, slug), table_id)
        data = _valid(s.ConfirmSerializer, request)
        return _table_response(
            services.confirm_result(request.user, table, version=data.get("version"))
        )


@extend_schema(tags=TAG, parameters=TABLE_PARAMS)
class TableDispute(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Dispute the reported result (another player at the table)",
        request=s.NoteSerializer,
        responses={200: s.TableSerializer, **ERRORS},
    )
    def post(self, request: Request, slug: str, table_id: int) -> Response:
        table = _table(_event(request, slug), table_id)
        data = _valid(s.NoteSerializer, request)
        return _table_response(services.dispute_result(request.user, table, data.get("note", "")))


@extend_schema(tags=TAG, parameters=TABLE_PARAMS)
class TableSet(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Enter or correct a result (director)",
        request=s.DirectorResultSerializer,
        responses={200: s.TableSerializer, **ERRORS},
        examples=[RESULT_EXAMPLE],
    )
    def post(self, request: Request, slug: str, table_id: int) -> Response:
        table = _table(_event(request, slug), table_id)
        data = _valid(s.DirectorResultSerializer, request)
        return _table_response(
            services.director_set_result(
                request.user, table, note=data.get("note", ""), **_result_args(data)
            )
        )


# --------------------------------------------------------------------------- standings, penalties


@extend_schema(tags=TAG, parameters=[SLUG])
class Standings(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="Standings after the confirmed results",
        description="Tournament points, then the event's tiebreak chain (000 Part VI §3). "
        "One page in standings order (`page`, `per_page` up to 1000, `q` a part of a name); "
        "the total is in `X-Total-Count`, further pages in `Link`; send the `ETag` back "
        "as `If-None-Match` to get 304 while the standings have not changed.",
        parameters=STANDINGS_PARAMS,
        responses={200: s.EventStandingRowSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request, slug: str) -> Response:
        event = _event(request, slug)
        page, state = services.standings_page(
            event,
            request.query_params.get("page"),
            request.query_params.get("per_page", API_PER_PAGE),
            request.query_params.get("q", ""),
            limit=API_MAX_PER_PAGE,
        )
        headers = {"ETag": state.etag, "X-Total-Count": str(page.paginator.count)}
        if request.headers.get("If-None-Match") == state.etag:
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers=headers)
        links = []
        if page.has_previous():
            links.append(f'<{_page_url(request, page.previous_page_number())}>; rel="prev"')
        if page.has_next():
            links.append(f'<{_page_url(request, page.next_page_number())}>; rel="next"')
        if links:
            headers["Link"] = ", ".join(links)
        return Response(s.standing_rows(page.object_list), headers=headers)


def _page_url(request: Request, number: int) -> str:
    query = request.query_params.copy()
    query["page"] = str(number)
    return request.build_absolute_uri(f"{request.path}?{query.urlencode()}")


@extend_schema(tags=TAG, parameters=[SLUG])
class Penalties(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Warnings and ejections (director)",
        responses={200: s.PenaltySerializer(many=True), **ERRORS},
    )
    def get(self, request: Request, slug: str) -> Response:
        event = _event(request, slug)
        if not services.is_director(request.user, event):
            raise NotAllowed("Only the tournament director sees the penalties.")
        penalties = event_penalties(event)
        return Response(s.PenaltySerializer(penalties, many=True).data)

    @extend_schema(
        summary="Issue a warning or an ejection (director)",
        description=(
            "Two warnings for the same offense, or any three, eject the player; cheating and "
            "an illegal deck list eject at once (000 Part VI §3)."
        ),
        request=s.PenaltyInputSerializer,
        responses={201: s.PenaltySerializer, **ERRORS},
    )
    def post(self, request: Request, slug: str) -> Response:
        event = _event(request, slug)
        data = _valid(s.PenaltyInputSerializer, request)
        reg = _registration(event, data["registration"])
        penalty = services.issue_penalty(
            request.user, reg, data["offense"], data.get("note", ""), kind=data["kind"]
        )
        penalty.registration.refresh_from_db()
        return Response(s.PenaltySerializer(penalty).data, status=status.HTTP_201_CREATED)


def event_penalties(event: Event) -> Any:
    from tournaments.models import Penalty

    return Penalty.objects.filter(registration__event=event).select_related("registration__player")


# --------------------------------------------------------------------------- export


@extend_schema(tags=TAG, parameters=[SLUG])
class Export(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="The whole event as one JSON document (penalties for the director only)",
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
    )
    def get(self, request: Request, slug: str) -> Response:
        event = _event(request, slug)
        document = services.export_event(event)
        # Penalties (with the director's notes) are the director's, as in GET penalties/.
        if not services.is_director(request.user, event):
            document.pop("penalties", None)
        return Response(document)


@extend_schema(tags=TAG, parameters=[SLUG])
class ExportCsv(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="Every seat of every round as CSV",
        responses={(200, "text/csv"): OpenApiTypes.STR, 404: s.TournamentErrorSerializer},
    )
    def get(self, request: Request, slug: str) -> HttpResponse:
        event = _event(request, slug)
        return HttpResponse(
            results_csv(event),
            content_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{event.slug}.csv"'},
        )


def results_csv(event: Event) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        ["round", "table", "status", "registration", "player", "opponents", "mps", "points",
         "outcome", "bye", "time_called", "band"]
    )  # fmt: skip
    for rnd in event.rounds.order_by("number"):
        for table in services.round_tables(rnd):
            seats = list(table.seats.all())
            for seat in seats:
                others = "; ".join(
                    o.registration.player.display_name for o in seats if o.pk != seat.pk
                )
                writer.writerow(
                    [rnd.number, table.number, table.status, seat.registration_id,
                     seat.registration.player.display_name, others,
                     "" if seat.mps is None else seat.mps,
                     "" if seat.points is None else seat.points, seat.outcome,
                     int(seat.is_bye), int(table.time_called), table.band]
                )  # fmt: skip
    return out.getvalue()
