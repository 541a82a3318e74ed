"""The standings updated in place after a few results (tournaments.standings.incremental)
equal the standings computed from scratch: 000 Part VI §3 "Scoring" (points, then
head-to-head, fewer losses, opponents' points or any other chain), RULES.md §3 Reading
(ejected players last, head-to-head in pods), §6 Reading (shared first place)."""

from __future__ import annotations

import os
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings import (
    DEFAULT_TIEBREAKS,
    TIEBREAKS,
    StandingGame,
    compute_standings,
)
from tournaments.standings.incremental import NeedGames, update_standings
from tournaments.standings.slices import Stored

# Few distinct results: many ties, so head-to-head and the later tiebreaks decide often.
# More once in a while: STANDINGS_EXAMPLES=20000 pytest ...
EXAMPLES = int(os.environ.get("STANDINGS_EXAMPLES", "300"))
RESULTS = ((3, 0), (0, 3), (1, 1), (7, 0), (4, 2))


def table(r, seated, rng):
    if len(seated) == 1:
        return StandingGame(r, {seated[0]: 3}, {seated[0]: "win"}, is_bye=True)
    if len(seated) == 2:
        pa, pb = rng.choice(RESULTS)
        points = {seated[0]: pa, seated[1]: pb}
    else:
        points = {p: rng.choice((0, 1, 3)) for p in seated}
    best = max(points.values())
    outcome = {
        p: "draw" if list(points.values()).count(best) > 1 and v == best else
        "win" if v == best else "loss"
        for p, v in points.items()
    }  # fmt: skip
    return StandingGame(r, points, outcome)


def event(seed, n, rounds, pods):
    rng = random.Random(seed)
    players = [str(i + 1) for i in range(n)]
    tables = []
    for r in range(1, rounds + 1):
        order = players[:]
        rng.shuffle(order)
        while order:
            size = 3 if pods and len(order) >= 3 and rng.random() < 0.4 else 2
            seated, order = order[:size], order[size:]
            tables.append(table(r, seated, rng))
    return players, tables


def updated(old, players, games, changed, chain, ejected, max_others, stored=None):
    """The incremental update, loading the games it asks for as a service does."""
    known = set(changed)
    for _ in range(len(players) + 2):
        given_games = [g for g in games if not known.isdisjoint(g.points)]
        if stored is not None:
            stored.__init__()  # what the last try read
        answer = update_standings(
            old, changed, given_games, known, chain, ejected, max_others, stored
        )
        if not isinstance(answer, NeedGames):
            return answer, known
        assert answer.players and not answer.players <= known  # it always asks for more
        known |= answer.players
    raise AssertionError("the update never finished")


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    n=st.integers(2, 16),
    rounds=st.integers(1, 6),
    chain=st.one_of(
        st.just(list(DEFAULT_TIEBREAKS)),
        st.lists(st.sampled_from(sorted(TIEBREAKS)), max_size=4, unique=True),
    ),
    pods=st.booleans(),
    changes=st.integers(1, 3),
    ejected_count=st.integers(0, 2),
    bound=st.booleans(),
)
def test_update_equals_full_recomputation(
    seed, n, rounds, chain, pods, changes, ejected_count, bound
):
    check_update(seed, n, rounds, chain, pods, changes, ejected_count, bound)


