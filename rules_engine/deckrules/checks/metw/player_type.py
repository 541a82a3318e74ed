"""What a player type may hold: alignments, bans, avatar-specific cards (CoE 1.2, 1.3.x)."""

from __future__ import annotations

from collections import Counter

from rules_engine.deckrules.cards import normalize_name
from rules_engine.deckrules.checks.metw.deck import MetwDeck
from rules_engine.deckrules.messages import items, phrase, problem
from rules_engine.deckrules.problems import Entry, Problem, lines_of, names


def _label(deck: MetwDeck) -> dict[str, str]:
    return phrase(f"player_type:{deck.player_type}")


def player_type_unknown(deck: MetwDeck) -> list[Problem]:
    allowed_types = deck.rules.get("player_types") or []
    if len(allowed_types) <= 1 or deck.player_type is not None:
        return []
    return [
        problem(
            "player_type_unknown",
            {},
            source="CoE 1.2",
        )
    ]


def _fits(deck: MetwDeck, e: Entry, alignments: dict, open_sites: set[str]) -> bool:
    c = e.card
    kind = deck.role(c)
    if kind == "hazard" or c.alignment in (None, "neutral"):
        return True
    if kind == "site" and c.key in open_sites:
        return True
    ok = alignments.get(kind)
    if kind == "resource" and c.subtype == "item":
        ok = alignments.get("item", ok)
    return ok is None or c.alignment in ok


def off_type_entries(deck: MetwDeck) -> list[Entry]:
    """Cards of an alignment the player type may not hold at all."""
    alignments = (deck.rules.get("alignments") or {}).get(deck.player_type or "", None)
    if not alignments:
        return []
    open_sites = {normalize_name(n) for n in deck.rules.get("sites_open_to_all") or []}
    return [e for e in deck.entries if not _fits(deck, e, alignments, open_sites)]


def allowed_entries(deck: MetwDeck) -> list[Entry]:
    """The entries a player type may hold: a card it may not hold at all is told once,
    as player_type_card, and not again by the narrower checks."""
    told = {id(e) for e in off_type_entries(deck)}
    return [e for e in deck.entries if id(e) not in told]


def player_type_cards(deck: MetwDeck) -> list[Problem]:
    wrong = off_type_entries(deck)
    if not wrong:
        return []
    return [
        problem(
            "player_type_card",
            {
                "player_type": _label(deck),
                "cards": items(
                    "card_kind",
                    [
                        {
                            "card": e.card.name,
                            "alignment": phrase(f"aligned:{e.card.alignment}"),
                            "role": phrase(f"card_type:{deck.role(e.card)}"),
                            "set": e.card.set,
                        }
                        for e in wrong
                    ],
                ),
            },
            names(wrong),
            lines_of(wrong),
            source=deck.src("003 (a hero game)", "CoE 1.2–1.3"),
        )
    ]


def _keys(values: list[str]) -> set[str]:
    return {normalize_name(b) for b in values} | set(values)


def banned(deck: MetwDeck) -> list[Problem]:
    keys = _keys(deck.rules.get("banned") or [])
    hit = [e for e in deck.entries if e.card.key in keys or e.card.id in keys]
    if not hit:
        return []
    return [
        problem(
            "banned",
            {"format": deck.fmt.name, "names": list(names(hit))},
            names(hit),
            lines_of(hit),
            source=deck.fmt.source,
        )
    ]


def banned_for_player_type(deck: MetwDeck) -> list[Problem]:
    by_type = deck.rules.get("banned_by_player_type") or {}
    keys = _keys(by_type.get(deck.player_type or "", []))
    hit = [e for e in deck.entries if e.card.key in keys or e.card.id in keys]
    if not hit:
        return []
    return [
        problem(
            "banned_for_player_type",
            {"player_type": _label(deck), "names": list(names(hit))},
            names(hit),
            lines_of(hit),
            source="CoE 1.3.x (cards a Fallen-wizard / Balrog player cannot include)",
        )
    ]


def _declared_avatar(entries: list[Entry], specific: list[Entry], player_type: str) -> str | None:
    """Only a Fallen-wizard or Balrog player declares an avatar; a Fallen-wizard declares
    one, so his specific cards all name the same Fallen-wizard: the one most of them name,
    among the avatars in the deck."""
    if player_type == "balrog":
        return "balrog"
    if player_type != "fallen-wizard":
        return None
    avatars = {e.card.key for e in entries if e.card.is_avatar}
    named = Counter(
        normalize_name(e.card.specific_to or "")
        for e in specific
        if normalize_name(e.card.specific_to or "") in avatars
    )
    return named.most_common(1)[0][0] if named else None


def _specific_row(e: Entry) -> dict[str, str]:
    if e.card.specific_to == "Balrog":
        return {"_item": "specific_balrog", "card": e.card.name}
    return {"_item": "specific_fw", "card": e.card.name, "avatar": e.card.specific_to or ""}


def specific_to_avatar(deck: MetwDeck) -> list[Problem]:
    """CoE: a card specific to an avatar needs that avatar declared, hence in the deck."""
    player_type = deck.player_type
    if not deck.rules.get("specific_cards_need_their_avatar") or not player_type:
        return []
    entries = allowed_entries(deck)
    specific = [e for e in entries if e.card.specific_to and not e.card.is_avatar]
    declared = _declared_avatar(entries, specific, player_type) if specific else None
    wrong = [e for e in specific if normalize_name(e.card.specific_to or "") != declared]
    if not wrong:
        return []
    return [
        problem(
            "specific_to_avatar",
            (
                {"variant": "other", "avatar": declared.title()}
                if declared and player_type == "fallen-wizard"
                else {"player_type": _label(deck)}
            )
            | {"cards": items("", [_specific_row(e) for e in wrong])},
            names(wrong),
            lines_of(wrong),
            source="CoE 1.3.x (cards specific to an avatar)",
        )
    ]
