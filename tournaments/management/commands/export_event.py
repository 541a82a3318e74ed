"""Write an event as one JSON document (the backup ``import_event`` reads back)."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.models import Event
from tournaments.services.transfer.imports import export_document


class Command(BaseCommand):
    help = "Export an event (settings, players, rounds, results, penalties, standings) as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="The event's slug.")
        parser.add_argument("-o", "--output", help="File to write (default: standard output).")

    def handle(self, *args: Any, **options: Any) -> None:
        event = Event.objects.filter(slug=options["slug"]).first()
        if event is None:
            raise CommandError(f"No event {options['slug']!r}.")
        text = json.dumps(export_document(event), ensure_ascii=False, indent=2, default=str)
        if options["output"]:
            with open(options["output"], "w", encoding="utf-8") as out:
                out.write(text + "\n")
            self.stdout.write(f"Exported {event.name} to {options['output']}.")
        else:
            self.stdout.write(text)