@settings(max_examples=max(EXAMPLES // 6, 20), deadline=None)
@given(
    seed=st.integers(0, 10**6),
    n=st.integers(20, 160),
    rounds=st.integers(3, 9),
    chain=st.one_of(
        st.just(list(DEFAULT_TIEBREAKS)),
        st.lists(st.sampled_from(sorted(TIEBREAKS)), max_size=4, unique=True),
    ),
    pods=st.booleans(),
    changes=st.integers(1, 2),
    ejected_count=st.integers(0, 2),
)
def test_update_of_large_tied_parts_equals_full_recomputation(
    seed, n, rounds, chain, pods, changes, ejected_count
):
    """Events large enough that a tied part holds more players than an explanation names,
    so parts split last by a player's own tiebreak are merged from their places and
    values (merge.py, slices.py) instead of ranked again."""
    check_update(seed, n, rounds, chain, pods, changes, ejected_count, bound=True)


def check_update(seed, n, rounds, chain, pods, changes, ejected_count, bound):
    players, tables = event(seed, n, rounds, pods)
    rng = random.Random(seed + 1)
    confirmed = [rng.random() < 0.9 for _ in tables]
    ejected = set(rng.sample(players, min(ejected_count, n)))
    before = [t for t, c in zip(tables, confirmed, strict=True) if c]
    old = compute_standings(players, before, chain, ejected)
    changed: set[str] = set()
    after_tables = list(tables)
    for i in rng.sample(range(len(tables)), min(changes, len(tables))):
        t = tables[i]
        if rng.random() < 0.3:
            confirmed[i] = not confirmed[i]  # a result confirmed, or sent back
        else:
            after_tables[i] = table(t.round_number, list(t.points), rng)
        changed.update(t.points)
    after = [t for t, c in zip(after_tables, confirmed, strict=True) if c]
    max_others = (2 if pods else 1) if bound else None
    rows, _known = updated(old, players, after, changed, chain, ejected, max_others)
    assert rows == compute_standings(players, after, chain, ejected)


def test_one_result_reads_only_its_neighbourhood():
    """At 400 players after 8 rounds, a result needs the games of its two players and
    their opponents, not the event's: the point of updating in place."""
    players, tables = event(7, 400, 8, pods=False)
    old = compute_standings(players, tables, DEFAULT_TIEBREAKS)
    rng = random.Random(3)
    i = next(i for i, t in enumerate(tables) if t.round_number == 8 and not t.is_bye)
    after = list(tables)
    after[i] = table(8, list(tables[i].points), rng)
    while after[i].points == tables[i].points:
        after[i] = table(8, list(tables[i].points), rng)
    changed = set(tables[i].points)
    rows, known = updated(old, players, after, changed, DEFAULT_TIEBREAKS, set(), 1)
    assert rows == compute_standings(players, after, DEFAULT_TIEBREAKS)
    assert len(known) <= 2 + 2 * 8
    assert rows != old


def test_a_merged_part_is_read_by_place_and_value_only():
    """At 1,000 players after 10 rounds the opponents of a result's players sit in large
    parts tied on points and losses, split last by opponents' points: those parts are
    read as (player, place, value) and only the buckets a moved opponent leaves or enters
    are read whole: fewer than half the rows of the score groups the result reaches."""
    players, tables = event(7, 1000, 10, pods=False)
    old = compute_standings(players, tables, DEFAULT_TIEBREAKS)
    rng = random.Random(3)
    i = next(i for i, t in enumerate(tables) if t.round_number == 10 and not t.is_bye)
    after = list(tables)
    after[i] = table(10, list(tables[i].points), rng)
    changed = set(tables[i].points)
    stored = Stored()
    rows, known = updated(old, players, after, changed, DEFAULT_TIEBREAKS, set(), 1, stored)
    assert rows == compute_standings(players, after, DEFAULT_TIEBREAKS)
    light = {p for lines in stored.lines.values() for p, _place, _value in lines}
    assert light - set(stored.rows), "no part was merged from light rows"
    reached = {old_row.points for old_row in old if old_row.player in known}
    in_groups = sum(1 for old_row in old if old_row.points in reached)
    assert len(stored.rows) < in_groups // 2  # the groups the result reaches, read whole


def test_a_result_that_changes_no_points_keeps_the_rows():
    players, tables = event(11, 30, 4, pods=False)
    old = compute_standings(players, tables, DEFAULT_TIEBREAKS)
    changed = set(tables[-1].points)
    rows, _known = updated(old, players, tables, changed, DEFAULT_TIEBREAKS, set(), 1)
    assert rows == old
