"""Turn audit entries (every action, written with who did it) into e-mails."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction

from notifications import services

REGISTERED = {"register", "walkin", "bulk_entry"}


def _plan(entry: Any) -> Callable[[], int] | None:
    kind, action, oid = entry.object_type, entry.action, entry.object_id
    if kind == "tournaments.registration" and action in REGISTERED:
        return lambda: services.registration_confirmed(int(oid))
    if kind == "tournaments.round" and action in ("pair", "repair", "round_repaired"):
        return lambda: services.round_paired(int(oid))
    if kind == "tournaments.table" and action == "result_dispute":
        return lambda: services.disputed_result(int(oid))
    after = entry.after if isinstance(entry.after, dict) else {}
    if kind == "decks.decklist" and action == "decklist.submit" and after.get("legal") is False:
        from decks.models import DeckList

        reg_id = DeckList.objects.filter(pk=oid).values_list("registration_id", flat=True).first()
        if reg_id is not None:
            return lambda: services.decklist_illegal(reg_id, int(after.get("problems") or 0))
    return None


def on_audit_entry(sender: Any, instance: Any, created: bool, **kwargs: Any) -> None:
    if not created:
        return
    job = _plan(instance)
    if job is not None:
        transaction.on_commit(job)
