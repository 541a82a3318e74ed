"""Properties of the scoring that must hold for every result (Hypothesis).

000 Part VI §3 "Scoring" (the two-player table sums to 6, or 7 with a One Ring win;
the ratio bands are monotone) and "Multi-player tournaments" (a pod is scored by its
MPs, not by the order the seats were written down).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import GameResult, InvalidResult, Seat, score_game
from rules_engine.free_council import CouncilInput, count_free_council
from rules_engine.scoring import ratio_band

mps = st.integers(min_value=-50, max_value=200)
mp_games = st.sampled_from(["lore", "metw", "lotr-dice"])


@given(game=mp_games, a=mps, b=mps, round_number=st.integers(1, 9), time_called=st.booleans())
def test_two_player_points_sum_to_six(game, a, b, round_number, time_called):
    """000 Part VI §3: 6–0, 5–1, 4–2, 3–3 all sum to 6."""
    score = score_game(
        GameResult(
            game, (Seat("a", a), Seat("b", b)), round_number=round_number, time_called=time_called
        )
    )
    assert sum(score.points.values()) == 6
    assert score.time_called is time_called


@given(
    game=st.sampled_from(["lore", "metw"]),
    a=st.one_of(st.none(), mps),
    b=st.one_of(st.none(), mps),
    who=st.sampled_from("ab"),
)
def test_one_ring_points_sum_to_seven(game, a, b, who):
    """000 Part VI §3: One Ring 7–0."""
    score = score_game(GameResult(game, (Seat("a", a), Seat("b", b)), one_ring=who))
    assert sum(score.points.values()) == 7 and score.points[who] == 7


@given(game=mp_games, a=mps, b=mps, extra=st.integers(1, 50))
def test_more_mps_never_score_fewer_points(game, a, b, extra):
    """000 Part VI §3: the table rewards a higher ratio; more MPs for a (opponent fixed)
    never lower a's points."""
    before = score_game(GameResult(game, (Seat("a", a), Seat("b", b)))).points["a"]
    after = score_game(GameResult(game, (Seat("a", a + extra), Seat("b", b)))).points["a"]
    assert after >= before


@given(game=mp_games, a=mps, b=mps)
def test_swapping_seat_order_changes_nothing(game, a, b):
    """000 Part VI §3: points depend on the MPs, not on who is listed first."""
    one = score_game(GameResult(game, (Seat("a", a), Seat("b", b))))
    other = score_game(GameResult(game, (Seat("b", b), Seat("a", a))))
    assert one.points == other.points
    assert one.outcome == other.outcome and one.band_key == other.band_key


@st.composite
def pods(draw, game: str, low: int, high: int):
    n = draw(st.integers(low, high))
    values = draw(st.lists(mps, min_size=n, max_size=n))
    seats = [Seat(f"p{i}", m) for i, m in enumerate(values)]
    order = draw(st.permutations(seats))
    return seats, order


@settings(max_examples=300)
@given(data=st.data(), game=st.sampled_from(["lore", "lotr-dice"]))
def test_pod_points_do_not_depend_on_seat_order(data, game):
    """000 Part VI 'Multi-player tournaments': scoring is by MPs only."""
    low, high = (3, 5) if game == "lore" else (2, 4)
    seats, shuffled = data.draw(pods(game, low, high))
    one = score_game(GameResult(game, tuple(seats), multiplayer=True))
    other = score_game(GameResult(game, tuple(shuffled), multiplayer=True))
    assert one.points == other.points
    assert one.outcome == other.outcome
    assert set(one.winners) == set(other.winners)


@settings(max_examples=300)
@given(data=st.data())
def test_pod_invariants(data):
    """000 Part VI 'Multi-player tournaments': winners get 4–6, losers 0–2, draws 3 each;
    a player with more MPs never scores fewer points than one with fewer."""
    seats, _ = data.draw(pods("lore", 3, 5))
    score = score_game(GameResult("lore", tuple(seats), multiplayer=True))
    for s in seats:
        result = score.outcome[s.player]
        assert score.points[s.player] in {"win": {4, 5, 6}, "loss": {0, 1, 2}, "draw": {3}}[result]
    for x in seats:
        for y in seats:
            if x.mps > y.mps:
                assert score.points[x.player] >= score.points[y.player]


