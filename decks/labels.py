"""Names people read for the deck checker's internal keys (list formats, exports)."""

from __future__ import annotations

from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from rules_engine.deckrules.messages import render
from rules_engine.deckrules.readers.detect import FORMAT_NAMES

READ_AS_NAMES = {
    "gccg": _("GCCG deck file"),
    "meccg-online": _("meccg-online deck file"),
    "netmeccg": _("NetMECCG deck file (.dck)"),
    "o8d": _("OCTGN deck file (.o8d)"),
    "article": _("article or forum list"),
    "html": _("web page or forum post (HTML)"),
    "gemp-page": _("GEMP deck page"),
    "lotrtcgwiki": _("lotrtcgwiki deck widget"),
    "collector": _("collector-number list"),
    "gemp-ids": _("GEMP card-id list"),
    "meccg-json": _("meccg game server deck file (JSON)"),
    "lotr-json": _("LOTR TCG deck file with collector numbers (JSON)"),
    "gemp-json": _("GEMP deck record (JSON)"),
    "text": _("plain list"),
}
EXPORT_NAMES = {
    "gccg": _("GCCG deck file"),
    "netmeccg": _("NetMECCG deck file"),
    "gemp": _("GEMP import text"),
}


# Why a text is no deck list at all, by DeckTextError (or PlayerTypeError) code.
DECK_TEXT_ERRORS = {
    "json_other_game": _("This is a %(game)s deck file: choose the game %(game)s to check it."),
    "json_no_cards": _("This deck file lists no cards."),
    "json_several_decks": _(
        "This game record holds %(count)s decks (%(names)s): paste one deck at a time."
    ),
    "unknown_game": _("Deck lists cannot be checked for this game."),
    "too_long": _("The list is %(chars)s characters long; a deck list is at most %(max)s."),
    "not_text": _("This does not look like text: paste the deck list as plain text."),
    "too_many_lines": _("The list has %(lines)s lines; a deck list has at most %(max)s."),
    "unknown_format": _(
        "This file is in a format the deck checker does not know. It reads: %(formats)s."
    ),
    "json_broken": _(
        "This JSON file is broken (line %(line)s). The deck checker reads: %(formats)s."
    ),
    "o8d_broken": _("This OCTGN deck file cannot be read: its XML is broken."),
    "o8d_not_deck": _("This XML file is not an OCTGN deck (its outer element is not <deck>)."),
    "player_type_not_allowed": _(
        "This format does not allow the player type %(player_type)s: choose %(allowed)s."
    ),
}
UNREADABLE_TEXT = _("This text cannot be read as a deck list.")


def not_a_deck_message() -> str:
    return gettext(
        "No card was found in this text, so it does not look like a deck list. Paste the "
        "list with one card per line, such as “3 Orc-lieutenant”."
    )


def deck_text_error(exc: Exception) -> str:
    """Why a text cannot be read as a deck list, in the reader's language: the engine's
    English message never reaches a reader, only its code and parameters."""
    template = DECK_TEXT_ERRORS.get(getattr(exc, "code", ""))
    if template is None:
        return str(UNREADABLE_TEXT)
    return str(template) % _deck_text_params(getattr(exc, "params", None) or {})


def _deck_text_params(params: dict[str, Any]) -> dict[str, Any]:
    """The parameters in words: numbers as the reader writes them, player types and the
    formats read by name, never by key."""
    words: dict[str, Any] = {"formats": "; ".join(read_as_name(k) for k in FORMAT_NAMES)}
    for key, value in params.items():
        if isinstance(value, int) and not isinstance(value, bool):
            value = number_format(value, force_grouping=True)
        words[key] = value
    if "player_type" in params:
        words["player_type"] = player_type_name(params["player_type"])
        words["allowed"] = ", ".join(player_type_name(k) for k in params.get("allowed", ()))
    return words


def export_name(key: str) -> str:
    return str(EXPORT_NAMES.get(key, key))


def read_as_name(key: str) -> str:
    return str(READ_AS_NAMES.get(key, _("plain list")))


def problem_text(problem: Any) -> str:
    """A deck problem in the reader's language, rendered from its code and parameters
    (a ``Problem`` or its stored dict); the engine's English message when the code has
    no template."""
    get = problem.get if isinstance(problem, dict) else lambda k, d=None: getattr(problem, k, d)
    text = render(get("code", ""), get("params") or {}, gettext, _count_phrase)
    return text if text is not None else str(get("message", ""))


# The words of the engine's rule citations, at the face: the project's rules file is "our
# tournament rules" to a reader, and a director's setting is said in the reader's language.
SOURCE_WORDS = (
    ("RULES.md", _("tournament rules")),
    ("(director's setting)", _("(the director's setting)")),
    ("(setting)", _("(the director's setting)")),
)


