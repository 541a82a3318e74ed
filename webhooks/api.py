"""Webhooks by API: a director registers HTTPS endpoints for an event and lists what was
delivered to each, with its status."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
)
from rest_framework import generics, serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import services as tournaments
from webhooks import services
from webhooks.models import Delivery, Endpoint, Topic
from webhooks.payloads import WebhookPayload

TAG = ["webhooks"]
SLUG = OpenApiParameter("slug", str, OpenApiParameter.PATH, description="The event's slug.")
ID = OpenApiParameter("endpoint_id", int, OpenApiParameter.PATH, description="Webhook id.")


class EndpointSerializer(serializers.ModelSerializer):
    topics = serializers.ListField(child=serializers.ChoiceField(choices=Topic.choices))
    secret = serializers.CharField(
        read_only=True, help_text="Key of the Webhook-Signature HMAC-SHA256 of each delivery."
    )

    class Meta:
        model = Endpoint
        fields = ["id", "url", "topics", "active", "secret", "created_at"]
        read_only_fields = ["id", "active", "secret", "created_at"]


class EndpointInputSerializer(serializers.Serializer):
    schema_input_only = True

    url = serializers.URLField(max_length=500, help_text="Where to POST; https only.")
    topics = serializers.ListField(
        child=serializers.ChoiceField(choices=Topic.choices),
        required=False,
        help_text="Leave out for every topic.",
    )

    def validate_url(self, value: str) -> str:
        if not value.lower().startswith("https://"):
            raise serializers.ValidationError(_("Webhooks are sent over HTTPS only."), "not_https")
        return value


class DeliverySerializer(serializers.ModelSerializer):
    payload = serializers.SerializerMethodField()

    class Meta:
        model = Delivery
        fields = [
            "id", "topic", "status", "attempts", "response_status", "error", "payload",
            "created_at", "delivered_at",
        ]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(WebhookPayload)
    def get_payload(self, obj: Delivery) -> dict[str, Any]:
        """The body that was (or will be) POSTed, as sent."""
        return obj.payload


def _event(request: Request, slug: str) -> Any:
    return tournaments.event_for(slug)


@extend_schema(tags=TAG, parameters=[SLUG])
class Endpoints(generics.ListAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = EndpointSerializer
    filter_backends: list = []

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Endpoint.objects.none()
        return services.endpoints(self.request.user, _event(self.request, self.kwargs["slug"]))

    @extend_schema(summary="The event's webhooks (director)")
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        summary="Register an HTTPS endpoint for the event's changes (director)",
        description="Topics: round.paired, result.confirmed, standings.changed, event.finished. "
        "Each delivery is signed: Webhook-Signature is sha256=HMAC-SHA256(secret, "
        "'<Webhook-Timestamp>.<body>'); failed deliveries are retried with growing waits.",
        request=EndpointInputSerializer,
        responses={201: EndpointSerializer},
        examples=[
            OpenApiExample(
                "Standings for a stream overlay",
                value={"url": "https://overlay.example/hook", "topics": ["standings.changed"]},
                request_only=True,
            )
        ],
    )
    def post(self, request: Request, slug: str) -> Response:
        body = EndpointInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        endpoint = services.register(
            request.user, _event(request, slug), data["url"], data.get("topics", [])
        )
        return Response(EndpointSerializer(endpoint).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG, parameters=[SLUG, ID])
class EndpointDetail(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(summary="Stop a webhook (director)", responses={204: None})
    def delete(self, request: Request, slug: str, endpoint_id: int) -> Response:
        services.remove(request.user, _event(request, slug), endpoint_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(tags=TAG, parameters=[SLUG, ID])
class Deliveries(generics.ListAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = DeliverySerializer
    filter_backends: list = []

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Delivery.objects.none()
        event = _event(self.request, self.kwargs["slug"])
        return services.endpoint_of(
            self.request.user, event, self.kwargs["endpoint_id"]
        ).deliveries.all()

    @extend_schema(summary="What was sent to a webhook, newest first, with its status (director)")
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)
