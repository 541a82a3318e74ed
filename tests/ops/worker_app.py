"""The project's Celery app plus one slow task, for the worker tests/ops starts, kills
and reconnects. The task sleeps, then appends its marker to a file: a line per run
that finished, so the test can count runs."""

import time
from pathlib import Path

from organizer.celery import app


@app.task(name="tests.ops.slow")
def slow(seconds: float, path: str, marker: str) -> str:
    time.sleep(seconds)
    with Path(path).open("a") as out:
        out.write(marker + "\n")
    return marker


__all__ = ["app", "slow"]
