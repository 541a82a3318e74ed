"""API plumbing shared by every app: the exception handler and small helpers."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from organizer.errors import ServiceError


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    # Service errors carry a message for people; they become 4xx, never a 500.
    if isinstance(exc, ServiceError):
        body: dict[str, Any] = {"detail": exc.message, "code": exc.code}
        if exc.problems:
            body["problems"] = exc.problems
        return Response(body, status=exc.status_code)
    if isinstance(exc, DjangoValidationError):
        messages = exc.message_dict if hasattr(exc, "error_dict") else {"detail": exc.messages}
        return Response(messages, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, (PermissionDenied, Http404)):
        return drf_exception_handler(exc, context)
    return drf_exception_handler(exc, context)
