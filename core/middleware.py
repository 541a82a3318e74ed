"""Request guards that run before any view.

* ClientAddressMiddleware: REMOTE_ADDR becomes the client's address as told by a
  configured trusted proxy (X-Forwarded-For), so throttles count people, not the proxy.
* BadInputMiddleware: NUL bytes in the query string or a form field, and JSON bodies
  nested deeper than MAX_JSON_DEPTH, are refused with 400 before a view (or the
  database, which cannot store NUL) sees them.
* ContentSecurityPolicyMiddleware: a policy without inline script.
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from rest_framework.throttling import AnonRateThrottle

from core.problems import PROBLEM_TYPE, database_away, problem, unavailable

logger = logging.getLogger(__name__)
Handler = Callable[[HttpRequest], HttpResponse]


# --------------------------------------------------------------------------- client address


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _trusted(address: str, networks: list[Any]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in networks)


def client_address(
    remote_addr: str, forwarded_for: str, proxy_count: int, proxies: list[str]
) -> str:
    """The client's address: REMOTE_ADDR unless it is a trusted proxy, then the
    right-most X-Forwarded-For entry not added by a trusted proxy. Entries left of
    those are whatever the client sent and are never believed."""
    hops = [h.strip() for h in forwarded_for.split(",") if h.strip()]
    if proxies:
        networks = [ipaddress.ip_network(p, strict=False) for p in proxies]
        if not _trusted(remote_addr, networks):
            return remote_addr
        for hop in reversed(hops):
            if not _trusted(hop, networks):
                return hop if _is_address(hop) else remote_addr
        return hops[0] if hops and _is_address(hops[0]) else remote_addr
    if proxy_count > 0 and hops:
        hop = hops[-proxy_count] if len(hops) >= proxy_count else hops[0]
        return hop if _is_address(hop) else remote_addr
    return remote_addr


class ClientAddressMiddleware:
    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response
        self.count = int(getattr(settings, "TRUSTED_PROXY_COUNT", 0))
        self.proxies = list(getattr(settings, "TRUSTED_PROXIES", []))

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if self.count or self.proxies:
            meta = request.META
            peer = meta.get("REMOTE_ADDR", "")
            meta["PROXY_ADDR"] = peer
            meta["REMOTE_ADDR"] = client_address(
                peer, meta.get("HTTP_X_FORWARDED_FOR", ""), self.count, self.proxies
            )
        return self.get_response(request)


# --------------------------------------------------------------------------- bad input


def json_depth_exceeds(body: bytes, limit: int) -> bool:
    """Whether brackets nest deeper than ``limit``, counted without parsing (a parser
    would recurse on exactly the input this guards against). Brackets inside strings
    are skipped."""
    depth = 0
    in_string = escaped = False
    for byte in body:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > limit:
                return True
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return False


def _has_nul(request: HttpRequest) -> bool:
    if "\x00" in request.META.get("QUERY_STRING", "") or "%00" in request.META.get(
        "QUERY_STRING", ""
    ):
        return True
    # URL-encoded forms only: Django keeps their body, so the view can still read it. A
    # multipart stream read here could not be read again (DRF would answer 400, not 415),
    # and its text fields meet Django's and DRF's own NUL validators anyway.
    content_type = request.META.get("CONTENT_TYPE", "")
    if request.method in {"POST", "PUT", "PATCH"} and content_type.startswith(
        "application/x-www-form-urlencoded"
    ):
        return any("\x00" in v for values in request.POST.lists() for v in values[1])
    return False


def _refuse(request: HttpRequest, message: str) -> HttpResponse:
    return answer(request, 400, "invalid_input", message)


class BadInputMiddleware:
    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response
        self.max_depth = int(getattr(settings, "MAX_JSON_DEPTH", 32))

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _has_nul(request):
            return _refuse(request, _("Text may not contain NUL characters."))
        if "json" in request.META.get("CONTENT_TYPE", "") and request.method in {
            "POST",
            "PUT",
            "PATCH",
        }:
            body = request.body  # bounded by DATA_UPLOAD_MAX_MEMORY_SIZE
            # Python's parser recurses once per level: thousands of levels are a 500.
            if json_depth_exceeds(body, self.max_depth):
                return _refuse(request, _("The JSON body is nested too deeply."))
        return self.get_response(request)


# --------------------------------------------------------------------------- CSP


def _policy() -> str:
    parts = getattr(settings, "CONTENT_SECURITY_POLICY", {})
    return "; ".join(f"{name} {value}".strip() for name, value in parts.items())


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response
        self.policy = _policy()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = self.policy
        return response


# --------------------------------------------------------------------------- anonymous visitors


class AnonymousThrottleMiddleware:
    """Pages read by someone not logged in, counted per address against the API's
    "anon" rate (one budget for both: DRF's AnonRateThrottle counts the API's). Past
    it, 429 with Retry-After. Pages a visitor gets from the page cache never reach
    here (they cost nothing); /health/ and static files are not counted."""

    SKIP = ("/api/", "/static/", "/media/", "/health/")

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith(self.SKIP) or request.user.is_authenticated:
            return self.get_response(request)
        throttle = AnonRateThrottle()
        if throttle.allow_request(request, None):  # type: ignore[arg-type]
            return self.get_response(request)
        response = answer(
            request, 429, "throttled", _("Too many requests from your address. Wait a moment.")
        )
        response["Retry-After"] = str(max(1, int(throttle.wait() or 1)))
        return response


# --------------------------------------------------------------------------- races and outages


class DatabaseTroubleMiddleware:
    """The last net under every view: two people creating the same thing at the same
    moment (a unique constraint) get 409 and can simply try again; a database that
    is away gets 503 with Retry-After. Neither is a server error."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> Any:
        if isinstance(exception, IntegrityError):
            logger.warning("conflict on %s: %s", request.path, exception)
            return answer(
                request,
                409,
                "conflict",
                _("Someone else changed this at the same moment. Please try again."),
            )
        if database_away(exception):
            logger.error("database unavailable on %s: %s", request.path, exception)
            return unavailable(request)
        return None


def answer(request: HttpRequest, status: int, code: str, message: str) -> HttpResponse:
    if request.path.startswith("/api/"):
        body = {**problem(status, code, message), "problems": []}
        return JsonResponse(body, status=status, content_type=PROBLEM_TYPE)
    if "json" in request.META.get("HTTP_ACCEPT", ""):
        # "problems" too: every error shape in the API schema accepts this body.
        return JsonResponse({"detail": message, "code": code, "problems": []}, status=status)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")
