"""Checking a deck against a format: every problem at once, with the numbers.

The lines are resolved to cards (``resolve``), the game's deck is built and each of the
game's checks, listed in ``checks.GAME_RULES``, adds its problems. Names the card
databases do not know are problems too, with suggestions; a heading whose declared count
differs from the lines below it is a warning.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Any

from rules_engine.deckrules.cards import LORE, METW, CardRecord
from rules_engine.deckrules.checks import GAME_RULES
from rules_engine.deckrules.decklist import DeckLine, ParsedDeck
from rules_engine.deckrules.formats import PLAYER_TYPES, FormatDef
from rules_engine.deckrules.index import CardIndex, Resolution
from rules_engine.deckrules.messages import alignment, items, problem
from rules_engine.deckrules.parse import parse_decklist
from rules_engine.deckrules.problems import (
    ERROR,
    WARNING,
    Entry,
    PlayerTypeError,
    Problem,
    Verdict,
)
from rules_engine.deckrules.resolve import resolve_deck

__all__ = [
    "ERROR",
    "WARNING",
    "Entry",
    "PlayerTypeError",
    "Problem",
    "Verdict",
    "check_text",
    "resolve_deck",
    "validate",
]


def _check_player_type(deck: ParsedDeck, fmt: FormatDef, player_type: str | None) -> None:
    if fmt.game != deck.game:
        raise ValueError(f"Format {fmt.key!r} is for {fmt.game}, the list is for {deck.game}.")
    if player_type is not None and deck.game == METW:
        allowed = fmt.rule("player_types") or []
        if player_type not in PLAYER_TYPES or player_type not in allowed:
            raise PlayerTypeError(
                f"Player type {player_type!r} is not one of this format's: {', '.join(allowed)}.",
                {"player_type": player_type, "allowed": list(allowed)},
            )


# Fuzzy suggestions are the one costly step of a check: a list of thousands of unknown
# names gets suggestions for its first lines only, so every request is bounded work.
MAX_SUGGESTED_LINES = 40


def validate(
    deck: ParsedDeck,
    fmt: FormatDef,
    cards: CardIndex,
    player_type: str | None = None,
) -> Verdict:
    """Resolve the deck's names and check it against the format; never raises for bad decks."""
    _check_player_type(deck, fmt, player_type)
    resolved, player_type = resolve_deck(deck, fmt, cards, player_type)
    problems: list[Problem] = []
    unresolved: list[dict[str, Any]] = []
    found: list[tuple[DeckLine, CardRecord]] = []
    unknown_lore: list[DeckLine] = []
    lore_warns = deck.game == LORE and fmt.rule("unknown_cards") == "warn"
    readings = [_reading(line, res) for line, res in resolved if res.card and res.read]
    problems.extend(_reading_notice(r) for r in readings)
    for line, res in resolved:
        if res.card is not None:
            found.append((line, res.card))
        elif res.status == "not_allowed":
            # A card the format has no printing of is still the player's card: counted,
            # listed, and marked as not in this format.
            found.append((line, res.candidates[0]))
            unresolved.append(_unresolved(line, res))
            problems.append(_unresolved_problem(line, res, fmt))
        elif lore_warns and res.status == "unknown":
            unknown_lore.append(line)
        else:
            if res.status == "unknown" and len(unresolved) < MAX_SUGGESTED_LINES:
                res = replace(res, suggestions=cards.suggestions(line.name))
            unresolved.append(_unresolved(line, res))
            problems.append(_unresolved_problem(line, res, fmt))
    problems.extend(_not_understood(deck))
    game = GAME_RULES[deck.game]
    built = game.build(found, unknown_lore, fmt, player_type)
    for check in game.checks:
        problems.extend(check(built))
    entries: list[Entry] = built.entries
    counts = game.counts(built)
    problems.extend(_declared_counts(deck))
    outside = _outside_format(problems)
    notices = reading_notices(
        deck, readings, problems, [e for e in entries if e.line.line_no in outside]
    )
    counts["unresolved"] = sum(
        line.count for line, res in resolved if res.card is None and res.status != "not_allowed"
    ) - sum(line.count for line in unknown_lore)
    return Verdict(
        legal=not any(p.severity == ERROR for p in problems),
        problems=problems,
        counts=counts,
        unresolved=unresolved,
        cards=[_card_row(e, outside) for e in entries],
        format_key=fmt.key,
        player_type=player_type if deck.game == METW else None,
        read_as=deck.read_as,
        title=deck.title,
        readings=readings,
        notices=notices,
    )


def _card_row(e: Entry, outside: set[int]) -> dict[str, Any]:
    row = {
        "line": e.line.line_no,
        "count": e.count,
        "name": e.card.name,
        "id": e.card.id,
        "set": e.card.set,
        "type": e.card.type,
        "zone": e.zone,
        "alignment": e.card.alignment,
        "side": e.card.side,
    }
    if e.line.line_no in outside:
        row["in_format"] = False
    return row


def _outside_format(problems: list[Problem]) -> set[int]:
    """The lines of cards the format has no printing of, whichever check said so."""
    return {ln for p in problems if p.code == "not_in_format" for ln in p.lines}


def _reading(line: DeckLine, res: Resolution) -> dict[str, Any]:
    assert res.card is not None and res.read is not None
    return {"line": line.line_no, "text": line.name, "card": res.card.name, "how": res.read}


