"""A seeded event simulator: plays random results through the pairing algorithms.

Used by the tests and benchmarks to build realistic event histories (who met whom, who
had a bye, scores); it also lets a director preview how an event of a given size unfolds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rules_engine.scoring import RATIO_TABLE, bye_points_for_round

from .common import PairingPlayer
from .swiss import SwissPairing, pair_swiss

# The rulebook's scoring table (000 Part VI §3), One Ring wins rarer than the ratio bands.
RESULTS = tuple(
    (band.winner_points, band.loser_points)
    for i, band in enumerate(RATIO_TABLE)
    for _ in range(1 if i == 0 or band.winner_points == band.loser_points else 2)
)


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
            self.score[pairing.bye] += bye_points_for_round(r)
            self.byes[pairing.bye] += 1
        self.rounds.append(pairing)

    def next_round(self) -> SwissPairing:
        r = len(self.rounds) + 1
        return pair_swiss(self.players(), r, seed=self.seed * 1000 + r)

    def run(self, rounds: int) -> SimulatedEvent:
        for _ in range(rounds):
            self.play(self.next_round())
        return self
