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


@pytest.fixture
def mixed(monkeypatch):
    """A table with ties and mixed-case names, ranked as league_rows would rank it."""
    rows = [
        [i + 1, 5000 + i, f"{'ab'[i % 2].upper() if i % 3 else 'ab'[i % 2]}layer {i % 97:03}",
         1500 + i % 7, 1600 - i // 10, i % 4, i % 9, i % 5, i % 3, i % 2, i % 11]
        for i in range(1234)
    ]  # fmt: skip
    calls = []

    def computed(game, starts_on, ends_on):
        calls.append(game)
        return rows

    monkeypatch.setattr(league, "league_rows", computed)
    monkeypatch.setattr(league_table, "CHUNK", 100)
    return rows, calls


def _expected(rows, key, descending, q):
    rows = [r for r in rows if q.casefold() in r[league.NAME].casefold()]
    if key == "name":
        return sorted(rows, key=lambda r: (r[league.NAME].casefold(), r[league.RANK]),
                      reverse=descending)  # fmt: skip
    return sorted(rows, key=lambda r: r[league.FIELD_INDEX[key]], reverse=descending)


@pytest.mark.parametrize("sort", ["-points", "name", "-name", "rating", "-rank", "-events"])
@pytest.mark.parametrize("q", ["", "LAYER 01", "b"])
def test_any_sort_and_filter_pages_like_the_whole_table(mixed, sort, q):
    rows, calls = mixed
    key, descending = league.parse_sort(sort)
    expected = _expected(rows, key, descending, q)
    for page_no in (1, 2):
        page = league.standings("lore", sort=sort, q=q, page=page_no, page_size=50,
                                with_history=False)  # fmt: skip
        want = expected[(page_no - 1) * 50 : page_no * 50]
        assert [r.player_id for r in page.rows] == [r[1] for r in want]
        assert page.count == len(expected) and page.total == len(rows)
    assert calls == ["lore"]  # computed once; every later read came from the cache


def test_a_warmed_table_serves_every_sort_without_the_whole_table(mixed):
    rows, calls = mixed
    league_table.warm("lore", None, None, rows)
    for sort in league.SORT_FIELDS:
        for prefix in ("", "-"):
            page = league.standings("lore", sort=prefix + sort, q="layer", page=3,
                                    page_size=100, with_history=False)  # fmt: skip
            assert len(page.rows) == 100
    assert calls == []
