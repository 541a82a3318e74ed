"""manage.py load_builtin_formats — (re)write the rulebook / CoE / LoRE formats."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from decks.services import ensure_builtin_formats


class Command(BaseCommand):
    help = "Create or refresh the built-in formats (also runs after every migrate)."

    def handle(self, **options):
        n = ensure_builtin_formats()
        self.stdout.write(self.style.SUCCESS(f"Built-in formats: {n} written."))
