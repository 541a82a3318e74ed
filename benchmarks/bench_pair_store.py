"""Pair + store one round of an existing event through ``services.pair_next_round``,
rolled back after each try so the event stays as it was and the figure is repeatable;
plus the history load (``player_records``) alone, and a cProfile of one try.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/h_speed \\
        .venv/bin/python benchmarks/bench_pair_store.py bench-10000 [--tries 3] [--profile]

Build the events first with ``bench_faces.py`` (which leaves bench-1000 / bench-10000).
Each try is rolled back; the foreign-key checks a commit would run (they are deferred)
are run before the rollback and timed apart. What runs after the commit (ANALYZE,
snapshot, mails) is not in these figures.

"database CPU" is the CPU time of the PostgreSQL backend serving the try (read from
/proc, so only when the server runs on this machine): on a shared, loaded machine the
wall time swings by half, the work the database did does not.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


class _Rollback(Exception):
    pass


def _timed(fn):
    w0, c0 = time.perf_counter(), time.process_time()
    result = fn()
    return result, time.perf_counter() - w0, time.process_time() - c0


def _backend_cpu(connection) -> float | None:
    """CPU seconds the PostgreSQL backend of ``connection`` has used; None when its
    process is not on this machine (or not readable)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("slug")
    parser.add_argument("--tries", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "organizer.settings")
    import django

    django.setup()
    from django.db import connection, transaction

    from tournaments import services
    from tournaments.models import Event

    event = Event.objects.get(slug=args.slug)
    director = event.organizer
    print(f"{args.slug}: load average {os.getloadavg()[0]:.1f}", flush=True)
    for _ in range(args.tries):
        records, wall, cpu = _timed(lambda: services.player_records(event))
        print(f"player_records: {len(records)} players, wall {wall:.3f} s, CPU {cpu:.3f} s")

    checks: list[float] = []

    def pair_once():
        try:
            with transaction.atomic():
                rnd = services.pair_next_round(director, event, seed=7)
                # The foreign keys are checked at commit (deferred): run those checks
                # now, timed apart, so the figure holds what a commit would add.
                w0 = time.perf_counter()
                with connection.cursor() as cursor:
                    cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
                checks.append(time.perf_counter() - w0)
                raise _Rollback(rnd.number)
        except _Rollback as done:
            return done.args[0]

    for _ in range(args.tries):
        db0 = _backend_cpu(connection)
        number, wall, cpu = _timed(pair_once)
        db1 = _backend_cpu(connection)
        db = "" if db0 is None or db1 is None else f", database CPU {db1 - db0:.2f} s"
        print(f"pair + store round {number}: wall {wall:.3f} s (of which the deferred "
              f"checks {checks[-1]:.3f} s), CPU {cpu:.3f} s{db}, "
              f"load {os.getloadavg()[0]:.1f}", flush=True)  # fmt: skip
    if args.profile:
        prof = cProfile.Profile()
        prof.runcall(pair_once)
        pstats.Stats(prof).sort_stats("cumulative").print_stats(25)
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
