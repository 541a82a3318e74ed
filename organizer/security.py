"""Login throttling: failed attempts are counted per client address and per
user name in the cache, so guessing passwords is slowed to a crawl without
locking out everyone behind one address."""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.signals import user_login_failed
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.dispatch import receiver
from django.http import HttpRequest

MAX_FAILURES = 5
WINDOW_SECONDS = 15 * 60


def _keys(request: HttpRequest, username: str) -> list[str]:
    address = request.META.get("REMOTE_ADDR", "unknown")
    # Hashed, because a user name may hold any character and cache keys must not.
    name = hashlib.sha256(username.strip().lower().encode("utf-8", "replace")).hexdigest()
    return [f"login-fail:ip:{address}", f"login-fail:user:{name}"]


def login_blocked(request: HttpRequest, username: str) -> bool:
    return any((cache.get(key) or 0) >= MAX_FAILURES for key in _keys(request, username))


def record_login_failure(request: HttpRequest, username: str) -> None:
    # Counted once per request, whether the signal below or the log-in page saw it first.
    if getattr(request, "_login_failure_recorded", False):
        return
    request._login_failure_recorded = True  # type: ignore[attr-defined]
    for key in _keys(request, username):
        # add() is a no-op when the key exists; incr() keeps the original expiry.
        if not cache.add(key, 1, WINDOW_SECONDS):
            try:
                cache.incr(key)
            except ValueError:
                cache.set(key, 1, WINDOW_SECONDS)


def clear_login_failures(request: HttpRequest, username: str) -> None:
    cache.delete_many(_keys(request, username))


class ThrottledModelBackend(ModelBackend):
    """Every password check goes through here, so the admin's log-in page (or any other)
    is no side door around the throttle: a blocked name or address is refused even
    with the right password."""

    def authenticate(
        self, request: HttpRequest | None, username: str | None = None, **kwargs: Any
    ) -> Any:
        if request is not None and username is not None and login_blocked(request, username):
            raise PermissionDenied("Too many failed log-in attempts.")
        return super().authenticate(request, username=username, **kwargs)


@receiver(user_login_failed)
def _count_failed_login(sender: Any, credentials: dict[str, Any], request: Any = None, **kw: Any):
    if request is not None:
        record_login_failure(request, str(credentials.get("username", "")))
