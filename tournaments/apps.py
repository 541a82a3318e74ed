from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self) -> None:
        # Connects the receivers that keep the stored standings in step with every change.
        from tournaments.services import snapshot  # noqa: F401
