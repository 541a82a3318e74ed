"""Ratings speed: the formula in memory, and a full replay into the database.

    .venv/bin/python benchmarks/bench_ratings.py                 # 1M in memory + SQLite replay
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_ratings \\
        .venv/bin/python benchmarks/bench_ratings.py --db-games 200000

Targets: 1,000,000 rated games through the formula in memory ≤ 5 s; a
full replay of 200,000 games into PostgreSQL ≤ 60 s.

The database part refuses to run unless the database is a scratch one (its name
contains "bench", or a temporary SQLite file made here): it deletes every event
of the benchmark's game system before building its own.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def bench_memory(games: int, players: int = 10_000, seed: int = 1) -> dict[str, float]:
    """Swiss-like rounds of two-player games (5 % draws) plus the same count in
    generic (per-player) form, replayed with ratings.formula."""
    from ratings.formula import R_DRAW, R_LOSS, R_WIN, START_RATING, replay, replay_pairs

    rng = random.Random(seed)
    per_round = players // 2
    generic_rounds, pair_rounds = [], []
    made = 0
    while made < games:
        order = list(range(players))
        rng.shuffle(order)
        count = min(per_round, games - made)
        g_round, p_round = [], []
        for i in range(count):
            a, b = order[2 * i], order[2 * i + 1]
            points = rng.choice((4, 5, 6, 6, 7))
            if rng.random() < 0.05:
                g_round += [(a, (b,), R_DRAW, 0), (b, (a,), R_DRAW, 0)]
                p_round.append((a, b, 0, 1))
            else:
                g_round += [(a, (b,), R_WIN, points), (b, (a,), R_LOSS, points)]
                p_round.append((a, b, points, 0))
        generic_rounds.append(g_round)
        pair_rounds.append(p_round)
        made += count
    t0 = time.perf_counter()
    generic = replay(generic_rounds, [START_RATING] * players)
    t_generic = time.perf_counter() - t0
    changes: list[int] = []
    t0 = time.perf_counter()
    replay(generic_rounds, [START_RATING] * players, changes)
    t_ledger = time.perf_counter() - t0
    t0 = time.perf_counter()
    pairs = replay_pairs(pair_rounds, [START_RATING] * players)
    t_pairs = time.perf_counter() - t0
    assert generic == pairs, "the two replays disagree"
    assert len(changes) == 2 * games
    return {"generic": t_generic, "generic_with_changes": t_ledger, "pairs": t_pairs}


# --------------------------------------------------------------------------- database


def setup_django(sqlite_path: str | None = None) -> None:
    if not os.environ.get("DATABASE_URL"):
        # SQLite: always a new file, so no earlier data is ever touched.
        os.environ["SQLITE_PATH"] = os.path.join(
            tempfile.mkdtemp(prefix="bench-ratings-"), "bench.sqlite3"
        )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "organizer.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    name = str(connection.settings_dict["NAME"])
    if "bench" not in name:
        raise SystemExit(f"refusing to write benchmark data into {name!r}: use a scratch database")
    call_command("migrate", verbosity=0)


def build_events(
    games: int,
    *,
    game: str = "lore",
    players: int = 5000,
    players_per_event: int = 64,
    rounds: int = 6,
    start: datetime | None = None,
    seed: int = 2,
    byes: bool = True,
    prefix: str = "bench",
    quiet: bool = False,
    cover: bool = False,
) -> dict[str, int]:
    """Sanctioned, finished events with closed rounds and scored tables, as rows.

    Entrants are drawn at random from the pool, or with ``cover`` in turn through a
    shuffled pool so that every player plays."""
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from ratings.models import EventApproval, PlayerRating, RatingEntry
    from rules_engine import GameResult, bye_points, score_game
    from rules_engine import Seat as EngineSeat
    from tournaments.models import Event, Player, Registration, Round, Seat, Table

    rng = random.Random(seed)
    start = start or datetime(2026, 1, 5, 9, 0, tzinfo=timezone.get_current_timezone())
    t0 = time.perf_counter()
    from django.db import connection

    RatingEntry.objects.all().delete()
    PlayerRating.objects.all().delete()
    if connection.vendor == "postgresql":
        # A scratch database (checked in setup_django): start from no events at all.
        with connection.cursor() as cursor:
            cursor.execute(
                "TRUNCATE tournaments_event, tournaments_player RESTART IDENTITY CASCADE"
            )
    user, _ = get_user_model().objects.get_or_create(username=f"{prefix}-director")
    pool = Player.objects.bulk_create(
        [Player(display_name=f"{prefix.title()} Player {i:05d}") for i in range(players)],
        batch_size=5000,
    )
    per_event = (players_per_event // 2) * rounds
    n_events = -(-games // per_event)
    events = Event.objects.bulk_create(
        [
            Event(
                name=f"{prefix} event {i}",
                slug=f"{prefix}-{game}-{i}-{rng.randrange(10**9)}",
                organizer=user,
                game=game,
                sanctioned=True,
                status=Event.Status.FINISHED,
                starts_at=start + timedelta(hours=8 * i),
                finished_at=start + timedelta(hours=8 * i + rounds + 1),
            )
            for i in range(n_events)
        ],
        batch_size=2000,
    )
    # Rated only once a league approved them: the bench events come approved.
    EventApproval.objects.bulk_create(
        [EventApproval(event=e, approved_by=user) for e in events], batch_size=2000
    )
    cycle = pool[:]
    rng.shuffle(cycle)
    made = 0
    with transaction.atomic():
        for index, event in enumerate(events):
            size = players_per_event + (1 if byes else 0)
            if cover:
                begin = (index * size) % len(pool)
                entrants = (cycle[begin:] + cycle[:begin])[:size]
            else:
                entrants = rng.sample(pool, size)
            regs = Registration.objects.bulk_create(
                [Registration(event=event, player=p) for p in entrants]
            )
            rnds = Round.objects.bulk_create(
                [
                    Round(
                        event=event,
                        number=n,
                        seed=n,
                        status=Round.Status.CLOSED,
                        closed_at=event.starts_at + timedelta(hours=n),
                        created_at=event.starts_at + timedelta(hours=n - 1),
                    )
                    for n in range(1, rounds + 1)
                ]
            )
            tables, seat_rows = [], []
            for rnd in rnds:
                # A different player sits out each round (no one gets two byes).
                bye = regs[rnd.number - 1] if byes else None
                order = [r for r in regs if r is not bye]
                rng.shuffle(order)
                for t in range(min(players_per_event // 2, games - made)):
                    a, b = order[2 * t], order[2 * t + 1]
                    top = rng.randint(8, 30)
                    low = top if rng.random() < 0.04 else rng.randint(0, top - 1)
                    score = score_game(
                        GameResult(
                            game,
                            (EngineSeat(str(a.pk), top), EngineSeat(str(b.pk), low)),
                            rnd.number,
                        )
                    )
                    table = Table(
                        round=rnd, number=t + 1, status=Table.Status.CONFIRMED, band=score.band[:60]
                    )
                    tables.append(table)
                    for pos, (reg, mps) in enumerate(((a, top), (b, low)), start=1):
                        seat_rows.append(
                            (
                                table,
                                Seat(
                                    round=rnd,
                                    event=event,
                                    registration=reg,
                                    position=pos,
                                    mps=mps,
                                    points=score.points[str(reg.pk)],
                                    outcome=score.outcome[str(reg.pk)],
                                ),
                            )
                        )
                    made += 1
                if bye is not None:
                    table = Table(
                        round=rnd,
                        number=players_per_event // 2 + 1,
                        is_bye=True,
                        status=Table.Status.CONFIRMED,
                    )
                    tables.append(table)
                    seat_rows.append(
                        (
                            table,
                            Seat(
                                round=rnd,
                                event=event,
                                registration=bye,
                                position=1,
                                is_bye=True,
                                points=bye_points(game, rnd.number),
                                outcome="win",
                            ),
                        )
                    )
            Table.objects.bulk_create(tables, batch_size=5000)
            for table, seat in seat_rows:
                seat.table = table
            Seat.objects.bulk_create([s for _t, s in seat_rows], batch_size=5000)
            if made >= games:
                break
    if connection.vendor == "postgresql":
        # Fresh bulk-loaded tables have no planner statistics until autovacuum runs.
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    if not quiet:
        print(
            f"  built {made:,} games in {len(events):,} events in {time.perf_counter() - t0:.1f} s"
        )
    return {"games": made, "events": len(events), "players": players}


def bench_db(games: int, game: str = "lore", build: bool = True) -> dict[str, float]:
    from django.db import connection

    from ratings import services
    from ratings.models import RatingEntry, ReplayJob

    if build:
        build_events(games, game=game)
    job = ReplayJob.objects.create(game=game, reason="benchmark")
    t0 = time.perf_counter()
    services.replay_game(game, job)
    elapsed = time.perf_counter() - t0
    rows = RatingEntry.objects.filter(game=game).count()
    t0 = time.perf_counter()
    services.replay_game(game)  # idempotent: the second run gives the same ledger
    again = time.perf_counter() - t0
    assert RatingEntry.objects.filter(game=game).count() == rows
    return {"seconds": elapsed, "again": again, "rows": rows, "vendor": connection.vendor}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--memory-games", type=int, default=1_000_000)
    parser.add_argument(
        "--db-games", type=int, default=None, help="200000 on PostgreSQL, 20000 on SQLite"
    )
    parser.add_argument("--skip-db", action="store_true")
    parser.add_argument(
        "--reuse", action="store_true", help="replay the events a previous run built (PostgreSQL)"
    )
    args = parser.parse_args()

    mem = bench_memory(args.memory_games)
    print(
        f"in memory, {args.memory_games:,} two-player games ({2 * args.memory_games:,} rated player-games):"
    )
    print(f"  replay (generic tuples)        {mem['generic']:.2f} s   target ≤ 5 s")
    print(f"  replay + per-game changes      {mem['generic_with_changes']:.2f} s")
    print(f"  replay_pairs (one calc/game)   {mem['pairs']:.2f} s")
    if args.skip_db:
        return
    setup_django()
    from django.db import connection

    games = args.db_games or (200_000 if connection.vendor == "postgresql" else 20_000)
    print(f"database replay on {connection.vendor}, {games:,} games:")
    result = bench_db(games, build=not args.reuse)
    print(
        f"  full replay {result['seconds']:.1f} s ({result['rows']:,} ledger rows)   target ≤ 60 s for 200,000 on PostgreSQL"
    )
    print(f"  second replay (same ledger) {result['again']:.1f} s")


if __name__ == "__main__":
    main()
