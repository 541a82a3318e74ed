"""What every deck check shares: one ``Problem`` type, the resolved ``Entry``, the ``Verdict``.

Each problem has a stable ``code`` (what programs and tests key on), a message that names
the cards and the counts, the cards and line numbers concerned, and the rule's source.
Warnings (``severity="warning"``) inform without making the deck illegal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from rules_engine.deckrules.cards import CardRecord
from rules_engine.deckrules.decklist import DeckLine
from rules_engine.deckrules.formats import FormatDef

ERROR, WARNING = "error", "warning"


@dataclass(frozen=True, slots=True)
class Problem:
    code: str
    message: str
    cards: tuple[str, ...] = ()
    lines: tuple[int, ...] = ()
    severity: str = ERROR
    source: str = ""
    # What the message says, as data: the faces render code + params in the reader's
    # language (rules_engine/deckrules/messages.py); ``message`` is the English rendering.
    params: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "params": self.params,
            "message": self.message,
            "cards": list(self.cards),
            "lines": list(self.lines),
            "severity": self.severity,
            "source": self.source,
        }


@dataclass
class Entry:
    """One deck line resolved to a card and placed in a zone of the deck."""

    line: DeckLine
    card: CardRecord
    zone: str
    count: int


@dataclass
class Verdict:
    legal: bool
    problems: list[Problem]
    counts: dict[str, Any]
    unresolved: list[dict[str, Any]] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)
    format_key: str = ""
    player_type: str | None = None
    read_as: str = "text"  # the list format the text was read as (readers.LIST_FORMATS)
    title: str | None = None
    # Names read as a card they are not spelt as: {"line", "text", "card", "how"}, where
    # "how" is "closest" (a misspelling) or "nickname".
    readings: list[dict[str, Any]] = field(default_factory=list)
    # Each reading of the list told to the player, by line: {"kind", "line", "text"} and,
    # by kind, "card" or "declared"/"listed" (``validate.NOTICE_KINDS``).
    notices: list[dict[str, Any]] = field(default_factory=list)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == ERROR]

    def codes(self, severity: str | None = ERROR) -> list[str]:
        return [p.code for p in self.problems if severity is None or p.severity == severity]

    def to_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "format": self.format_key,
            "player_type": self.player_type,
            "read_as": self.read_as,
            "title": self.title,
            "problems": [p.to_dict() for p in self.problems],
            "unresolved": self.unresolved,
            "counts": self.counts,
            "cards": self.cards,
            "readings": self.readings,
            "notices": self.notices,
        }


class PlayerTypeError(ValueError):
    """A player type the format does not allow; ``params`` name it and the allowed ones,
    for the faces to say in the reader's language (the message is the English)."""

    code = "player_type_not_allowed"

    def __init__(self, message: str, params: dict[str, Any] | None = None):
        super().__init__(message)
        self.params = params or {}


def plural(n: int | float, word: str, plural_word: str | None = None) -> str:
    n_text = f"{n:g}" if isinstance(n, float) else str(n)
    return f"{n_text} {word if n == 1 else (plural_word or word + 's')}"


def names(entries: Iterable[Entry]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for e in entries:
        seen.setdefault(e.card.name, None)
    return tuple(seen)


def lines_of(entries: Iterable[Entry]) -> tuple[int, ...]:
    return tuple(sorted({e.line.line_no for e in entries}))


def total(entries: Iterable[Entry], pred: Callable[[Entry], bool] | None = None) -> int:
    if pred is None:
        return sum(e.count for e in entries)
    return sum(e.count for e in entries if pred(e))


def sum_by(entries: Iterable[Entry], key: Callable[[CardRecord], str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in entries:
        k = key(e.card)
        out[k] = out.get(k, 0) + e.count
    return out


def by_zone(entries: Iterable[Entry]) -> dict[str, list[Entry]]:
    zones: dict[str, list[Entry]] = {}
    for e in entries:
        zones.setdefault(e.zone, []).append(e)
    return zones


def rule_source(fmt: FormatDef, rulebook: str, coe: str) -> str:
    """The section of the rulebook the format follows (the 003 starter rules or the CoE)."""
    return coe if fmt.rule("ruleset") == "coe" else rulebook
