"""A bound on the requests one address without an account has in flight at once.

The throttles count requests over a minute; a few costly requests held open together
(a slow page, a long stream) can still tie up every worker. Each anonymous request
counts itself in the cache under its address for as long as it runs (a streamed answer
until its last byte); past ANON_CONCURRENCY_LIMIT the request is answered 429 with
Retry-After at once. The counter expires (ANON_CONCURRENCY_EXPIRY seconds), so counts
left by a worker killed mid-request never lock an address out for good, and a cache
that is away lets every request through (core.cache answers as an empty cache). People
logged in and API calls with a token are not counted.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.utils.translation import gettext as _

from core.middleware import answer

logger = logging.getLogger(__name__)
Handler = Callable[[HttpRequest], HttpResponse]

SKIP = ("/static/", "/media/", "/health/")


def _key(request: HttpRequest) -> str:
    return f"inflight:{request.META.get('REMOTE_ADDR', 'unknown')}"


def _enter(key: str, expiry: int) -> int:
    cache.add(key, 0, timeout=expiry)
    try:
        return int(cache.incr(key))
    except ValueError:  # expired between the two calls
        cache.add(key, 1, timeout=expiry)
        return 1


def _leave(key: str) -> None:
    try:
        if int(cache.decr(key)) < 0:
            # The counter expired while this request ran and was started again below it.
            cache.set(key, 0, timeout=settings.ANON_CONCURRENCY_EXPIRY)
    except ValueError:  # expired: nothing left to take back
        pass


def _signed_in(request: HttpRequest) -> bool:
    # An API token is checked by the view, before any work: a false one costs a 401 only.
    user = getattr(request, "user", None)
    return bool(getattr(user, "is_authenticated", False) or request.META.get("HTTP_AUTHORIZATION"))


class _Once:
    """Gives the place back once, whichever comes first: the last byte or the close."""

    def __init__(self, key: str) -> None:
        self.key, self.done = key, False

    def __call__(self) -> None:
        if not self.done:
            self.done = True
            _leave(self.key)


def _releasing(content: Iterable[bytes], release: _Once) -> Iterator[bytes]:
    try:
        yield from content
    finally:
        release()


class AnonymousConcurrencyMiddleware:
    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = int(settings.ANON_CONCURRENCY_LIMIT)
        if limit <= 0 or request.path.startswith(SKIP) or _signed_in(request):
            return self.get_response(request)
        key = _key(request)
        if _enter(key, int(settings.ANON_CONCURRENCY_EXPIRY)) > limit:
            _leave(key)
            return _busy(request)
        try:
            response = self.get_response(request)
        except BaseException:
            _leave(key)
            raise
        if isinstance(response, StreamingHttpResponse):
            # Still running until the last byte is sent (or the server closes it early).
            release = _Once(key)
            response.streaming_content = _releasing(response.streaming_content, release)
            response._resource_closers.append(release)
        else:
            _leave(key)
        return response


def _busy(request: HttpRequest) -> HttpResponse:
    response = answer(
        request,
        429,
        "too_many_at_once",
        _("Too many requests from your address at once. Wait for them to finish."),
    )
    response["Retry-After"] = "1"
    return response
