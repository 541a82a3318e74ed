"""The API's list shapes, named by the settings: one page shape for every collection,
and limit/offset paging bounded to numbers the database can hold."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import exceptions, pagination
from rest_framework.request import Request

MAX_OFFSET = 1_000_000_000


class PagePagination(pagination.PageNumberPagination):
    """Every collection: {count, next, previous, results}, ?page=1&page_size=100."""

    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 500

    def get_page_size(self, request: Any) -> int | None:
        # A bad page_size is a 400 like any bad filter, not silently the default.
        raw = request.query_params.get(self.page_size_query_param)
        if raw is not None and not (raw.isdigit() and 1 <= int(raw) <= self.max_page_size):
            message = _("%(name)s is a whole number from 1 to %(max)s.") % {
                "name": self.page_size_query_param,
                "max": self.max_page_size,
            }
            raise exceptions.ValidationError({self.page_size_query_param: [message]})
        return super().get_page_size(request)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        params = super().get_schema_operation_parameters(view)
        for param in params:
            bounds = {"page": {"minimum": 1}, "page_size": {"minimum": 1, "maximum": 500}}
            param["schema"].update(bounds.get(param["name"], {}))
        return params


class BoundedLimitOffsetPagination(pagination.LimitOffsetPagination):
    """DRF caps ``limit`` at ``max_limit`` but passes any ``offset`` to the database,
    where a 25-digit one overflows a bigint (a 500 on PostgreSQL): both are clamped,
    and past the end is an empty page."""

    max_limit = 1000

    def get_offset(self, request: Request) -> int:
        return min(super().get_offset(request), MAX_OFFSET)
