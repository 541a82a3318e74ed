"""Swiss pairing speed and quality benchmark: `.venv/bin/python benchmarks/bench_pairing.py`.

Speed: whole simulated events (random 000 Part VI §3 results), every round timed, with
how it was solved (f fast path at the score bound, c exact matching of the conflicted
groups proven by bound.py's certificate, e full exact graph, w windows, not proven) and
its squared score gap against the score bound.
Quality: every round of simulated events against an exact maximum-weight matching of the
whole rematch-free graph (same bye) for the objective of RULES.md §3 Reading: same total
squared score difference AND same number of players outside their score group. Run with
the production settings (events up to 1,000 players are proven optimal) and with the
full-graph step switched off (`full_exact_limit=0`, so 1,000-player events use windows as
10,000-player ones do).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rustworkx as rx

from tournaments.pairing import PairingImpossible, PairingPlayer, pair_swiss
from tournaments.pairing.simulate import SimulatedEvent
from tournaments.pairing.swiss import PROOF


def exact_reference(players: list[PairingPlayer], bye: str | None) -> tuple[int, int]:
    """(squared difference, floaters) of the full-graph optimum, written apart from the
    production solver (its own weights, every edge)."""
    ps = [p for p in players if p.id != bye]
    n = len(ps)
    scores = [p.score for p in ps]
    spread = max(scores) - min(scores)
    unit = n + 2
    ceiling = spread * spread * unit + 10
    g = rx.PyGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from(
        [
            (i, j, ceiling - (scores[i] - scores[j]) ** 2 * unit - (scores[i] != scores[j]) * 2)
            for i in range(n)
            for j in range(i + 1, n)
            if ps[j].id not in ps[i].opponents
        ]
    )
    found = rx.max_weight_matching(g, max_cardinality=True, weight_fn=int)
    assert 2 * len(found) == n
    return (
        sum((scores[a] - scores[b]) ** 2 for a, b in found),
        sum(2 for a, b in found if scores[a] != scores[b]),
    )


def speed(
    n: int, rounds: int, seed: int = 1
) -> tuple[list[float], list[float], list[str], list[str]]:
    """Wall-clock and CPU seconds per round (CPU time is what counts on a busy machine),
    how each round was solved, and its squared gap against the score bound (bound.py)."""
    ev = SimulatedEvent(n, seed)
    wall, cpu, methods, gaps = [], [], [], []
    for _ in range(rounds):
        players = ev.players()
        r = len(ev.rounds) + 1
        t, c = time.perf_counter(), time.process_time()
        pairing = pair_swiss(players, r, seed * 1000 + r)
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        methods.append(pairing.method)
        proof = [i for i in pairing.explanation_items if i["code"] == PROOF]
        gaps.append(f"{proof[0]['cost']}/{proof[0]['bound']}" if proof else "-")
        ev.play(pairing)
    return wall, cpu, methods, gaps


def quality(n: int, events: int, rounds: int, limit: int | None) -> tuple[int, int, dict]:
    checked = mismatches = 0
    methods: dict[str, int] = {}
    for seed in range(events):
        ev = SimulatedEvent(n, seed)
        for r in range(1, rounds + 1):
            players = ev.players()
            try:
                if limit is None:
                    pairing = pair_swiss(players, r, seed * 1000 + r)
                else:
                    pairing = pair_swiss(players, r, seed * 1000 + r, full_exact_limit=limit)
            except PairingImpossible:
                break
            if r > 1:
                ref = exact_reference(players, pairing.bye)
                checked += 1
                methods[pairing.method] = methods.get(pairing.method, 0) + 1
                ours = (pairing.squared_difference, pairing.floaters)
                if ref != ours:
                    mismatches += 1
                    print(f"  differ n={n} seed={seed} round={r}: exact {ref}, ours {ours}")
            ev.play(pairing)
    return checked, mismatches, methods


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="skip events over 10,000 players")
    parser.add_argument("--speed-only", action="store_true", help="skip the quality comparison")
    parser.add_argument(
        "--plan",
        default="1000:12,10000:14,100000:17",
        help="players:rounds of the timed events, e.g. 1000000:12 (about 2 GB of memory)",
    )
    args = parser.parse_args()
    print(f"Swiss speed (seconds per pair_swiss call, simulated event; load {os.getloadavg()})")
    plans = [tuple(map(int, p.split(":"))) for p in args.plan.split(",")]
    for n, rounds in plans:
        if args.quick and n > 10_000:
            continue
        wall, cpu, methods, gaps = speed(n, rounds)
        print(
            f"  n={n:>7}: rounds 1-{rounds}: wall max {max(wall):.3f} mean "
            f"{statistics.mean(wall):.3f}; CPU max {max(cpu):.3f} mean {statistics.mean(cpu):.3f}"
        )
        print("           CPU per round " + " ".join(f"{t:.2f}" for t in cpu))
        print("           method per round " + " ".join(m[0] for m in methods))
        print("           squared gap / score bound " + " ".join(gaps))
        print(f"           load average now {os.getloadavg()}", flush=True)
    if args.speed_only:
        return
    print("Quality vs exact full-graph matching (squared difference, floaters)")
    for n, events, rounds, limit in [
        (24, 20, 7, None),
        (150, 10, 10, None),
        (1_000, 3, 12, None),
        (150, 10, 10, 0),
        (1_000, 3, 12, 0),
    ]:
        t = time.perf_counter()
        checked, bad, methods = quality(n, events, rounds, limit)
        extra = " (full-graph step off)" if limit == 0 else ""
        print(
            f"  n={n:>5}{extra}: {checked} rounds compared, {bad} differ; "
            f"methods {methods} [{time.perf_counter() - t:.0f} s]"
        )


if __name__ == "__main__":
    main()
