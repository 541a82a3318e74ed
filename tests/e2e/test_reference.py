"""The independent reference itself, checked against the rulebook's own words.

Every test cites its source: 000 Part VI §3 (Scoring, Pairings, Ratings,
Multi-player tournaments) and RULES.md §2, §3, §6.
"""

from __future__ import annotations

import pytest

from tests.e2e import reference as ref


@pytest.mark.parametrize(
    ("winner", "loser", "expected"),
    [
        (20, 10, (6, 0)),  # exactly twice: "twice the loser's MPs or more" → 6–0
        (21, 10, (6, 0)),
        (19, 10, (5, 1)),  # just under twice
        (15, 10, (5, 1)),  # exactly one and a half: "at least one and a half" → 5–1
        (3, 2, (5, 1)),
        (29, 20, (4, 2)),  # 1.45: under one and a half
        (14, 10, (4, 2)),
        (11, 10, (4, 2)),  # barely more
        (31, 30, (4, 2)),
        (1, 0, (6, 0)),  # RULES.md §2 Reading: loser ≤ 0 counts as ratio ≥ 2
        (5, -3, (6, 0)),
        (-1, -3, (6, 0)),  # both negative: the winner has more, the loser is ≤ 0
        (0, -1, (6, 0)),
    ],
)
def test_ratio_table_boundaries(winner, loser, expected):
    """000 Part VI §3 Scoring: the ratio bands; RULES.md §2 Reading for MPs ≤ 0."""
    assert ref.ratio_points(winner, loser) == expected
    table = ref.score_table({"w": winner, "l": loser})
    assert table.points == {"w": expected[0], "l": expected[1]}
    assert table.outcome == {"w": "win", "l": "loss"}


def test_ratio_needs_a_winner():
    with pytest.raises(ValueError):
        ref.ratio_points(10, 10)


@pytest.mark.parametrize("mps", [0, 7, -4])
def test_tie_is_three_each(mps):
    """000 Part VI §3 Scoring: "If the game was a tie, both players get 3"."""
    table = ref.score_table({"a": mps, "b": mps})
    assert table.points == {"a": 3, "b": 3}
    assert table.outcome == {"a": "draw", "b": "draw"}
    assert [(r.result, r.points, r.opponents) for r in table.rated] == [
        ("draw", 0, ("b",)),
        ("draw", 0, ("a",)),
    ]


def test_one_ring_is_seven_nil_whatever_the_mps():
    """000 Part VI §3 Scoring: "If the winner destroyed The One Ring, the winner gets 7
    tournament points and the loser gets 0" (even with fewer MPs)."""
    table = ref.score_table({"a": 3, "b": 25}, one_ring_winner="a")
    assert table.points == {"a": 7, "b": 0}
    assert {(r.player, r.result, r.points) for r in table.rated} == {
        ("a", "win", 7),
        ("b", "loss", 7),
    }


def test_two_player_rating_reading():
    """RULES.md §6: both move by the winner's tournament points."""
    table = ref.score_table({"a": 18, "b": 12})  # 1.5 → 5–1
    assert {(r.player, r.opponents, r.result, r.points) for r in table.rated} == {
        ("a", ("b",), "win", 5),
        ("b", ("a",), "loss", 5),
    }


@pytest.mark.parametrize(("round_number", "points"), [(1, 6), (2, 5), (3, 4), (7, 4)])
def test_bye_points(round_number, points):
    """000 Part VI §3 Scoring: 6 for a first-round bye, 5 for a second, 4 for any other."""
    assert ref.bye_points(round_number) == points


@pytest.mark.parametrize(
    ("n", "rounds"),
    [(5, 3), (8, 3), (9, 4), (16, 4), (17, 5), (32, 5), (33, 6), (64, 6), (65, 7), (300, 9)],
)
def test_rounds_table(n, rounds):
    """000 Part VI §3: 5–8 → 3, 9–16 → 4, 17–32 → 5, 33–64 → 6; RULES.md §3: ⌈log₂ n⌉ on."""
    assert ref.rounds_for_players(n) == rounds


