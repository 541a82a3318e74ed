"""Settling which card each line names, with the format's and player type's preferences."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules_engine.deckrules.cards import LOTR_TCG, METW, CardRecord, normalize_name
from rules_engine.deckrules.decklist import DeckLine, ParsedDeck
from rules_engine.deckrules.formats import FormatDef
from rules_engine.deckrules.index import CardIndex, Resolution

Preference = Callable[[Sequence[CardRecord]], list[CardRecord]]


def metw_preference(
    allowed: Mapping[str, Any] | None, banned: Sequence[str] = ()
) -> Preference | None:
    if not allowed:
        return None

    # "prefer" maps a card type to the alignments chosen first: {"site": ["balrog"]}.
    first_choice: dict[str, list[str]] = allowed.get("prefer") or {}
    banned_keys = {normalize_name(b) for b in banned} | set(banned)

    def prefer(cards: Sequence[CardRecord]) -> list[CardRecord]:
        out = []
        for c in cards:
            kind = "avatar" if c.is_avatar else c.type
            ok = allowed.get(kind)
            if ok is None or c.alignment in ok or c.alignment == "neutral":
                out.append(c)
        # "The Balrog" for a Balrog player is the avatar, not the ally he may not include.
        legal = [c for c in out if c.key not in banned_keys and c.id not in banned_keys]
        if legal and len(legal) < len(out):
            out = legal
        # "Moria" for a Balrog player is the Balrog site, which its minion twin must yield to.
        for kind, aligns in first_choice.items():
            best = [c for c in out if c.type == kind and c.alignment in aligns]
            if best:
                out = [c for c in out if c.type != kind or c in best]
        return out

    return prefer


def lotr_preference(fmt: FormatDef) -> Preference:
    """The printings the format's sets allow; of several sites, the one on the format's
    site path (Anduin Banks in a Shadows format is the Shadows site)."""
    sets = set(fmt.rule("sets", []))
    always = set(fmt.rule("always_valid", []))
    path = fmt.rule("site_rule")

    def prefer(cards: Sequence[CardRecord]) -> list[CardRecord]:
        allowed = [c for c in cards if c.set in sets or c.id in always]
        if len(allowed) > 1 and all(c.type == "SITE" for c in allowed):
            on_path = [c for c in allowed if c.site_block == path]
            if on_path:
                return on_path
        return allowed

    return prefer


def _vote(line: DeckLine, index: CardIndex, open_sites: set[str]) -> str | None:
    """The player type one line's card points to, if its name fits one alignment only."""
    res = index.resolve(line)
    cards = [res.card] if res.card else list(res.candidates)
    # A Balrog-specific card (Orders from the Great Demon) is a minion card only a
    # Balrog player holds.
    aligns = {
        "balrog" if c.specific_to == "Balrog" else c.alignment
        for c in cards
        if c.type in ("character", "resource", "site") and c.key not in open_sites
    }
    if line.alignment_hint:
        aligns = {line.alignment_hint}
    return aligns.pop() if len(aligns) == 1 and not any(c.is_agent for c in cards) else None


def infer_player_type(lines: Sequence[DeckLine], index: CardIndex, fmt: FormatDef) -> str | None:
    """Guess a METW player type from cards whose name fits one printing only."""
    allowed = fmt.rule("player_types") or []
    if len(allowed) == 1:
        return allowed[0]
    votes: Counter[str] = Counter()
    # The five Balrog sites any player may hold tell nothing about the player.
    open_sites = {normalize_name(n) for n in fmt.rule("sites_open_to_all") or []}
    memo = index.memo.setdefault(f"votes:{fmt.key}", {})
    for line in lines:
        key = (line.name, line.set_hint, line.alignment_hint)
        vote = memo.get(key, "?")
        if vote == "?":
            vote = _vote(line, index, open_sites)
            if len(memo) < 50_000:
                memo[key] = vote
        if vote:
            votes[vote] += 1
    if votes["balrog"]:
        return "balrog"
    if votes["fallen-wizard"]:
        return "fallen-wizard"
    if votes["minion"] or votes["hero"]:
        return "ringwraith" if votes["minion"] > votes["hero"] else "wizard"
    return None


