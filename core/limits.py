"""Quotas and length limits: what one account may create, and how much.

The numbers live here (overridable with a LIMITS dict in settings); the services
that create things call the check functions with the counts they already know, so
this bottom module needs no model. Each check raises a ServiceError carrying the
limit as data, which every face (pages, API) already turns into a 4xx.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from core.errors import ServiceError

DEFAULTS: dict[str, int] = {
    # An organizer runs a few events a day at most; forty a day is a flood.
    "events_per_user_per_day": 10,
    # A page of announcements; 40 events × an unbounded text made the list 91 MB.
    "event_description_chars": 10_000,
    # The largest Middle-earth events seat a few hundred; 10,000 walk-ins is an attack.
    "walk_ins_per_event": 1_000,
    "event_name_chars": 200,
}


class LimitExceeded(ServiceError):
    """A quota or length limit (HTTP 400 with code ``limit_exceeded``)."""

    default_code = "limit_exceeded"


def limit(name: str) -> int:
    """The limit in force: settings.LIMITS[name] or the default."""
    overrides = getattr(settings, "LIMITS", {}) or {}
    return int(overrides.get(name, DEFAULTS[name]))


def _refuse(name: str, field: str, message: str, value: int) -> None:
    raise LimitExceeded(
        message,
        problems=[
            {
                "code": "limit_exceeded",
                "field": field,
                "limit": limit(name),
                "value": value,
                "message": message,
            }
        ],
    )


def check_events_today(created_today: int) -> None:
    """Before a user creates another event; ``created_today`` counts the last 24 hours."""
    most = limit("events_per_user_per_day")
    if created_today >= most:
        _refuse(
            "events_per_user_per_day",
            "name",
            _("You have created %(n)d events in the last 24 hours; that is the most allowed.")
            % {"n": most},
            created_today,
        )


def check_description(text: str | None) -> None:
    most = limit("event_description_chars")
    length = len(text or "")
    if length > most:
        _refuse(
            "event_description_chars",
            "description",
            _("The description is %(length)d characters long; at most %(most)d are allowed.")
            % {"length": length, "most": most},
            length,
        )


def check_event_name(text: str | None) -> None:
    most = limit("event_name_chars")
    length = len(text or "")
    if length > most:
        _refuse(
            "event_name_chars",
            "name",
            _("The name is %(length)d characters long; at most %(most)d are allowed.")
            % {"length": length, "most": most},
            length,
        )


def check_walk_ins(already: int, adding: int = 1) -> None:
    """Before a director adds walk-ins (one at the door, a list, a restored file);
    ``already`` is the event's walk-in count."""
    most = limit("walk_ins_per_event")
    if already + adding <= most:
        return
    if adding == 1:
        message = _("This event already has %(n)d walk-in players, the most allowed.") % {"n": most}
    else:
        message = _(
            "This would make %(total)d walk-in players in the event; at most %(most)d are allowed."
        ) % {"total": already + adding, "most": most}
    _refuse("walk_ins_per_event", "display_name", message, already + adding)
