"""The replay scores each distinct result once, with players renamed to their seats;
that must give exactly what the rules engine gives for the real players
(000 Part VI §3 "Scoring", "Multi-player tournaments", RULES.md §2 and §6)."""

from __future__ import annotations

from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.services.loading import EventInfo, SeatData, TableData, game_result
from ratings.services.score_cache import ScoreCache
from rules_engine import InvalidResult, ScoringSettings, score_game

GAMES = {
    "lore": ("normal", "one_ring"),
    "metw": ("normal", "one_ring", "wizard_eliminated", "both_corrupted"),
    "lotr-tcg": ("site_9", "last_player", "ring_bearer_killed"),
    "lotr-dice": ("normal", "glory", "sauron_won"),
}


@st.composite
def tables(draw):
    game = draw(st.sampled_from(sorted(GAMES)))
    multiplayer = game in ("lore", "lotr-dice") and draw(st.booleans())
    n = draw(st.integers(3, 5) if multiplayer else st.just(2))
    regs = draw(st.lists(st.integers(1, 10_000), min_size=n, max_size=n, unique=True))
    no_mps = game == "lotr-tcg"
    mps = [None if no_mps else draw(st.integers(-5, 40)) for _ in range(n)]
    outcome = draw(st.sampled_from(GAMES[game]))
    winner = draw(st.sampled_from([None, *regs, 99_999]))
    seats = [
        SeatData(pos, 1000 + i, reg, m)
        for i, (pos, reg, m) in enumerate(zip(range(1, n + 1), regs, mps, strict=True))
    ]
    table = TableData(1, 1, outcome, winner, draw(st.booleans()), seats=seats)
    info = EventInfo(1, game, multiplayer, ScoringSettings(), date(2026, 1, 1), None, "running")
    return table, info, draw(st.integers(1, 6))


@settings(max_examples=300, deadline=None)
@given(tables())
def test_relabelled_scoring_equals_direct_scoring(case):
    table, info, number = case
    cache = ScoreCache()
    try:
        direct = score_game(game_result(table, info, number), info.settings)
    except InvalidResult:
        direct = None
    try:
        regs, scored = cache.score(table, info, number)
    except InvalidResult:
        assert direct is None
        return
    assert direct is not None
    names = [str(r) for r in regs]
    assert {names[i]: p for i, p in enumerate(scored.points)} == direct.points
    relabelled = {
        (names[seat], frozenset(names[o] for o in opponents), result, points)
        for seat, opponents, result, points in scored.rated
    }
    expected = {(r.player, frozenset(r.opponents), r.result, r.points) for r in direct.rated}
    assert relabelled == expected
    # The second time comes from the cache and is the same.
    assert cache.score(table, info, number) == (regs, scored)
