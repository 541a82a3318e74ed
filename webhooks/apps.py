from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    """Integrations: webhooks of an event and safe retries (Idempotency-Key) of API POSTs."""

    name = "webhooks"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from webhooks import receivers

        receivers.connect()
