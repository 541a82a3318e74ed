"""Public event pages rendered once per change, for visitors.

A visitor (not logged in, no message waiting) sees exactly what every other visitor sees
in the same language, so the rendered standings or pairings page is cached under the
event's standings version: any change to results, rounds, players or the event makes it
stale (tournaments.services.standings.snapshot), the version moves on and the old entry is never
read again. Only the paging parameters (and the round and heat shown) are part of the key,
and searches are not cached, so visitors cannot fill the cache with pages nobody else asks
for.

``VisitorPageMiddleware`` serves those pages again before any per-request Django work
(sessions, authentication, URL resolution, the view): on two cores under 50 clients the
difference between a cache lookup and a rendered page is the whole latency budget. It
stores an entry with the event's *generation*, a counter moved on after every committed
change (``bump_generation``, called from the snapshot's staleness signals once the
writer's transaction commits), read in the same round trip as the page, and serves it
only under that generation: a page stored before a change is not served after it, except
for the moment one worker renders it anew (at most ``_RENDER_SECONDS``), when the others
give the page as it was rather than wait idle or render it too (as a CDN's
stale-while-revalidate does).
A stored page is kept compressed too (once, when stored), and a client that accepts gzip
(every browser) is sent that: a 200-player standings page is 20 times smaller, and the
cache, the worker and the phone on the table's network each carry that much less.
"""

from __future__ import annotations

import gzip
import re
import time
from collections.abc import Callable, Iterable

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language, get_language_from_request

from core import priority
from tournaments import signals
from tournaments.words.times import READER_ZONE, reader_zone_of

SECONDS = 600
PARAMS = ("round", "page", "per_page", "page_size", "provisional_page", "heat")
# The outer entries live shorter: a generation missed because Redis was away for a moment
# (the bump is best effort) must not keep an old page for long.
OUTER_SECONDS = 120
_PATH = re.compile(
    r"^/(?:api/v1/)?events/(?P<slug>[-\w]+)/(?:standings/|pairings/|rounds/\d+/tables/)?$"
)
_ATTR = "_visitor_cacheable"
# Below this a page gains less than the header it would need.
_GZIP_FROM = 1024
_GZIP_TYPES = ("text/html", "application/json")
_ACCEPTS_GZIP = re.compile(r"\bgzip\b")
Stored = tuple[bytes, bytes | None, dict[str, str]]
Entry = tuple[int, Stored]  # the generation a page was rendered at, and the page
# How long a worker waits for another's rendering of the same page, and how often it looks.
_RENDER_SECONDS = 2.0
_RENDER_POLL = 0.005


def page_key(request: HttpRequest, name: str, event_id: int, version: int) -> str | None:
    """The cache key of this page for this request, or None when it must be rendered."""
    if request.method != "GET" or request.user.is_authenticated or request.GET.get("q"):
        return None
    if len(messages.get_messages(request)):
        return None
    params = ":".join(str(request.GET.get(p, ""))[:12] for p in PARAMS)
    # Times are shown in the reader's zone too: one copy per zone read in.
    zone = READER_ZONE.get() or ""
    return f"page:{name}:{event_id}:{version}:{get_language()}:{zone}:{params}"


def cached_page(key: str | None) -> HttpResponse | None:
    if key is None:
        return None
    content = cache.get(key)
    if content is None:
        return None
    return visitor_cacheable(HttpResponse(content))


def store_page(key: str | None, response: HttpResponse) -> HttpResponse:
    if key is not None and response.status_code == 200:
        cache.set(key, response.content, SECONDS)
        _note_if_inside_transaction()
        visitor_cacheable(response)
    return response


def _note_if_inside_transaction() -> None:
    if transaction.get_connection().in_atomic_block:
        signals.page_stored_in_transaction()


def visitor_cacheable(response: HttpResponse) -> HttpResponse:
    """Mark a response every visitor may be given as it is (the view decided it)."""
    setattr(response, _ATTR, True)
    return response


# --------------------------------------------------------------------------- generations


def _generation_key(slug: str) -> str:
    return f"pagegen:{slug}"


def bump_generation(slugs: Iterable[str]) -> None:
    """A committed change of these events: every stored visitor page of them is old.
    A new random-enough value (not +1) so that an entry outliving a lost counter
    (Redis restarted) can never match again."""
    now = time.time_ns()
    cache.set_many({_generation_key(s): now for s in slugs}, None)


def pages_changed(sender: object, slugs: Iterable[str], **kwargs: object) -> None:
    """The receiver of ``tournaments.signals.event_pages_changed``."""
    bump_generation(slugs)


def _generation(slug: str) -> int:
    found = cache.get(_generation_key(slug))
    if found is None:
        found = time.time_ns()
        # add, not set: two first visitors must agree on one value.
        if not cache.add(_generation_key(slug), found, None):
            found = cache.get(_generation_key(slug), found)
    return int(found)


def _read(slug: str, page: str) -> tuple[int, Entry | None]:
    """The event's generation and the page stored (with the generation it was rendered at;
    None: none is), in one round trip to the cache: the two lookups were most of the CPU
    of a page served from it."""
    found = cache.get_many([_generation_key(slug), page])
    generation = found.get(_generation_key(slug))
    if generation is None:
        generation = _generation(slug)
    return int(generation), found.get(page)


def _rendering(page: str, generation: int) -> str:
    return f"rendering:{generation}:{page}"


