from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    """Integrations: webhooks of an event and safe retries (Idempotency-Key) of API POSTs."""

    name = "webhooks"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from core.jobs import register_sweep
        from webhooks import receivers
        from webhooks.services import resend_lost_deliveries

        receivers.connect()
        register_sweep("webhooks", resend_lost_deliveries)
