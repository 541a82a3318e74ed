"""The top cut through the API: the bracket, its settings, starting it, entering and
deciding playoff matches."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotFound
from tournaments import services
from tournaments.api import playoff_serializers as io
from tournaments.api.common import Base, answer, many, valid
from tournaments.models import Event
from tournaments.permissions import is_director

TAG = ["playoff"]


class Bracket(APIView):
    @extend_schema(tags=TAG, responses={200: io.BracketSerializer})
    def get(self, request: Request, slug: str) -> Response:
        """The top cut: its settings, matches and the final standings."""
        event = services.event_for(slug)
        if event.status == Event.Status.DRAFT and not is_director(request.user, event):
            raise NotFound(_("No event '%(slug)s'.") % {"slug": slug})
        settings = services.event_settings(event)
        places = [
            {"place": place, "registration": row.player, "name": row.name, "swiss_rank": row.rank}
            for place, row in services.final_standings(event)
        ]
        bracket = {
            "top_cut": settings.top_cut,
            "playoff_tie": settings.playoff_tie,
            "playoff_kind": settings.playoff_kind,
            "playoff_reset": settings.playoff_reset,
            "playoff_best_of": settings.playoff_best_of,
            "final_best_of": settings.final_best_of,
            "loser_chooses_format": settings.loser_chooses_format,
            "matches": services.playoff_matches(event),
            "final_standings": places,
        }
        return answer(io.BracketSerializer, bracket)


class PlayoffSettings(Base):
    @extend_schema(tags=TAG, request=io.TopCutSerializer, responses={200: io.TopCutSerializer})
    def post(self, request: Request, slug: str) -> Response:
        """Choose the top cut (single elimination 0, 2, 4, 8, 16 or 32; double elimination 2 to
        64, with its reset and a format per bracket side) and how a tied game is settled."""
        d = valid(io.TopCutSerializer, request)
        cut = services.set_top_cut(
            request.user, services.event_for(slug), d["top_cut"], d["playoff_tie"],
            kind=d["playoff_kind"], reset=d["playoff_reset"],
            upper_format=d["playoff_upper_format"], lower_format=d["playoff_lower_format"],
            best_of=(d["playoff_best_of"], d["final_best_of"]),
            loser_chooses=d["loser_chooses_format"],
        )  # fmt: skip
        return answer(io.TopCutSerializer, cut)


class PlayoffStart(Base):
    @extend_schema(tags=TAG, request=None, responses={201: many(io.PlayoffMatchSerializer)})
    def post(self, request: Request, slug: str) -> Response:
        """Seed the top cut from the Swiss standings (1 v 8, 4 v 5, ...)."""
        matches = services.start_playoff(request.user, services.event_for(slug))
        return answer(io.PlayoffMatchSerializer, matches, status=201, many=True)


class PlayoffResult(Base):
    @extend_schema(
        tags=TAG, request=io.PlayoffResultSerializer, responses={200: io.PlayoffMatchSerializer}
    )
    def post(self, request: Request, slug: str) -> Response:
        """Enter a playoff game; the game's rules say who goes through."""
        d = valid(io.PlayoffResultSerializer, request)
        m = services.report_playoff_result(
            request.user, services.event_for(slug), d["match"],
            d["high_mps"], d["low_mps"], d["outcome"], d["winner"], d["format_key"],
        )  # fmt: skip
        return answer(io.PlayoffMatchSerializer, m)


class PlayoffDecide(Base):
    @extend_schema(
        tags=TAG, request=io.PlayoffDecisionSerializer, responses={200: io.PlayoffMatchSerializer}
    )
    def post(self, request: Request, slug: str) -> Response:
        """The director decides a tied playoff game."""
        d = valid(io.PlayoffDecisionSerializer, request)
        m = services.decide_playoff_tie(
            request.user, services.event_for(slug), d["match"], d["winner"]
        )
        return answer(io.PlayoffMatchSerializer, m)
