"""A request's share of the CPU: a visitor's stored page is bulk work, a director's result,
a player's report or a program's call is someone waiting for the answer.

Under a crowd of visitors reading the standings, every worker is busy handing out stored
pages, and a director's result waits for the CPU behind them. A worker answering a
visitor from the store therefore lowers its thread's priority (raises its nice value) for
that answer, and every request starts again at the worker's own priority
(``request_started``). The visitors still get every spare cycle; they only give way to
the requests someone waits on.

On Linux a thread's nice value is its own (``setpriority`` with the thread's id). Raising
it is always allowed; taking it back down needs CAP_SYS_NICE or a high enough
RLIMIT_NICE. Where the process has neither, nothing is changed: that is checked once, in
a thread of its own, so a worker is never left at the lower priority. ``VISITOR_PAGE_NICE``
(0: off) is how much lower.
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Any

_MOST_NICE = 19
_thread = threading.local()
_allowed: dict[int, bool] = {}  # per step asked for: whether it can be taken back


def _can_take_back(step: int) -> bool:
    """Whether a thread can lower its priority by ``step`` and raise it again (tried in a
    thread that ends right after, whatever the answer)."""
    answer: list[bool] = []

    def probe() -> None:
        tid = threading.get_native_id()
        try:
            base = os.getpriority(os.PRIO_PROCESS, tid)
            os.setpriority(os.PRIO_PROCESS, tid, min(base + step, _MOST_NICE))
            os.setpriority(os.PRIO_PROCESS, tid, base)
        except OSError:
            return
        answer.append(True)

    probe_thread = threading.Thread(target=probe, name="priority-probe")
    probe_thread.start()
    probe_thread.join()
    return bool(answer)


def allowed(step: int) -> bool:
    if step <= 0 or not sys.platform.startswith("linux"):
        return False
    if step not in _allowed:
        _allowed[step] = _can_take_back(step)
    return _allowed[step]


def lower(step: int) -> None:
    """This thread's priority lowered by ``step`` until ``restore`` (the next request)."""
    if getattr(_thread, "base", None) is not None or not allowed(step):
        return
    tid = threading.get_native_id()
    base = os.getpriority(os.PRIO_PROCESS, tid)
    os.setpriority(os.PRIO_PROCESS, tid, min(base + step, _MOST_NICE))
    _thread.base = base


def restore(*args: Any, **kwargs: Any) -> None:
    """This thread's own priority again (a ``request_started`` receiver)."""
    base = getattr(_thread, "base", None)
    if base is None:
        return
    _thread.base = None
    os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), base)


def current() -> int:
    """This thread's nice value."""
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
