"""Multi-player pod seating speed: `.venv/bin/python benchmarks/bench_pods.py`.

Simulates whole multi-player events (random results) and times every pair_pods call, with
the default sizes (3-5, LoRE) and the LOTR Dice sizes (3-4, pods of 2 only when needed).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing import (
    DEFAULT_POD_SIZES,
    DICE_POD_SIZES,
    PairingPlayer,
    PodSizes,
    pair_pods,
    rounds_for_players,
)


def run(
    n: int, rounds: int, seed: int = 1, sizes: PodSizes = DEFAULT_POD_SIZES
) -> tuple[list[float], list[int]]:
    rng = random.Random(seed)
    score = {f"p{i:05d}": 0 for i in range(n)}
    met: dict[str, set[str]] = {p: set() for p in score}
    pods: list[frozenset[str]] = []
    times, repeats = [], []
    for r in range(1, rounds + 1):
        players = [PairingPlayer(p, p, score[p], frozenset(met[p])) for p in score]
        t = time.process_time()  # CPU seconds: fair on a busy machine
        result = pair_pods(players, r, seed * 100 + r, pods, sizes=sizes)
        times.append(time.process_time() - t)
        repeats.append(result.repeated_opponents)
        for pod in result.tables:
            pods.append(frozenset(pod))
            for a, b in combinations(pod, 2):
                met[a].add(b)
                met[b].add(a)
            for p in pod:
                score[p] += rng.choice((0, 1, 2, 4, 5, 6, 7))
    return times, repeats


def main() -> None:
    print("Pods speed (CPU seconds per pair_pods call) and repeated opponent pairs per round")
    for label, sizes in (("3-5", DEFAULT_POD_SIZES), ("dice 3-4", DICE_POD_SIZES)):
        for n in (13, 100, 1_000, 10_000):
            rounds = rounds_for_players(n, multiplayer=True) + (2 if n <= 100 else 0)
            times, repeats = run(n, rounds, sizes=sizes)
            print(
                f"  {label:>8} n={n:>6}, {rounds} rounds: max {max(times):.3f}  mean "
                f"{statistics.mean(times):.3f}  repeats per round {repeats}"
            )


if __name__ == "__main__":
    main()
