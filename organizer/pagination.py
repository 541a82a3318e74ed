"""Paging numbers the database can hold.

DRF's LimitOffsetPagination caps ``limit`` at ``max_limit`` but passes any ``offset`` to
the database, where a 25-digit one overflows a bigint (a 500 on PostgreSQL). Both are
clamped here, as DRF already does for ``limit``: past the end is an empty page."""

from __future__ import annotations

from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request

MAX_OFFSET = 1_000_000_000


class BoundedLimitOffsetPagination(LimitOffsetPagination):
    max_limit = 1000

    def get_offset(self, request: Request) -> int:
        return min(super().get_offset(request), MAX_OFFSET)
