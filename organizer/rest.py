"""DRF classes the settings name: the one list shape and expiring API tokens."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import exceptions, pagination
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token


class PagePagination(pagination.PageNumberPagination):
    """Every collection: {count, next, previous, results}, ?page=1&page_size=100."""

    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 500

    def get_page_size(self, request: Any) -> int:
        # A bad page_size is a 400 like any bad filter, not silently the default.
        raw = request.query_params.get(self.page_size_query_param)
        if raw is not None and not (raw.isdigit() and 1 <= int(raw) <= self.max_page_size):
            message = f"page_size is a whole number from 1 to {self.max_page_size}."
            raise exceptions.ValidationError({self.page_size_query_param: [message]})
        return super().get_page_size(request)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        params = super().get_schema_operation_parameters(view)
        for param in params:
            bounds = {"page": {"minimum": 1}, "page_size": {"minimum": 1, "maximum": 500}}
            param["schema"].update(bounds.get(param["name"], {}))
        return params


def token_expires_at(token: Token) -> Any:
    return token.created + timedelta(hours=settings.API_TOKEN_TTL_HOURS)


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF's token, refused (401) once older than API_TOKEN_TTL_HOURS; log in again."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        user, token = super().authenticate_credentials(key)
        if token_expires_at(token) <= timezone.now():
            raise exceptions.AuthenticationFailed(_("The token has expired: ask for a new one."))
        return user, token
