"""API tokens that expire: DRF's token, refused once older than API_TOKEN_TTL_HOURS."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token


def token_expires_at(token: Token) -> Any:
    return token.created + timedelta(hours=settings.API_TOKEN_TTL_HOURS)


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF's token, refused (401) once older than API_TOKEN_TTL_HOURS; log in again."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        user, token = super().authenticate_credentials(key)
        if token_expires_at(token) <= timezone.now():
            raise exceptions.AuthenticationFailed(_("The token has expired: ask for a new one."))
        return user, token
