"""An event's stages through the API: the presets, the stage plan, what comes next,
starting a stage, pairing a round robin's rounds, skipping a stage, the crosstable."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotFound
from tournaments.api import stage_serializers as io
from tournaments.api.common import SLUG, Base, answer, event_for, valid
from tournaments.api.round_serializers import RoundSerializer
from tournaments.models import Event
from tournaments.rules.presets import PRESETS
from tournaments.services import league_series, stage_plan
from tournaments.services import stages as run
from tournaments.services.stage_progress import robin_round_numbers, stages_of
from tournaments.words.stages import preset_name

TAG = ["stages"]
POSITION = OpenApiParameter("position", int, OpenApiParameter.PATH, description="Stage number.")


class Presets(generics.ListAPIView):
    """The event presets: the events the communities hold (RULES.md §8), each with its
    game, summary and source."""

    permission_classes = [AllowAny]
    serializer_class = io.PresetSerializer
    filter_backends: list[Any] = []  # data, not a queryset

    def get_queryset(self) -> Any:
        return list(PRESETS)

    @extend_schema(tags=TAG)
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


def stages_answer(event: Event) -> Response:
    value = {
        "preset": event.preset,
        "preset_name": preset_name(event.preset),
        "stages": stages_of(event),
        "next_step": run.next_step(event),
    }
    return answer(io.EventStagesSerializer, value)


@extend_schema(parameters=[SLUG])
class Stages(Base):
    permission_classes = Base.permission_classes

    def get_permissions(self) -> list[Any]:
        if self.request.method == "GET":
            return [AllowAny()]
        return list(super().get_permissions())

    @extend_schema(tags=TAG, responses={200: io.EventStagesSerializer})
    def get(self, request: Request, slug: str) -> Response:
        """The event's preset, its stages in order and what the director does next."""
        return stages_answer(event_for(request, slug))

    @extend_schema(
        tags=TAG, request=io.StagePlanSerializer, responses={200: io.EventStagesSerializer}
    )
    def put(self, request: Request, slug: str) -> Response:
        """Replace the stage plan (director; until a later stage has started)."""
        d = valid(io.StagePlanSerializer, request)
        event = event_for(request, slug)
        stage_plan.set_stages(request.user, event, [dict(s) for s in d["stages"]])
        return stages_answer(event)


@extend_schema(parameters=[SLUG])
class StagesPreset(Base):
    @extend_schema(
        tags=TAG, request=io.PresetChoiceSerializer, responses={200: io.EventStagesSerializer}
    )
    def post(self, request: Request, slug: str) -> Response:
        """Set the event's options and stages from a preset (director; before round 1)."""
        d = valid(io.PresetChoiceSerializer, request)
        event = stage_plan.apply_preset(request.user, event_for(request, slug), d["preset"])
        return stages_answer(event)


@extend_schema(parameters=[SLUG])
class StageStart(Base):
    @extend_schema(tags=TAG, request=None, responses={200: io.EventStagesSerializer})
    def post(self, request: Request, slug: str) -> Response:
        """Start the next stage with the Swiss's top players (director)."""
        event = event_for(request, slug)
        run.start_stage(request.user, event)
        return stages_answer(event)


@extend_schema(parameters=[SLUG])
class RobinPair(Base):
    @extend_schema(tags=TAG, request=None, responses={201: RoundSerializer})
    def post(self, request: Request, slug: str) -> Response:
        """Pair the round robin's next round (director)."""
        rnd = run.pair_robin_round(request.user, event_for(request, slug))
        return answer(RoundSerializer, rnd, status=201)


@extend_schema(parameters=[SLUG, POSITION])
class StageSkip(Base):
    @extend_schema(tags=TAG, request=None, responses={200: io.EventStagesSerializer})
    def post(self, request: Request, slug: str, position: int) -> Response:
        """Skip a stage that has not started, on purpose (director; audited)."""
        event = event_for(request, slug)
        run.skip_stage(request.user, event, position)
        return stages_answer(event)


@extend_schema(parameters=[SLUG, POSITION])
class Crosstable(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAG, responses={200: io.CrosstableSerializer})
    def get(self, request: Request, slug: str, position: int) -> Response:
        """A round robin's standings (points, head-to-head, earlier rank) and its games."""
        table = run.robin_table(event_for(request, slug), position)
        value = {
            "position": table.stage.position,
            "carry_points": table.stage.carry_points,
            "rounds": robin_round_numbers(table.stage),
            "standings": [
                {
                    "rank": r.rank, "registration": int(r.player), "name": table.names[r.player],
                    "points": r.points, "head_to_head": r.head_to_head,
                    "earlier_rank": r.earlier_rank,
                }
                for r in table.rows
            ],
            "games": [
                {
                    "registration": int(a), "opponent": int(b), "round": c.round,
                    "points": c.points, "opponent_points": c.opponent_points,
                }
                for a, row in table.cells.items()
                for b, c in row.items()
            ],
        }  # fmt: skip
        return answer(io.CrosstableSerializer, value)


@extend_schema(parameters=[SLUG])
class LeagueGames(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=TAG,
        request=io.LeagueSeriesGameInputSerializer,
        responses={201: io.LeagueSeriesGameSerializer},
    )
    def post(self, request: Request, slug: str) -> Response:
        """Report a league game (one of its two players, or the staff): RULES.md §8, each
        game of a series against a different opponent, within the series' cap."""
        d = valid(io.LeagueSeriesGameInputSerializer, request)
        game = league_series.report_league_game(
            request.user, event_for(request, slug), d["winner"], d["loser"]
        )
        return answer(io.LeagueSeriesGameSerializer, game, status=201)


@extend_schema(parameters=[SLUG])
class League(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAG, responses={200: io.LeagueSeriesTableSerializer})
    def get(self, request: Request, slug: str) -> Response:
        """The league table: win 2, loss 1, then the opponents' win percentage."""
        table = league_series.league_table(event_for(request, slug))
        if table is None:
            raise NotFound(_("This event is not a league."))
        value = {
            "series": table.series,
            "series_days": table.rules.days,
            "games_per_series": table.rules.cap,
            "rated": table.rated,
            "sanctioning": table.sanctioning,
            "standings": [
                {
                    "rank": r.rank, "registration": int(r.player), "name": table.names[r.player],
                    "points": r.points, "wins": r.wins, "losses": r.losses,
                    "opponents_win_pct": float(r.opponents_win_pct),
                    "rating_change": table.rating_changes.get(r.player, 0) if table.rated else None,
                }
                for r in table.rows
            ],
        }  # fmt: skip
        return answer(io.LeagueSeriesTableSerializer, value)
