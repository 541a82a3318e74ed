from django.apps import AppConfig


class OrganizerConfig(AppConfig):
    name = "organizer"
    verbose_name = "Site"

    def ready(self) -> None:
        from organizer import admin_audit

        admin_audit.connect()