def resolve_deck(
    deck: ParsedDeck, fmt: FormatDef, index: CardIndex, player_type: str | None = None
) -> tuple[list[tuple[DeckLine, Resolution]], str | None]:
    prefer = None
    prefer_key = fmt.key
    if deck.game == METW:
        if player_type is None:
            player_type = infer_player_type(deck.lines, index, fmt)
        alignments = fmt.rule("alignments", {}) or {}
        banned = (fmt.rule("banned_by_player_type") or {}).get(player_type or "", [])
        prefer = metw_preference(alignments.get(player_type) if player_type else None, banned)
        prefer_key = f"{fmt.key}:{player_type}"
    elif deck.game == LOTR_TCG:
        prefer = lotr_preference(fmt)
        sets = ",".join(fmt.rule("sets", []))
        prefer_key = f"{fmt.key}:{fmt.rule('site_rule')}:{sets}"
    resolved = [(line, index.resolve(line, prefer, prefer_key)) for line in deck.lines]
    return _without_title(deck, resolved), player_type


# A count written on the line: "3 Name", "3x Name", "Name x3", "Name (x2)".
_COUNTED = re.compile(r"^\s*\d|\bx\s*\d+\b|\b\d+\s*x\b|\(\s*x?\d+\s*\)", re.I)


# Files a client or a tool wrote: every line of theirs is meant as a card, and JSON puts a
# card's name several lines from the next.
_FILE_FORMATS = {"gccg", "meccg-online", "netmeccg", "o8d", "gemp-ids"}
_FILE_FORMATS |= {"meccg-json", "lotr-json", "gemp-json"}


def _apart_lines(
    deck: ParsedDeck, resolved: list[tuple[DeckLine, Resolution]]
) -> list[tuple[DeckLine, Resolution]]:
    """A line naming no card, with no count, alone between blank lines ("Ranger Running
    Deck" under the page's name, "Not in deck"), is a title or a remark, not an unknown card:
    it is kept as a note. The first such line before any card is the list's title."""
    if deck.read_as in _FILE_FORMATS:
        return resolved
    used = {ln.line_no for ln, _res in resolved}
    used |= {h.line_no for h in deck.headings} | {n for n, _text in deck.notes}
    used |= {n for n, _text in deck.not_understood}
    apart = {
        ln.line_no
        for ln, res in resolved
        if res.status == "unknown"
        and not _COUNTED.search(ln.text)
        and ln.line_no - 1 not in used
        and ln.line_no + 1 not in used
    }
    if not apart:
        return resolved
    first_card = min((ln.line_no for ln, res in resolved if res.status != "unknown"), default=0)
    for line, _res in resolved:
        if line.line_no in apart:
            if deck.title is None and line.line_no < first_card:
                deck.title = line.text.strip()
            deck.notes.append((line.line_no, line.text))
    deck.lines = [ln for ln in deck.lines if ln.line_no not in apart]
    return [(ln, res) for ln, res in resolved if ln.line_no not in apart]


def _without_title(
    deck: ParsedDeck, resolved: list[tuple[DeckLine, Resolution]]
) -> list[tuple[DeckLine, Resolution]]:
    """An article or forum list often opens with its deck's name on a line of its own
    ("The Southron/Hate deck", then a blank line). When that first line names no card,
    carries no count and stands apart from what follows, it is the list's title, not an
    unknown card. A line that names a card always stays a card."""
    if len(resolved) < 2:
        return resolved
    resolved = _apart_lines(deck, resolved)
    if deck.title is not None or len(resolved) < 2:
        return resolved
    first, res = resolved[0]
    others = [ln.line_no for ln, _res in resolved[1:]]
    others += [h.line_no for h in deck.headings] + [n for n, _text in deck.notes]
    if (
        res.status != "unknown"
        or _COUNTED.search(first.text)
        or min(others) < first.line_no + 2  # the next line is not blank: part of the list
    ):
        return resolved
    deck.title = first.text.strip()
    deck.notes.append((first.line_no, first.text))
    deck.lines = [ln for ln in deck.lines if ln is not first]
    return resolved[1:]