@pytest.mark.parametrize(("n", "rounds"), [(12, 2), (17, 3), (33, 3), (64, 3), (65, 4)])
def test_multiplayer_rounds_are_half_rounded_up(n, rounds):
    """000 Part VI §3 Multi-player tournaments: half as many rounds, rounded up."""
    assert ref.rounds_for_players(n, multiplayer=True) == rounds


# --------------------------------------------------------------------------- pods


def test_pod_winner_against_next_highest_others_against_winner():
    """000 Part VI §3 Multi-player: the winner by the ratio to the next highest, every
    other player by the ratio of the winner's MPs to his; RULES.md §6 reading for ratings."""
    table = ref.score_table({"a": 20, "b": 15, "c": 5, "d": 12})
    assert table.points == {"a": 4, "b": 2, "c": 0, "d": 1}  # 20/15, 20/15, 20/5, 20/12
    rated = {r.player: (r.opponents, r.result, r.points) for r in table.rated}
    assert rated == {
        "a": (("b",), "win", 4),
        "b": (("a",), "loss", 4),
        "c": (("a",), "loss", 6),
        "d": (("a",), "loss", 5),
    }


def test_pod_shared_win_scored_against_third_place():
    """000 Part VI §3: "In the case of a tie for the winner, but not a tie for all
    players, score both winners with the third place marshalling points"."""
    table = ref.score_table({"a": 20, "b": 20, "c": 10, "d": 4})
    assert table.points == {"a": 6, "b": 6, "c": 0, "d": 0}
    rated = {r.player: (r.opponents, r.result, r.points) for r in table.rated}
    assert rated["a"] == (("c",), "win", 6)
    assert rated["c"] == (("a", "b"), "loss", 6)
    table = ref.score_table({"a": 20, "b": 20, "c": 13})  # 20/13 ≈ 1.54
    assert table.points == {"a": 5, "b": 5, "c": 1}


def test_pod_all_tied_is_a_draw():
    """000 Part VI §3: "Only if all players tie is the game counted as a draw"."""
    table = ref.score_table({"a": 9, "b": 9, "c": 9})
    assert table.points == {"a": 3, "b": 3, "c": 3}
    assert {r.opponents for r in table.rated} == {("b", "c"), ("a", "c"), ("a", "b")}


def test_pod_one_ring():
    """RULES.md §2: a One Ring destruction gives 7 to the winner, 0 to everyone else."""
    table = ref.score_table({"a": 2, "b": 9, "c": 9, "d": 1}, one_ring_winner="a")
    assert table.points == {"a": 7, "b": 0, "c": 0, "d": 0}
    assert table.rated[0] == ref.RatedRef("a", ("b", "c"), "win", 7)


@pytest.mark.parametrize(("n", "fours"), [(3, 0), (6, 0), (7, 1), (9, 1), (12, 3), (13, 2)])
def test_most_fours(n, fours):
    """000 Part VI §3: groups of 3–5 with the maximum possible number of 4-player groups."""
    assert ref.most_fours(n) == fours


# --------------------------------------------------------------------------- ratings


def test_worked_rating_example():
    """000 Part VI §3 Ratings, worked by hand.

    Round 1 (all at 150): Ann beats Bob 20–8 (ratio 2.5 → 6–0): Ann 150+6 = 156,
    Bob 150−6 = 144. Cid beats Dan 12–10 (4–2): Cid 154, Dan 146.
    Round 2, from those ratings: Ann (156) beats Cid (154) 15–10 (5–1): difference 2,
    no full ten: Ann +5 = 161, Cid −5 = 149. Bob (144) and Dan (146) tie: draw, no
    full ten: both stay. Ann wins the event after 2 games: +2 → 163.
    """
    book = ref.RatingBook()
    ids = {"ann": 1, "bob": 2, "cid": 3, "dan": 4}
    book.rate_round(
        "e",
        1,
        [ref.score_table({"ann": 20, "bob": 8}), ref.score_table({"cid": 12, "dan": 10})],
        ids,
    )
    assert book.ratings == {1: 156, 2: 144, 3: 154, 4: 146}
    book.rate_round(
        "e",
        2,
        [ref.score_table({"cid": 10, "ann": 15}), ref.score_table({"bob": 7, "dan": 7})],
        ids,
    )
    assert book.ratings == {1: 161, 2: 144, 3: 149, 4: 146}
    book.winner_bonus("e", 1)
    assert book.ratings[1] == 163
    assert book.season_peaks() == {1: 163, 2: 150, 3: 154, 4: 150}


