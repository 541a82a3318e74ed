from django.contrib import admin

from tournaments import models


class ReadOnlyAdmin(admin.ModelAdmin):
    """Results and penalties change only through the services, which keep their history
    and replay ratings; the admin shows them without a way around that."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(models.Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("display_name", "membership_number", "user")
    search_fields = ("display_name", "membership_number", "user__username")


class RegistrationInline(admin.TabularInline):
    model = models.Registration
    extra = 0
    raw_id_fields = ("player",)


@admin.register(models.Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "status", "sanctioned", "organizer", "starts_at")
    list_filter = ("game", "status", "sanctioned", "multiplayer")
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}
    inlines = [RegistrationInline]


@admin.register(models.Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ("player", "event", "checked_in", "dropped", "ejected")
    list_filter = ("checked_in", "dropped", "ejected")
    raw_id_fields = ("player", "event")


class SeatInline(admin.TabularInline):
    model = models.Seat
    extra = 0
    can_delete = False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    raw_id_fields = ("registration", "round", "event")


@admin.register(models.Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("event", "number", "status", "seed")
    list_filter = ("status",)


@admin.register(models.Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ("round", "number", "status", "is_bye", "outcome", "time_called")
    list_filter = ("status", "is_bye")
    inlines = [SeatInline]


@admin.register(models.ResultChange)
class ResultChangeAdmin(ReadOnlyAdmin):
    list_display = ("table", "action", "by", "at")


@admin.register(models.Penalty)
class PenaltyAdmin(ReadOnlyAdmin):
    list_display = ("registration", "kind", "offense", "round_number", "created_at")
    list_filter = ("kind", "offense")


@admin.register(models.Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("registration", "table", "mps", "points", "outcome", "is_bye")
    raw_id_fields = ("registration", "table", "round", "event")


@admin.register(models.StandingsSnapshot)
class StandingsSnapshotAdmin(ReadOnlyAdmin):
    list_display = ("event", "version", "stale", "closed_rounds", "row_count", "built_at")
    list_filter = ("stale",)


@admin.register(models.StandingsSnapshotRow)
class StandingsSnapshotRowAdmin(ReadOnlyAdmin):
    list_display = ("event", "position", "rank", "name", "points", "wins", "losses", "draws")
    raw_id_fields = ("event", "registration")


@admin.register(models.EventStaff)
class EventStaffAdmin(ReadOnlyAdmin):
    list_display = ("event", "user", "role", "invited_by", "created_at")
    list_filter = ("role",)


@admin.register(models.EventSettings)
class EventSettingsAdmin(ReadOnlyAdmin):
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


@admin.register(models.Stage)
class StageAdmin(ReadOnlyAdmin):
    list_display = ("event", "position", "kind", "advance", "carry_points", "first_round")
    list_filter = ("kind",)


@admin.register(models.LeagueGame)
class LeagueGameAdmin(ReadOnlyAdmin):
    list_display = ("event", "series", "winner", "loser", "reported_at")


@admin.register(models.PlayoffGame)
class PlayoffGameAdmin(ReadOnlyAdmin):
    list_display = ("match", "number", "winner", "outcome")


@admin.register(models.TableGame)
class TableGameAdmin(ReadOnlyAdmin):
    list_display = ("table", "number", "won_by", "decided_for", "outcome", "format_key")


@admin.register(models.EntryClaim)
class EntryClaimAdmin(ReadOnlyAdmin):
    list_display = ("registration", "user", "created_at", "accepted", "decided_by")


@admin.register(models.ServerRecord)
class ServerRecordAdmin(ReadOnlyAdmin):
    list_display = ("table", "server", "read_by", "read_at")
    list_filter = ("server",)


@admin.register(models.RoundWindow)
class RoundWindowAdmin(ReadOnlyAdmin):
    list_display = ("round", "opens_at", "deadline", "deadline_rule", "deadline_applied_at")


@admin.register(models.DeadlineReminder)
class DeadlineReminderAdmin(ReadOnlyAdmin):
    list_display = ("table", "registration", "kind", "mailed")


@admin.register(models.GameRoomSettings)
class GameRoomSettingsAdmin(ReadOnlyAdmin):
    list_display = ("event", "server", "room_prefix")


@admin.register(models.ExportJob)
class ExportJobAdmin(ReadOnlyAdmin):
    list_display = ("event", "status", "done", "total", "size", "created_at")
    list_filter = ("status",)
