"""The project's Celery app, for the worker the fault tests start and kill.

Only the broker's redelivery timing differs: a message a dead worker held is handed
out again after FAULTS_VISIBILITY_TIMEOUT seconds instead of Redis's default hour, so
the test sees the redelivery that production also gets, just sooner.
"""

import os

from organizer.celery import app

app.conf.broker_transport_options = {
    "visibility_timeout": int(os.environ.get("FAULTS_VISIBILITY_TIMEOUT", "8")),
    "unacked_restore_interval": 1,
    "unacked_restore_throttle": 1,
}

__all__ = ["app"]