@pytest.mark.parametrize(
    ("own", "opp", "result", "points", "change"),
    [
        (150, [150], "win", 6, 6),
        (150, [169], "win", 4, 5),  # 19 above: one full ten → +1 to a win
        (150, [170], "win", 4, 6),  # 20 above: two
        (169, [150], "loss", 4, -5),  # 19 below: one full ten → a loss costs one more
        (150, [169], "loss", 4, -3),  # 19 above: a loss costs one less
        (150, [260], "win", 6, 10),  # a win gains at most 10
        (260, [150], "win", 4, 1),  # ... and at least 1
        (150, [260], "loss", 6, -1),  # a loss costs at least 1
        (260, [150], "loss", 6, -10),  # ... and at most 10
        (150, [175], "draw", 0, 2),  # draws: the modification alone (RULES.md §6 Reading)
        (175, [150], "draw", 0, -2),
        (150, [155], "draw", 0, 0),
        (150, [160, 171], "win", 4, 5),  # mean 165.5: one full ten
        (150, [159, 160], "win", 4, 4),  # mean 159.5: no full ten
    ],
)
def test_rating_change(own, opp, result, points, change):
    """000 Part VI §3 Ratings: ±1 per full 10 points of difference, clamped 1..10."""
    assert ref.rating_change(own, opp, result, points) == change


def test_round_rated_from_start_of_round_ratings():
    """RULES.md §6 Reading: the order of the games of a round never matters."""
    tables = [ref.score_table({"a": 20, "b": 1}), ref.score_table({"c": 9, "d": 30})]
    ids = {"a": 1, "b": 2, "c": 3, "d": 4}
    one, two = ref.RatingBook({1: 170, 2: 140, 3: 151}), ref.RatingBook({1: 170, 2: 140, 3: 151})
    one.rate_round("e", 1, tables, ids)
    two.rate_round("e", 1, list(reversed(tables)), ids)
    assert one.ratings == two.ratings == {1: 173, 2: 137, 3: 145, 4: 156}


# --------------------------------------------------------------------------- standings


def _t(rnd, a, pa, b, pb):
    out = {pa > pb: "win", pa < pb: "loss"}.get(True, "draw")
    back = {"win": "loss", "loss": "win", "draw": "draw"}[out]
    return ref.PlayedTable(rnd, {a: pa, b: pb}, {a: out, b: back})


def test_standings_head_to_head_only_when_every_pair_met():
    """000 Part VI §3 + RULES.md §3 Reading: a tied pair that met is decided by their game."""
    tables = [_t(1, "a", 2, "b", 4), _t(1, "c", 0, "d", 6), _t(2, "a", 6, "d", 0)]
    tables.append(_t(2, "b", 4, "c", 2))
    # a 8, b 8, d 6, c 2: a and b met, b beat a → b first.
    assert ref.final_standings("abcd", tables) == {"b": 1, "a": 2, "d": 3, "c": 4}


def test_standings_fewer_losses_then_opponents_points():
    """000 Part VI §3: fewer losses, then the opponents' final points."""
    tables = [
        _t(1, "a", 3, "b", 3),
        _t(1, "c", 6, "d", 0),
        ref.PlayedTable(1, {"e": 6}, {"e": "win"}, bye=True),
        _t(2, "a", 4, "c", 2),
        _t(2, "e", 1, "b", 5),
        ref.PlayedTable(2, {"d": 5}, {"d": "win"}, bye=True),
    ]
    # a 7 (0 losses), e 7 (1 loss), b 8, c 8, d 5. a and e never met: fewer losses.
    # b (8: draw, win) and c (8: win, loss) never met: b has fewer losses.
    ranks = ref.final_standings("abcde", tables)
    assert ranks == {"b": 1, "c": 2, "a": 3, "e": 4, "d": 5}


