"""Template helpers for the event pages: one way to write times, QR codes, and words for
internal keys (audit actions, rule readings) so no page shows a key or a model label."""

from __future__ import annotations

import functools
import re
from datetime import datetime
from typing import TYPE_CHECKING, Any

import segno
from django import template
from django.http import QueryDict
from django.utils import formats, timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tournaments.services.table_actions import edits_locked as round_edits_locked
from tournaments.words import audit_values
from tournaments.words.audit_entries import AUDIT_KINDS, entry_sentence
from tournaments.words.audit_fields import field_label, humanize
from tournaments.words.audit_notes import note_words
from tournaments.words.labels import READING_VALUES
from tournaments.words.penalties import ejection_words
from tournaments.words.people import public_name
from tournaments.words.times import READER_ZONE, clock_words, page_time_words

if TYPE_CHECKING:
    from django.contrib.auth.models import User

register = template.Library()


@register.filter
def person(user: User | None) -> str:
    """A user as others see him: his player's display name (never his user name)."""
    return public_name(user)


@register.filter
def when(value: datetime | None) -> str:
    """A date and time, written the one way every page writes them: in the page's zone
    (the event's, activated by its views) and in the reader's when his differs."""
    if not value:
        return ""
    return page_time_words(value)


@register.filter
def clock(value: datetime | None) -> str:
    """A time of day (today's round clock) in the page's zone and in the reader's."""
    if not value:
        return ""
    return clock_words(value, timezone.get_current_timezone_name(), READER_ZONE.get())


@register.filter
def day(value: datetime | None) -> str:
    if not value:
        return ""
    return formats.date_format(timezone.localtime(value), "DATE_FORMAT")


@register.filter
def minutes_left(seconds: int | None) -> str:
    """Remaining seconds as m:ss (or h:mm:ss)."""
    if seconds is None:
        return ""
    hours, rest = divmod(max(0, int(seconds)), 3600)
    mins, secs = divmod(rest, 60)
    return f"{hours}:{mins:02d}:{secs:02d}" if hours else f"{mins}:{secs:02d}"


@register.simple_tag(takes_context=True)
def page_query(context: template.Context, param: str | None, number: int) -> str:
    """The current address with one paging parameter (``param``, default "page") set."""
    request = context.get("request")
    params = request.GET.copy() if request is not None else QueryDict(mutable=True)
    params[param or "page"] = str(number)
    return "?" + params.urlencode()


@register.simple_tag(takes_context=True)
def qr(context: template.Context, url: str, label: str = "") -> SafeString:
    """An inline SVG QR code for `url` (made absolute with the request's host)."""
    request = context.get("request")
    target = request.build_absolute_uri(url) if request is not None else url
    return format_html(
        '<span class="qr" role="img" aria-label="{}">{}</span>',
        label or _("QR code for %(url)s") % {"url": target},
        mark_safe(_qr_svg(target)),  # segno's own SVG markup, built from the URL only
    )


@functools.lru_cache(maxsize=512)
def _qr_svg(target: str) -> str:
    # Encoding is a third of the event page's time; a page shows the same few addresses.
    return segno.make(target, error="m").svg_inline(scale=3, border=2, omitsize=True)


# The audit trail's words live with the other words (tournaments.words.audit_entries and
# audit_fields); the filters only call them.


@register.filter
def audit_kind(key: str) -> str:
    return str(AUDIT_KINDS.get(key) or humanize(key))


@register.filter
def audit_words(entry: Any) -> str:
    """“changed the event”, never “update tournaments.event #7”."""
    return entry_sentence(entry)


@register.filter
def reading_label(key: str) -> str:
    return audit_values.reading_label(key)


@register.filter
def reading_value(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "–".join(str(v) for v in value)
    return str(READING_VALUES.get(str(value)) or value)


@register.filter
def field_words(name: str) -> str:
    """An audit diff's field name in the reader's language (never its stored key)."""
    return field_label(name)


@register.filter
def tiebreak_label(key: str) -> str:
    """A tiebreak's name from the registry that defines it (never its key)."""
    return audit_values.tiebreak_label(key)


@register.filter
def tiebreak_value(value: Any) -> str:
    if isinstance(value, float):
        return formats.number_format(value, 2 if value % 1 else 0)
    return str(value)


@register.filter
def get_points(points: dict[int, int], registration_id: int) -> int:
    return points.get(registration_id, 0)


@register.filter
def tr(text: Any) -> str:
    """Translate a label defined outside the templates (see tournaments/words/labels.py)."""
    return _(str(text)) if text else ""


@register.filter
def audit_value(text: Any) -> str:
    """A stored value in an audit diff, with keys it names (tiebreaks, rule readings) in words."""
    return audit_values.audit_value_words(text)


@register.filter(name="ejection_words")
def ejection_words_filter(stored: str) -> str:
    return ejection_words(stored)


@register.filter
def public_source(text: str) -> str:
    """A preset's source for people: the publications it names, without the project's
    own notes file (RULES.md) that indexes them for its developers."""
    text = re.sub(r"\s*\(RULES\.md §\d+\)", "", str(text))
    parts = (re.sub(r"^RULES\.md §\d+:?\s*", "", p.strip()) for p in text.split(";"))
    return "; ".join(p for p in parts if p and "RULES.md" not in p)


@register.filter
def rulebook_refs(text: str) -> str:
    """A rules source as the rulebooks' sections only: the project's own notes file
    (RULES.md) is for its developers, the readings are explained in words on the page."""
    parts = [p.strip() for p in str(text).split(";")]
    return "; ".join(p for p in parts if p and "RULES.md" not in p)


@register.filter
def change_note(note: str) -> str:
    """A result change's note, in words (tournaments.words.audit_notes)."""
    return note_words(note)


@register.filter
def edits_locked(rnd: Any) -> bool:
    """A round whose results wait for the director's unlock (two or more rounds back)."""
    return rnd is not None and round_edits_locked(rnd)
