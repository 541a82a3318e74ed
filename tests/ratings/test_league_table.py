"""The league table read a chunk at a time (issue 20): any page in rank order equals the
same slice of the whole cached table, and a warm page never recomputes the table."""

from __future__ import annotations

import pytest

from ratings import league_table
from ratings import standings as league

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(monkeypatch):
    rows = [[i + 1, 1000 + i, f"Player {i:05}", 1500, 1500, 1, 2, 1, 1, 0, 6] for i in range(2345)]
    calls = []

    def computed(game, starts_on, ends_on):
        calls.append(game)
        return rows

    monkeypatch.setattr(league, "league_rows", computed)
    monkeypatch.setattr(league_table, "CHUNK", 100)
    return rows, calls


@pytest.mark.parametrize(("start", "stop"), [(0, 50), (90, 110), (199, 301), (2300, 2400)])
def test_a_slice_across_chunk_boundaries_is_the_whole_tables_slice(table, start, stop):
    rows, calls = table
    first, count = league_table.ranked_slice("lore", None, None, start, stop)
    again, _ = league_table.ranked_slice("lore", None, None, start, stop)
    assert first == again == rows[start:stop] and count == len(rows)
    assert calls == ["lore"]  # the second read came from the chunks alone


def test_the_rank_order_page_reads_chunks(table):
    rows, calls = table
    league_table.warm("lore", None, None, rows)
    page = league.standings("lore", page=3, page_size=100, with_history=False)
    assert [r.player_id for r in page.rows] == [r[1] for r in rows[200:300]]
    assert page.pages == 24 and page.total == page.count == 2345
    assert calls == []
    with pytest.raises(league.NotFound):
        league.standings("lore", page=25, page_size=100, with_history=False)
