"""Heats as pure functions (RULES.md §8, Decipher 2003 Worlds: "two parallel Swiss heats
..., the top 8 of each advancing to a top 16 single elimination"; Decipher 2004: "at
most one bye per player per tournament"): the draw, pairing each heat as its own Swiss,
who goes on and their seeds, and the bracket of 16 and 32."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tournaments.pairing import PairingPlayer, pair_swiss
from tournaments.pairing.groups import pair_in_groups, split_by_group
from tournaments.rules import bracket
from tournaments.rules import heats as rules


@given(st.integers(0, 80), st.integers(1, 8), st.integers(0, 10_000))
def test_the_snake_draw_puts_everyone_in_one_group_of_balanced_size(n, groups, seed):
    players = [str(i) for i in range(1, n + 1)]
    dealt = rules.snake_deal(rules.random_order(players, seed), groups)
    assert set(dealt) == set(players)
    sizes = Counter(dealt.values())
    assert all(1 <= g <= groups for g in sizes)
    if n >= groups:
        assert max(sizes.values()) - min(sizes[g] for g in range(1, groups + 1)) <= 1


def test_the_snake_draw_by_rating_spreads_the_strongest():
    ratings = {str(i): 2000 - i for i in range(1, 9)}
    order = rules.rating_order([*ratings, "unrated"], ratings)
    assert order[0] == "1" and order[-1] == "unrated"
    dealt = rules.snake_deal(order[:8], 2)
    assert [p for p in order[:8] if dealt[p] == 1] == ["1", "4", "5", "8"]
    assert [p for p in order[:8] if dealt[p] == 2] == ["2", "3", "6", "7"]


@given(st.integers(0, 10_000))
def test_a_random_draw_is_reproduced_from_its_seed_whatever_the_input_order(seed):
    players = [str(i) for i in range(1, 30)]
    shuffled = list(players)
    random.Random(seed + 1).shuffle(shuffled)
    assert rules.random_order(players, seed) == rules.random_order(shuffled, seed)


def test_a_late_entry_joins_the_smallest_group():
    assert rules.smallest_group({1: 5, 2: 4, 3: 4}, 3) == 2
    assert rules.smallest_group({1: 5, 2: 5}, 3) == 3


def _simulate(players: int, groups: int, rounds: int, seed: int) -> list[dict[str, Any]]:
    """Rounds of a Swiss in heats with random results; each round as pair_in_groups
    returns it, with the scores and opponents before it."""
    rng = random.Random(seed)
    ids = [str(i) for i in range(1, players + 1)]
    group_of = rules.snake_deal(rules.random_order(ids, seed), groups)
    score = dict.fromkeys(ids, 0)
    met: dict[str, set[str]] = {p: set() for p in ids}
    had_bye: set[str] = set()
    out = []
    for number in range(1, rounds + 1):
        roster = [PairingPlayer(p, p, score[p], frozenset(met[p]), p in had_bye) for p in ids]
        paired = pair_in_groups(
            roster,
            group_of,
            lambda members, g, n=number: pair_swiss(members, round_number=n, seed=seed + g),
            seed,
        )
        out.append({"number": number, "pairing": paired, "roster": roster, "group_of": group_of})
        for a, b in paired.tables:
            met[a].add(b)
            met[b].add(a)
            score[rng.choice((a, b))] += 1
        for p in paired.byes:
            had_bye.add(p)
            score[p] += 1
    return out


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 40), st.integers(1, 4), st.integers(1, 6), st.integers(0, 10_000))
def test_no_game_crosses_two_groups_and_each_group_is_its_own_swiss(n, groups, rounds, seed):
    """RULES.md §8 heats: each heat is its own Swiss; Decipher 2004: one bye at most."""
    # Every round stays pairable without a rematch when each player still has at least
    # half his heat unmet (Dirac): a heat of 6 after 3 rounds can be two triangles.
    assume(n // groups >= 2 * rounds + 1)
    byes: Counter[str] = Counter()
    for played in _simulate(n, groups, rounds, seed):
        paired, group_of, roster = played["pairing"], played["group_of"], played["roster"]
        for a, b in paired.tables:
            assert group_of[a] == group_of[b]
        seated = [p for t in paired.tables for p in t] + list(paired.byes)
        assert sorted(seated) == sorted(group_of)
        assert len(paired.byes) == len({group_of[p] for p in paired.byes})
        sizes = Counter(group_of.values())
        assert {group_of[p] for p in paired.byes} == {g for g in sizes if sizes[g] % 2}
        byes.update(paired.byes)
        # Each group is paired exactly as a Swiss of its players alone.
        for g, members in split_by_group(roster, group_of).items():
            alone = pair_swiss(members, round_number=played["number"], seed=seed + g)
            mine = [t for t in paired.tables if group_of[t[0]] == g]
            assert mine == [tuple(t) for t in alone.tables]
    assert all(count == 1 for count in byes.values())


@st.composite
def group_places(draw):
    groups = draw(st.integers(1, 6))
    per_group = draw(st.integers(1, 8))
    placed = []
    for g in range(1, groups + 1):
        size = draw(st.integers(per_group, per_group + 6))
        for place in range(1, size + 1):
            strength = (draw(st.integers(0, 8)), draw(st.integers(-8, 0)))
            placed.append(rules.Placed(f"{g}-{place}", g, place, strength))
    return groups, per_group, placed


@given(group_places())
def test_every_groups_top_n_go_on_winners_seeded_first(case):
    groups, per_group, placed = case
    seeds = rules.interleaved_seeds(placed, per_group)
    assert len(seeds) == groups * per_group
    going = {p.player for p in placed if p.place <= per_group}
    assert set(seeds) == going
    by_id = {p.player: p for p in placed}
    for tier in range(per_group):
        block = [by_id[s] for s in seeds[tier * groups : (tier + 1) * groups]]
        assert {p.place for p in block} == {tier + 1}
        assert sorted(p.group for p in block) == list(range(1, groups + 1))
        keys = [(tuple(-x for x in p.strength), p.group) for p in block]
        assert keys == sorted(keys)


def test_head_to_head_never_compares_two_groups():
    assert rules.cross_group_chain(["head_to_head", "fewer_losses", "opponents_points"]) == [
        "fewer_losses",
        "opponents_points",
    ]


def _standard(size: int) -> list[int]:
    """The standard bracket, independently: seed s meets size + 1 - s, and recursively
    the halves of the bracket hold the halves of the seeds' pairs."""
    if size == 2:
        return [1, 2]
    half = _standard(size // 2)
    return [x for s in half for x in (s, size + 1 - s)]


@given(st.sampled_from((16, 32)))
def test_seeds_are_placed_as_the_standard_bracket_places_them(size):
    order = bracket.bracket_order(size)
    assert order == _standard(size)
    for i in range(0, size, 2):
        assert order[i] + order[i + 1] == size + 1
    # Each quarter (eighth) holds one of the top 4 (8) seeds: they meet as late as can be.
    for parts in (2, 4, 8):
        chunk = size // parts
        tops = [min(order[k * chunk : (k + 1) * chunk]) for k in range(parts)]
        assert sorted(tops) == list(range(1, parts + 1))
    assert bracket.stage_name(1, size) == ("round_of_16" if size == 16 else "round_of_32")
    assert bracket.stage_name(bracket.stage_count(size), size) == "final"


@settings(deadline=None)
@given(st.sampled_from((16, 32)), st.integers(0, 10_000))
def test_a_bracket_of_16_or_32_has_one_champion_and_everyone_else_loses_once(size, seed):
    rng = random.Random(seed)
    seeded = [f"p{i}" for i in range(1, size + 1)]
    alive = [(p.high, p.low) for p in bracket.first_stage(seeded)]
    lost: Counter[str] = Counter()
    while alive:
        winners = []
        for high, low in alive:
            w = rng.choice((high, low))
            lost[low if w == high else high] += 1
            winners.append(w)
        alive = list(zip(winners[::2], winners[1::2], strict=True)) if len(winners) > 1 else []
        if len(winners) == 1:
            champion = winners[0]
    assert champion not in lost
    assert sorted(lost.values()) == [1] * (size - 1)
