"""Infrastructure tasks: a health check that tells which worker ran it, and the
sweep that keeps background work alive (core.jobs).

Their names are the ones they had when the project wiring held them: outbox rows and
the beat schedule refer to tasks by name."""

import socket

from celery import shared_task


@shared_task(bind=True, name="organizer.tasks.ping")
def ping(self) -> dict[str, object]:
    # The hostname proves a task went through a real worker and not eager mode.
    return {
        "worker": self.request.hostname or "",
        "host": socket.gethostname(),
        "eager": bool(self.request.is_eager),
    }


# No retries of its own: beat sends the next sweep a minute later anyway.
@shared_task(bind=True, ignore_result=True, autoretry_for=(), name="organizer.tasks.heal")
def heal(self) -> dict[str, int]:
    """Send the outbox and retake work whose worker stopped renewing its lease."""
    from core import jobs

    return jobs.heal(self.app)
