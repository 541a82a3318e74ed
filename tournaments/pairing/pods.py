"""Multi-player pods (000 Part VI "Multi-player tournaments").

The rulebook: "Pairings are done much the same [as Swiss], except in groups of 3-5 players,
with the maximum possible number of 4 player groups. The same four players should never
play in two games in the same tournament."

Pod sizes. Maximising the number of 4-player pods fixes the sizes completely: with
n = 4k the pods are all 4s; n = 4k+1 needs one 5 (three 3s would cost two 4-player pods);
n = 4k+2 needs two 3s (two 5s would cost one more 4); n = 4k+3 needs one 3. So there is
no 3-versus-5 preference left to choose; the odd-sized pods sit at the bottom tables.

Seating. Players are sorted by score (ties by the seed; round 1 entirely by the seed) and
seated consecutively, so pod-mates have close scores. A local search then swaps players
between pods, minimising lexicographically (1) pods that contain four players who already
shared a pod (the hard rule), (2) repeated opponents (pairs who met before), (3) the score
spread inside pods. Small events (≤ EXHAUSTIVE_LIMIT players) that still break the hard
rule are searched exhaustively; if no seating obeys it, PairingImpossible is raised.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from .common import PairingImpossible, PairingPlayer

EXHAUSTIVE_LIMIT = 12
_HARD = 10**12
_REPEAT = 10**6
_NEAR = 3  # pods on each side tried first for a swap, to keep scores close


@dataclass
class PodPairing:
    tables: list[tuple[str, ...]]  # pods of 3-5, as many 4s as possible
    explanation: list[str]
    seed: int
    repeated_opponents: int


def pod_sizes(n: int) -> list[int]:
    """Pod sizes for n players: as many 4s as possible, the rest 3s or a single 5."""
    if n < 3:
        raise PairingImpossible(
            f"A multi-player round needs at least 3 players (pods of 3–5); {n} "
            f"{'is' if n == 1 else 'are'} left."
        )
    fours, rest = divmod(n, 4)
    if rest == 0:
        return [4] * fours
    if rest == 1:
        return [4] * (fours - 1) + [5]
    if rest == 2:
        return [4] * (fours - 1) + [3, 3]
    return [4] * fours + [3]


def pair_pods(
    players: Sequence[PairingPlayer],
    round_number: int,
    seed: int,
    previous_pods: Sequence[frozenset[str]] = (),
) -> PodPairing:
    """Seat one multi-player round. Raises PairingImpossible with a message for the director."""
    return _Pods(players, round_number, seed, previous_pods).run()


class _Pods:
    def __init__(
        self,
        players: Sequence[PairingPlayer],
        round_number: int,
        seed: int,
        previous_pods: Sequence[frozenset[str]],
    ) -> None:
        ordered = sorted(players, key=lambda p: p.id)
        index = {p.id: i for i, p in enumerate(ordered)}
        if len(index) != len(ordered):
            raise ValueError("a player id appears twice")
        self.round_number = round_number
        self.seed = seed
        self.ids = [p.id for p in ordered]
        self.names = [p.name or p.id for p in ordered]
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
        self.rng = random.Random(seed)
        perm = list(range(len(ordered)))
        self.rng.shuffle(perm)
        self.rank = [0] * len(ordered)
        for pos, i in enumerate(perm):
            self.rank[i] = pos

    def cost(self, pod: list[int]) -> int:
        hard = 0
        if len(pod) >= 4:
            shared = Counter(k for m in pod for k in self.prev_of[m])
            hard = sum(1 for c in shared.values() if c >= 4)
        opp = self.opp
        repeats = sum(1 for a, b in combinations(pod, 2) if b in opp[a])
        scores = [self.score[m] for m in pod]
        return hard * _HARD + repeats * _REPEAT + max(scores) - min(scores)

    def run(self) -> PodPairing:
        n = len(self.ids)
        sizes = pod_sizes(n)
        order = sorted(range(n), key=lambda i: (-self.score[i], self.rank[i]))
        pods: list[list[int]] = []
        start = 0
        for size in sizes:
            pods.append(order[start : start + size])
            start += size
        costs = [self.cost(p) for p in pods]
        swaps = self._improve(pods, costs)
        if any(c >= _HARD for c in costs) and n <= EXHAUSTIVE_LIMIT:
            pods, costs = self._exhaustive(sizes)
        if any(c >= _HARD for c in costs):
            raise PairingImpossible(self._impossible_message(n))
        return self._result(pods, costs, swaps, sizes)

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
                    if q == p:
                        continue
                    if self._try_swap(pods, costs, p, q):
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

    def _impossible_message(self, n: int) -> str:
        r = self.round_number
        hint = f" Consider ending the event after round {r - 1}." if r > 1 else ""
        return (
            f"No pods exist for round {r}: with {n} players the pods must be "
            f"{'+'.join(map(str, pod_sizes(n)))}, and every such seating puts four players "
            "together who already shared a pod (000 Part VI: the same four players should "
            f"never play in two games in the same tournament).{hint}"
        )

    def _result(
        self, pods: list[list[int]], costs: list[int], swaps: int, sizes: list[int]
    ) -> PodPairing:
        r, n = self.round_number, len(self.ids)
        count = Counter(sizes)
        shape = ", ".join(f"{count[s]} of {s}" for s in (4, 3, 5) if count[s])
        lines = [
            f"Round {r}, seed {self.seed}: {n} players in {len(pods)} pods ({shape}): "
            "as many 4-player pods as possible (000 Part VI, Multi-player tournaments)."
        ]
        if self.random_round:
            lines.append("Round 1: players seated at random from the seed.")
        else:
            lines.append(
                "Players sorted by score (ties by the seed) and seated in consecutive pods, "
                "so pod-mates have close scores."
            )
        if swaps:
            lines.append(
                f"{swaps} swap{'s' if swaps != 1 else ''} between pods to avoid repeated "
                "opponents and repeated groups of four."
            )
        lines.append("No pod holds four players who have already played together in one pod.")
        repeated = []
        for t, pod in enumerate(pods, start=1):
            for a, b in combinations(pod, 2):
                if b in self.opp[a]:
                    repeated.append(f"pod {t}: {self.names[a]} and {self.names[b]}")
        if repeated:
            lines.append(
                f"{len(repeated)} pair{'s' if len(repeated) != 1 else ''} of players meet "
                "again (no swap could avoid it): "
                + "; ".join(repeated[:10])
                + ("; …" if len(repeated) > 10 else "")
                + "."
            )
        else:
            lines.append("Nobody meets a previous opponent.")
        return PodPairing(
            tables=[tuple(self.ids[m] for m in pod) for pod in pods],
            explanation=lines,
            seed=self.seed,
            repeated_opponents=len(repeated),
        )
