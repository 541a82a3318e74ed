"""The league table read a chunk at a time, so a page of a 100,000-player league stays
cheap: any page in rank order equals the same slice of the whole cached table, and a
warm page never recomputes the table."""

from __future__ import annotations

import pytest

from core.errors import NotFound
from ratings.league import cache as league_cache
from ratings.league import page as league
from ratings.league import table as league_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(monkeypatch):
    rows = [[i + 1, 1000 + i, f"Player {i:05}", 1500, 1500, 1, 2, 1, 1, 0, 6] for i in range(2345)]
    calls = []

    def computed(game, starts_on, ends_on):
        calls.append(game)
        return rows

    monkeypatch.setattr(league_cache, "league_rows", computed)
    monkeypatch.setattr(league_cache, "CHUNK", 100)
    return rows, calls


@pytest.mark.parametrize(("start", "stop"), [(0, 50), (90, 110), (199, 301), (2300, 2400)])
def test_a_slice_across_chunk_boundaries_is_the_whole_tables_slice(table, start, stop):
    rows, calls = table
    first, count = league_cache.ranked_slice("lore", None, None, start, stop)
    again, _ = league_cache.ranked_slice("lore", None, None, start, stop)
    assert first == again == rows[start:stop] and count == len(rows)
    assert calls == ["lore"]  # the second read came from the chunks alone


def test_the_rank_order_page_reads_chunks(table):
    rows, calls = table
    league_cache.warm("lore", None, None, rows)
    page = league.league_page("lore", page=3, page_size=100, with_history=False)
    assert [r.player_id for r in page.rows] == [r[1] for r in rows[200:300]]
    assert page.pages == 24 and page.total == page.count == 2345
    assert calls == []
    with pytest.raises(NotFound):
        league.league_page("lore", page=25, page_size=100, with_history=False)


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

    monkeypatch.setattr(league_cache, "league_rows", computed)
    monkeypatch.setattr(league_cache, "CHUNK", 100)
    return rows, calls


def _expected(rows, key, descending, q):
    name, rank = league_table.NAME, league_table.RANK
    rows = [r for r in rows if q.casefold() in r[name].casefold()]
    if key == "name":
        return sorted(rows, key=lambda r: (r[name].casefold(), r[rank]), reverse=descending)
    return sorted(rows, key=lambda r: r[league_table.FIELD_INDEX[key]], reverse=descending)


@pytest.mark.parametrize("sort", ["-points", "name", "-name", "rating", "-rank", "-events"])
@pytest.mark.parametrize("q", ["", "LAYER 01", "b"])
def test_any_sort_and_filter_pages_like_the_whole_table(mixed, sort, q):
    rows, calls = mixed
    key, descending = league.parse_sort(sort)
    expected = _expected(rows, key, descending, q)
    for page_no in (1, 2):
        page = league.league_page("lore", sort=sort, q=q, page=page_no, page_size=50,
                                with_history=False)  # fmt: skip
        want = expected[(page_no - 1) * 50 : page_no * 50]
        assert [r.player_id for r in page.rows] == [r[1] for r in want]
        assert page.count == len(expected) and page.total == len(rows)
    assert calls == ["lore"]  # computed once; every later read came from the cache


def test_a_warmed_table_serves_every_sort_without_the_whole_table(mixed):
    rows, calls = mixed
    league_cache.warm("lore", None, None, rows)
    for sort in league_table.SORT_FIELDS:
        for prefix in ("", "-"):
            page = league.league_page("lore", sort=prefix + sort, q="layer", page=3,
                                    page_size=100, with_history=False)  # fmt: skip
            assert len(page.rows) == 100
    assert calls == []
