"""Rate limits on the deck checker (the checker must not be a cheap denial of
service). Anonymous callers are limited per address, signed-in users per account; the
rates can be set in settings (REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["deck_check_anon"]
and ["deck_check_user"]) and default to the values below. The same classes guard the API
and the paste page. A cache that is down lets the request through rather than refusing it.
"""

from __future__ import annotations

import logging
from typing import Any

from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

log = logging.getLogger(__name__)

DEFAULT_RATES = {"deck_check_anon": "20/minute", "deck_check_user": "60/minute"}


class _DefaultRate:
    scope = ""

    def get_rate(self) -> str:
        rates = api_settings.DEFAULT_THROTTLE_RATES or {}
        return str(rates.get(self.scope) or DEFAULT_RATES[self.scope])

    def allow_request(self, request: Any, view: Any) -> bool:
        try:
            return super().allow_request(request, view)  # type: ignore[misc]
        except Exception:  # the cache (Redis) is down: degrade, never refuse a person
            log.warning("deck checker throttle skipped: cache unavailable", exc_info=True)
            return True


class DeckCheckAnonThrottle(_DefaultRate, AnonRateThrottle):
    scope = "deck_check_anon"


class DeckCheckUserThrottle(_DefaultRate, UserRateThrottle):
    scope = "deck_check_user"


DECK_CHECK_THROTTLES = (DeckCheckAnonThrottle, DeckCheckUserThrottle)


def page_wait(request: Any) -> float | None:
    """For the pages: seconds to wait when a throttle refuses the request, else None."""
    for throttle_class in DECK_CHECK_THROTTLES:
        throttle = throttle_class()
        if not throttle.allow_request(request, None):
            return throttle.wait() or 1.0
    return None
