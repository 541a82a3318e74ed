"""Characters and avatars in the play deck (003 Part I §3 step 5; CoE 1.5, 1.6.1)."""

from __future__ import annotations

from collections import Counter, defaultdict

from rules_engine.deckrules.checks.metw.deck import METW_SRC, MetwDeck
from rules_engine.deckrules.messages import count, items, problem
from rules_engine.deckrules.problems import Entry, Problem, lines_of, names, total


def play_characters_max(deck: MetwDeck) -> list[Problem]:
    max_chars = deck.rules.get("max_play_characters")
    characters = deck.by_role["character"]
    if max_chars is None or characters <= max_chars:
        return []
    char_entries = [e for e in deck.zone("play") if deck.role(e.card) == "character"]
    return [
        problem(
            "play_characters_max",
            {"characters": count(characters, "character"), "max": max_chars}
            | ({} if deck.coe else {"variant": "starter"}),
            names(char_entries),
            lines_of(char_entries),
            source=deck.src(METW_SRC + " step 5", "CoE 1.5"),
        )
    ]


def play_character_copies(deck: MetwDeck) -> list[Problem]:
    """The starter rules: one of each (non-unique) character card in the play deck."""
    if not deck.rules.get("play_characters_one_each"):
        return []
    per_char: Counter[str] = Counter()
    for e in deck.zone("play"):
        if deck.role(e.card) == "character" and not e.card.unique:
            per_char[e.card.name] += e.count
    dup = {n: c for n, c in per_char.items() if c > 1}
    if not dup:
        return []
    return [
        problem(
            "play_character_copies",
            {"copies": items("copies_card", [{"count": c, "card": n} for n, c in dup.items()])},
            tuple(dup),
            source=METW_SRC + " step 5",
        )
    ]


def avatars_max(deck: MetwDeck) -> list[Problem]:
    max_avatars = deck.rules.get("max_avatars")
    avatar_count = deck.by_role["avatar"]
    if max_avatars is None or avatar_count <= max_avatars:
        return []
    word = "avatar" if deck.coe else "wizard"
    return [
        problem(
            "avatars_max",
            {"avatars": count(avatar_count, word), "max": max_avatars},
            names(deck.avatars),
            lines_of(deck.avatars),
            source=deck.src(METW_SRC + " step 5", "CoE 1.5"),
        )
    ]


def avatars_all_different(deck: MetwDeck) -> list[Problem]:
    different = deck.rules.get("avatars_not_all_different")
    distinct = {e.card.key for e in deck.avatars}
    if not different or deck.by_role["avatar"] < different or len(distinct) < different:
        return []
    return [
        problem(
            "avatars_all_different",
            {
                "distinct": len(distinct),
                "names": list(names(deck.avatars)),
                "max": deck.rules.get("max_avatars"),
                "different": different,
            },
            names(deck.avatars),
            lines_of(deck.avatars),
            source="CoE 1.5",
        )
    ]


def avatar_copies(deck: MetwDeck) -> list[Problem]:
    """CoE: only one avatar may have several copies across play deck and sideboard."""
    max_with_copies = deck.rules.get("max_avatars_with_copies")
    if max_with_copies is None:
        return []
    per_avatar: dict[str, list[Entry]] = defaultdict(list)
    for z in ("play", "sideboard", "sideboard_fw"):
        for e in deck.zone(z):
            if e.card.is_avatar:
                per_avatar[e.card.key].append(e)
    repeated = [es for es in per_avatar.values() if total(es) > 1]
    if len(repeated) <= max_with_copies:
        return []
    flat = [e for es in repeated for e in es]
    return [
        problem(
            "avatar_copies",
            {
                "copies": items(
                    "copies_card",
                    [{"count": total(es), "card": es[0].card.name} for es in repeated],
                ),
                "max": max_with_copies,
            },
            tuple(es[0].card.name for es in repeated),
            lines_of(flat),
            source="CoE 1.6.1 (avatars in the sideboard)",
        )
    ]
