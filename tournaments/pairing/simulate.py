"""A seeded event simulator: plays random results through the pairing algorithms.

Used by the tests and benchmarks to build realistic event histories (who met whom, who
had a bye, scores); it also lets a director preview how an event of a given size unfolds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .common import PairingPlayer
from .swiss import SwissPairing, pair_swiss

# 000 Part VI §3 Scoring: One Ring 7–0, ratio ≥ 2 6–0, ≥ 1.5 5–1, > 1 4–2, tie 3–3.
RESULTS = ((7, 0), (6, 0), (6, 0), (5, 1), (5, 1), (4, 2), (4, 2), (3, 3))


def bye_points(round_number: int) -> int:
    """000 Part VI §3: a bye is 6 points in round 1, 5 in round 2, 4 later."""
    return 6 if round_number == 1 else 5 if round_number == 2 else 4


@dataclass
class SimulatedEvent:
    n: int
    seed: int
    score: dict[str, int] = field(default_factory=dict)
    opponents: dict[str, set[str]] = field(default_factory=dict)
    byes: dict[str, int] = field(default_factory=dict)
    rounds: list[SwissPairing] = field(default_factory=list)

    def __post_init__(self) -> None:
        for i in range(self.n):
            pid = f"p{i:06d}"
            self.score[pid] = 0
            self.opponents[pid] = set()
            self.byes[pid] = 0
        self._rng = random.Random(self.seed * 7919 + 1)

    def players(self) -> list[PairingPlayer]:
        return [
            PairingPlayer(
                id=pid,
                name=f"Player {pid[1:].lstrip('0') or '0'}",
                score=self.score[pid],
                opponents=frozenset(self.opponents[pid]),
                had_bye=self.byes[pid] > 0,
            )
            for pid in self.score
        ]

    def play(self, pairing: SwissPairing) -> None:
        r = len(self.rounds) + 1
        for a, b in pairing.tables:
            pa, pb = self._rng.choice(RESULTS)
            if self._rng.random() < 0.5:
                pa, pb = pb, pa
            self.score[a] += pa
            self.score[b] += pb
            self.opponents[a].add(b)
            self.opponents[b].add(a)
        if pairing.bye is not None:
            self.score[pairing.bye] += bye_points(r)
            self.byes[pairing.bye] += 1
        self.rounds.append(pairing)

    def next_round(self) -> SwissPairing:
        r = len(self.rounds) + 1
        return pair_swiss(self.players(), r, seed=self.seed * 1000 + r)

    def run(self, rounds: int) -> SimulatedEvent:
        for _ in range(rounds):
            self.play(self.next_round())
        return self
