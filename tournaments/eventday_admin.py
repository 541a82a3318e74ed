"""Admin pages of the event-day models (imported by tournaments.admin). Read-only: every
change goes through the services so that it reaches the audit trail."""

from __future__ import annotations

from django.contrib import admin

from tournaments import eventday_models as models
from tournaments.admin import ReadOnlyAdmin


@admin.register(models.EventStaff)
class EventStaffAdmin(ReadOnlyAdmin):
    list_display = ("event", "user", "role", "invited_by", "created_at")
    list_filter = ("role",)


@admin.register(models.EventDaySettings)
class EventDaySettingsAdmin(ReadOnlyAdmin):
    list_display = ("event", "top_cut", "playoff_tie")


@admin.register(models.PlayoffMatch)
class PlayoffMatchAdmin(ReadOnlyAdmin):
    list_display = ("event", "stage", "slot", "high", "low", "winner", "status")
    list_filter = ("status",)


@admin.register(models.BulkAction)
class BulkActionAdmin(ReadOnlyAdmin):
    list_display = ("event", "kind", "actor", "created_at", "undone_at")


@admin.register(models.PenaltyRescission)
class PenaltyRescissionAdmin(ReadOnlyAdmin):
    list_display = ("penalty", "by", "at")


@admin.register(models.PlayerContact)
class PlayerContactAdmin(ReadOnlyAdmin):
    list_display = ("player", "email")
