"""Characters and avatars in the play deck (003 Part I §3 step 5; CoE 1.5, 1.6.1)."""

from __future__ import annotations

from collections import Counter, defaultdict

from rules_engine.deckrules.checks.metw.deck import METW_SRC, MetwDeck
from rules_engine.deckrules.problems import Entry, Problem, lines_of, names, plural, total


def play_characters_max(deck: MetwDeck) -> list[Problem]:
    max_chars = deck.rules.get("max_play_characters")
    characters = deck.by_role["character"]
    if max_chars is None or characters <= max_chars:
        return []
    char_entries = [e for e in deck.zone("play") if deck.role(e.card) == "character"]
    return [
        Problem(
            "play_characters_max",
            f"{plural(characters, 'character')} in the play deck: at most {max_chars}"
            + (" (avatars not counted)." if deck.coe else " (Wizards not counted)."),
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
        Problem(
            "play_character_copies",
            "Only one of each character card in the play deck: "
            + ", ".join(f"{c} × {n}" for n, c in dup.items())
            + ".",
            tuple(dup),
            source=METW_SRC + " step 5",
        )
    ]


def avatars_max(deck: MetwDeck) -> list[Problem]:
    max_avatars = deck.rules.get("max_avatars")
    avatar_count = deck.by_role["avatar"]
    if max_avatars is None or avatar_count <= max_avatars:
        return []
    word = "avatar" if deck.coe else "Wizard"
    return [
        Problem(
            "avatars_max",
            f"{plural(avatar_count, word)} in the play deck: at most {max_avatars}.",
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
        Problem(
            "avatars_all_different",
            f"{len(distinct)} different avatars ({', '.join(names(deck.avatars))}): up "
            f"to {deck.rules.get('max_avatars')} avatar cards are allowed, but not {different} "
            "different ones.",
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
        Problem(
            "avatar_copies",
            "More than one avatar with several copies in play deck and sideboard: "
            + ", ".join(f"{total(es)} × {es[0].card.name}" for es in repeated)
            + f". Only {max_with_copies} avatar may have more than one copy.",
            tuple(es[0].card.name for es in repeated),
            lines_of(flat),
            source="CoE 1.6.1 (avatars in the sideboard)",
        )
    ]
