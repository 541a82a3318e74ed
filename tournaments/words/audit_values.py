"""A stored value in the audit trail's diff, in words: the keys it names (a tiebreak, a
rule's reading, an ejection's reason) never shown as keys. One reading for the audit
page (templatetags.event_ui's ``audit_value``) and the audit API."""

from __future__ import annotations

import json
import re
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournaments.rules.warnings import Ejection
from tournaments.standings import TIEBREAKS
from tournaments.words.audit_fields import humanize
from tournaments.words.labels import READING_LABELS, READING_VALUES
from tournaments.words.penalties import ejection_words

# The tiebreak registry's labels, listed so that makemessages finds them.
TIEBREAK_WORDS = (
    gettext_noop("head-to-head"),
    gettext_noop("losses"),
    gettext_noop("fewer losses"),
    gettext_noop("opponents' points"),
    gettext_noop("median opponents' points"),
    gettext_noop("opponents' win %"),
    gettext_noop("wins"),
)
TIEBREAK_LABELS = {"fewer_losses": "fewer losses"}
# A key stored in a value: lower-case words joined by underscores ("opponents_points").
STORED_KEY = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def tiebreak_label(key: str) -> str:
    """A tiebreak's name from the registry that defines it (never its key)."""
    label = TIEBREAK_LABELS.get(key) or getattr(TIEBREAKS.get(key), "label", None)
    return _(label) if label else humanize(key)


def reading_label(key: str) -> str:
    return str(READING_LABELS.get(key) or humanize(key))


def _key_words(match: re.Match[str]) -> str:
    key = match.group(0)
    if key in TIEBREAKS or key in TIEBREAK_LABELS:
        return tiebreak_label(key)
    if key in READING_LABELS:
        return reading_label(key)
    return humanize(key)


def audit_value_words(text: Any) -> str:
    """A value as the diff shows it (audit.views.readable_diff's text), with the keys it
    names in words: a list without its brackets and quotes, each key its label."""
    shown = str(text)
    if Ejection.from_stored(shown) is not None:
        return ejection_words(shown)
    if shown in ('""', "{}"):  # an empty text or object: nothing, as a missing value reads
        return "—"
    if shown in READING_VALUES:
        return str(READING_VALUES[shown])
    if shown.startswith("{") and shown.endswith("}"):
        return _object_words(shown)
    if shown.startswith("[") and shown.endswith("]"):
        # Each item a key's words: one word is a key too (the tiebreak "wins").
        items = [item.strip() for item in shown[1:-1].replace('"', "").split(",")]
        return ", ".join(_item_words(item) for item in items if item) or "—"
    return STORED_KEY.sub(_key_words, shown)


def _item_words(item: str) -> str:
    if item in TIEBREAKS or item in TIEBREAK_LABELS:
        return tiebreak_label(item)
    return STORED_KEY.sub(_key_words, item)


def _object_words(shown: str) -> str:
    """A stored object (the scoring settings) as "name: value; …", never its JSON."""
    try:
        value = json.loads(shown)
    except ValueError:
        return STORED_KEY.sub(_key_words, shown)
    if not isinstance(value, dict):
        return STORED_KEY.sub(_key_words, shown)
    parts = []
    for key, item in value.items():
        text = item if isinstance(item, str) else json.dumps(item, ensure_ascii=False)
        parts.append(f"{STORED_KEY.sub(_key_words, str(key))}: {audit_value_words(text)}")
    return "; ".join(parts) or "—"
