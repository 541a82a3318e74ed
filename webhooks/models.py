"""Webhook endpoints of an event, their deliveries, and remembered API answers."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Topic(models.TextChoices):
    ROUND_PAIRED = "round.paired", _("Round paired")
    RESULT_CONFIRMED = "result.confirmed", _("Result confirmed")
    STANDINGS_CHANGED = "standings.changed", _("Standings changed")
    EVENT_FINISHED = "event.finished", _("Event finished")


def new_secret() -> str:
    return secrets.token_hex(32)


class Endpoint(models.Model):
    """An HTTPS address a director wants told about one event."""

    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="webhook_endpoints"
    )
    url = models.URLField(max_length=500)
    topics = models.JSONField(default=list, help_text=_("Empty: every topic."))
    secret = models.CharField(max_length=64, default=new_secret)
    active = models.BooleanField(default=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return self.url

    def wants(self, topic: str) -> bool:
        return self.active and (not self.topics or topic in self.topics)


class Delivery(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting to be sent")
        SUCCEEDED = "succeeded", _("Delivered")
        FAILED = "failed", _("Failed after every retry")

    endpoint = models.ForeignKey(Endpoint, on_delete=models.CASCADE, related_name="deliveries")
    topic = models.CharField(max_length=40, choices=Topic.choices)
    payload = models.JSONField()
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    response_status = models.PositiveIntegerField(null=True, blank=True)
    error = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name_plural = "deliveries"

    def __str__(self) -> str:
        return f"{self.topic} #{self.pk}"


class IdempotentRequest(models.Model):
    """The first answer to a POST sent with an Idempotency-Key, replayed on a retry."""

    owner = models.CharField(max_length=80, help_text=_("user:<id>, or anonymous"))
    key = models.CharField(max_length=255)
    route = models.CharField(max_length=500)
    body_hash = models.CharField(max_length=64)
    status_code = models.PositiveIntegerField(null=True, blank=True)
    content_type = models.CharField(max_length=100, blank=True)
    body = models.BinaryField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["owner", "key"], name="idempotency_owner_key")
        ]

    def __str__(self) -> str:
        return self.key
