"""manage.py import_cards <game> <path-or-URL> [--aliases path-or-URL]"""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from decks.importers import ImportDataError, import_cards, load_json_source


class Command(BaseCommand):
    help = (
        "Import a card database (metw or lotr-tcg) in the JSON shape of ../shared/data/README.md. "
        "Re-importing updates changed cards and never duplicates."
    )

    def add_arguments(self, parser):
        parser.add_argument("game", choices=["metw", "lotr-tcg"])
        parser.add_argument("source", help="path or http(s) URL of cards.json")
        parser.add_argument(
            "--aliases",
            help="lotr-tcg: aliases.json (promo/reprint ids). "
            "Default: aliases.json beside a local cards file.",
        )

    def handle(self, game: str, source: str, aliases: str | None = None, **options):
        try:
            data = load_json_source(source)
            alias_map = None
            if game == "lotr-tcg":
                if aliases:
                    alias_map = load_json_source(aliases)
                elif not source.startswith(("http://", "https://")):
                    sibling = Path(source).with_name("aliases.json")
                    if sibling.is_file():
                        alias_map = load_json_source(str(sibling))
            show = sys.stdout.isatty() and options.get("verbosity", 1) > 0

            def progress(rows):
                return tqdm(rows, desc=f"{game} cards", unit="card", disable=not show)

            result = import_cards(game, data, alias_map, progress=progress)
        except ImportDataError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(self.style.SUCCESS(f"{game}: {result}."))
