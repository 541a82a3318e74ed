"""A change's note in the reader's language. The services write their own notes in
English ("round 2 table 3", "late entry"); a director's note is kept as he typed it.
tests/tournaments/test_audit_field_words.py fails when a service writes a note that
has no words here."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.words.times import stored_time_words

SYSTEM_NOTES = {
    "late entry": gettext_lazy("late entry"),
    "matching report": gettext_lazy("the same result reported by the other side"),
    "games played so far": gettext_lazy("the games played so far: the match is not decided yet"),
    "checked in at the door": gettext_lazy("checked in at the door"),
    "checked in with the pasted list": gettext_lazy("checked in with the pasted list"),
    "checked in with everyone": gettext_lazy("checked in with everyone"),
    "not checked in before round 1": gettext_lazy("not checked in before round 1"),
    "ejection rescinded": gettext_lazy("ejection rescinded"),
    "the warnings that ejected the player no longer reach the limit": gettext_lazy(
        "the warnings that ejected the player no longer reach the limit"
    ),
    "the player took back his own drop": gettext_lazy("the player took back his own drop"),
    "undo of one action over many players": gettext_lazy("undo of one action over many players"),
    "submitted by the director": gettext_lazy("submitted by the director"),
    "imported from an export": gettext_lazy("imported from an export"),
    "updated from an export of the same event": gettext_lazy(
        "updated from an export of the same event"
    ),
    "display name reads like another player's": gettext_lazy(
        "display name reads like another player's"
    ),
}
TABLE_NOTE = re.compile(r"round (\d+) table (\d+)")
ROUND_NOTE = re.compile(r"round (\d+)")
TIEBREAK_NOTE = re.compile(r"after round (\d+): confirmed by the director")


def note_words(note: str) -> str:
    """A change's note. A dispute's other report is written into the note as data; the
    trail shows that report from the table's own fields, so here it is only named."""
    text = str(note)
    if text.startswith("differing report:"):
        return _("the two reports differ")
    if text in SYSTEM_NOTES:
        return str(SYSTEM_NOTES[text])
    if found := TABLE_NOTE.fullmatch(text):
        return _("round %(round)s, table %(table)s") % {
            "round": found[1],
            "table": found[2],
        }
    if found := ROUND_NOTE.fullmatch(text):
        return _("round %(round)s") % {"round": found[1]}
    if found := TIEBREAK_NOTE.fullmatch(text):
        return _("after round %(round)s: confirmed by the director") % {"round": found[1]}
    return stored_time_words(text)  # a director's own words, any stored instant in his time
