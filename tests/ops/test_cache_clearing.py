"""Clearing the cache (between tests, after a restore) takes only this site's own keys
from a Redis it shares: the other test process's throttle counters, another site's
pages and the Celery broker's queue stay."""

from __future__ import annotations

import pytest
from django.core.cache import caches

from core.cache import ResilientRedisCache, forget_own_keys
from tests.ops.local_redis import REDIS_DB, redis_up

LOCATION = f"redis://127.0.0.1:6379/{REDIS_DB}"


def _redis_cache(prefix: str) -> dict[str, object]:
    return {
        "BACKEND": "core.cache.ResilientRedisCache",
        "LOCATION": LOCATION,
        "KEY_PREFIX": prefix,
    }


@pytest.mark.skipif(not redis_up(), reason="needs a Redis on 127.0.0.1:6379")
def test_only_this_sites_keys_are_forgotten(settings) -> None:
    settings.CACHES = {"default": _redis_cache("cache-clearing-mine")}
    mine = caches["default"]
    theirs = ResilientRedisCache(LOCATION, {"KEY_PREFIX": "cache-clearing-theirs"})
    raw = mine._cache.get_client(write=True)
    try:
        mine.set("login-fail", 3)
        theirs.set("login-fail", 4)
        raw.set("cache-clearing-broker-queue", "a task")  # no prefix, as Celery's keys
        forget_own_keys()
        assert mine.get("login-fail") is None
        assert theirs.get("login-fail") == 4
        assert raw.get("cache-clearing-broker-queue") == b"a task"
    finally:
        theirs.delete("login-fail")
        raw.delete("cache-clearing-broker-queue")


def test_a_local_cache_is_emptied(settings) -> None:
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    caches["default"].set("page", "stored")
    forget_own_keys()
    assert caches["default"].get("page") is None
