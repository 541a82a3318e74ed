"""Which list a player plays at a table, in words (tournaments.rules.deck_choice)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.rules import deck_choice as dc

SLOT_WORDS = {
    dc.VS_HERO: gettext_lazy("Deck against hero opponents"),
    dc.VS_MINION: gettext_lazy("Deck against minion opponents"),
}

REASON_WORDS = {
    dc.SINGLE: gettext_lazy("the player's one deck"),
    dc.BY_FORMAT: gettext_lazy("the deck for the round's format"),
    dc.BY_OPPONENT: gettext_lazy("chosen by the opponent's alignment"),
    dc.RECORDED: gettext_lazy("recorded with the result"),
    dc.TWO_WAYS: gettext_lazy(
        "two pairs of decks fit this table: the players record which they played"
    ),
    dc.NO_WAY: gettext_lazy(
        "the registered lists do not decide it: the players record which they played"
    ),
    dc.BYE: gettext_lazy("no game: a bye"),
}

MODE_WORDS = {
    dc.ONE_DECK: gettext_lazy("One deck per player"),
    dc.PER_FORMAT: gettext_lazy("A deck for each format the rounds use"),
    dc.GENERAL_OPPONENT: gettext_lazy(
        "Two decks: one against hero opponents, one against minion opponents"
    ),
}


def slot_words(slot: str, format_names: Mapping[str, str]) -> str:
    """One list's name: the General Opponent deck, or the format's name (never a key
    when the format is known)."""
    if slot in SLOT_WORDS:
        return str(SLOT_WORDS[slot])
    if not slot:
        return _("Deck list")
    return _("%(format)s deck") % {"format": format_names.get(slot) or format_title(slot)}


def format_title(key: str) -> str:
    """A format the site does not know yet, read from its key as a name: "pc-fellowship"
    is "PC Fellowship" (short words are initials), people never read keys."""
    parts = [p for p in re.split(r"[-_\s]+", key) if p]
    return " ".join(p.upper() if len(p) <= 2 else p[:1].upper() + p[1:] for p in parts) or key


def names_and(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return _("%(first)s and %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


def missing_formats_text(keys: Sequence[str]) -> str:
    """The director's warning before players meet it on their deck page."""
    names = names_and([format_title(k) for k in keys])
    return ngettext(
        "The format %(names)s is not on this site yet: add it on the formats page.",
        "The formats %(names)s are not on this site yet: add them on the formats page.",
        len(keys),
    ) % {"names": names}


def seat_deck_words(deck: dc.SeatDeck, format_names: Mapping[str, str]) -> str:
    """What a seat plays: one list, or the lists still possible."""
    if not deck.slots:
        return ""
    names = [slot_words(s, format_names) for s in deck.slots]
    if len(names) == 1:
        return names[0]
    return _("%(first)s or %(second)s") % {"first": names[0], "second": ", ".join(names[1:])}


def reason_words(code: str) -> str:
    return str(REASON_WORDS.get(code, ""))


# A top-cut match records no deck played: an undecided seat stays undecided there.
MATCH_REASON_WORDS = {
    dc.TWO_WAYS: gettext_lazy("two pairs of decks fit this match: each player may play either"),
    dc.NO_WAY: gettext_lazy("the registered lists do not decide it: each player may play either"),
}


def match_reason_words(code: str) -> str:
    """Why a seat of a top-cut match shows the list(s) it shows."""
    return str(MATCH_REASON_WORDS.get(code) or reason_words(code))
