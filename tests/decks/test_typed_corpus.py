"""Real lists typed by people (tests/decks/corpus/, sources in SOURCES.md), read as an
independent reader counts them: every copy the text lists counted, every name written
otherwise than any card read as the card meant. benchmarks/typed_lists.py prints the same
measure as a table; the lists below are those it reads whole.

The shapes these lists use are the ones the issue names (RULES.md §4 lists as people type
them): counts "x3", "3-Name", "Name x2 (remark)", adventure decks numbered "1 - Site" or
"[1] Site", two cards on one line ("Celeborn + Elf-stone", "… x2 -Faramir …"), headings of
their own ("Shadow Side (36)", "In deck"), remarks in parentheses, titles and prose."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.carddata

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location(
    "typed_lists", ROOT / "benchmarks" / "typed_lists.py"
)
assert _spec is not None and _spec.loader is not None
typed_lists = importlib.util.module_from_spec(_spec)
sys.modules["typed_lists"] = typed_lists  # dataclasses look their module up
_spec.loader.exec_module(typed_lists)

LISTS = {name: rest for name, *rest in typed_lists.corpus_lists()}
# The 2003 article names three cards no database has under those names ("Cavern Wall",
# "Galadriel, Lady of Lorien") or several cards share ("Grimir", "Farin" in an open format).
NOT_WHOLE = {"article-cardshark-2003-dwarves-uruks"}


@pytest.mark.parametrize("name", sorted(LISTS))
def test_each_typed_list_is_read_as_an_independent_reader_reads_it(name, full_indexes):
    text, game, copies, misspelt = LISTS[name]
    r = typed_lists.read_one(name, text, game, copies, misspelt, full_indexes[game])
    assert r.read_as_meant == r.misspelt, r.missed
    if name in NOT_WHOLE:
        assert not r.whole
    else:
        assert r.whole, (r.counted, r.copies, r.unknown)


def test_the_corpus_is_measured_whole(full_indexes):
    results = typed_lists.measure(full_indexes)
    assert len(results) == len(LISTS) >= 18
    table = typed_lists.table(results)
    assert f"Read whole: {len(results) - len(NOT_WHOLE)} of {len(results)} lists." in table