def source_text(source: str) -> str:
    """A problem's rulebook citation as a reader sees it ("000 Part IV; tournament rules §4.3")."""
    for word, shown in SOURCE_WORDS:
        source = source.replace(word, str(shown))
    return source


# The counted nouns of the problem messages (rules_engine/deckrules/messages.py WORDS),
# with the plural forms of the reader's language.
COUNT_WORDS = {
    "card": ngettext_lazy("%(n)s card", "%(n)s cards", "n"),
    "resource": ngettext_lazy("%(n)s resource", "%(n)s resources", "n"),
    "hazard": ngettext_lazy("%(n)s hazard", "%(n)s hazards", "n"),
    "character": ngettext_lazy("%(n)s character", "%(n)s characters", "n"),
    "avatar": ngettext_lazy("%(n)s avatar", "%(n)s avatars", "n"),
    "wizard": ngettext_lazy("%(n)s Wizard", "%(n)s Wizards", "n"),
    "creature": ngettext_lazy("%(n)s creature", "%(n)s creatures", "n"),
    "region": ngettext_lazy("%(n)s region card", "%(n)s region cards", "n"),
    "sideboard_card": ngettext_lazy("%(n)s sideboard card", "%(n)s sideboard cards", "n"),
    "item": ngettext_lazy("%(n)s item", "%(n)s items", "n"),
    "free_peoples_card": ngettext_lazy("%(n)s Free Peoples card", "%(n)s Free Peoples cards", "n"),
    "site": ngettext_lazy("%(n)s site", "%(n)s sites", "n"),
    "stage_point": ngettext_lazy("%(n)s stage point", "%(n)s stage points", "n"),
}


def _count_phrase(word: str, n: int) -> str:
    phrase = COUNT_WORDS.get(word)
    return str(phrase % {"n": n}) if phrase is not None else f"{n} {word}"


def player_type_name(key: str | None) -> str:
    return str(PLAYER_TYPE_NAMES.get(key or "", key or ""))


ALIGNMENT_NAMES = {
    "hero": _("hero"),
    "minion": _("minion"),
    "fallen-wizard": _("Fallen-wizard"),
    "balrog": _("Balrog"),
    "neutral": _("neutral"),
    "dual": _("dual"),
}


def unresolved_rows(unresolved: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The names not matched, their candidates' alignments in words (no internal key)."""
    return [
        {
            **u,
            "candidates": [
                {**c, "alignment": str(ALIGNMENT_NAMES.get(c.get("alignment") or "", ""))}
                for c in u.get("candidates", [])
            ],
        }
        for u in unresolved
    ]


PLAYER_TYPE_NAMES = {
    "wizard": _("Wizard (hero)"),
    "ringwraith": _("Ringwraith (minion)"),
    "fallen-wizard": _("Fallen-wizard"),
    "balrog": _("Balrog"),
}

# The verdict's counts, as the deck page names them (the keys are the engine's).
COUNT_NAMES = {
    "player_type": _("Player type"),
    "play_deck": _("Play deck"),
    "resources": _("Resources"),
    "hazards": _("Hazards"),
    "characters": _("Characters"),
    "avatars": _("Avatars"),
    "creatures": _("Creatures"),
    "agents_mind": _("Agents' mind"),
    "pool": _("Pool"),
    "pool_characters": _("Pool characters"),
    "pool_mind": _("Starting characters' mind"),
    "pool_items": _("Starting items"),
    "pool_stage_points": _("Pool stage points"),
    "sideboard": _("Sideboard"),
    "sideboard_fw": _("Sideboard against Fallen-wizards"),
    "sites": _("Sites"),
    "havens": _("Havens"),
    "regions": _("Regions"),
    "total": _("Total"),
    "unresolved": _("Names not matched"),
    "ring_bearer": _("Ring-bearer"),
    "ring": _("The One Ring"),
    "draw_deck": _("Draw deck"),
    "free_peoples": _("Free Peoples"),
    "shadow": _("Shadow"),
    "deck": _("Deck"),
    "unique_cards": _("Unique cards"),
    "unknown": _("Unknown cards"),
}


def count_rows(counts: dict[str, Any]) -> list[tuple[str, Any]]:
    """(label, value) rows of a verdict's counts: no engine key or slug reaches the page."""
    rows = []
    for key, value in counts.items():
        if value is None or isinstance(value, dict):
            continue
        if key == "player_type":
            value = player_type_name(value)
        rows.append((str(COUNT_NAMES.get(key, key.replace("_", " ").capitalize())), value))
    return rows
