"""Speed through the database: events of 1,000 and 10,000 players (100,000 with
``--large``) built on PostgreSQL, then

- pairing and storing a round through ``services.pair_next_round`` (the whole service:
  lock, load players and history, pair, bulk-write tables and seats, audit);
- the standings through the database (``event_standings``: time and peak memory) and
  the snapshot rebuild that stores them;
- the faces behind gunicorn (3 workers, production settings, 127.0.0.1:8108): standings
  page, standings API, pairings page and, for comparison, the event page, p50/p95 under
  20 and 50 concurrent clients (``benchmarks/load.py``: wrk when installed, else its
  bounded thread client), and the memory of each worker.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/wt_speed \\
        .venv/bin/python benchmarks/bench_faces.py [--sizes 1000,10000] [--large] [--no-http]

Results are fixtures written in bulk (results set by SQL, not reported one by one): the
benchmark measures reading and pairing, not entering 70,000 results through the API.
Refuses SQLite: the numbers are meant for PostgreSQL.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

ROUNDS = {1000: 5, 10_000: 14, 100_000: 4}
OUTCOMES = [(6, 0, "win", "loss"), (0, 6, "loss", "win"), (3, 3, "draw", "draw")]


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "organizer.settings")
    import django

    django.setup()
    from django.db import connection

    if connection.vendor != "postgresql":
        sys.exit("bench_faces measures PostgreSQL: set DATABASE_URL=postgres://...")


def build_event(n: int, director) -> object:
    """An event of n checked-in walk-ins, created in three multi-row INSERTs."""
    from tournaments.models import Event, Player, Registration, Seat

    slug = f"bench-{n}"
    Seat.objects.filter(event__slug=slug).delete()  # seats protect their registrations
    Event.objects.filter(slug=slug).delete()
    Player.objects.filter(display_name__startswith=f"Bench{n} ").delete()
    event = Event.objects.create(
        name=f"Bench {n:,}",
        slug=slug,
        organizer=director,
        game="lore",
        status=Event.Status.RUNNING,
        planned_rounds=20,
    )
    players = Player.objects.bulk_create(
        [Player(display_name=f"Bench{n} Player {i:06}") for i in range(n)], batch_size=10_000
    )
    Registration.objects.bulk_create(
        [Registration(event=event, player=p, checked_in=True) for p in players], batch_size=10_000
    )
    return event


def play_results(rnd, rng: random.Random) -> None:
    """Every table of the round confirmed with a random 000 Part VI §3 result, in SQL."""
    from django.db import connection

    from tournaments.models import Round, Seat, Table

    ids, points, outcomes = [], [], []
    seats = Seat.objects.filter(round=rnd, is_bye=False).order_by("table_id", "position")
    pair: list[int] = []
    for seat_id in seats.values_list("pk", flat=True).iterator(chunk_size=20_000):
        pair.append(seat_id)
        if len(pair) == 2:
            pa, pb, oa, ob = rng.choice(OUTCOMES)
            ids += pair
            points += [pa, pb]
            outcomes += [oa, ob]
            pair = []
    with connection.cursor() as cur:
        cur.execute(
            "UPDATE tournaments_seat s SET points = u.p, outcome = u.o, mps = 0 "
            "FROM unnest(%s::bigint[], %s::int[], %s::text[]) AS u(id, p, o) WHERE s.id = u.id",
            [ids, points, outcomes],
        )
    Table.objects.filter(round=rnd).update(status=Table.Status.CONFIRMED, band="bench")
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.CLOSED)


def pair_timed(director, event, number: int) -> tuple[object, float, float]:
    """The service's own transaction, then what runs once it commits (ANALYZE, and the
    snapshot rebuild that a Celery worker does in production; inline here)."""
    from django.db import transaction

    from tournaments import services

    with transaction.atomic():
        t0 = time.perf_counter()
        rnd = services.pair_next_round(director, event, seed=number)
        t1 = time.perf_counter()
    return rnd, t1 - t0, time.perf_counter() - t1


def standings_timed(event) -> dict[str, float]:
    from tournaments import services
    from tournaments.services.standings import snapshot

    t0 = time.perf_counter()
    rows = services.event_standings(event)
    seconds = time.perf_counter() - t0
    tracemalloc.start()
    services.event_standings(event)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    t0 = time.perf_counter()
    snapshot.rebuild_snapshot(event, force=True)
    rebuild = time.perf_counter() - t0
    t0 = time.perf_counter()
    page, _ = snapshot.standings_page(event, page=3, per_page=50)
    list(page)
    read = time.perf_counter() - t0
    return {"rows": len(rows), "standings_s": seconds, "peak_mib": peak, "rebuild_s": rebuild,
            "page_read_ms": read * 1000}  # fmt: skip


def run_size(n: int, director, lines: list[str]) -> None:
    from django.db import connection

    rng = random.Random(n)
    rounds = ROUNDS.get(n, 5)
    t0 = time.perf_counter()
    event = build_event(n, director)
    pair_times = []
    for number in range(1, rounds + 1):
        rnd, seconds, _ = pair_timed(director, event, number)
        pair_times.append(seconds)
        play_results(rnd, rng)
    with connection.cursor() as cur:
        cur.execute("ANALYZE")
    build = time.perf_counter() - t0
    std = standings_timed(event)
    # The goal's figure: one more round paired and stored after `rounds` played.
    rnd, next_round, after = pair_timed(director, event, rounds + 1)
    play_results(rnd, rng)
    from tournaments.services.standings import snapshot

    snapshot.rebuild_snapshot(event, force=True)
    lines.append(
        f"| {n:,} | {rounds} | {next_round:.3f} s (rounds 1–{rounds}: "
        f"{min(pair_times):.3f}–{max(pair_times):.3f} s) | {after:.3f} s "
        f"| {std['standings_s']:.3f} s, "
        f"{std['peak_mib']:.0f} MiB peak | {std['rebuild_s']:.3f} s | "
        f"{std['page_read_ms']:.1f} ms | {build:.0f} s |"
    )
    print(lines[-1], flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--large", action="store_true", help="also 100,000 players")
    parser.add_argument("--no-http", action="store_true", help="skip gunicorn and the load")
    parser.add_argument("--clients", default="20,50")
    parser.add_argument("--seconds", type=int, default=15)
    parser.add_argument("--rounds", type=int, help="rounds to play before the measured one")
    parser.add_argument(
        "--defer-snapshot",
        action="store_true",
        help="no snapshot rebuild after each round (a Celery worker's job in production; "
        "it is measured once, after the rounds)",
    )
    args = parser.parse_args()
    setup_django()
    from django.contrib.auth import get_user_model

    sizes = [int(s) for s in args.sizes.split(",")] + ([100_000] if args.large else [])
    if args.rounds:
        ROUNDS.update(dict.fromkeys(sizes, args.rounds))
    if args.defer_snapshot:
        from tournaments.services.standings import snapshot

        snapshot.send_once_after_commit = lambda task, *args: None

    director, _ = get_user_model().objects.get_or_create(username="bench-director")
    lines = [
        "| players | rounds played | pair + store next round | after commit (ANALYZE, "
        "snapshot rebuild) | standings through the DB | snapshot rebuild | page read "
        "| fixture build |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    print("\n".join(lines), flush=True)
    for n in sizes:
        run_size(n, director, lines)
    if not args.no_http:
        import load

        clients = [int(c) for c in args.clients.split(",")]
        lines += ["", *load.measure([f"bench-{n}" for n in sizes], clients, args.seconds)]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
