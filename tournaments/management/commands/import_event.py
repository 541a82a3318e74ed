"""Rebuild an event from its export, all or nothing, and replay its ratings."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.errors import ServiceError
from tournaments.services.transfer.imports import import_document, load_document
from tournaments.words.sync import conflict_text, sync_summary


class Command(BaseCommand):
    help = "Import an event from the JSON document export_event (or the API's export) wrote."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="The exported JSON document.")
        parser.add_argument(
            "--organizer",
            help="User name of the director if the exported one has no account here.",
        )
        parser.add_argument("--slug", help="Import under this slug instead of the exported one.")
        parser.add_argument(
            "--no-replay", action="store_true", help="Do not replay the game's ratings."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        organizer = None
        if options["organizer"]:
            organizer = get_user_model().objects.filter(username=options["organizer"]).first()
            if organizer is None:
                raise CommandError(f"No user {options['organizer']!r}.")
        try:
            report = import_document(
                load_document(options["file"]),
                organizer=organizer,
                slug=options["slug"],
                replay_ratings=not options["no_replay"],
            )
        except ServiceError as exc:
            raise CommandError(exc.message)
        event = report.event
        if not report.created:
            self.stdout.write(f"{event.name} ({event.slug}): {sync_summary(report.added)}")
            for code, data in report.conflicts:
                self.stdout.write(conflict_text(code, data))
            return
        self.stdout.write(
            f"Imported {event.name} ({event.slug}): {event.registrations.count()} players, "
            f"{event.rounds.count()} rounds."
        )
