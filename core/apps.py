from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        from django.core.signals import request_started

        from core import priority

        # Every request starts at the worker's own priority (core.priority).
        request_started.connect(priority.restore, dispatch_uid="priority-restore")
