from django.apps import AppConfig


class OrganizerConfig(AppConfig):
    """The project's wiring. It holds no models now; its migrations stay, because the
    first one created the job tables that core's models took over."""

    name = "organizer"
    verbose_name = "Site"
