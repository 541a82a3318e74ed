"""Multi-player pods (000 Part VI "Multi-player tournaments"; RULES.md §3 Readings).

The rulebook: "Pairings are done much the same [as Swiss], except in groups of 3-5 players,
with the maximum possible number of 4 player groups. The same four players should never
play in two games in the same tournament." The sizes a game allows are a parameter
(`PodSizes`): 3–5 by default (LoRE and the other multi-player games), 3–4 for the LOTR
Dice game, which is a 2–4 player game (004), with pods of 2 only when 3s and 4s cannot
seat everybody.

Pod sizes (`pod_sizes`): first the fewest fallback pods (pods of 2 for Dice), then as many
4-player pods as possible, then the fewest pods. Reading for 5 Dice players: 3+2 (one pod
of 2 is unavoidable, and 3+2 is the only split with one); 2 → 2; 13 → 4+3+3+3.

Seating. Players are sorted by score (ties by the seed; round 1 entirely by the seed) and
seated consecutively, so pod-mates have close scores. A local search then swaps players
between pods, minimising lexicographically (1) pods that hold four players who already
shared a pod (the hard rule), (2) repeated opponents (pairs who met before), (3) the sum
of squared score differences inside pods (the Swiss measure, objective.py). Small events
(≤ EXHAUSTIVE_LIMIT players) that still have a repeat are searched exhaustively; if
no seating obeys it, PairingImpossible is raised: an ordinary answer with a message.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from .common import PairingImpossible, PairingPlayer
from .explain import impossible_pods, render_pairing_explanation
from .items import PairingItem

EXHAUSTIVE_LIMIT = 13  # up to here a seating with repeats is searched exhaustively
_HARD = 10**12
_REPEAT = 10**6
_NEAR = 3  # pods on each side tried first for a swap, to keep scores close
_LISTED = 10


@dataclass(frozen=True)
class PodSizes:
    """The pod sizes a game allows: preferred sizes, and sizes used only when needed."""

    preferred: tuple[int, ...] = (3, 4, 5)
    fallback: tuple[int, ...] = ()


DEFAULT_POD_SIZES = PodSizes()  # 000 Part VI: groups of 3-5
DICE_POD_SIZES = PodSizes(preferred=(3, 4), fallback=(2,))  # 004: a 2-4 player game
POD_SIZES_BY_GAME: dict[str, PodSizes] = {"lotr-dice": DICE_POD_SIZES}


def pod_sizes_for_game(game: str) -> PodSizes:
    """The pod sizes allowed for a game (its `Event.game` value)."""
    return POD_SIZES_BY_GAME.get(game, DEFAULT_POD_SIZES)


@dataclass
class PodPairing:
    tables: list[tuple[str, ...]]  # pods, 4-player pods first
    explanation_items: list[PairingItem]  # render_pairing_explanation(items, names)
    seed: int
    repeated_opponents: int
    names: dict[str, str] = field(default_factory=dict, repr=False)

    @property
    def explanation(self) -> list[str]:
        """The explanation in words, with the names the players were given."""
        return render_pairing_explanation(self.explanation_items, self.names)


@lru_cache(maxsize=256)
def _fill(n: int, sizes: tuple[int, ...]) -> tuple[int, ...] | None:
    """Fewest pods of `sizes` summing to n (larger sizes first), or None."""
    if n == 0:
        return ()
    best: tuple[int, ...] | None = None
    for s in sorted(sizes, reverse=True):
        if s <= n:
            rest = _fill(n - s, sizes)
            if rest is not None and (best is None or len(rest) + 1 < len(best)):
                best = (s, *rest)
    return best


def pod_sizes(n: int, sizes: PodSizes = DEFAULT_POD_SIZES) -> list[int]:
    """Pod sizes for n players: fewest fallback pods, then most 4s, then fewest pods."""
    fours_allowed = 4 in sizes.preferred
    others = tuple(s for s in sizes.preferred if s != 4)
    for fallbacks in range(0, n // max(min(sizes.fallback, default=n + 1), 1) + 1):
        for fb in _fallback_combos(fallbacks, sizes.fallback):
            left = n - sum(fb)
            if left < 0:
                continue
            for fours in range(left // 4 if fours_allowed else 0, -1, -1):
                rest = _fill_small(left - 4 * fours, others)
                if rest is not None:
                    return [4] * fours + sorted(rest, reverse=True) + sorted(fb, reverse=True)
    allowed = sorted({*sizes.preferred, *sizes.fallback})
    raise PairingImpossible(impossible_pods("sizes", 0, n, allowed))


def _fallback_combos(k: int, fallback: tuple[int, ...]) -> list[tuple[int, ...]]:
    if k == 0:
        return [()]
    return [tuple(c) for c in _multisets(sorted(fallback), k)]


def _multisets(items: list[int], k: int) -> list[list[int]]:
    if k == 0:
        return [[]]
    return [[x, *rest] for i, x in enumerate(items) for rest in _multisets(items[i:], k - 1)]


def _fill_small(left: int, others: tuple[int, ...]) -> tuple[int, ...] | None:
    """Pods of the sizes other than 4 for `left` players (bounded recursion for big n)."""
    if left <= 60 or not others:
        return _fill(left, others)
    big = max(others)
    bulk = (left - 60) // big
    rest = _fill(left - bulk * big, others)
    return None if rest is None else (big,) * bulk + rest


def pair_pods(
    players: Sequence[PairingPlayer],
    round_number: int,
    seed: int,
    previous_pods: Sequence[frozenset[str]] = (),
    sizes: PodSizes = DEFAULT_POD_SIZES,
) -> PodPairing:
    """Seat one multi-player round. Raises PairingImpossible with a message for the director."""
    return _Pods(players, round_number, seed, previous_pods, sizes).run()


class _Pods:
    def __init__(
        self,
        players: Sequence[PairingPlayer],
        round_number: int,
        seed: int,
        previous_pods: Sequence[frozenset[str]],
        sizes: PodSizes,
    ) -> None:
        ordered = sorted(players, key=lambda p: p.id)
        index = {p.id: i for i, p in enumerate(ordered)}
        if len(index) != len(ordered):
            raise ValueError("a player id appears twice")
        self.round_number = round_number
        self.seed = seed
        self.allowed = sizes
        self.ids = [p.id for p in ordered]
        self.names = {p.id: p.name or p.id for p in ordered}
        self.random_round = round_number <= 1
        self.score = [0 if self.random_round else p.score for p in ordered]
        self.opp = [frozenset(index[o] for o in p.opponents if o in index) for p in ordered]
        # Only previous pods with 4+ players can hold "the same four players".
        self.prev_of: list[list[int]] = [[] for _ in ordered]
        for k, pod in enumerate(previous_pods):
            members = [index[x] for x in pod if x in index]
            if len(members) >= 4:
                for m in members:
                    self.prev_of[m].append(k)
        perm = list(range(len(ordered)))
        random.Random(seed).shuffle(perm)
        self.rank = [0] * len(ordered)
        for pos, i in enumerate(perm):
            self.rank[i] = pos

    def cost(self, pod: list[int]) -> int:
        hard = 0
        if len(pod) >= 4:
            shared = Counter(k for m in pod for k in self.prev_of[m])
            hard = sum(1 for c in shared.values() if c >= 4)
        opp, score = self.opp, self.score
        repeats = spread = 0
        for a, b in combinations(pod, 2):
            repeats += b in opp[a]
            spread += (score[a] - score[b]) ** 2
        return hard * _HARD + repeats * _REPEAT + spread

    def run(self) -> PodPairing:
        n = len(self.ids)
        sizes = pod_sizes(n, self.allowed)
        order = sorted(range(n), key=lambda i: (-self.score[i], self.rank[i]))
        pods: list[list[int]] = []
        start = 0
        for size in sizes:
            pods.append(order[start : start + size])
            start += size
        costs = [self.cost(p) for p in pods]
        swaps = self._improve(pods, costs)
        if any(c >= _REPEAT for c in costs) and n <= EXHAUSTIVE_LIMIT:
            pods, costs = self._exhaustive(sizes)
        if any(c >= _HARD for c in costs):
            raise PairingImpossible(impossible_pods("same_four", self.round_number, n, sizes))
        return self._result(pods, swaps, sizes)

    def _improve(self, pods: list[list[int]], costs: list[int]) -> int:
        """First-improvement swaps between pods until no swap lowers the total cost."""
        swaps = 0
        for _ in range(50):
            improved = False
            for p in range(len(pods)):
                if costs[p] < _REPEAT:
                    continue  # nothing but score spread, which the sorted seating keeps low
                near = range(max(0, p - _NEAR), min(len(pods), p + _NEAR + 1))
                far = range(len(pods)) if costs[p] >= _HARD else ()
                for q in [*near, *(q for q in far if abs(q - p) > _NEAR)]:
                    if q != p and self._try_swap(pods, costs, p, q):
                        swaps += 1
                        improved = True
                        if costs[p] < _REPEAT:
                            break
            if not improved:
                break
        return swaps

    def _try_swap(self, pods: list[list[int]], costs: list[int], p: int, q: int) -> bool:
        before = costs[p] + costs[q]
        for x in range(len(pods[p])):
            for y in range(len(pods[q])):
                pods[p][x], pods[q][y] = pods[q][y], pods[p][x]
                cp, cq = self.cost(pods[p]), self.cost(pods[q])
                if cp + cq < before:
                    costs[p], costs[q] = cp, cq
                    return True
                pods[p][x], pods[q][y] = pods[q][y], pods[p][x]
        return False

    def _exhaustive(self, sizes: list[int]) -> tuple[list[list[int]], list[int]]:
        """Best seating of a small event by trying every split into pods of these sizes."""
        n = len(self.ids)
        best: tuple[int, list[list[int]]] | None = None
        order = sorted(range(n), key=lambda i: (-self.score[i], self.rank[i]))

        def place(left: list[int], sizes_left: Counter[int], done: list[list[int]], total: int):
            nonlocal best
            if best is not None and total >= best[0]:
                return
            if not left:
                best = (total, [list(p) for p in done])
                return
            # The first unseated player opens the next pod, in each size still needed: every
            # split into pods is visited exactly once.
            first, others = left[0], left[1:]
            for size in sorted(s for s in sizes_left if sizes_left[s]):
                sizes_left[size] -= 1
                for rest in combinations(others, size - 1):
                    pod = [first, *rest]
                    remaining = [x for x in others if x not in rest]
                    place(remaining, sizes_left, [*done, pod], total + self.cost(pod))
                sizes_left[size] += 1

        place(order, Counter(sizes), [], 0)
        assert best is not None
        pods = sorted(best[1], key=lambda p: (-max(self.score[m] for m in p), len(p) != 4))
        return pods, [self.cost(p) for p in pods]

    def _result(self, pods: list[list[int]], swaps: int, sizes: list[int]) -> PodPairing:
        count = Counter(sizes)
        items: list[PairingItem] = [
            {
                "code": "pods_shape",
                "round": self.round_number,
                "seed": self.seed,
                "players": len(self.ids),
                "pods": len(pods),
                "sizes": [[s, count[s]] for s in sorted(count, key=lambda s: (s != 4, -s))],
            },
            {"code": "pods_random" if self.random_round else "pods_by_score"},
        ]
        if swaps:
            items.append({"code": "pods_swaps", "count": swaps})
        items.append({"code": "no_repeat_four"})
        repeated: list[list[int | str]] = [
            [t, self.ids[a], self.ids[b]]
            for t, pod in enumerate(pods, start=1)
            for a, b in combinations(pod, 2)
            if b in self.opp[a]
        ]
        if repeated:
            items.append(
                {"code": "repeated_opponents", "count": len(repeated), "pairs": repeated[:_LISTED]}
            )
        else:
            items.append({"code": "nobody_meets_again"})
        return PodPairing(
            tables=[tuple(self.ids[m] for m in pod) for pod in pods],
            explanation_items=items,
            seed=self.seed,
            repeated_opponents=len(repeated),
            names=self.names,
        )
