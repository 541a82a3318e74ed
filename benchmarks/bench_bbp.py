"""The Swiss pairing side by side with the Fast Swiss fork of bbpPairings (C++, the
``--fast`` system Lichess uses for large Swiss events), on the same tournament states:

    .venv/bin/python benchmarks/bench_bbp.py [--sizes 1000,10000,50000,100000]
        [--rounds 12] [--fork GIT] [--upstream GIT] [--encoding wide|accelerations]
        [--exact-upto 1000]

When ``g++`` and ``make`` are present, the fork (``--fork``: a clone or its URL, default
github.com/cyanfish/bbpPairings) is built once into a cache directory
(``$XDG_CACHE_HOME/organizer-bench/``); g++ 12 and later need upstream's fix of its
integer type (commit 6fe8ff7 of ``--upstream``, BieremaBoyzProgramming/bbpPairings),
applied before the build. Without a compiler the benchmark says so and times only ours.

Each state is a simulated event (tournaments.pairing.simulate: 000 Part VI §3 results)
after r rounds. Both pair round r + 1 of it: ours through ``pair_swiss``, the fork from
the state written as a TRF(x) with its score groups exactly ours. By default (``wide``,
any size) start numbers are as wide as needed (the fork's ``XXW`` line) and each score is
written, in tenths, as the player's own results (``trf_wide``); ``accelerations`` writes
games worth 0 and each score, halved, as an acceleration (``XXA``), which holds 4-digit
start numbers only, so up to 9,999 players. Reported per round: time (ours: CPU in
process; the fork: wall and CPU of its process, reading and writing its files included),
the total squared score difference against the score bound (bound.py; ``=`` when a
round is at it), rematches, and the exact optimum (an independent full-graph matching up
to ``--exact-upto`` players, above that our cost where it is proven).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # its neighbour, bench_pairing

from bench_pairing import exact_reference

from tournaments.pairing import SwissPairing, pair_swiss
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


def _history(ev: SimulatedEvent, rank: dict[str, int]) -> dict[str, list[tuple[int, str] | None]]:
    """Each player's opponents round by round (start number, colour; None: his bye)."""
    history: dict[str, list[tuple[int, str] | None]] = {pid: [] for pid in rank}
    for pairing in ev.rounds:
        for a, b in pairing.tables:
            history[a].append((rank[b], "w"))
            history[b].append((rank[a], "b"))
        if pairing.bye is not None:
            history[pairing.bye].append(None)
    return history


def _player_line(rank: int, pid: str, width: int, tenths: int, entries: list[str]) -> str:
    """A 001 line with ``width``-digit start numbers (XXW; 4 is the format's own)."""
    final_rank = f"{rank:>4}" if rank <= MAX_FORK_PLAYERS else " " * 4  # never read
    games = "".join(f"  {e}" for e in entries)
    return (f"001 {rank:>{width}}      {pid:<33} {0:>4}     {0:>11} {'':>10} "
            f"{tenths / 10:>4.1f} {final_rank}{games}")  # fmt: skip


def trf(ev: SimulatedEvent, order: list[str], next_round: int) -> str:
    """The state as a TRF(x) the fork reads: games worth 0, scores as accelerations."""
    rank = {pid: i for i, pid in enumerate(order, start=1)}
    history = _history(ev, rank)
    lines = ["012 bench", f"XXR {next_round + 1}", "BBW  0.0", "BBD  0.0", "BBL  0.0",
             "BBZ  0.0", "BBF  0.0", "BBU  0.0"]  # fmt: skip
    for pid in order:
        entries = [f"{g[0]:>4} {g[1]} =" if g else "0000 - U" for g in history[pid]]
        lines.append(_player_line(rank[pid], pid, 4, 0, entries))
    zeros = "  0.0" * (next_round - 1)
    for pid in order:
        half = ev.score[pid] / 2
        lines.append(f"XXA {rank[pid]:>4}{zeros} {half:>4.1f}")
    return "\r".join(lines) + "\r"


def _slots(points: int, win: int) -> int:
    """Results needed to make ``points`` tenths from wins worth ``win`` and draws worth 1."""
    return points // win + points % win


def score_encoding(ev: SimulatedEvent, games: dict[str, int]) -> tuple[int, int]:
    """(tenths per win, rounds without a game put before the real ones) so that every
    player's score, in tenths, is a sum of his results: the fewest such rounds.

    At least 2 rounds in all, or the fork adds its default acceleration (rounds 1-2)."""
    floor = max(0, 2 - len(ev.rounds))
    best: tuple[int, int] | None = None
    for win in range(2, 21):
        extra = max(_slots(ev.score[p], win) - games[p] for p in ev.score)
        extra = max(extra, floor)
        if best is None or extra < best[1]:
            best = (win, extra)
    assert best is not None
    return best


