from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand

from backups.site import restore


class Command(BaseCommand):
    help = "Load a backup written by manage.py backup, all of it or nothing."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("path", help="the backup file")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="delete everything in the database first (without it, the database must be empty)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        restore(Path(options["path"]), replace=options["replace"])
        self.stdout.write(f"Restored {options['path']}.")
