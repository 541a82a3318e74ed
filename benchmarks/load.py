"""Latency of the faces under concurrent clients, behind gunicorn with production settings.

Starts ``gunicorn organizer.wsgi`` (GUNICORN_WORKERS, default 3) on 127.0.0.1:8170
(BENCH_PORT) with DEBUG=0, drives each
URL with N concurrent keep-alive clients for a fixed time and reports p50/p95, then the
resident memory of each worker, and stops the server it started. Each cell also gives the
workers' CPU per request (user + system time from /proc, divided by the requests served)
and the machine's load average at its start: on a shared machine the wall times depend
on what else runs, the CPU per request does not.

Load tool: ``wrk`` (Debian package ``wrk``; p95 read through benchmarks/wrk_p95.lua) when
it is installed, else the bounded thread client below (one thread and one connection per
client, every latency kept). Used by bench_faces.py; also on its own:

    DATABASE_URL=postgres://... .venv/bin/python benchmarks/load.py bench-1000
"""

from __future__ import annotations

import http.client
import os
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST, PORT = "127.0.0.1", int(os.environ.get("BENCH_PORT", "8170"))
PAGES = {
    "standings page": "/events/{slug}/standings/",
    "standings API": "/api/v1/events/{slug}/standings/",
    "pairings page": "/events/{slug}/pairings/",
    "event page (comparison)": "/events/{slug}/",
}


def start_server() -> subprocess.Popen:
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": f"{HOST},localhost",
        "SECURE_SSL_REDIRECT": "0",
        "REDIS_URL": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/7"),
        # Every client here comes from 127.0.0.1: to the limits per address (8 requests at
        # once, 300 a minute) fifty readers would be one visitor, and be refused.
        "ANON_RATE": os.environ.get("ANON_RATE", "1000000/minute"),
        "ANON_CONCURRENCY_LIMIT": os.environ.get("ANON_CONCURRENCY_LIMIT", "0"),
    }
    subprocess.run(
        [str(ROOT / ".venv/bin/python"), "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT, env=env, check=True,
    )  # fmt: skip
    server = subprocess.Popen(
        [str(ROOT / ".venv/bin/gunicorn"), "organizer.wsgi", "--bind", f"{HOST}:{PORT}",
         "--workers", os.environ.get("GUNICORN_WORKERS", "3"), "--log-level", "warning"],
        cwd=ROOT, env=env,
    )  # fmt: skip
    for _ in range(100):
        try:
            conn = http.client.HTTPConnection(HOST, PORT, timeout=2)
            conn.request("GET", "/")
            conn.getresponse().read()
            return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise RuntimeError("gunicorn did not start")


def worker_rss_mib(server: subprocess.Popen) -> list[float]:
    out = subprocess.run(
        ["ps", "-o", "rss=", "--ppid", str(server.pid)], capture_output=True, text=True
    ).stdout
    return [int(v) / 1024 for v in out.split()]


def workers_cpu_seconds(server: subprocess.Popen) -> float:
    """User + system CPU of the server's workers so far."""
    out = subprocess.run(
        ["ps", "-o", "pid=", "--ppid", str(server.pid)], capture_output=True, text=True
    ).stdout
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in out.split():
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15)
    return total / ticks


def _client(path: str, until: float, out: list[float], errors: list[int]) -> None:
    conn = http.client.HTTPConnection(HOST, PORT, timeout=60)
    while time.perf_counter() < until:
        t0 = time.perf_counter()
        try:
            conn.request("GET", path, headers={"Host": HOST})
            response = conn.getresponse()
            response.read()
            if response.status != 200:
                errors.append(response.status)
        except OSError:
            errors.append(0)
            conn.close()
            conn = http.client.HTTPConnection(HOST, PORT, timeout=60)
        out.append(time.perf_counter() - t0)


def thread_load(path: str, clients: int, seconds: int) -> tuple[float, float, float, int]:
    latencies: list[float] = []
    errors: list[int] = []
    until = time.perf_counter() + seconds
    threads = [
        threading.Thread(target=_client, args=(path, until, latencies, errors))
        for _ in range(clients)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    q = statistics.quantiles(latencies, n=100)
    return q[49] * 1000, q[94] * 1000, len(latencies) / seconds, len(errors)


def wrk_load(path: str, clients: int, seconds: int) -> tuple[float, float, float, int]:
    script = Path(__file__).with_name("wrk_p95.lua")
    out = subprocess.run(
        ["wrk", "-t2", f"-c{clients}", f"-d{seconds}s", "--timeout", "60s", "-s", str(script),
         f"http://{HOST}:{PORT}{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    found = dict(re.findall(r"^(p50|p95|rps|non2xx) ([\d.]+)$", out, re.M))
    return (float(found["p50"]) / 1000, float(found["p95"]) / 1000, float(found["rps"]),
            int(float(found.get("non2xx", 0))))  # fmt: skip


def _drain(path: str) -> None:
    """Let the requests still queued from the previous cell finish, and warm this page,
    so one cell's backlog is not counted in the next."""
    time.sleep(3)
    conn = http.client.HTTPConnection(HOST, PORT, timeout=120)
    conn.request("GET", path, headers={"Host": HOST})
    conn.getresponse().read()


def measure(slugs: list[str], clients: list[int], seconds: int) -> list[str]:
    tool = "wrk" if shutil.which("wrk") else "thread client (benchmarks/load.py)"
    run = wrk_load if shutil.which("wrk") else thread_load
    lines = [
        f"Load: {tool}, {seconds} s per cell, gunicorn "
        f"{os.environ.get('GUNICORN_WORKERS', '3')} workers, DEBUG=0, {HOST}:{PORT}.",
        "",
        "| event | page | clients | p50 | p95 | requests/s | errors | CPU per request "
        "| load average |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    server = start_server()
    try:
        for slug in slugs:
            for name, url in PAGES.items():
                path = url.format(slug=slug)
                for n in clients:
                    _drain(path)
                    load = os.getloadavg()[0]
                    cpu0 = workers_cpu_seconds(server)
                    p50, p95, rps, errors = run(path, n, seconds)
                    cpu = (workers_cpu_seconds(server) - cpu0) / max(1.0, rps * seconds) * 1000
                    lines.append(
                        f"| {slug} | {name} | {n} | {p50:.1f} ms | {p95:.1f} ms | {rps:.0f} "
                        f"| {errors} | {cpu:.2f} ms | {load:.1f} |"
                    )
                    print(lines[-1], flush=True)
        rss = worker_rss_mib(server)
        lines += [
            "",
            f"Memory per worker after the load: {', '.join(f'{r:.0f}' for r in rss)} MiB.",
        ]
    finally:
        server.terminate()
        server.wait(timeout=30)
    return lines


def main() -> None:
    slugs = sys.argv[1:] or ["bench-1000"]
    print("\n".join(measure(slugs, [20, 50], 15)))


if __name__ == "__main__":
    main()
