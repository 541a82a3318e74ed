"""Matching pasted names to card records.

The index is built once per game from card records and then answers every
lookup from dictionaries, so resolving a 60-card list costs microseconds; only
a name that matches nothing pays for the fuzzy "did you mean" search.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from rapidfuzz import fuzz, process

from rules_engine.deckrules.cards import LOTR_TCG, METW, CardRecord, normalize_name
from rules_engine.deckrules.closest import closest, nicknames
from rules_engine.deckrules.decklist import DeckLine

_PAREN_PART = re.compile(r"^(.*?)\s*\(([^()]*)\)\s*$")
_METW_SET_ORDER = {code: i for i, code in enumerate(["TW", "TD", "DM", "LE", "AS", "WH", "BA"])}

# A narrowing step supplied by the format: given the candidates, keep the preferred
# ones (a Wizard player's hero printings, the printings legal in a LOTR block).
Preference = Callable[[Sequence[CardRecord]], Sequence[CardRecord]]


@dataclass(frozen=True, slots=True)
class Resolution:
    card: CardRecord | None
    status: str  # "ok" | "unknown" | "ambiguous" | "not_allowed" (no printing in the format)
    candidates: tuple[CardRecord, ...] = ()
    suggestions: tuple[str, ...] = ()
    # How a name that is no card's was read: "closest" (a misspelling clearly meaning one
    # card) or "nickname"; None when the name is the card's own.
    read: str | None = None


# The sets whose printing a NetMECCG mark names when the card itself has no alignment.
MARK_SETS = {"minion": ("LE",), "balrog": ("BA",), "fallen-wizard": ("WH",)}


def _same_card(a: CardRecord, b: CardRecord) -> bool:
    """Two printings the rules cannot tell apart (reprints, errata, promos)."""
    if a.game == LOTR_TCG:
        return a.key == b.key and a.type == b.type and a.side == b.side
    return (
        a.key == b.key
        and a.type == b.type
        and a.subtype == b.subtype
        and a.alignment == b.alignment
        and a.unique == b.unique
        and a.is_avatar == b.is_avatar
    )


def _printing_order(card: CardRecord) -> tuple:
    if card.game == LOTR_TCG:
        return (
            card.source != "official",
            card.base_id is not None,
            int(card.set) if card.set.isdigit() else 999,
            card.id,
        )
    return (_METW_SET_ORDER.get(card.set, 99), card.id)


@dataclass
class CardIndex:
    game: str
    records: list[CardRecord]
    by_key: dict[str, list[CardRecord]] = field(default_factory=dict)
    by_alt_key: dict[str, list[CardRecord]] = field(default_factory=dict)
    by_id: dict[str, CardRecord] = field(default_factory=dict)
    _names_by_key: dict[str, str] = field(default_factory=dict)
    _keys: list[str] = field(default_factory=list)
    # Every key a misspelt name may be close to (names and LOTR titles), and the card key
    # each stands for, so that a title and its card's full name are never rivals.
    _fuzzy_keys: list[str] = field(default_factory=list)
    _card_of_key: dict[str, str] = field(default_factory=dict)
    _suggested: dict[tuple[str, int], tuple[str, ...]] = field(default_factory=dict)
    _cache: dict[tuple, Resolution] = field(default_factory=dict)
    # Other memoised answers derived from the index (e.g. a line's player-type vote).
    memo: dict[str, dict] = field(default_factory=dict)

    @classmethod
    def build(cls, game: str, records: Iterable[CardRecord]) -> CardIndex:
        index = cls(game=game, records=list(records))
        for card in index.records:
            index.by_id[card.id] = card
            index.by_key.setdefault(card.key, []).append(card)
            index._names_by_key.setdefault(card.key, card.name)
            # Secondary keys: a LOTR title alone ("Gandalf"), a METW name without its
            # parenthesised part ("Mûmak" for "Mûmak (Oliphant)") or the part itself.
            alt_keys = set()
            if card.title and card.title_key != card.key:
                alt_keys.add(card.title_key)
            m = _PAREN_PART.match(card.name)
            if m:
                alt_keys.update({normalize_name(m.group(1)), normalize_name(m.group(2))})
            for alt in alt_keys - {card.key, ""}:
                index.by_alt_key.setdefault(alt, []).append(card)
        for cards in index.by_key.values():
            cards.sort(key=_printing_order)
        for cards in index.by_alt_key.values():
            cards.sort(key=_printing_order)
        index._keys = list(index._names_by_key)
        index._fuzzy_keys = index._keys + [k for k in index.by_alt_key if k not in index.by_key]
        for alt, cards in index.by_alt_key.items():
            if alt not in index.by_key and len({c.key for c in cards}) == 1:
                index._card_of_key[alt] = cards[0].key
        # "Tale of Gil-galad" for The Tale of Gil-galad: a leading article is often left out.
        for key in index._keys:
            if key.startswith("the") and len(key) > 8 and key[3:] not in index.by_key:
                index._fuzzy_keys.append(key[3:])
                index._card_of_key[key[3:]] = key
        return index

    def __len__(self) -> int:
        return len(self.records)

    def suggestions(self, name: str, limit: int = 3) -> tuple[str, ...]:
        """Names close to ``name`` (rapidfuzz: about 0.1 ms against a whole database)."""
        m = _PAREN_PART.match(name)
        if m and m.group(1).strip():
            # "Cavern Wall (Pull Aragorn)": the player's note is no part of the name.
            name = m.group(1)
        key = normalize_name(name)
        if not key:
            return ()
        memo_key = (key, limit)
        hit = self._suggested.get(memo_key)
        if hit is not None:
            return hit
        found = [
            k
            for k, _score, _i in process.extract(
                key, self._keys, scorer=fuzz.ratio, limit=limit, score_cutoff=60
            )
        ]
        if len(found) < limit:
            found += [k for k in self._keys if k.startswith(key) and k not in found][
                : limit - len(found)
            ]
        hit = tuple(self._names_by_key[k] for k in found[:limit])
        if len(self._suggested) < 50_000:
            self._suggested[memo_key] = hit
        return hit

    def resolve(
        self, line: DeckLine, prefer: Preference | None = None, prefer_key: str = ""
    ) -> Resolution:
        cache_key = (
            line.name,
            line.set_hint,
            line.alignment_hint,
            line.printing_default,
            prefer_key,
        )
        hit = self._cache.get(cache_key)
        if hit is None:
            hit = self._resolve(line, prefer)
            if len(self._cache) < 50_000:
                self._cache[cache_key] = hit
        return hit

    def _lookup(self, name: str) -> tuple[list[CardRecord], str | None]:
        """Candidates for a name, and a set code found in a trailing parenthesis."""
        key = normalize_name(name)
        if key in self.by_key:
            return self.by_key[key], None
        m = _PAREN_PART.match(name)
        if m:
            inner = m.group(2).strip()
            base = normalize_name(m.group(1))
            if base in self.by_key:
                return self.by_key[base], inner
            if base in self.by_alt_key:
                return self.by_alt_key[base], inner
        if key in self.by_alt_key:
            return self.by_alt_key[key], None
        return [], None

    def _resolve(self, line: DeckLine, prefer: Preference | None) -> Resolution:
        hint = line.set_hint
        if hint and "_" in hint and hint in self.by_id:
            card = self.by_id[hint]
            if not line.name or normalize_name(line.name) in {card.key, card.title_key}:
                return Resolution(card, "ok", (card,))
            if self._lookup(line.name)[0] == [] and closest(line.name, [card.key], {}).key:
                # "4C302 Frodo, Tired Traveler": the number names the card, the name
                # only misspells it.
                return Resolution(card, "ok", (card,), read="closest")
            hint = hint.split("_", 1)[0]
        candidates, paren = self._lookup(line.name)
        read = None
        if not candidates:
            candidates, read = self._read_unknown(line.name)
        if not candidates:
            # Suggestions are the caller's to ask for: a request bounds how many it pays for.
            return Resolution(None, "unknown")
        res = self._settle(line, hint, candidates, paren, prefer)
        return replace(res, read=read) if read else res

    def _read_unknown(self, name: str) -> tuple[list[CardRecord], str | None]:
        """A name no card bears, read as a nickname or as the card it clearly misspells."""
        nicks = nicknames(self.game)
        title, comma, subtitle = name.partition(",")
        nick = nicks.get(normalize_name(name))
        if nick is None and comma and normalize_name(title) in nicks:
            # "Bilbo Baggins, Well-spoken Gentlehobbit": the title as people say it.
            nick = f"{nicks[normalize_name(title)]},{subtitle}"
        if nick is not None:
            found, _paren = self._lookup(nick)
            if found:
                return found, "nickname"
        m = _PAREN_PART.match(name)
        typed = m.group(1) if m and m.group(1).strip() else name
        near = closest(typed, self._fuzzy_keys, self._card_of_key)
        if near.key is None:
            return [], None
        key = self._card_of_key.get(near.key, near.key)
        return self.by_key.get(key) or self.by_alt_key.get(key, []), "closest"

    def _settle(
        self,
        line: DeckLine,
        hint: str | None,
        candidates: list[CardRecord],
        paren: str | None,
        prefer: Preference | None,
    ) -> Resolution:
        """The card among a name's candidates that the line's marks and the format pick."""
        if paren and not hint:
            hint = paren.upper() if self.game == METW else paren
        pool: Sequence[CardRecord] = candidates
        if hint:
            set_code = hint.split("_", 1)[0]
            narrowed = [c for c in pool if c.set.upper() == set_code.upper()]
            if narrowed:
                pool = narrowed
        wanted = line.alignment_hint or line.printing_default
        if wanted:
            narrowed = [c for c in pool if c.alignment == wanted]
            if not narrowed and line.alignment_hint in MARK_SETS:
                # A neutral hazard marked "Cave-drake*" is its printing in the minion set.
                narrowed = [c for c in pool if c.set in MARK_SETS[line.alignment_hint]]
            if narrowed:
                pool = narrowed
        if len(pool) > 1 and prefer is not None:
            narrowed = list(prefer(pool))
            if not narrowed and not all(_same_card(pool[0], other) for other in pool[1:]):
                # Several cards bear the name and the format allows none of them.
                return Resolution(None, "not_allowed", tuple(pool))
            if narrowed:
                pool = narrowed
        first = pool[0]
        if all(_same_card(first, other) for other in pool[1:]):
            return Resolution(first, "ok", tuple(pool))
        return Resolution(None, "ambiguous", tuple(pool))
