"""The body of every webhook delivery, typed per topic: what an integrator's handler
receives (and what the deliveries list shows). ``topic`` tells which shape ``data`` has."""

from __future__ import annotations

from typing import cast

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

from webhooks.models import Topic


class RoundPairedData(serializers.Serializer):
    round = serializers.IntegerField(help_text="The round's number.")
    repaired = serializers.BooleanField(help_text="True when the round was paired again.")


class ResultConfirmedData(serializers.Serializer):
    round = serializers.IntegerField(help_text="The round's number.")
    table = serializers.IntegerField(help_text="The table's id (GET .../tables/{id}).")
    number = serializers.IntegerField(help_text="The table's number in its round.")
    version = serializers.IntegerField(help_text="The result's version (it grows on changes).")
    by_director = serializers.BooleanField(help_text="Set (or corrected) by the director.")


class StandingsChangedData(serializers.Serializer):
    version = serializers.IntegerField(help_text="The standings' version (their ETag's number).")
    closed_rounds = serializers.IntegerField(help_text="Standings after this many rounds.")
    digest = serializers.CharField(help_text="Fingerprint of the order and scores.")


class EventFinishedData(serializers.Serializer):
    status = serializers.CharField(help_text="The event's state: finished.")


DATA = {
    Topic.ROUND_PAIRED: RoundPairedData,
    Topic.RESULT_CONFIRMED: ResultConfirmedData,
    Topic.STANDINGS_CHANGED: StandingsChangedData,
    Topic.EVENT_FINISHED: EventFinishedData,
}


def _payload(topic: Topic, data: type[serializers.Serializer]) -> type[serializers.Serializer]:
    name = data.__name__.removesuffix("Data") + "Payload"
    fields = {
        "topic": serializers.ChoiceField(choices=[(topic.value, topic.label)]),
        "event": serializers.CharField(help_text="The event's slug."),
        "occurred_at": serializers.DateTimeField(),
        "data": data(),
        "Meta": type("Meta", (), {"ref_name": name}),
    }
    return type(name, (serializers.Serializer,), fields)


PAYLOADS = {topic: _payload(topic, data) for topic, data in DATA.items()}

# One union, told apart by "topic": a generated client gets one class per topic.
WebhookPayload = PolymorphicProxySerializer(
    component_name="WebhookPayload",
    serializers={topic.value: cls for topic, cls in PAYLOADS.items()},
    resource_type_field_name="topic",
)


def is_valid(payload: dict) -> bool:
    """Whether a payload has its topic's shape (the tests check every delivery with it)."""
    cls = PAYLOADS.get(cast(Topic, payload.get("topic")))
    return cls is not None and cls(data=payload).is_valid()
