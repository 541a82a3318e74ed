"""Whole-site backup and restore (manage.py backup / restore).

A backup is Django's own fixture format: every app's rows with their ids, foreign
keys to content types and permissions written as natural keys (those rows are made
again by migrate with other ids). Restoring loads it into an empty database, or
replaces everything with --replace, in one transaction: all of it or nothing.
What is left out can be rebuilt: sessions, content types and permissions (migrate
makes them), and task leases (they describe running processes, not data).
"""

from __future__ import annotations

from pathlib import Path

from django.apps import apps
from django.core.management import CommandError, call_command
from django.db import transaction

from core.cache import forget_own_keys

EXCLUDED = ["contenttypes", "auth.permission", "sessions", "core.tasklease"]
# If any of these holds a row, the database is in use and a restore must not mix into it.
CONTENT_MODELS = ["auth.user", "tournaments.event", "tournaments.player", "ratings.ratingentry"]


def backup(path: Path) -> None:
    call_command(
        "dumpdata",
        exclude=EXCLUDED,
        natural_foreign=True,
        output=str(path),
        verbosity=0,
    )


def database_in_use() -> bool:
    return any(apps.get_model(label).objects.exists() for label in CONTENT_MODELS)


def restore(path: Path, *, replace: bool = False) -> None:
    if not path.exists():
        raise CommandError(f"No backup file at {path}.")
    if database_in_use() and not replace:
        raise CommandError(
            "The database already holds accounts or events; a restore would mix two sites. "
            "Restore into an empty database, or pass --replace to delete everything first."
        )
    with transaction.atomic():
        _empty_database()
        call_command("loaddata", str(path), verbosity=0)
    _forget_cached_pages()


def _empty_database() -> None:
    """Every table emptied, seed rows too (the built-in deck formats migrate writes would
    collide with the backup's own copies), then the content types and permissions
    migrate makes put back, for the backup's natural keys to point at."""
    from django.contrib.auth.management import create_permissions
    from django.contrib.contenttypes.management import create_contenttypes

    call_command("flush", interactive=False, verbosity=0, inhibit_post_migrate=True)
    for app_config in apps.get_app_configs():
        create_contenttypes(app_config, verbosity=0)
        create_permissions(app_config, verbosity=0)


def _forget_cached_pages() -> None:
    """Cached league tables are keyed by ledger versions the restore may have reused."""
    forget_own_keys()
