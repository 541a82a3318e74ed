"""How well lists typed by people are read: a corpus of real lists (forum posts, articles,
personal pages), stored verbatim with their sources in tests/decks/corpus/ (SOURCES.md).

For each list the manifest gives the copies it lists (counted by hand from the text) and
each name written otherwise than any card, with the card it means. A list is *read whole*
when no name is left unknown and the copies counted equal the copies listed; a misspelt name
is *read as meant* when the reader reads it as that card and says so (a notice).

Run:  .venv/bin/python benchmarks/typed_lists.py [--data ../shared/data]
Needs the full card databases (CARD_DATA_DIR or --data). Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules_engine.deckrules import (  # noqa: E402
    CardIndex,
    builtin_format,
    parse_decklist,
    records_from_json,
    validate,
)

CORPUS = ROOT / "tests" / "decks" / "corpus"
FORMATS = {"metw": "coe", "lotr-tcg": "open"}
# A page holding several typed decks, each under its own <h3>: each section is one list,
# and its copies are the indented "N Name" lines (tests/decks/test_typed_lists.py).
PAGES = [
    (
        "../real/markdown-maciak-challenge-decks.md",
        "metw",
        re.compile(r"(?=^<h3 )", re.M),
        re.compile(r"^ {4}(\d+) \S", re.M),
    )
]


@dataclass
class Result:
    name: str
    game: str
    copies: int
    counted: int
    unknown: list[str]
    misspelt: int
    read_as_meant: int
    missed: list[str]

    @property
    def whole(self) -> bool:
        return not self.unknown and self.counted == self.copies


def load_indexes(data: Path) -> dict[str, CardIndex]:
    out = {}
    for game in ("metw", "lotr-tcg"):
        folder = data / game
        cards = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
        aliases_file = folder / "aliases.json"
        aliases = json.loads(aliases_file.read_text()) if aliases_file.exists() else None
        out[game] = CardIndex.build(game, records_from_json(game, cards, aliases))
    return out


def read_one(
    name: str, text: str, game: str, copies: int, misspelt: dict, index: CardIndex
) -> Result:
    fmt = builtin_format(game, FORMATS[game])
    assert fmt is not None
    deck = parse_decklist(text, game)
    v = validate(deck, fmt, index)
    read = {}  # name as written -> card read
    by_line = {row["line"]: row["name"] for row in v.cards}
    for line in deck.lines:
        if line.line_no in by_line:
            read.setdefault(line.name, by_line[line.line_no])
    missed = [typed for typed, card in misspelt.items() if read.get(typed) != card]
    return Result(
        name=name,
        game=game,
        copies=copies,
        counted=sum(row["count"] for row in v.cards),
        unknown=[u["name"] for u in v.unresolved],
        misspelt=len(misspelt),
        read_as_meant=len(misspelt) - len(missed),
        missed=missed,
    )


def corpus_lists() -> list[tuple[str, str, str, int, dict]]:
    """(name, text, game, copies, misspelt) of every list of the corpus."""
    manifest = json.loads((CORPUS / "manifest.json").read_text(encoding="utf-8"))
    out = []
    for entry in manifest["lists"]:
        text = (CORPUS / entry["file"]).read_text(encoding="utf-8")
        name = Path(entry["file"]).stem
        out.append((name, text, entry["game"], entry["copies"], entry["misspelt"]))
    for file, game, split, copies in PAGES:
        page = (CORPUS / file).read_text(encoding="utf-8")
        for i, section in enumerate(split.split(page)[1:], start=1):
            total = sum(int(m.group(1)) for m in copies.finditer(section))
            out.append((f"{Path(file).stem} #{i}", section, game, total, {}))
    return out


def measure(indexes: dict[str, CardIndex]) -> list[Result]:
    return [
        read_one(name, text, game, copies, misspelt, indexes[game])
        for name, text, game, copies, misspelt in corpus_lists()
    ]


def table(results: list[Result]) -> str:
    lines = [
        "| list | game | copies listed | counted | unknown names | misspelt read as meant |",
        "| --- | --- | ---: | ---: | --- | --- |",
    ]
    for r in results:
        unknown = ", ".join(r.unknown) or "—"
        spelt = f"{r.read_as_meant}/{r.misspelt}" if r.misspelt else "—"
        if r.missed:
            spelt += f" (missed: {', '.join(r.missed)})"
        lines.append(f"| {r.name} | {r.game} | {r.copies} | {r.counted} | {unknown} | {spelt} |")
    whole = sum(r.whole for r in results)
    spelt_total = sum(r.misspelt for r in results)
    meant = sum(r.read_as_meant for r in results)
    lines.append("")
    lines.append(
        f"Read whole: {whole} of {len(results)} lists. "
        f"Misspelt names read as the card meant: {meant} of {spelt_total}."
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=os.environ.get("CARD_DATA_DIR", "../shared/data"))
    args = parser.parse_args()
    data = Path(args.data)
    if not (data / "metw" / "cards.json").exists():
        sys.exit(f"No card databases in {data}: pass --data.")
    print(table(measure(load_indexes(data))))


if __name__ == "__main__":
    main()
