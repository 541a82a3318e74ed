"""Bookkeeping that keeps background work alive through outages.

Both tables are written by core.jobs only: the outbox holds task messages the
broker could not take yet, a lease says "a worker is on this task right now". The
tables keep the names they were created with when the project wiring held them, so
moving the models here moved no data."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class OutboxMessage(models.Model):
    """A task send that failed (broker away) or a task to run again later; the
    periodic sweep sends it once the broker answers."""

    task_id = models.CharField(max_length=64)
    task_name = models.CharField(max_length=200)
    args = models.JSONField(default=list)
    kwargs = models.JSONField(default=dict)
    # The queue it was sent to (empty: the default), so it goes back where it came from.
    queue = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    not_before = models.DateTimeField(default=timezone.now, db_index=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=500, blank=True)

    class Meta:
        db_table = "organizer_outboxmessage"
        ordering = ["not_before", "pk"]

    def __str__(self) -> str:
        return f"{self.task_name} {self.task_id}"


class TaskLease(models.Model):
    """A task a worker is running, renewed while it runs; one that stops being
    renewed (the worker was killed) is sent again by the sweep."""

    task_id = models.CharField(max_length=64, unique=True)
    task_name = models.CharField(max_length=200)
    args = models.JSONField(default=list)
    kwargs = models.JSONField(default=dict)
    queue = models.CharField(max_length=200, blank=True)
    started_at = models.DateTimeField(default=timezone.now)
    beat_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        db_table = "organizer_tasklease"

    def __str__(self) -> str:
        return f"{self.task_name} {self.task_id}"
