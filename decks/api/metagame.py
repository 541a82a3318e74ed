"""An event's metagame through the API: what was played, its share of the field, its
results (the lists' visibility applies: the director, or everyone once published)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks.api.common import ERRORS, TAG, event_by_slug
from decks.layout_labels import archetype_label
from decks.metagame import event_metagame
from rules_engine.deckrules.cards import LOTR_TCG, METW


class ArchetypeSerializer(serializers.Serializer):
    label = serializers.CharField(help_text="What was played, in words.")  # type: ignore[assignment]
    player_type = serializers.CharField(required=False, help_text="METW: the player type.")
    avatar = serializers.CharField(required=False, help_text="METW: the avatar most held.")
    ring_bearer = serializers.CharField(required=False, help_text="LOTR TCG.")
    free_peoples_culture = serializers.CharField(required=False, help_text="LOTR TCG.")
    shadow_culture = serializers.CharField(required=False, help_text="LOTR TCG.")
    lists = serializers.IntegerField()
    share = serializers.FloatField(help_text="Of the event's lists, 0 to 1.")
    players = serializers.ListField(child=serializers.CharField())
    points = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    best_rank = serializers.IntegerField(allow_null=True)


class MetagameSerializer(serializers.Serializer):
    lists = serializers.IntegerField()
    final = serializers.BooleanField(help_text="The event is finished: final results.")
    archetypes = ArchetypeSerializer(many=True)


_KEYS = {
    METW: ("player_type", "avatar"),
    LOTR_TCG: ("ring_bearer", "free_peoples_culture", "shadow_culture"),
}


def _archetype(game: str, a: Any) -> dict[str, Any]:
    named = dict(zip(_KEYS.get(game, ()), a.key, strict=False))
    return {
        "label": archetype_label(game, a.key),
        **named,
        "lists": a.lists,
        "share": round(a.share, 4),
        "players": a.players,
        "points": a.result.points,
        "wins": a.result.wins,
        "losses": a.result.losses,
        "draws": a.result.draws,
        "best_rank": a.best_rank,
    }


class MetagameView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAG,
        summary="The event's metagame: what was played, its share and its results",
        responses={200: MetagameSerializer, **ERRORS},
    )
    def get(self, request: Request, slug: str) -> Response:
        event = event_by_slug(slug)
        meta = event_metagame(request.user, event)
        return Response(
            {
                "lists": meta.lists,
                "final": meta.final,
                "archetypes": [_archetype(event.game, a) for a in meta.archetypes],
            }
        )
