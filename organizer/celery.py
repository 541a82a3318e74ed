"""Celery application. Configuration comes from Django settings (CELERY_* names).

Every task's base class keeps the sends the broker refuses for later and retries on
services that are away (core.jobs)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "organizer.settings")

app = Celery("organizer", task_cls="core.jobs:ResilientTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
