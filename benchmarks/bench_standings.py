"""Standings speed: `.venv/bin/python benchmarks/bench_standings.py`.

10,000 players after 14 Swiss rounds (paired by pair_swiss, random 000 Part VI §3 results),
then compute_standings with the default chain and with every registered tiebreak; and a
field of 4,000 and 10,000 players tied on every tiebreak (one round, every game drawn):
time, peak memory (tracemalloc) and the longest explanation, which must stay linear.
"""

from __future__ import annotations

import itertools
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_engine.scoring import bye_points_for_round as bye_points
from tournaments.pairing.simulate import RESULTS, SimulatedEvent
from tournaments.standings import DEFAULT_TIEBREAKS, TIEBREAKS, StandingGame, compute_standings


def games_of(n: int, rounds: int, seed: int = 1) -> tuple[list[str], list[StandingGame]]:
    ev = SimulatedEvent(n, seed)
    games: list[StandingGame] = []
    rng = random.Random(seed)
    for r in range(1, rounds + 1):
        pairing = ev.next_round()
        ev.rounds.append(pairing)
        for a, b in pairing.tables:
            pa, pb = rng.choice(RESULTS)
            out = "draw" if pa == pb else "win" if pa > pb else "loss"
            other = {"win": "loss", "loss": "win", "draw": "draw"}[out]
            games.append(StandingGame(r, {a: pa, b: pb}, {a: out, b: other}))
            ev.score[a] += pa
            ev.score[b] += pb
            ev.opponents[a].add(b)
            ev.opponents[b].add(a)
        if pairing.bye:
            pts = bye_points(r)
            games.append(StandingGame(r, {pairing.bye: pts}, {pairing.bye: "win"}, is_bye=True))
            ev.score[pairing.bye] += pts
            ev.byes[pairing.bye] += 1
    return list(ev.score), games


def main() -> None:
    n, rounds = 10_000, 14
    t = time.perf_counter()
    players, games = games_of(n, rounds)
    print(
        f"setup: {n} players, {rounds} rounds, {len(games)} games in "
        f"{time.perf_counter() - t:.1f} s"
    )
    for chain in (DEFAULT_TIEBREAKS, list(TIEBREAKS)):
        best = best_cpu = float("inf")
        for _ in range(3):
            t, c = time.perf_counter(), time.process_time()
            rows = compute_standings(players, games, chain)
            best = min(best, time.perf_counter() - t)
            best_cpu = min(best_cpu, time.process_time() - c)
        shared = sum(1 for a, b in itertools.pairwise(rows) if a.rank == b.rank)
        print(
            f"  chain {chain}: best of 3: wall {best:.3f} s, CPU {best_cpu:.3f} s; rows sharing a rank with the next: {shared}"
        )


def tied_field(n: int) -> None:
    players = [f"p{i:06d}" for i in range(n)]
    games = [
        StandingGame(
            1, {players[i]: 3, players[i + 1]: 3}, {players[i]: "draw", players[i + 1]: "draw"}
        )
        for i in range(0, n, 2)
    ]
    tracemalloc.start()
    t = time.process_time()
    rows = compute_standings(players, games)
    longest = max(len(r.explanation) for r in rows)
    cpu = time.process_time() - t
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(
        f"  tied field of {n}: CPU {cpu:.3f} s (under tracemalloc), peak {peak / 2**20:.1f} MB, "
        f"longest explanation {longest} characters, rows sharing first {sum(r.shares_first for r in rows)}"
    )


if __name__ == "__main__":
    main()
    for size in (4_000, 10_000):
        tied_field(size)
