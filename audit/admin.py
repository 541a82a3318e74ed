from django.contrib import admin

from audit.models import AuditEntry


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("at", "actor", "event", "object_type", "object_id", "action")
    list_filter = ("object_type", "action")
    search_fields = ("object_id", "note")
    readonly_fields = [f.name for f in AuditEntry._meta.fields]
