"""A Redis cache that degrades instead of failing.

The cache only ever holds things that can be recomputed (league tables, throttle
counters), so Redis being away must cost speed, never a page: every operation that
cannot reach Redis is logged and answered as a miss.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

# What "Redis is away" looks like: refused, reset, timed out, or a name that resolves nowhere.
UNAVAILABLE = (RedisConnectionError, RedisTimeoutError, ConnectionError, TimeoutError, OSError)
_LOG_EVERY_SECONDS = 30.0
_last_logged = [0.0]

F = TypeVar("F", bound=Callable[..., Any])


def _degrade(fallback: Callable[..., Any]) -> Callable[[F], F]:
    def wrap(method: F) -> F:
        @functools.wraps(method)
        def guarded(self: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return method(self, *args, **kwargs)
            except UNAVAILABLE as exc:
                # One line per interval: an outage must not flood the log with one per request.
                now = time.monotonic()
                if now - _last_logged[0] > _LOG_EVERY_SECONDS:
                    _last_logged[0] = now
                    logger.warning("cache unavailable, running without it: %s", exc)
                return fallback(*args, **kwargs)

        return guarded  # type: ignore[return-value]

    return wrap


def _default(key: Any, default: Any = None, *a: Any, **kw: Any) -> Any:
    return default


def _none(*a: Any, **kw: Any) -> None:
    return None


def _false(*a: Any, **kw: Any) -> bool:
    return False


def _empty(*a: Any, **kw: Any) -> dict:
    return {}


def _keys_not_set(data: dict, *a: Any, **kw: Any) -> list:
    return list(data)


def _delta(key: Any, delta: int = 1, *a: Any, **kw: Any) -> int:
    return delta


def _minus_delta(key: Any, delta: int = 1, *a: Any, **kw: Any) -> int:
    return -delta


class SharedClientRedisCacheClient(RedisCacheClient):
    """Django's client, with one ``redis.Redis`` per connection pool instead of a new one per
    operation: its constructor (a table of some two hundred reply callbacks) cost about
    0.25 ms, half the CPU of a visitor's page served from the cache. A Redis client may be
    shared between threads: it takes a connection from its pool for each command."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shared: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        # The pool is Django's own choice (its method), so replicas still work as there;
        # the stubs do not declare the client's internals.
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]
        client = self._shared.get(id(pool))
        if client is None:
            client = self._shared[id(pool)] = self._client(connection_pool=pool)  # type: ignore[attr-defined]
        return client


class ResilientRedisCache(RedisCache):
    """Django's Redis cache, answering as an empty cache while Redis cannot be reached."""

    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedClientRedisCacheClient

    get = _degrade(_default)(RedisCache.get)
    set = _degrade(_none)(RedisCache.set)
    add = _degrade(_false)(RedisCache.add)
    touch = _degrade(_false)(RedisCache.touch)
    delete = _degrade(_false)(RedisCache.delete)
    has_key = _degrade(_false)(RedisCache.has_key)
    incr = _degrade(_delta)(RedisCache.incr)
    decr = _degrade(_minus_delta)(RedisCache.decr)
    get_many = _degrade(_empty)(RedisCache.get_many)
    set_many = _degrade(_keys_not_set)(RedisCache.set_many)
    delete_many = _degrade(_none)(RedisCache.delete_many)
    clear = _degrade(_false)(RedisCache.clear)

    def get_or_set(self, key: Any, default: Any, timeout: Any = None, version: Any = None) -> Any:
        # Django's get_or_set would compute the default, fail to add it and then read it
        # back as None; compute it once and hand it over when the cache is away.
        value = self.get(key, self._missing, version=version)
        if value is not self._missing:
            return value
        if callable(default):
            default = default()
        self.add(key, default, timeout=timeout, version=version)
        return default

    _missing = object()


def forget_own_keys() -> None:
    """Empty the default cache of this site's own entries. On Redis, clear() would be a
    FLUSHDB: it would also empty the Celery broker and another site's (or another test
    process's) entries sharing the database, so only keys under this site's prefix go.
    The backend is looked up, not ``django.core.cache.cache``: that is a proxy, never an
    instance of the backend's class."""
    from django.core.cache import caches

    backend = caches["default"]
    if not isinstance(backend, RedisCache):
        backend.clear()
        return
    try:
        client = backend._cache.get_client(write=True)
        keys = list(client.scan_iter(match=backend.make_key("*"), count=1000))
        if keys:
            client.delete(*keys)
    except UNAVAILABLE:
        logger.warning("cache unavailable, its entries were not cleared")