def _rendered_by_another(page: str, generation: int, older: Stored | None) -> Stored | None:
    """While another worker renders this page anew (it took the mark first): the page as
    it was before the change, else (none stored) the other worker's page, waited for.
    After a result every worker misses at once; one rendering of a 200-row standings page
    instead of one per worker, and no worker idle meanwhile, leaves the CPU to the readers
    and the writer. None: ours to render (the mark taken, or the other one gone without
    storing a page)."""
    mark = _rendering(page, generation)
    if cache.add(mark, 1, _RENDER_SECONDS):
        return None
    if older is not None:
        return older
    deadline = time.monotonic() + _RENDER_SECONDS
    while time.monotonic() < deadline:
        time.sleep(_RENDER_POLL)
        found = cache.get_many([page, mark])
        entry = found.get(page)
        if entry is not None and entry[0] == generation:
            return entry[1]
        if mark not in found:  # gone without a page (or Redis away): no wait
            return None
    return None


class VisitorPageMiddleware:
    """Serve a visitor's event, standings or pairings page (and the standings API) from the cache
    before sessions, authentication and the view run. Only requests without a session or
    message cookie qualify, and only responses the view marked (``visitor_cacheable``)
    are stored, so a person who is signed in always gets his own page. A CSRF cookie is
    not stored with the page: the only form a visitor's page holds is the language switch,
    which takes no token (tournaments/urls.py), so a stored page works for everyone.
    A page is stored with the event's generation it was rendered at, and served while that
    is still the event's generation, or while another worker renders it anew."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        found = self._key(request)
        if found is None:
            return self.get_response(request)
        slug, page = found
        generation, entry = _read(slug, page)
        if entry is not None and entry[0] == generation:
            return self._from_store(request, entry[1])
        stored = _rendered_by_another(page, generation, entry[1] if entry else None)
        if stored is not None:
            return self._from_store(request, stored)
        try:
            response = self.get_response(request)
            stored = _store(page, generation, response)
        finally:
            cache.delete(_rendering(page, generation))  # after the page: none waits in vain
        return response if stored is None else self._answer(request, stored, response)

    @staticmethod
    def _key(request: HttpRequest) -> tuple[str, str] | None:
        """The event's slug and the key of this page in the cache (None: not one to keep)."""
        if request.method != "GET" or not set(request.GET) <= set(PARAMS):
            return None  # a search, or a parameter the key would not tell apart
        cookies = request.COOKIES
        if settings.SESSION_COOKIE_NAME in cookies or "messages" in cookies:
            return None
        if "HTTP_AUTHORIZATION" in request.META:
            return None
        match = _PATH.match(request.path)
        if match is None:
            return None
        slug = match["slug"]
        params = ":".join(str(request.GET.get(p, ""))[:12] for p in PARAMS)
        language = get_language_from_request(request)
        zone = reader_zone_of(None, cookies) or ""  # times are shown in his zone too
        return slug, f"visitor:{slug}:{language}:{zone}:{request.path}:{params}"

    @classmethod
    def _from_store(cls, request: HttpRequest, stored: Stored) -> HttpResponse:
        """A stored page: bulk work, done at the lower priority (core.priority) up to the
        next request, the answer's writing to the client included."""
        priority.lower(settings.VISITOR_PAGE_NICE)
        return cls._answer(request, stored)

    @staticmethod
    def _answer(
        request: HttpRequest, stored: Stored, response: HttpResponse | None = None
    ) -> HttpResponse:
        """The stored page, compressed for a client that accepts it; ``response``: the page
        just rendered (its cookies kept), else a new one from the stored headers."""
        content, packed, headers = stored
        zipped = packed is not None and bool(
            _ACCEPTS_GZIP.search(request.headers.get("Accept-Encoding", ""))
        )
        etag = headers.get("ETag")
        if etag and zipped:
            # Another representation: another validator, so a cache never mixes them up.
            etag = etag.removesuffix('"') + '-gzip"'
        answer: HttpResponse
        if etag and request.headers.get("If-None-Match") == etag:
            answer = HttpResponseNotModified(headers={"ETag": etag})
        else:
            if response is None:
                response = HttpResponse(content)
                for name, value in headers.items():
                    response[name] = value
            answer = response
            if zipped:
                answer.content = packed
                answer["Content-Encoding"] = "gzip"
            answer["Content-Length"] = str(len(answer.content))
            if etag:
                answer["ETag"] = etag
        if packed is not None:
            patch_vary_headers(answer, ("Accept-Encoding",))
        return answer


def _store(page: str, generation: int, response: HttpResponse) -> Stored | None:
    """Keep the page for the next visitors, if the view marked it as the same for all."""
    if not (
        getattr(response, _ATTR, False)
        and response.status_code == 200
        and set(response.cookies) <= {settings.CSRF_COOKIE_NAME}
        and not response.streaming
    ):
        return None
    headers = dict(response.items())
    stored = (response.content, _packed(response.content, headers), headers)
    cache.set(page, (generation, stored), OUTER_SECONDS)
    _note_if_inside_transaction()
    return stored


def _packed(content: bytes, headers: dict[str, str]) -> bytes | None:
    """The page compressed (None: too small, or not text). Level 6, zlib's default: the
    next levels cost several times the time for a few percent."""
    if len(content) < _GZIP_FROM or not headers.get("Content-Type", "").startswith(_GZIP_TYPES):
        return None
    return gzip.compress(content, compresslevel=6, mtime=0)
