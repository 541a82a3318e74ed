"""100,000 stored standings rows written by COPY (``bulk.copy_rows``) and by the unnest
INSERT (``bulk.insert_rows``), each in a transaction rolled back (PostgreSQL):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/fast_db \\
        .venv/bin/python benchmarks/bench_bulk_write.py bench-100000 [--tries 2]

Times this process's CPU and the wall time of each write (the server's work is in the
wall time only), after the rows are computed once.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


class _Rollback(Exception):
    pass


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("slug")
    parser.add_argument("--tries", type=int, default=2)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "organizer.settings")
    import django

    django.setup()
    from django.db import transaction

    from tournaments.models import Event, StandingsSnapshotRow
    from tournaments.services.bulk import copy_rows, insert_rows
    from tournaments.services.standings.input import event_standings
    from tournaments.services.standings.store import COLUMNS, line

    event = Event.objects.get(slug=args.slug)
    rows = event_standings(event, registrations=False)
    lines = [line(pos, row) for pos, row in enumerate(rows, start=1)]
    columns = {"event_id": [event.pk] * len(rows), "stage": [9] * len(rows),
               "registration_id": [int(r.player) for r in rows]}  # fmt: skip
    for i, name in enumerate(COLUMNS):
        columns[name] = [values[i] for values in lines]
    for _ in range(args.tries):
        for label, write in (("COPY", copy_rows), ("INSERT ... unnest", insert_rows)):
            cpu, wall = time.process_time(), time.perf_counter()
            try:
                with transaction.atomic():
                    write(StandingsSnapshotRow, columns)
                    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
                    raise _Rollback
            except _Rollback:
                pass
            print(f"{label}: {len(rows):,} rows, CPU {cpu:.3f} s, wall {wall:.3f} s, "
                  f"load {os.getloadavg()[0]:.1f}", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
