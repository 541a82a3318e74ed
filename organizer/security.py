"""Login throttling: failed attempts are counted per client address and per
user name in the cache, so guessing passwords is slowed to a crawl without
locking out everyone behind one address."""

from __future__ import annotations

from django.core.cache import cache
from django.http import HttpRequest

MAX_FAILURES = 5
WINDOW_SECONDS = 15 * 60


def _keys(request: HttpRequest, username: str) -> list[str]:
    address = request.META.get("REMOTE_ADDR", "unknown")
    return [f"login-fail:ip:{address}", f"login-fail:user:{username.strip().lower()[:150]}"]


def login_blocked(request: HttpRequest, username: str) -> bool:
    return any((cache.get(key) or 0) >= MAX_FAILURES for key in _keys(request, username))


def record_login_failure(request: HttpRequest, username: str) -> None:
    for key in _keys(request, username):
        # add() is a no-op when the key exists; incr() keeps the original expiry.
        if not cache.add(key, 1, WINDOW_SECONDS):
            try:
                cache.incr(key)
            except ValueError:
                cache.set(key, 1, WINDOW_SECONDS)


def clear_login_failures(request: HttpRequest, username: str) -> None:
    cache.delete_many(_keys(request, username))
