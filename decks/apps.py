from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _builtin_formats(sender, **kwargs) -> None:
    from decks.services import ensure_builtin_formats

    ensure_builtin_formats()


class DecksConfig(AppConfig):
    name = "decks"

    def ready(self) -> None:
        # The built-in formats are rows like any other, so events and custom formats can
        # point at them; creating them after every migrate keeps them current with the code.
        post_migrate.connect(_builtin_formats, sender=self, dispatch_uid="decks-builtin-formats")
        from decks import tournament_hooks

        tournament_hooks.register()
