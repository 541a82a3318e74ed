"""Writing a checked list back out in its game's common formats.

METW: GCCG text (``# Pool`` / ``Deck`` / ``Sideboard`` / ``Sideboard vs. fw`` / ``Sites``
with set codes) and NetMECCG ``.dck`` (bracket sections, ``*`` ``%`` ``@`` printing marks).
LOTR TCG: GEMP import text (``Ring-bearer:``, ``Ring:``, ``Adventure deck:``, the Free
Peoples and Shadow draw decks as ``4x Name``). Reading an exported list gives back the same
cards in the same parts of the deck (the tests hold this for every published list).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.deckrules.cards import LOTR_TCG, METW
from rules_engine.deckrules.readers.netmeccg import MARKS

Row = Mapping[str, Any]  # one row of Verdict.cards


@dataclass(frozen=True)
class ExportFormat:
    key: str
    name: str
    game: str
    extension: str


EXPORT_FORMATS: tuple[ExportFormat, ...] = (
    ExportFormat("gccg", "GCCG deck file", METW, "txt"),
    ExportFormat("netmeccg", "NetMECCG deck file", METW, "dck"),
    ExportFormat("gemp", "GEMP import text", LOTR_TCG, "txt"),
)
EXPORTS = {f.key: f for f in EXPORT_FORMATS}

_GCCG_PARTS = (
    ("pool", "Pool"),
    ("play", "Deck"),
    ("sideboard", "Sideboard"),
    ("sideboard_fw", "Sideboard vs. fw"),
    ("sites", "Sites"),
)
_NETMECCG_PARTS = (
    ("[starting]", lambda r: r["zone"] == "pool"),
    ("[characters]", lambda r: r["zone"] == "play" and r["type"] == "character"),
    ("[resources]", lambda r: r["zone"] == "play" and r["type"] == "resource"),
    ("[hazards]", lambda r: r["zone"] == "play" and r["type"] not in ("character", "resource")),
    ("[sideboard]", lambda r: r["zone"] == "sideboard"),
    ("[anti-FW]", lambda r: r["zone"] == "sideboard_fw"),
    ("[sites]", lambda r: r["zone"] == "sites"),
)
_MARK_FOR = {alignment: mark for mark, alignment in MARKS.items()}
_GCCG_TAGS = {"hero": "H", "minion": "M", "fallen-wizard": "FW", "balrog": "B"}


def _gccg_line(r: Row) -> str:
    tag = _GCCG_TAGS.get(r.get("alignment") or "")
    return f"{r['count']} {r['name']}{f' [{tag}]' if tag else ''} ({r['set']})"


def _in(rows: Iterable[Row], zone: str) -> list[Row]:
    return [r for r in rows if r["zone"] == zone]


def to_gccg(rows: Sequence[Row], title: str = "") -> str:
    out = ["#", "# GCCG Middle-earth deck", *([f"# {title}"] if title else []), "#", ""]
    for zone, heading in _GCCG_PARTS:
        part = _in(rows, zone)
        if not part:
            continue
        out += ["####", heading, "####", ""]
        out += [_gccg_line(r) for r in part]
        out.append("")
    return "\n".join(out)


def to_netmeccg(rows: Sequence[Row], title: str = "") -> str:
    out = ["[NetMECCG v1.4 Deck]"]
    for heading, belongs in _NETMECCG_PARTS:
        part = [r for r in rows if belongs(r)]
        if part:
            out.append(heading)
            out += [
                f"{r['count']} {r['name']}{_MARK_FOR.get(r.get('alignment') or '', '')}"
                for r in part
            ]
    return "\n".join(out) + "\n"


def to_gemp(rows: Sequence[Row], title: str = "") -> str:
    out: list[str] = []
    for zone, label in (("ring_bearer", "Ring-bearer"), ("ring", "Ring")):
        out += [f"{label}: {r['name']}" for r in _in(rows, zone)]
    sites = _in(rows, "sites") + _in(rows, "map")
    if sites:
        out.append("Adventure deck:")
        out += [f"{r['count']}x {r['name']}" for r in sites]
    draw = _in(rows, "draw")
    for side, label in (("free_peoples", "Free Peoples"), ("shadow", "Shadow")):
        part = [r for r in draw if r.get("side") == side]
        if part:
            out.append(f"{label} Draw Deck:")
            out += [f"{r['count']}x {r['name']}" for r in part]
    others = [r for r in draw if r.get("side") not in ("free_peoples", "shadow")]
    if others:
        out.append("Draw Deck:")
        out += [f"{r['count']}x {r['name']}" for r in others]
    return "\n".join(out) + "\n"


_WRITERS = {"gccg": to_gccg, "netmeccg": to_netmeccg, "gemp": to_gemp}


def export_list(rows: Sequence[Row], kind: str, title: str = "") -> str:
    """The checked list's cards (``Verdict.cards``) written in the format ``kind``."""
    return _WRITERS[kind](rows, title)
