"""Errors raised by the service layer, understood by every face (pages, API, tasks).

A service refuses an operation by raising one of these with a message meant for
the person who tried it; the API turns it into a 4xx response and the pages into
a message on the form.
"""

from __future__ import annotations


class ServiceError(Exception):
    """An operation that cannot be done as asked (HTTP 400)."""

    status_code = 400
    default_code = "invalid"

    def __init__(self, message: str, code: str | None = None, problems: list | None = None):
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code
        self.problems = problems or []


class NotAllowed(ServiceError):
    """The user may not do this (HTTP 403)."""

    status_code = 403
    default_code = "permission_denied"


class NotFound(ServiceError):
    status_code = 404
    default_code = "not_found"


class Conflict(ServiceError):
    """The state changed under the user, or the operation is already done (HTTP 409)."""

    status_code = 409
    default_code = "conflict"
