from django.contrib import admin

from ratings.models import (
    EventApproval,
    LeagueStaff,
    LedgerVersion,
    PlayerRating,
    RatingEntry,
    ReplayJob,
    Season,
)


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "starts_on", "ends_on"]
    list_filter = ["game"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name"]


@admin.register(RatingEntry)
class RatingEntryAdmin(admin.ModelAdmin):
    # The ledger is written by the services only; the admin shows it.
    list_display = ["player", "game", "event", "round_number", "kind", "before", "change", "after"]
    list_filter = ["game", "kind"]
    search_fields = ["player__display_name", "event__name"]
    raw_id_fields = ["player", "event", "table"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(PlayerRating)
class PlayerRatingAdmin(admin.ModelAdmin):
    list_display = ["player", "game", "rating", "peak", "games"]
    list_filter = ["game"]
    search_fields = ["player__display_name"]
    raw_id_fields = ["player"]


@admin.register(ReplayJob)
class ReplayJobAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "status", "done", "total", "created_at", "finished_at"]
    list_filter = ["game", "status"]
    readonly_fields = [f.name for f in ReplayJob._meta.fields]


@admin.register(LedgerVersion)
class LedgerVersionAdmin(admin.ModelAdmin):
    # Written by the services only; shown so a stale league cache can be diagnosed.
    list_display = ["game", "version"]
    readonly_fields = ["game", "version"]

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(LeagueStaff)
class LeagueStaffAdmin(admin.ModelAdmin):
    """Who may approve a league's rated events."""

    list_display = ["user", "season", "created_at"]
    list_filter = ["season"]
    raw_id_fields = ["user"]


@admin.register(EventApproval)
class EventApprovalAdmin(admin.ModelAdmin):
    # Approving or withdrawing replays the ledger: only the league pages and API do it.
    list_display = ["event", "approved_by", "approved_at"]
    readonly_fields = ["event", "approved_by", "approved_at"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
