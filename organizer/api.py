"""API plumbing shared by every app: the exception handler and small helpers."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import status
from rest_framework.exceptions import APIException, ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from core.errors import ServiceError


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    # Service errors carry a message for people; they become 4xx, never a 500.
    if isinstance(exc, ServiceError):
        body: dict[str, Any] = {"detail": exc.message, "code": exc.code}
        if exc.problems:
            body["problems"] = exc.problems
        return Response(body, status=exc.status_code)
    if isinstance(exc, DjangoValidationError):
        fields = exc.message_dict if hasattr(exc, "error_dict") else {}
        body = {**fields, "detail": " ".join(exc.messages), "code": "invalid"}
        return Response(body, status=status.HTTP_400_BAD_REQUEST)
    response = drf_exception_handler(exc, context)
    if response is not None:
        response.data = _with_message(response.data, exc)
    return response


def _flatten(data: Any, prefix: str = "") -> list[str]:
    if isinstance(data, dict):
        return [m for key, value in data.items() for m in _flatten(value, f"{prefix}{key}: ")]
    if isinstance(data, list):
        return [m for item in data for m in _flatten(item, prefix)]
    return [f"{prefix}{data}"]


def _with_message(data: Any, exc: Exception) -> Any:
    # Every refusal, DRF's own included (log in, parse error, throttled, field errors),
    # carries one sentence in "detail" and a machine "code", as the schema declares;
    # field errors stay under their field names.
    if isinstance(exc, ValidationError):
        fields = data if isinstance(data, dict) else {}
        return {**fields, "detail": " ".join(_flatten(data)) or "Invalid input.", "code": "invalid"}
    if isinstance(data, dict) and "detail" in data and "code" not in data:
        code = exc.default_code if isinstance(exc, APIException) else "error"
        return {**data, "code": str(getattr(data["detail"], "code", None) or code)}
    return data