def trf_wide(ev: SimulatedEvent, order: list[str], next_round: int) -> str:
    """The state as a TRF(x) with start numbers of any width (the fork's XXW line) and no
    accelerations (XXA lines hold 4-digit start numbers). The fork's reader takes each
    player's result in a game from his own line (only the opponent and colours must agree
    with the opponent's line), so every score is written, in tenths, as wins worth W tenths
    and draws worth 1: first as full- and half-point byes in rounds without a game put
    before the real rounds (a bye "F" or "H" is no pairing-allocated bye: it leaves him
    eligible for one), then as results of his real games. The fork's score groups and
    their order are then ours, each score exactly score / 10."""
    width = max(4, len(str(len(order))))
    zero = "0" * width
    rank = {pid: i for i, pid in enumerate(order, start=1)}
    history = _history(ev, rank)
    games = {pid: sum(1 for o in h if o is not None) for pid, h in history.items()}
    win, extra = score_encoding(ev, games)
    played = len(ev.rounds) + extra
    lines = ["012 bench", f"XXW {width}", f"XXR {played + 2}", f"BBW {win / 10:>4.1f}",
             "BBD  0.1", "BBL  0.0", "BBZ  0.0", "BBF  0.0", "BBU  0.0"]  # fmt: skip
    for pid in order:
        wins, draws = divmod(ev.score[pid], win)
        results = ["W"] * wins + ["D"] * draws
        results += ["L"] * (extra + games[pid] - len(results))
        entries = [f"{zero} - {'F' if r == 'W' else 'H' if r == 'D' else 'Z'}"
                   for r in results[:extra]]  # fmt: skip
        real = iter(results[extra:])
        for g in history[pid]:
            entries.append(f"{g[0]:>{width}} {g[1]} {next(real)}" if g else f"{zero} - U")
        lines.append(_player_line(rank[pid], pid, width, ev.score[pid], entries))
    return "\r".join(lines) + "\r"


def run_fork(
    binary: Path, ev: SimulatedEvent, wide: bool
) -> tuple[float, float, list[tuple[str, str]]]:
    """The fork's pairs of the next round, its wall and CPU time (user + system)."""
    order = sorted(ev.score, key=lambda p: (-ev.score[p], p))
    write = trf_wide if wide else trf
    with tempfile.TemporaryDirectory() as tmp:
        state, out = Path(tmp) / "state.trf", Path(tmp) / "pairs.txt"
        state.write_text(write(ev, order, len(ev.rounds) + 1))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run([str(binary), "--fast", str(state), "-p", str(out)], check=True,
                       capture_output=True)  # fmt: skip
        seconds = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        numbers = [line.split() for line in out.read_text().split("\n")[1:] if line.strip()]
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    pairs = [(order[int(a) - 1], order[int(b) - 1]) for a, b in numbers if b != "0"]
    assert len(pairs) == len(order) // 2, "the fork left players unpaired"
    return seconds, cpu, pairs


def cost(ev: SimulatedEvent, pairs: list[tuple[str, str]]) -> tuple[int, int]:
    """(total squared score difference, rematches) of the pairs in this state."""
    squared = sum((ev.score[a] - ev.score[b]) ** 2 for a, b in pairs)
    rematches = sum(1 for a, b in pairs if b in ev.opponents[a])
    return squared, rematches


def _ours(ev: SimulatedEvent, r: int, exact_upto: int) -> tuple[SwissPairing, float, str, str]:
    """Our pairing of round r, its CPU seconds, the score bound and the exact optimum
    (an independent full-graph matching up to ``exact_upto`` players, else our proven
    cost: the score bound, or bound.py's certificate for the conflicted groups)."""
    players = ev.players()
    t = time.process_time()
    ours = pair_swiss(players, r, seed=1000 + r)
    seconds = time.process_time() - t
    bound = score_bound(p.score for p in players if p.id != ours.bye).bound
    if len(players) <= exact_upto:
        optimum = str(exact_reference(players, ours.bye)[0])
    else:
        optimum = f"{ours.squared_difference} ({ours.method})" if ours.proven_optimal else "?"
    return ours, seconds, str(bound), optimum


def _fork_cell(binary: Path | None, ev: SimulatedEvent, bound: str, encoding: str) -> str:
    n = len(ev.score)
    if binary is None:
        return "not run"
    wide = encoding == "wide"
    if not wide and n > MAX_FORK_PLAYERS:
        return "not run (XXA holds 4-digit start numbers)"
    wall, cpu, pairs = run_fork(binary, ev, wide)
    fork_cost, fork_re = cost(ev, pairs)
    mark = "=" if str(fork_cost) == bound else ""
    return f"{wall * 1000:.0f} / {cpu * 1000:.0f}, {fork_cost}{mark}, {fork_re}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000,50000,100000")
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--fork", default=FORK)
    parser.add_argument("--upstream", default=UPSTREAM)
    parser.add_argument("--encoding", choices=("wide", "accelerations"), default="wide",
                        help="how scores reach the fork: results (any size; trf_wide) or "
                        "accelerations (XXA, up to 9,999 players; trf)")  # fmt: skip
    parser.add_argument("--exact-upto", type=int, default=1000,
                        help="check the optimum by the full graph up to this many players")  # fmt: skip
    args = parser.parse_args()
    binary = build_fork(args.fork, args.upstream)
    print(f"load average {os.getloadavg()[0]:.1f}; times in ms (ours: CPU of pair_swiss; the "
          "fork: wall / CPU of its process); cost = squared score difference (= at the score "
          "bound), rematches; optimum: exact full graph, or our proven cost (method)")  # fmt: skip
    print("| players | round | ours: time, cost, rematches | fork: time, cost, rematches "
          "| bound | optimum |")  # fmt: skip
    print("| --- | --- | --- | --- | --- | --- |")
    for n in (int(s) for s in args.sizes.split(",")):
        ev = SimulatedEvent(n, seed=1)
        for r in range(1, args.rounds + 1):
            if r == 1:
                ev.play(pair_swiss(ev.players(), r, seed=1000 + r))
                continue
            ours, seconds, bound, optimum = _ours(ev, r, args.exact_upto)
            fork = _fork_cell(binary, ev, bound, args.encoding)
            ours_cost, ours_re = cost(ev, list(ours.tables))
            mark = "=" if str(ours_cost) == bound else ""
            print(f"| {n:,} | {r} | {seconds * 1000:.1f}, {ours_cost}{mark}, {ours_re} | "
                  f"{fork} | {bound} | {optimum} |", flush=True)  # fmt: skip
            ev.play(ours)


if __name__ == "__main__":
    main()
