"""Swiss pairing speed and quality benchmark: `.venv/bin/python benchmarks/bench_pairing.py`.

Speed: whole simulated events (random 000 Part VI §3 results), every round timed.
Quality: the fast path + core fallback (full-exact shortcut disabled) against an exact
maximum-weight matching of the full graph, same bye: same floaters, same total difference.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import networkx as nx

from tournaments.pairing import swiss
from tournaments.pairing.common import max_weight_matching
from tournaments.pairing.simulate import SimulatedEvent


def exact_reference(players, bye, use_networkx):
    ps = [p for p in players if p.id != bye]
    n = len(ps)
    spread = max(p.score for p in ps) - min(p.score for p in ps)
    big_m = spread * (n // 2) + 1
    top = 2 * big_m + spread + 1
    edges = []
    for i in range(n):
        for j in range(i + 1, n):
            if ps[j].id in ps[i].opponents:
                continue
            d = abs(ps[i].score - ps[j].score)
            edges.append((i, j, top - (2 * big_m + d if d else 0)))
    if use_networkx:
        g = nx.Graph()
        g.add_nodes_from(range(n))
        g.add_weighted_edges_from(edges)
        found = list(nx.max_weight_matching(g, maxcardinality=True))
    else:
        found = max_weight_matching(n, edges)
    assert 2 * len(found) == n
    floaters = sum(2 for a, b in found if ps[a].score != ps[b].score)
    return floaters, sum(abs(ps[a].score - ps[b].score) for a, b in found)


def speed(n: int, rounds: int, seed: int = 1) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds per round (CPU time is what counts on a busy machine)."""
    ev = SimulatedEvent(n, seed)
    wall, cpu = [], []
    for _ in range(rounds):
        players = ev.players()
        r = len(ev.rounds) + 1
        t, c = time.perf_counter(), time.process_time()
        pairing = swiss.pair_swiss(players, r, seed * 1000 + r)
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        ev.play(pairing)
    return wall, cpu


def quality(
    n: int, events: int, rounds: int, use_networkx: bool, big: int | None = None
) -> tuple[int, int, dict]:
    saved = swiss.FULL_EXACT_LIMIT, swiss.WINDOW_BIG_GROUP
    swiss.FULL_EXACT_LIMIT = 0  # measure the fast algorithm, not the small-event shortcut
    if big is not None:  # smaller "big group" so mid-size events exercise the windows
        swiss.WINDOW_BIG_GROUP = big
    checked = mismatches = 0
    methods: dict[str, int] = {}
    try:
        for seed in range(events):
            ev = SimulatedEvent(n, seed)
            for r in range(1, rounds + 1):
                pairing = ev.next_round()
                if r > 1:
                    ref = exact_reference(ev.players(), pairing.bye, use_networkx)
                    checked += 1
                    methods[pairing.method] = methods.get(pairing.method, 0) + 1
                    if ref != (pairing.floaters, pairing.score_difference):
                        mismatches += 1
                        print(
                            f"  mismatch n={n} seed={seed} round={r}: exact {ref}, "
                            f"ours {(pairing.floaters, pairing.score_difference)}"
                        )
                ev.play(pairing)
    finally:
        swiss.FULL_EXACT_LIMIT, swiss.WINDOW_BIG_GROUP = saved
    return checked, mismatches, methods


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="skip the 100,000-player event")
    parser.add_argument("--speed-only", action="store_true", help="skip the quality comparison")
    args = parser.parse_args()
    print("Swiss speed (seconds per pair_swiss call, simulated event)")
    plans = [(1_000, 10), (10_000, 14)] + ([] if args.quick else [(100_000, 17)])
    for n, rounds in plans:
        wall, cpu = speed(n, rounds)
        print(
            f"  n={n:>7}: rounds 1-{rounds}: wall max {max(wall):.3f} mean "
            f"{statistics.mean(wall):.3f}; CPU max {max(cpu):.3f} mean {statistics.mean(cpu):.3f}"
        )
        print("           CPU per round " + " ".join(f"{t:.2f}" for t in cpu))
    if args.speed_only:
        return
    print("Quality vs exact full-graph matching (floaters, total score difference)")
    plans = [
        (50, 20, 8, True, None),
        (200, 6, 8, True, None),
        (1_000, 3, 10, False, None),
        (1_000, 3, 10, False, 12),
    ]
    for n, events, rounds, nxref, big in plans:
        t = time.perf_counter()
        checked, bad, methods = quality(n, events, rounds, nxref, big)
        ref = "networkx" if nxref else "rustworkx"
        extra = f", WINDOW_BIG_GROUP={big}" if big else ""
        print(
            f"  n={n:>5}{extra}: {checked} rounds compared ({ref}), {bad} differ; "
            f"methods {methods} [{time.perf_counter() - t:.0f} s]"
        )


if __name__ == "__main__":
    main()
