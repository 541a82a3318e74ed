"""Accounts by API: sign up (an account, its player and a token) and revoke a token."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import Throttled
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import lookalike
from accounts.throttle import SignupRateThrottle, login_blocked, login_retry_after
from accounts.tokens import token_expires_at
from accounts.views import SignupForm
from core.types import signed_in
from tournaments.models import Player


class SignupSerializer(serializers.Serializer):
    schema_input_only = True

    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, write_only=True)
    display_name = serializers.CharField(
        max_length=100, help_text="Your name as it appears in pairings and standings."
    )
    membership_number = serializers.CharField(max_length=40, required=False, allow_blank=True)
    email = serializers.EmailField(
        required=False,
        allow_blank=True,
        help_text="Where the event's notifications (pairings, results to confirm) are sent.",
    )


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send as: Authorization: Token <token>.")
    expires_at = serializers.DateTimeField()
    user_id = serializers.IntegerField()
    player_id = serializers.IntegerField(allow_null=True)


def token_answer(token: Token) -> dict[str, Any]:
    player = Player.objects.filter(user=token.user).values_list("pk", flat=True).first()
    return {
        "token": token.key,
        "expires_at": token_expires_at(token),
        "user_id": token.user_id,
        "player_id": player,
    }


class SignupView(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []
    # The same count as the sign-up page's (accounts.throttle).
    throttle_classes = [SignupRateThrottle]

    @extend_schema(
        tags=["accounts"],
        operation_id="accounts_signup",
        summary="Create a player account and get its API token",
        request=SignupSerializer,
        responses={201: TokenSerializer, 429: None},
        examples=[
            OpenApiExample(
                "A new player",
                value={
                    "username": "samwise",
                    "password": "po-tay-toes-42",
                    "display_name": "Samwise Gamgee",
                    "email": "sam@bagshot-row.example",
                },
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        body = SignupSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        # The sign-up page's own form: the same password rules and duplicate-name check.
        form = SignupForm(
            {
                "username": data["username"],
                "password1": data["password"],
                "password2": data["password"],
                "display_name": data["display_name"],
                "membership_number": data.get("membership_number", ""),
                "email": data.get("email", ""),
            }
        )
        if not form.is_valid():
            errors: dict[str, Any] = {
                ("password" if k.startswith("password") else k): v for k, v in form.errors.items()
            }
            raise serializers.ValidationError(errors)
        with transaction.atomic():
            user = form.save()
            player = Player.objects.create(
                user=user,
                display_name=form.cleaned_data["display_name"],
                membership_number=form.cleaned_data["membership_number"],
            )
            lookalike.flag_if_imitating(user, player)
            token = Token.objects.create(user=user)
        return Response(token_answer(token), status=status.HTTP_201_CREATED)


class RevokeTokenView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=["accounts"],
        operation_id="token_revoke",
        summary="Log out: the token you send stops working",
        request=None,
        responses={204: None},
    )
    def post(self, request: Request) -> Response:
        Token.objects.filter(user=signed_in(request.user)).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class _CredentialsSerializer(serializers.Serializer):
    schema_input_only = True

    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128)


class ObtainTokenView(ObtainAuthToken):
    """DRF's token view with every answer documented, refusing blocked names and addresses
    with 429 before any password is checked (as the log-in page does). An expired token
    is replaced by a new one. JSON is documented; a form post is still read."""

    parser_classes = [JSONParser, FormParser, MultiPartParser]
    renderer_classes = [JSONRenderer]

    @extend_schema(
        tags=["accounts"],
        operation_id="token_obtain",
        summary="Exchange a user name and password for an API token",
        request={"application/json": _CredentialsSerializer},
        responses={200: TokenSerializer, 429: None},
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        username = request.data.get("username") if hasattr(request.data, "get") else None
        if isinstance(username, str) and login_blocked(request, username):
            raise Throttled(
                wait=login_retry_after(),
                detail=gettext("Too many failed log-in attempts. Wait 15 minutes and try again."),
            )
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = serializer.validated_data["user"]
        token, _ = Token.objects.get_or_create(user=user)
        if token_expires_at(token) <= timezone.now():
            token.delete()
            token = Token.objects.create(user=user)
        return Response(token_answer(token))
