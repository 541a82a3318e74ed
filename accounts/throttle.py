"""Login throttling that slows guessing without locking anyone out.

Failed attempts are counted per (account, address) pair and, more generously, per
address. Five wrong passwords for "admin" from one address block that address for
that account only: the real admin, elsewhere, still logs in. The address is the
client's as told by a trusted proxy (core.middleware.ClientAddressMiddleware).
Counters live in the cache; with the cache away they count nothing, which lets
people in rather than refusing them."""

from __future__ import annotations

import hashlib
from typing import Any

from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.signals import user_login_failed
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils.translation import gettext as _
from rest_framework.throttling import SimpleRateThrottle


def _limits() -> tuple[int, int, int]:
    return (
        int(getattr(settings, "LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS", 5)),
        int(getattr(settings, "LOGIN_FAILURES_PER_ADDRESS", 50)),
        int(getattr(settings, "LOGIN_THROTTLE_SECONDS", 15 * 60)),
    )


def _keys(request: HttpRequest, username: str) -> list[tuple[str, int]]:
    per_pair, per_address, _window = _limits()
    address = request.META.get("REMOTE_ADDR", "unknown")
    # Hashed, because a user name may hold any character and cache keys must not.
    pair = f"{username.strip().lower()}\n{address}".encode("utf-8", "replace")
    return [
        (f"login-fail:pair:{hashlib.sha256(pair).hexdigest()}", per_pair),
        (f"login-fail:ip:{hashlib.sha256(address.encode()).hexdigest()}", per_address),
    ]


def login_retry_after() -> int:
    """Seconds a blocked log-in waits (the Retry-After of its 429): the window."""
    return _limits()[2]


def login_blocked(request: HttpRequest, username: str) -> bool:
    return any((cache.get(key) or 0) >= limit for key, limit in _keys(request, username))


def record_login_failure(request: HttpRequest, username: str) -> None:
    # Counted once per request, whether the signal below or the log-in page saw it first.
    if getattr(request, "_login_failure_recorded", False):
        return
    request._login_failure_recorded = True  # type: ignore[attr-defined]
    window = _limits()[2]
    for key, _limit in _keys(request, username):
        # add() is a no-op when the key exists; incr() keeps the original expiry.
        if not cache.add(key, 1, window):
            try:
                cache.incr(key)
            except ValueError:
                cache.set(key, 1, window)


def clear_login_failures(request: HttpRequest, username: str) -> None:
    # Only the pair: a success for one account must not wipe an address's count of
    # failures against others.
    cache.delete(_keys(request, username)[0][0])


class ThrottledModelBackend(ModelBackend):
    """Every password check goes through here, so the admin's log-in page (or any other)
    is no side door around the throttle: a blocked name or address is refused even
    with the right password."""

    def authenticate(  # type: ignore[override]
        self, request: HttpRequest | None, username: str | None = None, **kwargs: Any
    ) -> Any:
        if request is not None and username is not None and login_blocked(request, username):
            raise PermissionDenied(_("Too many failed log-in attempts."))
        return super().authenticate(request, username=username, **kwargs)


@receiver(user_login_failed)
def _count_failed_login(sender: Any, credentials: dict[str, Any], request: Any = None, **kw: Any):
    if request is not None:
        record_login_failure(request, str(credentials.get("username", "")))


class SignupRateThrottle(SimpleRateThrottle):
    """Sign-ups per address, one count for the page and the API (the rate "signup" in
    REST_FRAMEWORK's DEFAULT_THROTTLE_RATES): an address that used its hour's sign-ups
    through one is refused on the other too."""

    scope = "signup"

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


def signup_wait(request: HttpRequest) -> int | None:
    """None when this address may sign up now (and counts it); else the seconds to wait."""
    throttle = SignupRateThrottle()
    if throttle.allow_request(request, None):  # type: ignore[arg-type]
        return None
    return max(1, int(throttle.wait() or 1))
