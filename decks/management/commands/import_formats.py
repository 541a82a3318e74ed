"""manage.py import_formats lotr-tcg <path-or-URL>"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from decks.importers import ImportDataError, import_formats, load_json_source


class Command(BaseCommand):
    help = (
        "Import the LOTR TCG community formats (formats.json, GEMP lotrFormats): sets, X-list, "
        "restricted cards, site rule, minimum deck, copy limit. Idempotent."
    )

    def add_arguments(self, parser):
        parser.add_argument("game", choices=["lotr-tcg"])
        parser.add_argument("source", help="path or http(s) URL of formats.json")

    def handle(self, game: str, source: str, **options):
        try:
            result = import_formats(game, load_json_source(source))
        except ImportDataError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(self.style.SUCCESS(f"{game} formats: {result}."))
