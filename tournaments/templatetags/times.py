"""Times as people read them: the event's zone and the reader's, one tag for every page.

The reader's zone is his profile's, else his browser's (static/js/reader-zone.js keeps it
in the ``tz`` cookie), else none and only the event's zone is shown."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import template
from django.utils import timezone

from tournaments.models import RoundWindow
from tournaments.rules.windows import REMINDER_HOURS
from tournaments.words.times import event_time_words, reader_zone_of
from tournaments.words.windows import PASSED_WORDS

register = template.Library()


def reader_zone(request: Any) -> str | None:
    if request is None:
        return None
    return reader_zone_of(getattr(request, "user", None), request.COOKIES)


@register.simple_tag(takes_context=True)
def event_time(context: dict[str, Any], instant: datetime | None, event: Any) -> str:
    """``{% event_time round.window.deadline event %}``: "Sat 11 Jul 17:00 UTC · 19:00
    your time (Madrid)"."""
    if instant is None:
        return ""
    return event_time_words(
        instant, getattr(event, "time_zone", "UTC"), reader_zone(context.get("request"))
    )


@register.simple_tag
def round_window(rnd: Any, table: Any = None) -> dict[str, Any] | None:
    """``{% round_window round table as w %}``: the round's window, whether it closes
    within 48 hours with this table still without a result, and whether it has passed."""
    window = RoundWindow.objects.filter(round=rnd).first() if rnd is not None else None
    if window is None:
        return None
    left = window.deadline - timezone.now()
    pending = table is not None and table.status == "pending" and not table.is_bye
    return {
        "window": window,
        "closes_soon": pending
        and left.total_seconds() > 0
        and left.total_seconds() <= max(REMINDER_HOURS) * 3600,
        "passed": left.total_seconds() <= 0,
        "passed_words": str(PASSED_WORDS.get(window.deadline_rule, "")),  # type: ignore[call-overload]
    }
