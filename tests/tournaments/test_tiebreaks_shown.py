"""The standings show only the tiebreak values that broke a tie (RULES.md §3: tied
players are ordered by the tiebreaks in turn; a value that separated nobody decided nothing)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournaments.standings.shown import tiebreaks_used


def test_values_are_shown_only_between_players_on_the_same_points():
    rows = [(9, [2, 5]), (6, [10, 4]), (6, [10, 3]), (6, [1, 9]), (3, [0, 0])]
    assert tiebreaks_used(rows) == [0, 2, 2, 1, 0]


def test_a_tie_no_tiebreak_breaks_shows_them_all():
    assert tiebreaks_used([(6, [1, 2]), (6, [1, 2])]) == [2, 2]


@given(
    st.lists(
        st.tuples(st.integers(0, 3), st.lists(st.integers(0, 2), min_size=2, max_size=2)),
        max_size=12,
    )
)
def test_used_values_are_exactly_what_separates_neighbours(rows):
    rows = sorted(rows, key=lambda r: (-r[0], [-v for v in r[1]]))
    used = tiebreaks_used(rows)
    for i, n in enumerate(used):
        tied = [j for j in (i - 1, i + 1) if 0 <= j < len(rows) and rows[j][0] == rows[i][0]]
        assert (n == 0) == (not tied)
        for j in tied:
            # The values shown reach the first one that differs from a tied neighbour.
            shown, other = rows[i][1][:n], rows[j][1][:n]
            assert shown != other or rows[i][1] == rows[j][1]
