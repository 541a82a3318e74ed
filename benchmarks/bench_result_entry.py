"""A result in the standings: how long from the director's result to the standings that
show it, on an event bench_faces.py built (PostgreSQL), in the running round:

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/fast_db \\
        .venv/bin/python benchmarks/bench_result_entry.py bench-5000 [--results 50] \\
        [--readers 50] [--whole]

Pairs the next round when the last one is closed, stores the standings, then enters
``--results`` results one after another through ``services.director_set_result`` (the
service the director's POST calls, in its own transaction). The writer updates the
standings in place right after its commit, and the Celery task it sends runs eagerly
in this process (finding them fresh, or rebuilding them whole), so "stored" is the time
from the start of the write to the standings stored with it; "CPU" is this process's.

``--readers N``: gunicorn (3 workers, benchmarks/load.py; set REDIS_URL, so that the pages
the workers keep are dropped when the standings change) serves the public standings page
to N clients meanwhile, and each result is also timed until the standings API answers with
a new ETag of the standings API's search for the first player of the table ("seen"); the
readers' latencies are reported too (wrk when it is installed, as benchmarks/load.py uses:
it takes less of the 2 cores than Python reader threads; else threads in a process of
their own). They accept gzip, as browsers do (``--plain-readers``:
they do not). ``--whole``: the standings
rebuilt whole after each result (the fallback, for comparison). ``--via-api`` (with
``--readers``): each result is the director's POST to the API (a token of his), served by
the same gunicorn as the readers, as a director's phone or a generated client sends it:
"stored" is then the POST's answer, which comes once the standings are updated in place.
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def quantiles(values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return (f"median {statistics.median(ms):.0f} ms, p95 {p95:.0f} ms, max {ms[-1]:.0f} ms "
            f"({len(ms)} results)")  # fmt: skip


def etag(path: str) -> str:
    import load

    conn = http.client.HTTPConnection(load.HOST, load.PORT, timeout=30)
    conn.request("GET", path, headers={"Host": load.HOST})
    response = conn.getresponse()
    response.read()
    if response.status != 200:  # a refusal has no ETag: it must not count as a new one
        raise RuntimeError(f"the standings API answered {response.status}")
    return response.getheader("ETag") or ""


def post_result(slug: str, table_id: int, token: str, mps: dict[int, int]) -> None:
    """The director's result through the API, as his client sends it."""
    import json

    import load

    body = json.dumps({"seats": [{"registration": r, "mps": m} for r, m in mps.items()]})
    conn = http.client.HTTPConnection(load.HOST, load.PORT, timeout=30)
    conn.request(
        "POST", f"/api/v1/events/{slug}/tables/{table_id}/set/", body=body,
        headers={"Host": load.HOST, "Authorization": f"Token {token}",
                 "Content-Type": "application/json"},
    )  # fmt: skip
    response = conn.getresponse()
    answer = response.read()
    if response.status != 200:
        raise RuntimeError(f"the result was refused ({response.status}): {answer[:300]!r}")


def seen(path: str, old: str, t0: float, until: float = 5.0) -> float:
    """Seconds from t0 until the API answers with another ETag than ``old``."""
    while time.perf_counter() - t0 < until:
        if etag(path) != old:
            return time.perf_counter() - t0
        time.sleep(0.002)
    return float("inf")


def _read(path: str, count: int, stop: Any, out: Any, headers: dict[str, str]) -> None:
    """N reader threads in their own process (not sharing this one's interpreter lock with
    the writer and the poller); their latencies are sent back at the end."""
    import load

    times: list[float] = []

    def read() -> None:
        conn = http.client.HTTPConnection(load.HOST, load.PORT, timeout=60)
        while not stop.is_set():
            t0 = time.perf_counter()
            try:
                conn.request("GET", path, headers={"Host": load.HOST, **headers})
                conn.getresponse().read()
            except OSError:  # the server stopping at the end
                return
            times.append(time.perf_counter() - t0)

    threads = [threading.Thread(target=read, daemon=True) for _ in range(count)]
    for t in threads:
        t.start()
    stop.wait()
    out.put(times)


