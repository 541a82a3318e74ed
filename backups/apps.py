from django.apps import AppConfig


class BackupsConfig(AppConfig):
    """manage.py backup and restore: every app's rows in one file, and back."""

    name = "backups"
    verbose_name = "Backups"
