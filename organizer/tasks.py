"""Infrastructure tasks: a health check that tells which worker ran it."""

import socket

from celery import shared_task


@shared_task(bind=True)
def ping(self) -> dict[str, object]:
    # The hostname proves a task went through a real worker and not eager mode.
    return {
        "worker": self.request.hostname or "",
        "host": socket.gethostname(),
        "eager": bool(self.request.is_eager),
    }
