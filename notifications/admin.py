from django.contrib import admin

from notifications.models import NotificationPreference


@admin.register(NotificationPreference)
class NotificationPreferenceAdmin(admin.ModelAdmin):
    list_display = (
        "user",
        "registration_confirmed",
        "round_paired",
        "disputed_result",
        "decklist_illegal",
    )
    raw_id_fields = ("user",)
