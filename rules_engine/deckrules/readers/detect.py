"""Which list format a text is in, detected from the text itself.

``LIST_FORMATS`` names every format read (the faces show ``read_as`` to the player, and
docs/deck-rules.md gives an example of each). Files (OCTGN XML, NetMECCG brackets) have
readers of their own; every other format is lines of text, read by ``text.TextReader``
with what the format needs (a title line, a site path that ends the widget).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules_engine.deckrules.cards import LORE, LOTR_TCG, METW


@dataclass(frozen=True)
class ListFormat:
    key: str
    name: str
    games: tuple[str, ...]


LIST_FORMATS: tuple[ListFormat, ...] = (
    ListFormat("gccg", "GCCG deck file (.deck)", (METW,)),
    ListFormat("meccg-online", "meccg-online deck file (.meccg)", (METW,)),
    ListFormat("netmeccg", "NetMECCG .dck file", (METW,)),
    ListFormat("o8d", "OCTGN .o8d deck file", (METW, LOTR_TCG)),
    ListFormat("article", "article or forum list", (METW, LOTR_TCG, LORE)),
    ListFormat("html", "web page or forum post (HTML)", (METW, LOTR_TCG, LORE)),
    ListFormat("gemp-page", "GEMP deck page", (LOTR_TCG,)),
    ListFormat("lotrtcgwiki", "lotrtcgwiki deck widget", (LOTR_TCG,)),
    ListFormat("collector", "collector-number list (Decipher, Players Council)", (LOTR_TCG,)),
    ListFormat("gemp-ids", "GEMP card-id list", (LOTR_TCG,)),
    ListFormat("meccg-json", "meccg game server deck file (JSON)", (METW,)),
    ListFormat("lotr-json", "LOTR TCG deck file with collector numbers (JSON)", (LOTR_TCG,)),
    ListFormat("gemp-json", "GEMP deck record (JSON)", (LOTR_TCG,)),
    ListFormat("text", "plain list", (METW, LOTR_TCG, LORE)),
)
FORMAT_NAMES = {f.key: f.name for f in LIST_FORMATS}

_GCCG = re.compile(r"^#+\s*GCCG\b|^#{3,}\s*\n\s*(deck|pool|sideboard|sites)\s*$", re.I | re.M)
# meccg-online writes GCCG's fenced parts, but under its own header ("# Middle-earth Deck",
# its deck builder) or, in its older export, with "# Hazard (30)" / "# Character (5)" /
# "# Resource (30)" as the only sub-headings, where GCCG names the alignment ("# Minion
# Resource (30)", "# Balrog Site (28)").
_MECCG_ONLINE_HEADER = re.compile(r"^#\s*Middle-earth Deck\s*$", re.M)
_GCCG_SUB = re.compile(r"^#\s*([A-Za-z][A-Za-z' -]*?)\s*\(\d+\)\s*$", re.M)
_MECCG_ONLINE_SUBS = {"hazard", "character", "resource"}
_GCCG_FW_PART = re.compile(r"^#{3,}\s*\n\s*sideboard vs\.? ?fw\s*$", re.I | re.M)
_GEMP_PAGE = re.compile(r"^format\s*:", re.I | re.M)
_GEMP_PART = re.compile(
    r"^(free peoples draw deck|shadow draw deck|adventure deck)\s*:", re.I | re.M
)
_WIDGET = re.compile(r"^(ring-bearer\s*&\s*ring|adventure path)\s*$", re.I | re.M)
_GEMP_ID = re.compile(r"^\d{1,3}\s*x\s*\d{1,3}_\d{1,4}\s*$", re.I)
_COLLECTOR = re.compile(r"(?:^|\s)\d{1,2}[CRUPSAO]\+?\d{1,3}[A-Z]?\s", re.I)
_ARTICLE = re.compile(r"\(\s*\d{1,3}\s*\)\s*:?\s*$|\(\s*x\s*\d{1,3}\s*\)\s*$", re.I | re.M)
# Files in formats the checker does not read: other XML or HTML, JSON, PDF, zip archives.
FOREIGN = re.compile(
    r"^\s*(<\?xml|<!doctype|<[a-z][\w:-]*[\s>/]|\{\s*\"|\[\s*\{|%PDF|PK\x03\x04)", re.I
)


def unknown_format_message() -> str:
    return (
        "This file is in a format the deck checker does not know. It reads: "
        + "; ".join(f.name for f in LIST_FORMATS)
        + "."
    )


def _is_meccg_online(text: str) -> bool:
    if _MECCG_ONLINE_HEADER.search(text):
        return True
    if _GCCG_FW_PART.search(text):
        return False  # meccg-online's exports have no sideboard against Fallen-wizards
    subs = {m.group(1).lower() for m in _GCCG_SUB.finditer(text)}
    return bool(subs) and subs <= _MECCG_ONLINE_SUBS


def text_kind(text: str, lines: list[str], game: str) -> str:
    if game == METW and _GCCG.search(text):
        return "meccg-online" if _is_meccg_online(text) else "gccg"
    if game == LOTR_TCG:
        if _GEMP_PAGE.search(text) and _GEMP_PART.search(text):
            return "gemp-page"
        if _WIDGET.search(text):
            return "lotrtcgwiki"
        # GEMP's own product files comment each id with its card name on a "#" line.
        filled = [ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]
        if filled and sum(bool(_GEMP_ID.match(ln.strip())) for ln in filled) * 2 >= len(filled):
            return "gemp-ids"
        if sum(bool(_COLLECTOR.search(ln + " ")) for ln in filled) >= 3:
            return "collector"
    if _ARTICLE.search(text):
        return "article"
    return "text"
