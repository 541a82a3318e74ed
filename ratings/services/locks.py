"""The per-game-system lock every ledger writer takes (a PostgreSQL advisory lock;
SQLite serialises writers by itself), so a replay and a closing round never interleave."""

from __future__ import annotations

import zlib

from django.db import connection


def _lock_key(game: str) -> int:
    return zlib.crc32(f"ratings:{game}".encode()) & 0x7FFFFFFF


def xact_lock(game: str) -> None:
    """Hold the game system's lock until the surrounding transaction ends."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_lock_key(game)])


class SessionLock:
    """The same lock held across several transactions (a replay commits progress)."""

    def __init__(self, game: str):
        self.key = _lock_key(game)
        self.active = connection.vendor == "postgresql"

    def __enter__(self) -> SessionLock:
        if self.active:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_lock(%s)", [self.key])
        return self

    def __exit__(self, *exc: object) -> None:
        if self.active:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [self.key])
