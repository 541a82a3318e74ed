"""A rule citation as data for the API: which document, which section, and the words a
reader sees (the engine writes citations as short text: "003 Part I §2; RULES.md §4.3")."""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext_lazy as _

from decks.labels import source_text

DOCUMENTS = {
    "000": _("LoRE rulebook (000)"),
    "001": _("LOTR TCG rulebook (001)"),
    "002": _("LOTR TCG rulebook (002)"),
    "003": _("METW rulebook (003)"),
    "004": _("rulebook 004"),
    "CoE": _("Council of Elrond tournament rules"),
    "RULES.md": _("tournament rules"),
}
_OURS = re.compile(r"\(?RULES\.md\s*(§[\d.–-]+)\)?")
_DOC = re.compile(r"^(\d{3}|CoE|RULES\.md)\b[\s:]*(.*)$", re.S)


def citations(source: str) -> list[dict[str, str]]:
    """Each document a citation names, with its section ("" when the whole document)."""
    out: list[dict[str, str]] = []
    for part in (source or "").split(";"):
        part = part.strip()
        ours = _OURS.findall(part)
        part = _OURS.sub("", part).strip()
        # A note left alone ("(director's setting)") qualifies the citation: the text says it.
        if part and not (part.startswith("(") and part.endswith(")")):
            m = _DOC.match(part)
            doc, section = (m.group(1), m.group(2).strip()) if m else ("", part)
            if doc == "CoE" and section.startswith("tournament rules"):
                section = section[len("tournament rules") :].strip()
            out.append({"document": doc, "section": section})
        out.extend({"document": "RULES.md", "section": s} for s in ours)
    for c in out:
        name = DOCUMENTS.get(c["document"])
        c["document_name"] = str(name) if name is not None else ""
    return out


def rule_source_data(source: str) -> dict[str, Any]:
    """The API's structured citation: the readable text and its documents and sections."""
    return {"text": source_text(source or ""), "citations": citations(source)}
