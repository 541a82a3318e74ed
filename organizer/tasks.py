"""Infrastructure tasks: a health check that tells which worker ran it, and the
sweep that keeps background work alive (organizer.jobs)."""

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


# No retries of its own: beat sends the next sweep a minute later anyway.
@shared_task(bind=True, ignore_result=True, autoretry_for=())
def heal(self) -> dict[str, int]:
    """Send the outbox and retake work whose worker stopped renewing its lease."""
    from organizer import jobs

    return jobs.heal(self.app)
