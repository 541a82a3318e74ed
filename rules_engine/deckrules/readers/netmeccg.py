"""NetMECCG ``.dck`` deck files: ``[NetMECCG v1.4 Deck]`` then bracket sections
(``[starting]``, ``[characters]``, ``[resources]``, ``[hazards]``, ``[sideboard]``,
``[anti-FW]``, ``[sites]``) of ``N Name`` lines, where a mark after the name picks the
printing: ``*`` minion, ``%`` Balrog, ``@`` Fallen-wizard."""

from __future__ import annotations

import re

from rules_engine.deckrules.cardline import read_card_text
from rules_engine.deckrules.decklist import MAIN, ParsedDeck, SectionHeading, card_line

_SECTION = re.compile(r"^\[\s*([^\]]+?)\s*\]$")
MARKS = {"*": "minion", "%": "balrog", "@": "fallen-wizard"}
# A word after a slash at the end of a line ("River*/fin", "Sable Shield/find"): a note or
# a client command the player typed into the file; no METW card name has a slash.
_SLASH_NOTE = re.compile(r"^(?P<body>[^/]+?)\s*/(?P<note>\w*)$")
SECTIONS = {
    "starting": "pool",
    "pool": "pool",
    "characters": "play",
    "character": "play",
    "avatars": "play",
    "resources": "play",
    "resource": "play",
    "hazards": "play",
    "hazard": "play",
    "deck": "play",
    "sideboard": "sideboard",
    "anti-fw": "sideboard_fw",
    "antifw": "sideboard_fw",
    "sites": "sites",
    "locations": "sites",
    "regions": "sites",
}


def is_netmeccg(lines: list[str]) -> bool:
    first = next((ln.strip() for ln in lines if ln.strip()), "")
    if first.lower().startswith("[netmeccg"):
        return True
    known = sum(
        1 for ln in lines if (m := _SECTION.match(ln.strip())) and m.group(1).lower() in SECTIONS
    )
    return known >= 2


def _mark(body: str) -> tuple[str, str | None]:
    body = body.rstrip()
    if body and body[-1] in MARKS:
        return body[:-1].rstrip(), MARKS[body[-1]]
    return body, None


def read_netmeccg(lines: list[str], game: str) -> ParsedDeck:
    deck = ParsedDeck(game=game, read_as="netmeccg")
    section: str | None = MAIN
    heading: str | None = None
    for line_no, raw in enumerate(lines, start=1):
        body = raw.strip()
        if not body:
            continue
        if body.startswith("#"):
            # The NetMECCG client keeps "#" lines as the deck's comments (links, notes).
            deck.notes.append((line_no, raw))
            continue
        m = _SECTION.match(body)
        if m:
            heading = m.group(1)
            if heading.lower().startswith("netmeccg"):
                deck.notes.append((line_no, raw))
                continue
            section = SECTIONS.get(heading.lower())
            deck.headings.append(SectionHeading(line_no, heading, section or "", None))
            if section is None:
                deck.not_understood.append((line_no, raw))
            continue
        if section is None:
            deck.not_understood.append((line_no, raw))
            continue
        slash = _SLASH_NOTE.match(body)
        name, alignment = _mark(slash.group("body") if slash else body)
        count, card_name, set_hint, tag, note = read_card_text(name, game)
        if slash:
            note = " ".join(n for n in (note, "/" + slash.group("note")) if n)
        parts = (count, card_name, set_hint, alignment or tag, note)
        default = None if alignment or tag else "hero"
        deck.lines.append(card_line(line_no, raw, parts, section, game, heading, default))
    return deck