def test_standings_shared_rank_when_all_equal():
    tables = [_t(1, "a", 6, "b", 0), _t(1, "c", 6, "d", 0)]
    assert ref.final_standings("abcd", tables) == {"a": 1, "c": 1, "b": 3, "d": 3}


def test_standings_group_where_not_every_pair_met_skips_head_to_head():
    """RULES.md §3 Reading: three tied players, only two of whom met → step (1) skipped."""
    tables = [
        _t(1, "a", 6, "b", 0),
        _t(1, "c", 2, "x", 4),
        _t(2, "b", 6, "c", 0),
        _t(2, "a", 0, "x", 6),
        _t(3, "c", 4, "y", 2),
    ]
    # a 6, b 6, c 6: a–c never met. Losses: a 1, b 1, c 2 → c last; a, b: opponents'
    # points a: b 6 + x 10 = 16, b: a 6 + c 6 = 12 → a before b.
    ranks = ref.final_standings(["a", "b", "c", "x", "y"], tables)
    assert [p for p, _ in sorted(ranks.items(), key=lambda kv: kv[1])] == ["x", "a", "b", "c", "y"]


# --------------------------------------------------------------------------- pairing checks


def _state(scores, met=(), byes=()):
    met_of = {p: set() for p in scores}
    for a, b in met:
        met_of[a].add(b)
        met_of[b].add(a)
    return {p: ref.SwissState(s, frozenset(met_of[p]), p in byes) for p, s in scores.items()}


def test_swiss_check_accepts_an_optimal_round():
    state = _state({"a": 6, "b": 6, "c": 3, "d": 0, "e": 0}, met=[("a", "b")], byes=["c"])
    # a–b met: each floats down to the 3s or 0s; bye to a 0-point player.
    assert ref.swiss_round_problems(state, [("a", "c"), ("b", "d")], "e", 2) == []


def test_swiss_check_catches_rematch_bad_bye_and_poor_pairing():
    state = _state({"a": 6, "b": 6, "c": 0, "d": 0, "e": 0}, met=[("a", "c")])
    problems = ref.swiss_round_problems(state, [("a", "c"), ("b", "d")], "e", 2)
    assert any("rematch" in p for p in problems)
    problems = ref.swiss_round_problems(state, [("c", "d"), ("b", "e")], "a", 2)
    assert any("bye to a" in p for p in problems)
    problems = ref.swiss_round_problems(state, [("a", "d"), ("b", "c")], "e", 2)
    assert any("optimum" in p for p in problems)  # a–b should have played
    second = _state({"a": 6, "b": 3, "c": 0}, byes=["c"])
    assert any("second bye" in p for p in ref.swiss_round_problems(second, [("a", "b")], "c", 2))


def test_swiss_lower_bound_matches_exact_matching():
    scores = {"a": 9, "b": 7, "c": 7, "d": 4, "e": 4, "f": 4, "g": 0, "h": 1}
    bound = ref.swiss_lower_bound(scores.values())
    # RULES.md §3 Reading "as close as possible": neighbours in score order,
    # 9–7, 7–4, 4–4, 1–0 → squared 4 + 9 + 0 + 1, six players outside their group.
    assert bound == (14, 6)
    assert ref.best_swiss_cost(list(scores), scores, {}) == bound


def test_pod_check():
    """000 Part VI §3: the same four players should never play together twice."""
    previous = [frozenset("abcd")]
    assert ref.pod_round_problems("abcdefg", ["abcd", "efg"], previous) != []
    assert ref.pod_round_problems("abcdefg", ["abce", "dfg"], previous) == []
    assert ref.pod_round_problems("abcdefg", ["abc", "defg"], []) == []
    assert ref.pod_round_problems("abcdef", ["abcd", "ef"], []) != []
