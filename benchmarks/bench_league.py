"""League page speed: a season of 10,000 rated players, rendered through Django.

    .venv/bin/python benchmarks/bench_league.py
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_league .venv/bin/python benchmarks/bench_league.py
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_league100k \
        .venv/bin/python benchmarks/bench_league.py --players 100000 [--reuse] [--memory]

Target: the league page of 10,000 players renders in ≤ 200 ms. Builds
events in which every player plays (8 rated games each by default), replays the
ledger, then times GET /leagues/seasons/<slug>/ with the test client: the default
page, sorted by tournament points, filtered by name, and a late page; plus the
API equivalents (also at 100,000 players). "cold" is the first render after the
cache was cleared (the league table computed from the ledger); the median is over
renders that reuse the cached league table (its key holds the ledger version).
``--reuse`` times the league an earlier run left in the database; ``--memory`` also
traces the cold table build with tracemalloc. Refuses to run on a database whose
name lacks "bench".
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_ratings import build_events, setup_django  # noqa: E402


def timed(client, url: str, runs: int) -> tuple[float, float, float, int]:
    from django.core.cache import cache

    cache.clear()
    t0 = time.perf_counter()
    client.get(url)  # cold: the league table is computed and cached
    cold = (time.perf_counter() - t0) * 1000
    samples = []
    size = 0
    for _ in range(runs):
        t0 = time.perf_counter()
        response = client.get(url)
        samples.append((time.perf_counter() - t0) * 1000)
        assert response.status_code == 200, (url, response.status_code)
        size = len(response.content)
    return cold, statistics.median(samples), max(samples), size


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--events-per-player", type=int, default=2)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument(
        "--reuse", action="store_true", help="time the league a previous run built (no rebuild)"
    )
    parser.add_argument(
        "--memory", action="store_true", help="also trace the cold table build with tracemalloc"
    )
    args = parser.parse_args()

    setup_django()
    from django.db import connection
    from django.test import Client

    from ratings import services
    from ratings.models import RatingEntry, Season

    per_event, rounds = 250, 4
    events = args.players * args.events_per_player // (per_event + 1)
    games = events * (per_event // 2) * rounds
    t0 = time.perf_counter()
    if not args.reuse:
        build_events(
            games,
            players=args.players,
            players_per_event=per_event,
            rounds=rounds,
            cover=True,
            prefix="league",
        )
        services.replay_game("lore")
    built = time.perf_counter() - t0
    Season.objects.filter(slug="bench-season").delete()
    season = Season.objects.create(
        name="Bench season",
        slug="bench-season",
        game="lore",
        starts_on=date(2026, 1, 1),
        ends_on=date(2027, 12, 31),
    )
    in_league = RatingEntry.objects.filter(game="lore").values("player_id").distinct().count()
    print(
        f"{connection.vendor}: {in_league:,} players in the league, {RatingEntry.objects.count():,} ledger rows "
        + ("(reused)" if args.reuse else f"(built and replayed in {built:.0f} s)")
    )
    client = Client()
    base = f"/leagues/seasons/{season.slug}/"
    for label, url in [
        ("league page (rank)", base),
        ("sorted by tournament points", base + "?sort=-points"),
        ("filtered by name", base + "?q=Player%2000"),
        ("page 50", base + "?page=50"),
        ("API standings (100 rows)", f"/api/v1/ratings/seasons/{season.slug}/standings/"),
        ("API sorted by rating", f"/api/v1/ratings/seasons/{season.slug}/standings/?sort=-rating"),
        ("API filtered by name", f"/api/v1/ratings/seasons/{season.slug}/standings/?q=player%2000"),
    ]:
        cold, median, worst, size = timed(client, url, args.runs)
        print(
            f"  {label:28s} cold {cold:6.1f} ms   cached: median {median:6.1f} ms, "
            f"max {worst:6.1f} ms   ({size / 1024:.0f} KiB)   target ≤ 200 ms"
        )
    print(f"  load average {os.getloadavg()[0]:.2f}")
    if args.memory:
        trace_cold_build(season)


def trace_cold_build(season) -> None:
    """Peak Python memory of computing the league table from the ledger (cache cleared)."""
    import tracemalloc

    from django.core.cache import cache

    from ratings.league.page import league_page

    cache.clear()
    tracemalloc.start()
    t0 = time.perf_counter()
    league_page(season.game, season.starts_on, season.ends_on, with_history=False)
    elapsed = time.perf_counter() - t0
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"  cold table build under tracemalloc: peak {peak / 2**20:.0f} MiB, "
        f"kept {current / 2**20:.0f} MiB, {elapsed:.1f} s (slowed by tracing)"
    )


if __name__ == "__main__":
    main()