def _wrk(path: str, count: int, headers: dict[str, str]) -> subprocess.Popen:
    """wrk reading ``path`` with ``count`` connections until it is interrupted."""
    import load

    options = [item for name, value in headers.items() for item in ("-H", f"{name}: {value}")]
    return subprocess.Popen(
        ["wrk", "-t2", f"-c{count}", "-d3600s", "--timeout", "60s", *options,
         "-s", str(ROOT / "benchmarks" / "wrk_p95.lua"), f"http://{load.HOST}:{load.PORT}{path}"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip


def _wrk_summary(reader: subprocess.Popen) -> str:
    reader.send_signal(signal.SIGINT)  # wrk prints its summary when interrupted
    out, _ = reader.communicate(timeout=60)
    found = dict(re.findall(r"^(p50|p95|p99|requests|non2xx) ([\d.]+)$", out, re.M))
    ms = {k: float(found[k]) / 1000 for k in ("p50", "p95", "p99")}
    return (f"p50 {ms['p50']:.0f} ms, p95 {ms['p95']:.0f} ms, p99 {ms['p99']:.0f} ms "
            f"({int(found['requests'])} reads, {found.get('non2xx', '0')} errors; wrk)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("slug")
    parser.add_argument("--results", type=int, default=50)
    parser.add_argument("--readers", type=int, default=0)
    parser.add_argument("--whole", action="store_true")
    parser.add_argument("--via-api", action="store_true", help="POST each result to the API")
    parser.add_argument(
        "--plain-readers", action="store_true",
        help="readers that do not accept gzip (every browser does; most load tools do not)",
    )  # fmt: skip
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "organizer.settings")
    import django

    django.setup()
    from celery import current_app
    from django.contrib.auth import get_user_model
    from django.db import connection, transaction

    from tournaments import services
    from tournaments.models import Event, Registration, Round, Table
    from tournaments.services.standings import snapshot

    if connection.vendor != "postgresql":
        sys.exit("set DATABASE_URL=postgres://...")
    current_app.conf.task_always_eager = True  # the rebuild right after each commit
    if args.whole:
        snapshot.update_in_place = lambda event, tables: None
    rebuilds: list[float] = []  # per result: the writer's update after the commit + the task
    cpu: list[float] = []  # per result: this process's CPU, write and standings
    rebuild_if_stale, update_after_commit = snapshot.rebuild_if_stale, snapshot.update_after_commit

    def timed(call: Any) -> Any:
        def run(event_id: int) -> Any:
            t0 = time.perf_counter()
            try:
                return call(event_id)
            finally:
                if rebuilds:  # not the rebuild before the first result
                    rebuilds[-1] += time.perf_counter() - t0

        return run

    snapshot.rebuild_if_stale = timed(rebuild_if_stale)
    snapshot.update_after_commit = timed(update_after_commit)
    director = get_user_model().objects.get(username="bench-director")
    from rest_framework.authtoken.models import Token

    Token.objects.filter(user=director).delete()  # a fresh one: tokens expire
    token = Token.objects.create(user=director).key
    event = Event.objects.get(slug=args.slug)
    last = event.rounds.order_by("-number").first()
    if last is None or last.status == Round.Status.CLOSED:
        with transaction.atomic():
            last = services.pair_next_round(director, event, seed=1)
    snapshot.rebuild_snapshot(event, force=True)
    tables = list(
        last.tables.filter(is_bye=False)
        .exclude(status=Table.Status.CONFIRMED)
        .order_by("number")[: args.results]
    )
    server = None
    stop, got, reader = multiprocessing.Event(), multiprocessing.Queue(), None
    read_times: list[float] = []
    accept = {} if args.plain_readers else {"Accept-Encoding": "gzip"}
    wrk = None
    if args.readers:
        import load

        server = load.start_server()
        path = f"/events/{event.slug}/standings/"
        if shutil.which("wrk"):
            wrk = _wrk(path, args.readers, accept)
        else:
            reader = multiprocessing.Process(
                target=_read, args=(path, args.readers, stop, got, accept)
            )
            reader.start()
        time.sleep(2)
    stored, shown = [], []
    load_at_start = os.getloadavg()[0]
    try:
        for i, table in enumerate(tables):
            seats = list(table.seats.order_by("position").values_list("registration_id", flat=True))
            mps = [20, 5] if i % 2 else [5, 20]
            # The API's ETag hashes the page it answers: the player's own row (a search,
            # never served from the visitors' cache) changes with his result.
            name = Registration.objects.get(pk=seats[0]).player.display_name
            api = f"/api/v1/events/{event.slug}/standings/?q={quote(name)}"
            old = etag(api) if server else ""
            rebuilds.append(0.0)
            t0, c0 = time.perf_counter(), time.process_time()
            if args.via_api and server:
                post_result(event.slug, table.pk, token, dict(zip(seats, mps, strict=True)))
            else:
                services.director_set_result(director, table, dict(zip(seats, mps, strict=True)))
            stored.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            if server:
                shown.append(seen(api, old, t0))
    finally:
        stop.set()
        readers_line = _wrk_summary(wrk) if wrk is not None else ""
        if reader is not None:
            read_times = got.get(timeout=60)
            reader.join()
        if server:
            server.terminate()
            server.wait()
    print(f"{event.slug}: {event.registrations.count():,} players, round {last.number}, "
          f"standings {_mode(args)}; load {load_at_start:.1f} -> {os.getloadavg()[0]:.1f}")  # fmt: skip
    print(f"  result -> standings stored: {quantiles(stored)}")
    print(f"  of which the standings (writer's update after commit + task): {quantiles(rebuilds)}")
    print(f"  CPU of this process, write and standings: {quantiles(cpu)}")
    if shown:
        print(f"  result -> new ETag from the API ({args.readers} readers): {quantiles(shown)}")
        print(f"  readers of the standings page: {_readers(read_times) or readers_line}")


def _mode(args: argparse.Namespace) -> str:
    mode = "rebuilt whole" if args.whole else "updated in place"
    return mode + (", each result POSTed to the API" if args.via_api else "")


def _readers(read_times: list[float]) -> str:
    """The reader threads' latencies (without wrk), or "" when wrk read."""
    if not read_times:
        return ""
    q = statistics.quantiles(read_times, n=100)
    return (f"p50 {q[49] * 1000:.0f} ms, p95 {q[94] * 1000:.0f} ms, "
            f"p99 {q[98] * 1000:.0f} ms ({len(read_times)} reads)")  # fmt: skip


if __name__ == "__main__":
    main()
