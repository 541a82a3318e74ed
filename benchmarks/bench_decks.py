"""Deck-list parsing and validation speed (≤ 5 ms per 60-card list warm, 1,000 lists ≤ 2 s;
a list of 2,000 unknown names well under a second, the fuzzy matcher per name).

Run:  .venv/bin/python benchmarks/bench_decks.py [--data ../shared/data]
Uses the full card databases when present (CARD_DATA_DIR or --data), else the project's fixture.
Prints a Markdown table; benchmarks/RESULTS-decks.md holds the numbers of the last run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from decks.demo import LOTR_FELLOWSHIP, METW_COE_WIZARD, sample_decklists  # noqa: E402
from rules_engine.deckrules import (  # noqa: E402
    CardIndex,
    builtin_format,
    normalize_name,
    parse_decklist,
    records_from_json,
    validate,
)
from rules_engine.deckrules.cardline import read_card_text  # noqa: E402
from rules_engine.deckrules.readers import text as text_reader  # noqa: E402
from rules_engine.deckrules.validate import MAX_SUGGESTED_LINES  # noqa: E402


def load_indexes(data: Path) -> tuple[dict[str, CardIndex], str]:
    if (data / "metw" / "cards.json").exists() and (data / "lotr-tcg" / "cards.json").exists():
        metw = json.loads((data / "metw" / "cards.json").read_text())
        lotr = json.loads((data / "lotr-tcg" / "cards.json").read_text())
        aliases = json.loads((data / "lotr-tcg" / "aliases.json").read_text())
        source = f"full databases ({len(metw)} METW, {len(lotr)} LOTR TCG cards)"
    else:
        fx = ROOT / "decks" / "fixtures"
        metw = json.loads((fx / "cards_metw_small.json").read_text())
        lotr = json.loads((fx / "cards_lotr_small.json").read_text())
        aliases = json.loads((fx / "aliases_lotr_small.json").read_text())
        source = "project fixture"
    t0 = time.perf_counter()
    idx = {
        "metw": CardIndex.build("metw", records_from_json("metw", metw)),
        "lotr-tcg": CardIndex.build("lotr-tcg", records_from_json("lotr-tcg", lotr, aliases)),
    }
    build_ms = (time.perf_counter() - t0) * 1000
    return idx, f"{source}; index build {build_ms:.0f} ms"


def per_list(index, text, game, fmt, repeat=300, clear_memo=False) -> list[float]:
    times = []
    for _ in range(repeat):
        if clear_memo:  # a list never seen before: every memo emptied
            index._cache.clear()
            index.memo.clear()
            text_reader._classify.cache_clear()
            read_card_text.cache_clear()
            normalize_name.cache_clear()
        t0 = time.perf_counter()
        validate(parse_decklist(text, game), fmt, index)
        times.append((time.perf_counter() - t0) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    default = os.environ.get("CARD_DATA_DIR", str(ROOT.parent / "shared" / "data"))
    parser.add_argument("--data", default=default)
    args = parser.parse_args()
    idx, source = load_indexes(Path(args.data))
    coe = builtin_format("metw", "coe")
    fb = builtin_format("lotr-tcg", "fellowship-block")
    rows = []
    cases = [
        ("LOTR TCG 60-card draw deck + 11 (printed layout)", LOTR_FELLOWSHIP, "lotr-tcg", fb),
        ("METW CoE deck, 106 cards (GCCG text)", METW_COE_WIZARD, "metw", coe),
    ]
    for label, text, game, fmt in cases:
        per_list(idx[game], text, game, fmt, 20)  # warm up
        warm = per_list(idx[game], text, game, fmt)
        cold = per_list(idx[game], text, game, fmt, 100, clear_memo=True)
        rows.append(
            (
                label,
                statistics.median(warm),
                max(sorted(warm)[: int(len(warm) * 0.99)]),
                statistics.median(cold),
            )
        )
    # 1,000 lists: every sample list of both games (legal and illegal), cycled.
    lists = [(t, "metw", coe) for _, t in sample_decklists("metw")] + [
        (t, "lotr-tcg", fb) for _, t in sample_decklists("lotr-tcg")
    ]
    batch = [lists[i % len(lists)] for i in range(1000)]
    runs = []
    for _ in range(5):  # best and median of five, as timeit does: the machine may be shared
        t0 = time.perf_counter()
        for text, game, fmt in batch:
            validate(parse_decklist(text, game), fmt, idx[game])
        runs.append(time.perf_counter() - t0)
    thousand, thousand_median = min(runs), statistics.median(runs)
    worst = worst_case(idx["metw"], coe)
    fuzzy = fuzzy_per_name(idx["lotr-tcg"])
    print(f"Cards: {source}. Python {platform.python_version()} on {platform.machine()}.\n")
    print("| list | median ms (warm) | p99 ms (warm) | median ms (all memos cleared) |")
    print("| --- | ---: | ---: | ---: |")
    for label, med, p99, cold in rows:
        print(f"| {label} | {med:.2f} | {p99:.2f} | {cold:.2f} |")
    print(
        f"\n1,000 lists (the {len(lists)} sample lists cycled, METW and LOTR TCG, legal and "
        f"illegal): best of 5 **{thousand:.2f} s**, median {thousand_median:.2f} s (target ≤ 2 s)."
    )
    print(
        f"\nWorst case, 2,000 lines of unknown names (METW, CoE), never seen before: best of 3 "
        f"**{worst:.3f} s** (target well under 1 s); suggestions for the first "
        f"{MAX_SUGGESTED_LINES} names only."
    )
    print(f"Fuzzy suggestions (rapidfuzz) against the LOTR TCG names: {fuzzy:.3f} ms per name.")


def worst_case(index: CardIndex, fmt) -> float:
    runs = []
    for r in range(3):
        text = "\n".join(f"3 Qzxv Unheard-of Card {r} {i}" for i in range(2000))
        index._cache.clear()
        index.memo.clear()
        t0 = time.perf_counter()
        validate(parse_decklist(text, "metw"), fmt, index, "wizard")
        runs.append(time.perf_counter() - t0)
    return min(runs)


def fuzzy_per_name(index: CardIndex) -> float:
    names = [f"Gandalf the Grye Wizrd {i}" for i in range(300)]
    t0 = time.perf_counter()
    for n in names:
        index.suggestions(n)
    return (time.perf_counter() - t0) * 1000 / len(names)


if __name__ == "__main__":
    main()
