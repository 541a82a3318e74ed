"""An export of a big event, built by a worker into a stored file and then downloaded."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class ExportJob(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="export_jobs"
    )
    # The staff's export holds the penalties; the public one does not: two files.
    with_penalties = models.BooleanField(default=False)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    # Parts written of all the document's parts (each round one part), for the progress bar.
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    # Where the worker stored the document (the default storage), once done.
    path = models.CharField(max_length=300, blank=True)
    size = models.PositiveBigIntegerField(default=0)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["event", "with_penalties", "status"], name="export_job_idx")
        ]

    def __str__(self) -> str:
        return f"Export of {self.event_id} #{self.pk} ({self.status})"

    @property
    def percent(self) -> int:
        if self.status == self.Status.DONE:
            return 100
        return int(100 * self.done / self.total) if self.total else 0