def _reading_notice(reading: dict[str, Any]) -> Problem:
    """ "Read ‘Long Grievious Siege’ as Long Grievous Siege": a notice, never an error."""
    params = {"line": reading["line"], "text": reading["text"], "card": reading["card"]}
    if reading["how"] == "nickname":
        params["variant"] = "nickname"
    return problem("name_read", params, (reading["card"],), (reading["line"],), WARNING)


# How a line was read, when it was not read plainly as the card it names.
NOTICE_KINDS = (
    "typo_read",  # a misspelt name read as the card it clearly means
    "nickname_read",  # a community nickname read as its card
    "not_in_format",  # a card counted and marked: the format has no printing of it
    "count_differs",  # a heading's stated count differs from the lines under it
    "not_understood",  # neither a card, a heading nor a note
    "ignored",  # prose, a title, a "Format:" line or a comment: skipped, not a card
)


def reading_notices(
    deck: ParsedDeck,
    readings: list[dict[str, Any]],
    problems: list[Problem],
    outside: list[Entry],
) -> list[dict[str, Any]]:
    """Every line not read plainly as the card it names, and how it was read, in line order."""
    out: list[dict[str, Any]] = [
        {
            "kind": "nickname_read" if r["how"] == "nickname" else "typo_read",
            "line": r["line"],
            "text": r["text"],
            "card": r["card"],
        }
        for r in readings
    ]
    seen: set[int] = set()
    for e in outside:
        if e.line.line_no not in seen:
            seen.add(e.line.line_no)
            line_text = e.line.name or e.line.text.strip()
            out.append(
                {
                    "kind": "not_in_format",
                    "line": e.line.line_no,
                    "text": line_text,
                    "card": e.card.name,
                }
            )
    for p in problems:
        if p.code == "declared_count_mismatch":
            out.append(
                {
                    "kind": "count_differs",
                    "line": p.params["line"],
                    "text": p.params["heading"],
                    "declared": p.params["declared"],
                    "listed": p.params["listed"],
                }
            )
    out += [
        {"kind": "not_understood", "line": n, "text": t.strip()} for n, t in deck.not_understood
    ]
    out += [{"kind": "ignored", "line": n, "text": t.strip()} for n, t in deck.notes if t.strip()]
    out.sort(key=lambda n: n["line"])
    return out


def check_text(
    text: str, game: str, fmt: FormatDef, index: CardIndex, player_type: str | None = None
) -> Verdict:
    return validate(parse_decklist(text, game), fmt, index, player_type)


def _unresolved(line: DeckLine, res: Resolution) -> dict[str, Any]:
    return {
        "line": line.line_no,
        "text": line.text,
        "name": line.name,
        "reason": res.status,
        "suggestions": list(res.suggestions),
        "candidates": [
            {
                "id": c.id,
                "name": c.name,
                "set": c.set,
                **({"alignment": c.alignment} if c.alignment else {}),
            }
            for c in res.candidates
        ],
    }


def _not_understood(deck: ParsedDeck) -> list[Problem]:
    return [
        problem(
            "line_not_understood",
            {"line": line_no, "text": raw.strip()},
            (),
            (line_no,),
            WARNING,
        )
        for line_no, raw in deck.not_understood
    ]


def _unresolved_problem(line: DeckLine, res: Resolution, fmt: FormatDef) -> Problem:
    if res.status == "not_allowed":
        printings = [{"card": c.name, "set": c.set} for c in res.candidates[:6]]
        return problem(
            "not_in_format",
            {
                "line": line.line_no,
                "name": line.name,
                "format": fmt.name,
                "printings": items("card_set", printings),
            },
            (line.name,),
            (line.line_no,),
            source=fmt.source,
        )
    if res.status == "ambiguous":
        options = [
            {"card": c.name, "set": c.set, "alignment": alignment(c.alignment), "id": c.id}
            for c in res.candidates[:6]
        ]
        return problem(
            "ambiguous_card",
            {"line": line.line_no, "name": line.name, "options": items("card_option", options)},
            (line.name,),
            (line.line_no,),
        )
    # A line naming its card by an id only (JSON files, GEMP ids) shows the id as written.
    params: dict = {"line": line.line_no, "name": line.name or line.text.strip()}
    if res.suggestions:
        params |= {"variant": "suggest", "suggestions": " / ".join(res.suggestions)}
    return problem(
        "unknown_card",
        params,
        (line.name,),
        (line.line_no,),
    )


def _declared_counts(deck: ParsedDeck) -> list[Problem]:
    """Warn where a heading's "(30)" differs from the copies listed under it."""
    if not deck.headings:
        return []
    by_line: dict[int, int] = defaultdict(int)
    for line in deck.lines:
        by_line[line.line_no] += line.count
    starts = [h.line_no for h in deck.headings] + [10**9]
    out = []
    for i, heading in enumerate(deck.headings):
        if heading.declared_count is None:
            continue
        listed = sum(n for ln, n in by_line.items() if starts[i] < ln < starts[i + 1])
        if listed != heading.declared_count:
            out.append(
                problem(
                    "declared_count_mismatch",
                    {
                        "line": heading.line_no,
                        "heading": heading.text,
                        "declared": heading.declared_count,
                        "listed": listed,
                    },
                    (),
                    (heading.line_no,),
                    WARNING,
                )
            )
    return out
