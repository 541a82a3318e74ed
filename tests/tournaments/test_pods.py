"""Multi-player pods: 000 Part VI "Multi-player tournaments"."""

from __future__ import annotations

import random
import time
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    DICE_POD_SIZES,
    PairingImpossible,
    PairingPlayer,
    PodSizes,
    pair_pods,
    pod_sizes,
    pod_sizes_for_game,
    render_pairing_explanation,
)


def P(pid, score=0, opponents=()):
    return PairingPlayer(pid, pid.upper(), score, frozenset(opponents))


@pytest.mark.parametrize(
    ("n", "sizes"),
    [
        (3, [3]),
        (4, [4]),
        (5, [5]),
        (6, [3, 3]),
        (7, [4, 3]),
        (8, [4, 4]),
        (9, [4, 5]),
        (10, [4, 3, 3]),
        (11, [4, 4, 3]),
        (13, [4, 4, 5]),
    ],
)
def test_pod_sizes_maximise_four_player_pods(n, sizes):
    """000 Part VI: "groups of 3-5 players, with the maximum possible number of 4 player
    groups" — 9 is 4+5 (one 4) rather than 3+3+3 (none)."""
    assert pod_sizes(n) == sizes


@given(st.integers(3, 500))
def test_pod_sizes_property(n):
    """000 Part VI: sizes 3-5, sum n, and no other split has more 4-player pods."""
    sizes = pod_sizes(n)
    assert sum(sizes) == n and all(3 <= s <= 5 for s in sizes)
    best = max(
        a
        for a in range(n // 4 + 1)
        for b in range(n // 3 + 1)
        if n - 4 * a - 3 * b >= 0 and (n - 4 * a - 3 * b) % 5 == 0
    )
    assert sizes.count(4) == best


def test_fewer_than_three_players_impossible():
    """000 Part VI multi-player: a pod needs 3-5 players; "no pods" is an ordinary answer
    with a message, not a crash."""
    with pytest.raises(PairingImpossible, match="pods of the sizes this game allows"):
        pair_pods([P("a"), P("b")], 1, seed=1)


@pytest.mark.parametrize(
    ("n", "sizes"),
    [
        (2, [2]),
        (3, [3]),
        (4, [4]),
        (5, [3, 2]),
        (6, [3, 3]),
        (7, [4, 3]),
        (9, [3, 3, 3]),
        (13, [4, 3, 3, 3]),
        (17, [4, 4, 3, 3, 3]),
        (21, [4, 4, 4, 3, 3, 3]),
    ],
)
def test_dice_pods_are_three_or_four_never_five(n, sizes):
    """RULES.md §3 Reading (`lotr-dice`; 004 is a 2-4 player game, 000 Part VI multi-player):
    pods of 3 or 4 with as many 4s as possible, never 5; with too few players for that,
    pods of 2 (5 players: 3+2, the only split with a single pod of 2). 13 players used to
    get 4+4+5 and the event was stuck."""
    assert pod_sizes_for_game("lotr-dice") == DICE_POD_SIZES
    assert pod_sizes(n, DICE_POD_SIZES) == sizes


@given(st.integers(2, 400))
def test_dice_pod_sizes_property(n):
    """RULES.md §3 Reading (`lotr-dice`): sizes 2-4 summing to n, a pod of 2 only when 3s
    and 4s cannot seat everybody, then the most 4s any such split has."""
    sizes = pod_sizes(n, DICE_POD_SIZES)
    assert sum(sizes) == n and all(2 <= s <= 4 for s in sizes)
    splits = [(a, b) for a in range(n // 4 + 1) for b in range(n // 3 + 1) if 4 * a + 3 * b == n]
    if splits:
        assert 2 not in sizes and sizes.count(4) == max(a for a, _ in splits)
    else:
        assert sizes.count(2) == 1


def test_one_dice_player_cannot_be_seated():
    """004 needs at least 2 players: the answer says so instead of crashing."""
    with pytest.raises(PairingImpossible, match="cannot be seated"):
        pair_pods([P("a")], 1, seed=1, sizes=DICE_POD_SIZES)


def test_thirteen_dice_players_are_seated_without_a_five():
    """RULES.md §3 Reading (`lotr-dice`): 13 players sit 4+3+3+3; the explanation counts
    the pods in words."""
    players = [P(f"p{i:02d}", score=i % 5) for i in range(13)]
    result = pair_pods(players, 2, seed=3, sizes=DICE_POD_SIZES)
    assert sorted(map(len, result.tables)) == [3, 3, 3, 4]
    assert "1 pod of 4, 3 pods of 3" in result.explanation[0]


def test_game_sizes_are_a_parameter():
    """000 Part VI multi-player (LoRE: 3-5) and any game's own sizes: the pod maker never
    builds a size the game forbids."""
    assert pod_sizes_for_game("lore") == PodSizes((3, 4, 5))
    assert pod_sizes(11, PodSizes((3,), (2,))) == [3, 3, 3, 2]
    assert pod_sizes(12, PodSizes((3,))) == [3, 3, 3, 3]
    with pytest.raises(PairingImpossible):
        pod_sizes(7, PodSizes((3,)))


def test_close_scores_sit_together():
    """000 Part VI: "Pairings are done much the same" as Swiss — pods of close scores
    (RULES.md §3 Reading: by the same squared measure)."""
    players = [P(f"p{i}", score=i) for i in range(8)]
    result = pair_pods(players, 2, seed=4)
    assert [sorted(t) for t in result.tables] == [
        ["p4", "p5", "p6", "p7"],
        ["p0", "p1", "p2", "p3"],
    ]
    assert result.repeated_opponents == 0
    codes = [i["code"] for i in result.explanation_items]
    assert codes == ["pods_shape", "pods_by_score", "no_repeat_four", "nobody_meets_again"]


def test_repeated_opponents_are_named_in_words():
    """000 Part VI multi-player: when no seating avoids it, the director sees who meets
    again, by name, from structured items."""
    players = [P(x, 0, set("abcd") - {x}) for x in "abcd"]
    result = pair_pods(players, 2, seed=1)
    item = result.explanation_items[-1]
    assert item["code"] == "repeated_opponents" and item["count"] == 6
    text = render_pairing_explanation([item], {"a": "Ann", "b": "Bo"})[0]
    assert "6 pairs of players meet again" in text and "pod 1: Ann and Bo" in text


def test_same_four_never_together_twice():
    """000 Part VI: "The same four players should never play in two games"."""
    players = [P(f"p{i}", score=10 - i) for i in range(8)]
    prev = [frozenset({"p0", "p1", "p2", "p3"}), frozenset({"p4", "p5", "p6", "p7"})]
    result = pair_pods(players, 2, seed=1, previous_pods=prev)
    for pod in result.tables:
        for old in prev:
            assert len(set(pod) & old) < 4


def test_impossible_when_only_one_pod_can_exist():
    """000 Part VI: 5 players form one pod of 5; it cannot hold last round's four again."""
    players = [P(x) for x in "abcde"]
    with pytest.raises(PairingImpossible, match="same four players"):
        pair_pods(players, 2, seed=1, previous_pods=[frozenset("abcd")])


def test_three_player_pods_never_break_the_four_rule():
    """000 Part VI: with 6 players the pods are 3+3, which never hold four players."""
    players = [P(x) for x in "abcdef"]
    result = pair_pods(players, 2, seed=1, previous_pods=[frozenset("abcd")])
    assert sorted(len(t) for t in result.tables) == [3, 3]


def _simulate(n, rounds, seed, sizes=None):
    rng = random.Random(seed)
    score = {f"p{i:04d}": 0 for i in range(n)}
    met = {p: set() for p in score}
    pods = []
    for r in range(1, rounds + 1):
        players = [P(p, score[p], met[p]) for p in score]
        if sizes is None:
            result = pair_pods(players, r, seed * 100 + r, pods)
        else:
            result = pair_pods(players, r, seed * 100 + r, pods, sizes=sizes)
        yield players, pods[:], result
        for pod in result.tables:
            pods.append(frozenset(pod))
            for a, b in combinations(pod, 2):
                met[a].add(b)
                met[b].add(a)
            for p in pod:
                score[p] += rng.choice((0, 1, 2, 4, 5, 6))


@settings(max_examples=40, deadline=None)
@given(n=st.integers(3, 30), rounds=st.integers(1, 3), seed=st.integers(0, 10**6))
def test_pod_properties(n, rounds, seed):
    """000 Part VI multi-player: everyone seated once, sizes as pod_sizes, the same four
    never twice, deterministic for a seed and independent of input order."""
    try:
        for players, previous, result in _simulate(n, rounds, seed):
            seated = [p for pod in result.tables for p in pod]
            assert sorted(seated) == sorted(p.id for p in players)
            assert sorted(map(len, result.tables)) == sorted(pod_sizes(n))
            for pod in result.tables:
                for old in previous:
                    assert len(set(pod) & old) < 4
            r = 2 if previous else 1
            again = pair_pods(players[::-1], r, 0, previous)
            assert again.tables == pair_pods(players, r, 0, previous).tables
            met = {p.id: p.opponents for p in players}
            repeats = sum(
                1 for pod in result.tables for a, b in combinations(pod, 2) if b in met[a]
            )
            assert result.repeated_opponents == repeats
    except PairingImpossible as exc:
        assert n <= 12, str(exc)  # only tiny events run out of fresh groups of four


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 30), rounds=st.integers(1, 3), seed=st.integers(0, 10**6))
def test_dice_events_never_get_a_five_player_pod(n, rounds, seed):
    """RULES.md §3 Reading (`lotr-dice`, 004: 2-4 players): every round of a Dice event
    seats everybody in pods of 2-4 exactly as pod_sizes says, or answers PairingImpossible
    (only for tiny events that ran out of fresh groups of four)."""
    try:
        for players, _, result in _simulate(n, rounds, seed, DICE_POD_SIZES):
            assert sorted(p for pod in result.tables for p in pod) == sorted(p.id for p in players)
            assert sorted(map(len, result.tables)) == sorted(pod_sizes(n, DICE_POD_SIZES))
            assert max(map(len, result.tables)) <= 4
    except PairingImpossible as exc:
        assert n <= 12, str(exc)


def test_local_search_removes_repeats_in_a_big_event():
    """000 Part VI multi-player: few repeated opponents; 1,000 players, 3 rounds, fast."""
    start = time.perf_counter()
    results = [result for _, _, result in _simulate(1000, 3, 7)]
    assert time.perf_counter() - start < 10
    assert results[1].repeated_opponents <= 5


def test_small_event_searched_exhaustively():
    """000 Part VI: the same four never twice — a 7-player event (4+3) whose only legal
    seatings put last round's 4-player pod's members into the 3-player pod are found."""
    players = [P(x, s) for x, s in zip("abcdefg", (9, 9, 9, 9, 0, 0, 0), strict=True)]
    prev = [frozenset("abcd"), frozenset("abce"), frozenset("abcf"), frozenset("abcg")]
    result = pair_pods(players, 3, seed=2, previous_pods=prev)
    four = next(set(t) for t in result.tables if len(t) == 4)
    assert all(len(four & old) < 4 for old in prev)
    assert not {"a", "b", "c"} <= four
