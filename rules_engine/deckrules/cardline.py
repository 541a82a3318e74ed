"""One card line as people write it: the count, the name, a set code, an alignment tag
and a note, whatever order and punctuation they come in.

Accepted: ``3 Name``, ``3x Name``, ``3 x Name``, ``3× Name``, ``x3 Name``, ``3) Name``,
``Name x3``, ``Name (x3)``, ``Name (3x)``, ``Name * 3``, ``Name - 3``, ``Name: 3``,
``Name 3``, ``Name (3)`` (not in LOTR TCG, where ``(3)`` names the set), ``3-Name``, a
bare ``Name`` (one copy), Markdown bullets and bold around any of these, GCCG lines such
as ``3 Orc-lieutenant (TW)`` and ``1 Balin [H] (TW)``, LOTR TCG lines with
``Title, Subtitle``, unique bullets (``•``) and collector numbers, and notes in brackets,
after ``//`` or (METW) after `` - ``. Several cards on one line are split first
(:func:`split_cards`). Pure and memoised: the same lines recur in list after list.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rules_engine.deckrules.cards import LOTR_TCG, METW, METW_SET_CODES, normalize_name
from rules_engine.deckrules.decklist import MAX_COPIES_PER_LINE

_COUNT_FIRST = re.compile(r"^(\d{1,4})\s*(?:[x×*]\s*|-\s*(?=\D)|[.):]\s+|\s+)(.+)$", re.IGNORECASE)
_X_FIRST = re.compile(r"^[x×]\s*(\d{1,4})\s+(.+)$", re.IGNORECASE)
# No card name of either game ends in a number, has a " - ", a ":" or a "/" in it: a
# number after such a mark (or after the last word) is a count.
_COUNT_LAST = re.compile(
    r"^(.+?)\s*(?:\(\s*[x×]\s*(\d{1,4})\s*\)|\(\s*(\d{1,4})\s*[x×]\s*\)"
    r"|[x×*]\s*(\d{1,4})|(?<=\s)(\d{1,4})\s*[x×]|[-:=]\s*(\d{1,4})|(?<=[^\W\d_]|[)'’])\s+(\d{1,2}))$",
    re.IGNORECASE,
)
_PAREN_COUNT = re.compile(r"^(.+?)\s*\(\s*(\d{1,2})\s*\)$")
# "- 3x Name", "* 2 Name", "1. 3 Name": a list's bullet or numbering before the count.
_LEAD = re.compile(r"^(?:[-*+•·>]+\s*|\d{1,3}[.)]\s+)(?=\d{1,3}\s*[x×]?\s*\D)")
_MARKDOWN = re.compile(r"\*\*|__|`")
# Two or more cards on one line: "Moria / Goblin-gate", "2 Cave-drake, 1 Orc-lieutenant".
# "Celeborn + Elf-stone" (a character and his item); "Aragorn, Wingfoot x2 -Faramir x2" (a
# bullet typed after a count instead of a line break).
_SEVERAL = re.compile(
    r"\s+/\s+|(?<=[^\W\d_])/(?=[^\W\d_])|\s*[,;]\s*(?=\d{1,2}\s*[x×]?\s+\D)"
    r"|\s+\+\s+(?=[^\W\d_])|(?<=[x×]\d)\s+-\s*(?=[^\W\d_])"
)
_CARRIED = re.compile(r"^(.+?)\s*\(\s*\+\s*([^()]+?)\s*\)$")
_DASH_NOTE = re.compile(r"^(.+?)\s+[-–—]\s+(\D.*)$")
_TRAILING_PAREN = re.compile(r"\s*\(([^()]*)\)\s*$")
_BRACKETS = re.compile(r"\s*\[([^\]]*)\]")
_BRACES = re.compile(r"\s*\{([^}]*)\}")
_LOTR_COLL = re.compile(r"^(\d{1,3})\s*[A-Z]{1,2}\+?\s*(\d{1,3})[A-Z]?$", re.IGNORECASE)
_LEADING_COLL = re.compile(r"^(\d{1,3}[A-Z]{1,2}\+?\d{1,3}[A-Z]?)\s+(.+)$")
_LOTR_ID = re.compile(r"^(\d{1,3})_(\d{1,4})$")
_STARTING = re.compile(r"\s*\((starting|start)\)\s*$", re.IGNORECASE)
_SENTENCE_END = re.compile(r"\.\)?$")
_CLAUSE_END = re.compile(r"[.,;:!?]\)?$")
_BULLETS = "•·*–—-+>"

ALIGNMENT_TAGS = {
    "h": "hero",
    "hero": "hero",
    "m": "minion",
    "minion": "minion",
    "fw": "fallen-wizard",
    "f": "fallen-wizard",
    "fallenwizard": "fallen-wizard",
    "b": "balrog",
    "ba": "balrog",
    "balrog": "balrog",
}


def split_count(body: str) -> tuple[int, str]:
    m = _COUNT_FIRST.match(body)
    if m:
        return int(m.group(1)), m.group(2).strip()
    m = _X_FIRST.match(body)
    if m:
        return int(m.group(1)), m.group(2).strip()
    m = _COUNT_LAST.match(body)
    if m:
        return int(next(g for g in m.groups()[1:] if g)), m.group(1).strip()
    return 1, body


def split_cards(body: str) -> list[str]:
    """The cards of one line, most often just the line itself."""
    body = _MARKDOWN.sub("", body).strip()
    carried = _CARRIED.match(body)
    if carried:
        # "Glorfindel II (+ Elf-stone)": a starting character and the item he carries.
        return [carried.group(1).strip(), carried.group(2).strip()]
    parts = [p.strip() for p in _SEVERAL.split(body)]
    return [p for p in parts if p] or [body]


def set_code(text: str, game: str) -> str | None:
    token = text.strip()
    if game == METW:
        up = token.upper()
        if up in METW_SET_CODES:
            return up
        for code, long in METW_SET_CODES.items():
            if up == long:
                return code
        return None
    if game == LOTR_TCG:
        if token.isdigit() and len(token) <= 3:
            return str(int(token))
        m = _LOTR_ID.match(token)
        if m:
            return f"{int(m.group(1))}_{int(m.group(2))}"
        m = _LOTR_COLL.match(token)
        if m:
            return f"{int(m.group(1))}_{int(m.group(2))}"
    return None


def _marks(body: str, game: str, notes: list[str]) -> tuple[str, str | None]:
    """The line without its comment, bracketed tags and "(starting)" mark, and the
    alignment a tag names; everything else taken off goes to ``notes``."""
    if "//" in body:
        body, comment = body.split("//", 1)
        notes.append(comment.strip())
    alignment = None
    for m in list(_BRACKETS.finditer(body)) + list(_BRACES.finditer(body)):
        inner = m.group(1).strip()
        tag = ALIGNMENT_TAGS.get(normalize_name(inner)) if game == METW else None
        if tag:
            alignment = tag
        elif inner:
            notes.append(inner)
    body = _BRACES.sub("", _BRACKETS.sub("", body)).strip()
    starting = _STARTING.search(body)
    if starting:
        # The lotrtcgwiki widget marks the starting fellowship: "Name x1 (starting)".
        notes.append(starting.group(1).lower())
        body = body[: starting.start()]
    return body, alignment


def _count_and_name(body: str, game: str, notes: list[str]) -> tuple[int, str]:
    count, name = split_count(_LEAD.sub("", body))
    if count == 1 and game != LOTR_TCG:
        # "Orc-lieutenant (3)"; in LOTR TCG lists "(3)" names the set.
        m = _PAREN_COUNT.match(name)
        if m:
            count, name = int(m.group(2)), m.group(1)
    if game == METW:
        # "Orc-lieutenant - the Balrog's": no METW name has a spaced dash; LOTR lists
        # write "Title - Subtitle", which the resolver reads as the card's name.
        m = _DASH_NOTE.match(name)
        if m:
            name = m.group(1)
            notes.append(m.group(2).strip())
    return count, name


@lru_cache(maxsize=32768)
def read_card_text(body: str, game: str) -> tuple[int, str, str | None, str | None, str | None]:
    """(count, name, set code, alignment tag, note) of one card line; pure, so memoised."""
    notes: list[str] = []
    body, alignment = _marks(body, game, notes)
    count, name = _count_and_name(body, game, notes)
    set_hint = None
    if game == LOTR_TCG and _LOTR_ID.match(name):
        # A GEMP id list: "1x7_317" names the card by its id only.
        hint = set_code(name, game)
        return min(count, MAX_COPIES_PER_LINE), "", hint, None, "; ".join(notes) or None
    if game == LOTR_TCG:
        # Printed lists may lead with the collector number: "1C3 Axe Strike".
        m = _LEADING_COLL.match(name)
        if m:
            set_hint = set_code(m.group(1), game)
            name = m.group(2)
    # A trailing "(TW)" or "(1R290)" is a set code; other parentheses are a note, except
    # that a few card names end in parentheses themselves ("Mûmak (Oliphant)"): the
    # resolver tries the full text first, so keep those in `name` and record the split.
    m = _TRAILING_PAREN.search(name)
    if m:
        hint = set_code(m.group(1), game)
        before = name[: m.start()].strip()
        count_again, rest = split_count(before)
        if hint:
            set_hint = hint
            name = before
            if count == 1 and count_again != 1:
                count, name = count_again, rest
        elif count == 1 and rest != before:
            # "Thror's Map x2 (Long Knives x2 post-errata)": the count, then a note.
            count, name = count_again, rest
            notes.append(m.group(1).strip())
    name = name.strip().lstrip(_BULLETS).strip().rstrip(",;").strip()
    note = "; ".join(n for n in notes if n) or None
    return min(count, MAX_COPIES_PER_LINE), name, set_hint, alignment, note


def looks_like_prose(body: str) -> bool:
    """A sentence someone wrote about the deck, not a card: card names are short and do not
    end a sentence. A line that starts in lower case and runs on, or ends a sentence, is the
    rest of a sentence a page wrapped ("is a no-brainer.")."""
    words = body.split()
    if len(words) > 9 or (len(words) >= 4 and bool(_SENTENCE_END.search(body))):
        return True
    return body[:1].islower() and (len(words) >= 5 or bool(_CLAUSE_END.search(body)))
