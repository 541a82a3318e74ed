from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand

from backups.site import backup


class Command(BaseCommand):
    help = (
        "Write the whole site (accounts, events, results, ratings, audit trail) to one "
        "file; .json, or .json.gz / .json.xz to compress."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("path", help="where to write the backup, e.g. site-2026-03-01.json.gz")

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["path"])
        backup(path)
        self.stdout.write(f"Backup written to {path} ({path.stat().st_size} bytes).")
