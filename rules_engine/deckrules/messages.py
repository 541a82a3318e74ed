"""Deck problems in words: one message template per problem code, rendered from the
problem's parameters.

The engine stays free of Django: templates are only *marked* for the translation catalogue
here (``gettext_noop`` is a keyword ``makemessages`` extracts), and :func:`render` takes the
translating function as an argument. The engine renders English (for logs, tests and the
API's ``message``); the faces render the same code and parameters in the reader's language.

A parameter is a number, a text (card names stay as printed), a list of texts (joined with
commas), or a list of items ``{"item": <item template key>, "list": [{...}, ...]}`` whose
item template is translated too ("line 43 Aragorn").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules_engine.deckrules.problem_templates import TEMPLATES, gettext_noop
from rules_engine.deckrules.problems import WARNING, Entry, Problem, lines_of, names

Translate = Callable[[str], str]


def _same(message: str) -> str:
    return message


ITEMS: dict[str, str] = {
    "line_card": gettext_noop("line %(line)s %(card)s"),
    "copies_card": gettext_noop("%(count)s × %(card)s"),
    "card_set": gettext_noop("%(card)s (set %(set)s)"),
    "card_option": gettext_noop("%(card)s (%(set)s%(alignment)s, %(id)s)"),
    "aligned:hero": gettext_noop("hero"),
    "aligned:minion": gettext_noop("minion"),
    "aligned:fallen-wizard": gettext_noop("fallen-wizard"),
    "aligned:balrog": gettext_noop("balrog"),
    "aligned:neutral": gettext_noop("neutral"),
    "aligned:dual": gettext_noop("dual"),
    "alignment:hero": gettext_noop(" hero"),
    "alignment:minion": gettext_noop(" minion"),
    "alignment:fallen-wizard": gettext_noop(" fallen-wizard"),
    "alignment:balrog": gettext_noop(" balrog"),
    "alignment:neutral": gettext_noop(" neutral"),
    "alignment:dual": gettext_noop(" dual"),
    "site_under": gettext_noop("line %(line)s %(card)s (under “%(heading)s”)"),
    "misplaced": gettext_noop("line %(line)s %(card)s is a %(type)s card under “%(heading)s”"),
    "site_aligned": gettext_noop("%(count)s × %(card)s (%(alignment)s)"),
    "or": gettext_noop("%(first)s / %(second)s"),
    # Phrases a message takes or leaves out.
    "player_type:wizard": gettext_noop("Wizard (hero)"),
    "player_type:ringwraith": gettext_noop("Ringwraith (minion)"),
    "player_type:fallen-wizard": gettext_noop("Fallen-wizard"),
    "player_type:balrog": gettext_noop("Balrog"),
    "card_kind": gettext_noop("%(card)s (%(alignment)s %(role)s, %(set)s)"),
    "card_type:avatar": gettext_noop("avatar"),
    "card_paren": gettext_noop("%(card)s (%(what)s)"),
    "card_mind": gettext_noop("%(card)s (mind %(mind)s)"),
    "no_race": gettext_noop("no race"),
    "specific_balrog": gettext_noop("%(card)s (specific to the Balrog)"),
    "specific_fw": gettext_noop("%(card)s (specific to the Fallen-wizard %(avatar)s)"),
    "block": gettext_noop("%(block)s"),
    "block:FELLOWSHIP": gettext_noop("Fellowship block"),
    "block:TWO_TOWERS": gettext_noop("Towers block"),
    "block:KING": gettext_noop("King block"),
    "block:HOBBIT": gettext_noop("Hobbit"),
    "block:SHADOWS": gettext_noop("Shadows (set 11 on)"),
    "site_twice": gettext_noop("site %(number)s twice (%(names)s)"),
    "site_missing": gettext_noop("no site %(numbers)s"),
    "shadow_group": gettext_noop("%(count)s with Shadow number %(number)s (%(names)s)"),
    "in_the_pool": gettext_noop("in the pool"),
    "starting_characters": gettext_noop("starting characters"),
    "with_starting_characters": gettext_noop("with the starting characters"),
    "list_under_pool": gettext_noop(" List them under “Pool”."),
    "in_lieu": gettext_noop(
        " (cards played with the starting company in lieu of a minor item count)"
    ),
    "and_fw_stage": gettext_noop(" (and a Fallen-wizard's Stage resource permanent-events)"),
    "stage_worth": gettext_noop("they are worth %(points)s, not exactly %(want)s"),
    "stage_cards": gettext_noop("%(n)s cards, at most %(max)s"),
    "stage_none_nonunique": gettext_noop("none of them is non-unique"),
    "stage_card": gettext_noop("%(count)s × %(card)s (%(points)s)"),
    "scope:whole": gettext_noop(" in the whole deck"),
    "scope:with_sideboard": gettext_noop(" in play deck, sideboard and starting cards"),
    "scope:play_and_pool": gettext_noop(" in play deck and starting cards"),
    "scope:deck": gettext_noop(""),
    "fw_two": gettext_noop(" (a Fallen-wizard deck: two)"),
    "location_deck": gettext_noop("location deck"),
    "adventure_deck": gettext_noop("adventure deck"),
    "card_type:character": gettext_noop("character"),
    "card_type:resource": gettext_noop("resource"),
    "card_type:hazard": gettext_noop("hazard"),
    "card_type:site": gettext_noop("site"),
    "card_type:region": gettext_noop("region"),
}

# Counted nouns: (singular, plural) in English; the faces have their own plural forms.
WORDS: dict[str, tuple[str, str]] = {
    "card": ("card", "cards"),
    "resource": ("resource", "resources"),
    "hazard": ("hazard", "hazards"),
    "character": ("character", "characters"),
    "avatar": ("avatar", "avatars"),
    "wizard": ("Wizard", "Wizards"),
    "creature": ("creature", "creatures"),
    "region": ("region card", "region cards"),
    "sideboard_card": ("sideboard card", "sideboard cards"),
    "item": ("item", "items"),
    "site": ("site", "sites"),
    "free_peoples_card": ("Free Peoples card", "Free Peoples cards"),
    "stage_point": ("stage point", "stage points"),
}

CountPhrase = Callable[[str, int], str]


def count(n: int, word: str) -> dict[str, Any]:
    """A parameter "31 resources": the number and the counted noun's key."""
    return {"n": n, "word": word}


