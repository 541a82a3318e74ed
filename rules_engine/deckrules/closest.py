"""Reading a misspelt name as the card it clearly means, and nicknames as their cards.

People type names from memory: a letter doubled or lost ("Long Grievious Siege",
"Astfaloth"), accented letters dropped with their accents ("Dsakn" for Dâsakûn), the
community's short names ("Fatty"). A name is read as a card only when one card is clearly
the closest: its score is high and the next card's is well below it. Otherwise the name
stays unknown and the close names are offered as suggestions.

Scores are rapidfuzz ratios over the matching keys (case, accents, spaces and punctuation
already folded by ``normalize_name``). A name whose letters all appear, in order, in a
card's name (letters lost, never letters changed) counts as a closer match than its ratio
alone says, because that is how accented names are mistyped.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from rules_engine.deckrules.cards import normalize_name

# A name read as a card must score this much out of 100 ...
READ_SCORE = 85.0
# ... or this much, when it only lacks letters of the card's name ...
LOST_LETTERS_SCORE = 75.0
# ... and lead the next different card by this much: "about as close" stays unknown.
CLEAR_LEAD = 6.0
# Shorter typed names match too many cards by chance ("Oin" and "Ori"): never read.
MIN_KEY_CHARS = 5
SUGGEST_SCORE = 60.0
# Or: one or two letters changed in a long name, when every other card is at least this
# many edits further. LOTR names share long subtitles ("Úlairë Enquëa, Lieutenant of
# Morgul" and "Úlairë Nelya, Lieutenant of Morgul"), which narrows the ratios' lead even
# where a single letter is wrong ("Ulaire Enguea, Lieutenant of Morgul").
EDIT_LEAD = 3


@dataclass(frozen=True, slots=True)
class Closest:
    key: str | None  # the one matching key clearly closest, if any
    near: tuple[str, ...]  # the close keys, best first (suggestions)


def _lost_letters(typed: str, key: str) -> bool:
    """Every typed letter appears in ``key`` in order, and no more than a third is lost."""
    if len(typed) < 0.66 * len(key):
        return False
    rest = iter(key)
    return all(ch in rest for ch in typed)


def _score(typed: str, key: str, ratio: float) -> float:
    if ratio >= LOST_LETTERS_SCORE and _lost_letters(typed, key):
        return max(ratio, READ_SCORE)
    return ratio


def closest(typed_name: str, keys: list[str], same_card: dict[str, str]) -> Closest:
    """The key ``typed_name`` clearly means among ``keys``; ``same_card`` maps a key to the
    card it names, so that two keys of one card (a title and its full name) never make a
    name "about as close" to two cards."""
    typed = normalize_name(typed_name)
    if not typed:
        return Closest(None, ())
    found = process.extract(typed, keys, scorer=fuzz.ratio, limit=6, score_cutoff=SUGGEST_SCORE)
    scored = sorted(
        ((_score(typed, key, ratio), key) for key, ratio, _i in found), key=lambda s: -s[0]
    )
    near = tuple(key for _s, key in scored)
    if not scored or len(typed) < MIN_KEY_CHARS:
        return Closest(None, near)
    best_score, best = scored[0]
    rivals = [s for s, key in scored[1:] if same_card.get(key, key) != same_card.get(best, best)]
    if best_score >= READ_SCORE and (not rivals or best_score - rivals[0] >= CLEAR_LEAD):
        return Closest(best, near)
    rival_keys = [k for _s, k in scored[1:] if same_card.get(k, k) != same_card.get(best, best)]
    if best_score >= READ_SCORE and _few_edits(typed, best, rival_keys):
        return Closest(best, near)
    return Closest(None, near)


def _few_edits(typed: str, best: str, rivals: list[str]) -> bool:
    edits = Levenshtein.distance(typed, best)
    if edits > max(1, len(typed) // 12):
        return False
    return all(Levenshtein.distance(typed, key) >= edits + EDIT_LEAD for key in rivals)


@lru_cache(maxsize=4)
def nicknames(game: str) -> dict[str, str]:
    """The community's short names of cards (data/nicknames.json), by matching key."""
    text = (
        resources.files("rules_engine.deckrules")
        .joinpath("data/nicknames.json")
        .read_text(encoding="utf-8")
    )
    table = json.loads(text).get(game, {})
    return {normalize_name(nick): name for nick, name in table.items() if not nick.startswith("_")}
