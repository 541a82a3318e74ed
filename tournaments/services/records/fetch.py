"""A record fetched from a link: only from the configured servers' hosts, over https,
bounded in size and time. Whatever goes wrong is a ServiceError (a 4xx), never a 500.

GEMP gives players its viewer page, ``game.html?replayId=<player>$<id>``; the replay's
XML is at ``/gemp-lotr-server/replay/<player>$<id>`` (gemp-lotr-async's
RootUriRequestHandler and ReplayRequestHandler), so a viewer link is read from there.
meccg-online serves no result at a link: its token is pasted. ``GAME_RECORD_HOSTS`` in
the settings may name other hosts (a server's mirror, a test server).
"""

from __future__ import annotations

import time
from urllib.parse import parse_qs, quote, urlsplit

import httpx
from django.conf import settings

from core.errors import ServiceError
from tournaments.rules.records import GEMP, MAX_UPLOAD_BYTES
from tournaments.words.records import record_problem_words

DEFAULT_HOSTS: dict[str, tuple[str, ...]] = {GEMP: ("play.lotrtcgpc.net",)}
TIMEOUT_SECONDS = 8.0

# Tests replace this with an httpx.MockTransport; None is the real network.
transport: httpx.BaseTransport | None = None


def allowed_hosts(server: str) -> tuple[str, ...]:
    configured = getattr(settings, "GAME_RECORD_HOSTS", None) or DEFAULT_HOSTS
    return tuple(configured.get(server, ()))


def refuse(code: str, **params: object) -> ServiceError:
    return ServiceError(record_problem_words(code, params), code=code)


def record_url(server: str, url: str) -> str:
    """The link to fetch: ``url`` itself, or for a GEMP viewer link its replay's XML."""
    hosts = allowed_hosts(server)
    if not hosts:
        raise refuse("record_url_none", server=server)
    parts = urlsplit(url.strip())
    if parts.scheme != "https" or (parts.hostname or "").lower() not in hosts or parts.port:
        raise refuse("record_url_host", hosts=", ".join(hosts))
    replay = parse_qs(parts.query).get("replayId")
    if server == GEMP and replay:
        path = "/gemp-lotr-server/replay/" + quote(replay[0], safe="$_-")
        return f"https://{parts.hostname}{path}"
    return parts.geturl()


def fetch_record(server: str, url: str) -> bytes:
    """The bytes at ``url`` (at most MAX_UPLOAD_BYTES, within TIMEOUT_SECONDS)."""
    target = record_url(server, url)
    try:
        with (
            httpx.Client(
                timeout=TIMEOUT_SECONDS, follow_redirects=False, transport=transport
            ) as client,
            client.stream("GET", target) as response,
        ):
            if response.status_code != 200:
                raise refuse("record_url_failed")
            body = bytearray()
            # httpx's timeout bounds each read; a server dripping bytes is bounded here.
            deadline = time.monotonic() + TIMEOUT_SECONDS
            for chunk in response.iter_bytes():
                body += chunk
                if len(body) > MAX_UPLOAD_BYTES:
                    raise refuse("too_large", limit=MAX_UPLOAD_BYTES)
                if time.monotonic() > deadline:
                    raise refuse("record_url_failed")
            return bytes(body)
    except httpx.HTTPError:
        raise refuse("record_url_failed") from None