@given(a=mps, b=mps)
def test_two_player_equals_pod_rules_with_two_seats(a, b):
    """RULES.md §2 (lotr-dice reading): with two seats the pod rules are the two-player table."""
    two = score_game(GameResult("lore", (Seat("a", a), Seat("b", b))))
    pod = score_game(GameResult("lotr-dice", (Seat("a", a), Seat("b", b)), multiplayer=True))
    assert two.points == pod.points


@given(w=st.integers(1, 500), lo=st.integers(1, 500))
def test_ratio_band_matches_exact_fractions(w, lo):
    """000 Part VI §3: bands by exact ratio (no floating-point edge at 1.5 or 2)."""
    from fractions import Fraction

    w += lo  # the winner has more MPs than the loser
    r = Fraction(w, lo)
    expected = "ratio_2" if r >= 2 else "ratio_1_5" if r >= Fraction(3, 2) else "ratio_1"
    assert ratio_band(w, lo).key == expected


cats = st.integers(-5, 15)
council_sides = {
    name: st.builds(
        CouncilInput,
        st.just(name),
        *[cats] * 6,
        revealed_duplicates=st.integers(0, 5),
        avatar_eliminated=st.booleans(),
    )
    for name in "AB"
}


@given(
    a=council_sides["A"],
    b=council_sides["B"],
    reading=st.sampled_from(["exact", "round-up"]),
)
def test_free_council_invariants(a, b, reading):
    """003 Part II §1: after the cap no category is over half of the positive total;
    the final total is the capped total minus reveals and the avatar penalty."""
    result = count_free_council(a, b, reading)
    for side, opponent in zip(result.players, (b, a), strict=True):
        positive = sum(v for v in side.after_cap.values() if v > 0)
        for v in side.after_cap.values():
            if reading == "exact":
                assert 2 * v <= positive
            else:
                assert v <= (positive + 1) // 2
        penalty = -5 if (a if side.player == "A" else b).avatar_eliminated else 0
        assert side.final == side.after_cap_total - opponent.revealed_duplicates + penalty
    finals = {s.player: s.final for s in result.players}
    if finals["A"] == finals["B"]:
        assert result.tie
    else:
        assert result.winner == max(finals, key=finals.get)


anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**7), 10**7),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.lists(st.integers(), max_size=2),
)
names = st.one_of(st.sampled_from(["a", "b", "c", "", " a"]), anything)


@settings(max_examples=500)
@given(
    game=st.one_of(st.sampled_from(["lore", "metw", "lotr-tcg", "lotr-dice"]), anything),
    seats=st.lists(st.builds(Seat, names, st.one_of(mps, anything)), max_size=6),
    round_number=st.one_of(st.integers(-2, 5), anything),
    multiplayer=st.one_of(st.booleans(), anything),
    outcome=st.one_of(
        st.sampled_from(
            [
                "normal",
                "one_ring",
                "wizard_eliminated",
                "both_corrupted",
                "site_9",
                "glory",
                "sauron_won",
            ]
        ),
        anything,
    ),
    winner=names,
    one_ring=st.one_of(st.none(), names),
    time_called=st.one_of(st.booleans(), anything),
)
def test_any_input_is_scored_or_refused_never_crashes(
    game, seats, round_number, multiplayer, outcome, winner, one_ring, time_called
):
    """Whatever arrives, the engine scores it or raises InvalidResult with reasons."""
    result = GameResult(
        game, tuple(seats), round_number, multiplayer, outcome, winner, time_called, one_ring
    )
    try:
        score = score_game(result)
    except InvalidResult as exc:
        assert exc.problems and all(p.message for p in exc.problems)
        return
    players = [s.player for s in seats]
    assert sorted(score.points) == sorted(players)
    assert set(score.outcome.values()) <= {"win", "loss", "draw"}
