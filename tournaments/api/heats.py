"""A Swiss in heats through the API: each heat's standings, drawing the heats again and
moving a player to another heat before round 1 (RULES.md §8, Decipher 2003 Worlds)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.common import SLUG, Base, answer, event_for, valid
from tournaments.models import Event
from tournaments.rules.heats import DRAW_CHOICES
from tournaments.services import heats

TAG = ["stages"]


class HeatRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    registration = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    byes = serializers.IntegerField()
    opponents_points = serializers.IntegerField()


class HeatSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    players = serializers.ListField(child=serializers.IntegerField())
    standings = HeatRowSerializer(many=True)


class HeatsSerializer(serializers.Serializer):
    count = serializers.IntegerField(help_text="Heats of the Swiss; 1: a single Swiss.")
    draw = serializers.ChoiceField(choices=DRAW_CHOICES)
    drawn = serializers.BooleanField(help_text="Whether the heats have been drawn.")
    heats = HeatSerializer(many=True)


class HeatDrawSerializer(serializers.Serializer):
    schema_input_only = True

    method = serializers.ChoiceField(choices=DRAW_CHOICES, default="rating")
    seed = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, help_text="Random draw: its seed."
    )


class HeatMoveSerializer(serializers.Serializer):
    schema_input_only = True

    registration = serializers.IntegerField()
    heat = serializers.IntegerField(min_value=1)


def heats_value(event: Event) -> dict[str, Any]:
    groups = heats.group_of(event)
    tables = {t.group: t for t in heats.group_standings(event)}
    snapshot = heats.groups_snapshot(event)
    out = []
    for number in range(1, snapshot["count"] + 1 if groups else 1):
        table = tables.get(number)
        rows = table.rows if table else []
        names = table.names if table else {}
        out.append(
            {
                "number": number,
                "players": sorted(int(p) for p, g in groups.items() if g == number),
                "standings": [
                    {
                        "rank": r.rank, "registration": int(r.player), "name": names[r.player],
                        "points": r.points, "wins": r.wins, "losses": r.losses,
                        "draws": r.draws, "byes": r.byes, "opponents_points": r.opponents_points,
                    }
                    for r in rows
                ],
            }
        )  # fmt: skip
    return {**snapshot, "drawn": bool(groups), "heats": out}


@extend_schema(parameters=[SLUG])
class Heats(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAG, responses={200: HeatsSerializer})
    def get(self, request: Request, slug: str) -> Response:
        """The heats: who plays in each, and each heat's own standings."""
        return answer(HeatsSerializer, heats_value(event_for(request, slug)))


@extend_schema(parameters=[SLUG])
class HeatsDraw(Base):
    @extend_schema(tags=TAG, request=HeatDrawSerializer, responses={200: HeatsSerializer})
    def post(self, request: Request, slug: str) -> Response:
        """Draw the heats again, by rating or at random (director, before round 1)."""
        d = valid(HeatDrawSerializer, request)
        event = event_for(request, slug)
        heats.draw_groups(request.user, event, d["method"], d.get("seed"))
        return answer(HeatsSerializer, heats_value(event))


@extend_schema(parameters=[SLUG])
class HeatsMove(Base):
    @extend_schema(tags=TAG, request=HeatMoveSerializer, responses={200: HeatsSerializer})
    def post(self, request: Request, slug: str) -> Response:
        """Move a player to another heat (director, before round 1; audited)."""
        d = valid(HeatMoveSerializer, request)
        event = event_for(request, slug)
        heats.move_to_group(request.user, event, d["registration"], d["heat"])
        return answer(HeatsSerializer, heats_value(event))
