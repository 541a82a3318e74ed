from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = "Notifications"

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from audit.models import AuditEntry
        from core.jobs import register_sweep
        from notifications import receivers

        # Every action is written to the audit trail in its own transaction, so the
        # trail is the one place that sees them all; mail goes out once it commits.
        post_save.connect(
            receivers.on_audit_entry, sender=AuditEntry, dispatch_uid="notifications.audit"
        )
        register_sweep("mail", receivers.resend_lost_mail)
