"""API plumbing shared by every app: every refusal as RFC 9457 problem details.

One shape for every error of every operation: ``type``, ``title``, ``status``, ``detail``,
a stable machine ``code``, field ``errors`` (one per field path) and, for a refused result,
the rule ``problems`` as structured data. Served as ``application/problem+json``; Django's
own 404/500 pages answer the same way under /api/ so an integrator never parses HTML.
"""

from __future__ import annotations

import re
import sys
from http import HTTPStatus
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import defaults
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from core.errors import ServiceError

PROBLEM_TYPE = "application/problem+json"
TYPE_BASE = "/api/v1/problems/"
# The ``title`` is read by people too: the statuses this API answers, in their language.
TITLES = {
    400: gettext_lazy("Bad Request"),
    401: gettext_lazy("Unauthorized"),
    403: gettext_lazy("Forbidden"),
    404: gettext_lazy("Not Found"),
    405: gettext_lazy("Method Not Allowed"),
    406: gettext_lazy("Not Acceptable"),
    409: gettext_lazy("Conflict"),
    412: gettext_lazy("Precondition Failed"),
    413: gettext_lazy("Request Entity Too Large"),
    415: gettext_lazy("Unsupported Media Type"),
    422: gettext_lazy("Unprocessable Entity"),
    429: gettext_lazy("Too Many Requests"),
    500: gettext_lazy("Internal Server Error"),
    503: gettext_lazy("Service Unavailable"),
}


def problem(
    status: int,
    code: str,
    detail: str,
    errors: list[dict[str, Any]] | None = None,
    problems: list[Any] | None = None,
) -> dict[str, Any]:
    """The problem-details document; ``type`` is a stable URI naming the code."""
    body: dict[str, Any] = {
        "type": f"{TYPE_BASE}{code}",
        "title": str(TITLES.get(status, HTTPStatus(status).phrase)),
        "status": status,
        "detail": detail,
        "code": code,
        "errors": errors or [],
    }
    if problems:
        body["problems"] = problems
    return body


def field_errors(data: Any, path: str = "") -> list[dict[str, Any]]:
    """DRF's nested error structure as a flat list with a field path ("seats[1].mps")."""
    if isinstance(data, dict):
        found: list[dict[str, Any]] = []
        for key, value in data.items():
            if key in ("non_field_errors", "__all__"):
                name = path
            elif isinstance(key, int) or str(key).isdigit():
                name = f"{path}[{key}]"
            else:
                name = f"{path}.{key}" if path else str(key)
            found += field_errors(value, name)
        return found
    if isinstance(data, list):
        if all(not isinstance(item, dict | list) for item in data):
            return [
                {
                    "field": path or None,
                    "code": str(getattr(e, "code", "invalid")),
                    "message": str(e),
                }
                for e in data
            ]
        return [
            e for i, item in enumerate(data) if item for e in field_errors(item, f"{path}[{i}]")
        ]
    return [
        {"field": path or None, "code": str(getattr(data, "code", "invalid")), "message": str(data)}
    ]


def field_words(path: str) -> str:
    """A field path in words for ``detail`` (people read it): "seats[1].council_mps" is
    "Seats #2 › council mps". The ``errors`` keep the path itself, for programs."""
    parts = []
    for segment in path.split("."):
        name = segment.split("[", 1)[0].replace("_", " ").strip()
        numbers = [f"#{int(i) + 1}" for i in re.findall(r"\[(\d+)\]", segment)]
        parts.append(" ".join([name, *numbers]).strip())
    words = " › ".join(p for p in parts if p)
    return words[:1].upper() + words[1:]


def _sentence(errors: list[dict[str, Any]]) -> str:
    return " ".join(
        f"{field_words(e['field'])}: {e['message']}" if e["field"] else e["message"] for e in errors
    )


def _problem_response(body: dict[str, Any], headers: dict[str, str] | None = None) -> Response:
    return Response(body, status=body["status"], headers=headers, content_type=PROBLEM_TYPE)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    # Service errors carry a message for people; they become 4xx, never a 500.
    if isinstance(exc, ServiceError):
        return _problem_response(
            problem(exc.status_code, exc.code, exc.message, problems=exc.problems or None)
        )
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(
            exc.message_dict if hasattr(exc, "error_dict") else exc.messages
        )
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        errors = field_errors(exc.detail)
        body = problem(400, "invalid", _sentence(errors) or _("Invalid input."), errors)
    else:
        detail = getattr(exc, "detail", str(exc))
        code = str(getattr(detail, "code", None) or getattr(exc, "default_code", "error"))
        body = problem(response.status_code, code, str(detail))
    headers = {
        k: v
        for k, v in response.headers.items()
        if k in ("WWW-Authenticate", "Retry-After", "Allow")
    }
    return _problem_response(body, headers)


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def _json_problem(status: int, code: str, detail: str) -> JsonResponse:
    return JsonResponse(problem(status, code, detail), status=status, content_type=PROBLEM_TYPE)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return _json_problem(404, "not_found", _("No such API address."))
    return defaults.page_not_found(request, exception)


# Seconds a client waits before trying again when the database is away.
OUTAGE_RETRY_AFTER = 5


def database_away(exc: BaseException | None) -> bool:
    """A database that cannot be reached (down, restarting, out of connections): the
    request did nothing wrong, so it is a 503 to retry, not a server error."""
    return isinstance(exc, OperationalError | InterfaceError)


def unavailable(request: HttpRequest) -> HttpResponse:
    """503 with Retry-After: a problem document under /api/, JSON when asked, text
    otherwise (the page templates may need the database that is away)."""
    message = _("The site is busy for a moment. Please try again in a few seconds.")
    if _is_api(request):
        body = {**problem(503, "unavailable", message), "problems": []}
        response: HttpResponse = JsonResponse(body, status=503, content_type=PROBLEM_TYPE)
    elif "json" in request.META.get("HTTP_ACCEPT", ""):
        body = {"detail": message, "code": "unavailable", "problems": []}
        response = JsonResponse(body, status=503)
    else:
        response = HttpResponse(message, status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(OUTAGE_RETRY_AFTER)
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    # Django calls this inside its ``except`` for whatever rose from any layer, the
    # middleware's own hooks included (a guard's process_view reading the database),
    # which no middleware's process_exception sees: an outage is told apart here.
    if database_away(sys.exc_info()[1]):
        return unavailable(request)
    if _is_api(request):
        return _json_problem(500, "server_error", _("The server failed; the error was logged."))
    return defaults.server_error(request)