def items(key: str, rows: list[dict[str, Any]], sep: str = ", ") -> dict[str, Any]:
    """A parameter listing ``rows``, each rendered with item template ``key``."""
    return {"item": key, "list": rows, "sep": sep}


def phrase(key: str) -> dict[str, str]:
    return {"phrase": key}


def alignment(value: str | None) -> dict[str, str] | str:
    """A card's alignment inside a message (" minion"), or nothing."""
    if not value:
        return ""
    return phrase(f"alignment:{value}") if f"alignment:{value}" in ITEMS else f" {value}"


def _english_count(word: str, n: int) -> str:
    one, many = WORDS.get(word, (word, word + "s"))
    return f"{n} {one if n == 1 else many}"


def _value(value: Any, translate: Translate, count_phrase: CountPhrase) -> Any:
    if isinstance(value, Mapping):
        if "item" in value:
            # A row may name its own item template ("_item"): a list of different facts.
            rows = [
                translate(ITEMS[r.get("_item") or value["item"]])
                % {k: _value(v, translate, count_phrase) for k, v in dict(r).items()}
                for r in value.get("list", ())
            ]
            return str(value.get("sep", ", ")).join(rows)
        if "phrase" in value:
            return translate(ITEMS[value["phrase"]]) if value["phrase"] else ""
        if "word" in value:
            return count_phrase(str(value["word"]), int(value["n"]))
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return value


def render(
    code: str,
    params: Mapping[str, Any],
    translate: Translate = _same,
    count_phrase: CountPhrase = _english_count,
) -> str | None:
    """The message of problem ``code`` with ``params``, in the language ``translate`` and
    ``count_phrase`` give; None for a code without a template (the caller keeps the
    engine's message). ``params["variant"]`` picks a variant of the code's message."""
    variant = params.get("variant")
    template = TEMPLATES.get(f"{code}:{variant}" if variant else code)
    if template is None:
        return None
    try:
        values = {
            k: _value(v, translate, count_phrase) for k, v in params.items() if k != "variant"
        }
        return translate(template) % values
    except (KeyError, TypeError, ValueError):
        # A stored verdict from before a template changed: its own message still reads.
        return None


def problem(
    code: str,
    params: Mapping[str, Any],
    cards: tuple[str, ...] = (),
    lines: tuple[int, ...] = (),
    severity: str = "error",
    source: str = "",
) -> Problem:
    """A problem whose message is the code's template filled with ``params``."""
    message = render(code, params) or code
    return Problem(code, message, cards, lines, severity, source, dict(params))


def format_notice(code: str, declared: str, checked_as: str, named: str = "") -> Problem:
    """A notice (a warning, never an error) about the format a list's "Format:" line names."""
    params = {"declared": declared, "format": checked_as}
    if named:
        params["named"] = named
    return problem(code, params, severity=WARNING)


def sites_moved(moved: list[Entry], where: str) -> list[Problem]:
    """A site listed among the play-deck cards can only belong in one place: it is counted
    there, and the player is told (a warning, not a broken rule)."""
    if not moved:
        return []
    rows = [{"line": e.line.line_no, "card": e.card.name, "heading": e.line.heading} for e in moved]
    return [
        problem(
            "site_moved",
            {"where": phrase(where), "sites": items("site_under", rows, "; ")},
            names(moved),
            lines_of(moved),
            WARNING,
        )
    ]
