"""Public event pages rendered once per change, for visitors.

A visitor (not logged in, no message waiting) sees exactly what every other visitor sees
in the same language, so the rendered standings or pairings page is cached under the
event's standings version: any change to results, rounds, players or the event makes it
stale (tournaments.services.snapshot), the version moves on and the old entry is never
read again. Only the paging parameters are part of the key, and searches are not cached,
so visitors cannot fill the cache with pages nobody else asks for.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

SECONDS = 600
PARAMS = ("round", "page", "per_page")


def page_key(request: HttpRequest, name: str, event_id: int, version: int) -> str | None:
    """The cache key of this page for this request, or None when it must be rendered."""
    if request.method != "GET" or request.user.is_authenticated or request.GET.get("q"):
        return None
    if len(messages.get_messages(request)):
        return None
    params = ":".join(str(request.GET.get(p, ""))[:12] for p in PARAMS)
    return f"page:{name}:{event_id}:{version}:{get_language()}:{params}"


def cached_page(key: str | None) -> HttpResponse | None:
    if key is None:
        return None
    content = cache.get(key)
    return None if content is None else HttpResponse(content)


def store_page(key: str | None, response: HttpResponse) -> HttpResponse:
    if key is not None and response.status_code == 200:
        cache.set(key, response.content, SECONDS)
    return response
