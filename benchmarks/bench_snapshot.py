"""Standings through the database and the stored snapshot's update after one changed
result, on an event bench_faces.py built (PostgreSQL):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/h_speed \\
        .venv/bin/python benchmarks/bench_snapshot.py bench-10000

Prints: ``event_standings`` from plain values (CPU and wall of the first call in the
process, which also loads the translations, and of two more; peak Python memory), then the
snapshot rebuilt after a result of the last round is reversed (rows written: updated /
inserted / deleted / unchanged), and the same result put back.
"""

from __future__ import annotations

import os
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "organizer.settings")
    import django

    django.setup()
    from django.db import connection, transaction

    from tournaments.models import Event, Seat
    from tournaments.services.standings import snapshot
    from tournaments.services.standings.input import event_standings
    from tournaments.services.standings.store import store_rows

    if connection.vendor != "postgresql":
        sys.exit("set DATABASE_URL=postgres://...")
    event = Event.objects.get(slug=sys.argv[1] if len(sys.argv) > 1 else "bench-10000")
    for label in ("first call", "again", "again"):
        cpu, wall = time.process_time(), time.perf_counter()
        rows = event_standings(event, registrations=False)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(f"standings through the DB ({label}): {len(rows)} rows, CPU {cpu:.3f} s, "
              f"wall {wall:.3f} s, load {os.getloadavg()[0]:.1f}")  # fmt: skip
    tracemalloc.start()
    event_standings(event, registrations=False)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    print(f"peak Python memory of one call: {peak:.0f} MiB")
    from tournaments.models import StandingsSnapshotRow

    for label in ("rows written anew", "rows compared, none changed"):
        if label == "rows written anew":
            StandingsSnapshotRow.objects.filter(event=event).delete()
        cpu, wall = time.process_time(), time.perf_counter()
        snapshot.rebuild_snapshot(event, force=True)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(f"snapshot rebuilt whole ({label}): CPU {cpu:.3f} s, wall {wall:.3f} s, "
              f"load {os.getloadavg()[0]:.1f}")  # fmt: skip
    last = event.rounds.order_by("-number").first()
    seats = list(
        Seat.objects.filter(round=last, is_bye=False, table__status="confirmed")
        .order_by("table__number", "position")
        .values_list("pk", "points", "outcome")[:2]
    )
    flip = {"win": "loss", "loss": "win", "draw": "draw"}
    for label in ("reversed", "put back"):
        with transaction.atomic():
            (a, pa, oa), (b, pb, ob) = seats
            Seat.objects.filter(pk=a).update(points=pb, outcome=flip[oa])
            Seat.objects.filter(pk=b).update(points=pa, outcome=flip[ob])
            seats = [(a, pb, flip[oa]), (b, pa, flip[ob])]
            cpu, wall = time.process_time(), time.perf_counter()
            written = store_rows(event.pk, event_standings(event, registrations=False))
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(f"snapshot after one result {label}: CPU {cpu:.3f} s, wall {wall:.3f} s, "
              f"{written}, load {os.getloadavg()[0]:.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
