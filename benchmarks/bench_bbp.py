"""The Swiss pairing side by side with the Fast Swiss fork of bbpPairings (C++, the
``--fast`` system Lichess uses for large Swiss events), on the same tournament states:

    .venv/bin/python benchmarks/bench_bbp.py [--sizes 1000,9000] [--rounds 12]
        [--fork GIT] [--upstream GIT]

When ``g++`` and ``make`` are present, the fork (``--fork``: a clone or its URL, default
github.com/cyanfish/bbpPairings) is built once into a cache directory
(``$XDG_CACHE_HOME/organizer-bench/``); g++ 12 and later need upstream's fix of its
integer type (commit 6fe8ff7 of ``--upstream``, BieremaBoyzProgramming/bbpPairings),
applied before the build. Without a compiler the benchmark says so and times only ours.

Each state is a simulated event (tournaments.pairing.simulate: 000 Part VI §3 results)
after r rounds. Both pair round r + 1 of it: ours through ``pair_swiss``, the fork from
the state written as a TRF: every game it sees is worth 0 points (BBW/BBD/BBL 0.0) and each
player's real score, halved to fit the format's tenths, is his acceleration for the round
(XXA), so its score groups are ours. Reported per round: time (ours in process; the fork's
wall time includes reading and writing its files), the total squared score difference
against the score bound (bound.py; ``=`` when a round is at it), and rematches.

Limits: XXA lines hold 4-digit start numbers, so the fork is run up to 9,999 players.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing import pair_swiss
from tournaments.pairing.bound import score_bound
from tournaments.pairing.simulate import SimulatedEvent

FORK = "https://github.com/cyanfish/bbpPairings"
UPSTREAM = "https://github.com/BieremaBoyzProgramming/bbpPairings"
GCC12_FIX = "6fe8ff7"  # upstream's "Fix #14": uint's operator* for g++ 12
MAX_FORK_PLAYERS = 9_999


def _git_dir(source: str, into: Path) -> Path:
    """A git directory for ``source`` (a local clone, bare or not, or a URL to clone)."""
    if Path(source).exists():
        return Path(source)
    subprocess.run(["git", "clone", "--quiet", "--bare", source, str(into)], check=True)
    return into


def build_fork(fork: str, upstream: str) -> Path | None:
    """The fork's binary, built once into the cache; None (said why) when it cannot be."""
    if not (shutil.which("g++") and shutil.which("make") and shutil.which("git")):
        print("No C++ compiler (g++ and make): the Fast Swiss fork is not run.")
        return None
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "organizer-bench"
    cache.mkdir(parents=True, exist_ok=True)
    fork_git = _git_dir(fork, cache / "fork.git")
    commit = subprocess.run(["git", "-C", str(fork_git), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
    binary = cache / f"bbpPairings-fast-{commit}" / "bbpPairings.exe"
    if binary.exists():
        return binary
    src = binary.parent
    shutil.rmtree(src, ignore_errors=True)
    src.mkdir()
    archive = subprocess.run(["git", "-C", str(fork_git), "archive", "HEAD"],
                             capture_output=True, check=True).stdout  # fmt: skip
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    up_git = _git_dir(upstream, cache / "upstream.git")
    fix = subprocess.run(["git", "-C", str(up_git), "show", GCC12_FIX, "--",
                          "src/utility/uint.h", "src/tournament/generator.cpp"],
                         capture_output=True, check=True).stdout  # fmt: skip
    subprocess.run(["patch", "-p2", "--quiet"], input=fix, cwd=src, check=True)
    done = subprocess.run(["make", "-j2", "engine_comparison=no"], cwd=src,
                          capture_output=True, text=True)  # fmt: skip
    if done.returncode != 0 or not binary.exists():
        print("The Fast Swiss fork did not build:\n" + done.stderr[-2000:])
        return None
    return binary


def trf(ev: SimulatedEvent, order: list[str], next_round: int) -> str:
    """The state as a TRF(x) the fork reads: games worth 0, scores as accelerations."""
    rank = {pid: i for i, pid in enumerate(order, start=1)}
    history: dict[str, list[str]] = {pid: [] for pid in order}
    for pairing in ev.rounds:
        for a, b in pairing.tables:
            history[a].append(f"{rank[b]:>4} w =")
            history[b].append(f"{rank[a]:>4} b =")
        if pairing.bye is not None:
            history[pairing.bye].append("0000 - U")
    lines = ["012 bench", f"XXR {next_round + 1}", "BBW  0.0", "BBD  0.0", "BBL  0.0",
             "BBZ  0.0", "BBF  0.0", "BBU  0.0"]  # fmt: skip
    for pid in order:
        games = "".join(f"  {g}" for g in history[pid])
        lines.append(f"001 {rank[pid]:>4}      {pid:<33} {0:>4}     {0:>11} {'':>10} "
                     f"{'0.0':>4} {rank[pid]:>4}{games}")  # fmt: skip
    zeros = "  0.0" * (next_round - 1)
    for pid in order:
        half = ev.score[pid] / 2
        lines.append(f"XXA {rank[pid]:>4}{zeros} {half:>4.1f}")
    return "\r".join(lines) + "\r"


def run_fork(binary: Path, ev: SimulatedEvent) -> tuple[float, list[tuple[str, str]]]:
    """The fork's pairs of the next round, and its wall time."""
    order = sorted(ev.score, key=lambda p: (-ev.score[p], p))
    with tempfile.TemporaryDirectory() as tmp:
        state, out = Path(tmp) / "state.trf", Path(tmp) / "pairs.txt"
        state.write_text(trf(ev, order, len(ev.rounds) + 1))
        t = time.perf_counter()
        subprocess.run([str(binary), "--fast", str(state), "-p", str(out)], check=True,
                       capture_output=True)  # fmt: skip
        seconds = time.perf_counter() - t
        numbers = [line.split() for line in out.read_text().split("\n")[1:] if line.strip()]
    pairs = [(order[int(a) - 1], order[int(b) - 1]) for a, b in numbers if b != "0"]
    assert len(pairs) == len(order) // 2, "the fork left players unpaired"
    return seconds, pairs


def cost(ev: SimulatedEvent, pairs: list[tuple[str, str]]) -> tuple[int, int]:
    """(total squared score difference, rematches) of the pairs in this state."""
    squared = sum((ev.score[a] - ev.score[b]) ** 2 for a, b in pairs)
    rematches = sum(1 for a, b in pairs if b in ev.opponents[a])
    return squared, rematches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,9000")
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--fork", default=FORK)
    parser.add_argument("--upstream", default=UPSTREAM)
    args = parser.parse_args()
    binary = build_fork(args.fork, args.upstream)
    print(f"load average {os.getloadavg()[0]:.1f}; times in ms (ours: CPU of pair_swiss; the "
          "fork: wall of the process); cost = squared score difference (= at the score "
          "bound), rematches")  # fmt: skip
    print("| players | round | ours: time, cost, rematches | fork: time, cost, rematches | bound |")
    print("| --- | --- | --- | --- | --- |")
    for n in (int(s) for s in args.sizes.split(",")):
        ev = SimulatedEvent(n, seed=1)
        for r in range(1, args.rounds + 1):
            players = ev.players()
            t = time.process_time()
            ours = pair_swiss(players, r, seed=1000 + r)
            ours_s = time.process_time() - t
            bound = score_bound(p.score for p in players if p.id != ours.bye).bound
            ours_cost, ours_re = cost(ev, list(ours.tables))
            fork = "not run"
            if binary is not None and n <= MAX_FORK_PLAYERS and r > 1:
                seconds, pairs = run_fork(binary, ev)
                fork_cost, fork_re = cost(ev, pairs)
                mark = "=" if fork_cost == bound else ""
                fork = f"{seconds * 1000:.0f}, {fork_cost}{mark}, {fork_re}"
            mark = "=" if ours_cost == bound else ""
            if r > 1:
                print(f"| {n:,} | {r} | {ours_s * 1000:.1f}, {ours_cost}{mark}, {ours_re} | "
                      f"{fork} | {bound} |", flush=True)  # fmt: skip
            ev.play(ours)


if __name__ == "__main__":
    main()
