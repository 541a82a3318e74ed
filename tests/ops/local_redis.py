"""The local Redis the ops tests start sites and caches against: whether it listens, and
a database of its own on it, which other runs may share (OPS_TEST_REDIS_DB picks another)."""

from __future__ import annotations

import os
import socket

REDIS_DB = os.environ.get("OPS_TEST_REDIS_DB", "3")


def redis_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=0.5):
            return True
    except OSError:
        return False
