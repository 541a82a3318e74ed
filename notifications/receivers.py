"""Turn audit entries (every action, written with who did it) into e-mails."""

from __future__ import annotations

from typing import Any

from core.jobs import send_after_commit
from notifications import outbox, tasks

REGISTERED = {"register", "walkin", "bulk_entry"}


def _changed_tables(action: str, after: dict[str, Any]) -> list[int]:
    """The tables a hand change of a paired round touched, read from its audit entry."""
    if action == "pairing_swap":
        return sorted({int(t) for t in (after.get("tables") or {}).values()})
    moved = {int(t) for t in (after.get("moved") or {}).values()}
    return sorted(moved | {int(after["table"])}) if "table" in after else sorted(moved)


def _plan(entry: Any) -> tuple[str, tuple[Any, ...]] | None:
    """The mail an audit entry calls for (a sender of notifications.outbox), with its
    arguments; None for no mail."""
    kind, action, oid = entry.object_type, entry.action, entry.object_id
    if kind == "tournaments.registration" and action in REGISTERED:
        return "registration_confirmed", (int(oid),)
    if kind == "tournaments.round" and action in ("pair", "repair", "round_repaired"):
        return "round_paired", (int(oid),)
    if kind == "tournaments.table" and action == "result_dispute":
        return "disputed_result", (int(oid),)
    if kind == "tournaments.deadlinereminder" and action == "deadline_reminder":
        return "deadline_reminder", (int(oid),)
    after = entry.after if isinstance(entry.after, dict) else {}
    if kind == "tournaments.round" and action in ("pairing_swap", "pairing_set_table"):
        tables = _changed_tables(action, after)
        return ("round_tables_changed", (int(oid), tables)) if tables else None
    if kind == "decks.decklist" and action == "decklist.submit" and after.get("legal") is False:
        from decks.models import DeckList

        reg_id = DeckList.objects.filter(pk=oid).values_list("registration_id", flat=True).first()
        if reg_id is not None:
            return "decklist_illegal", (reg_id, int(after.get("problems") or 0))
    return None


def on_audit_entry(sender: Any, instance: Any, created: bool, **kwargs: Any) -> None:
    if not created:
        return
    planned = _plan(instance)
    if planned is not None:
        # Written with the action (the audit entry is saved in its transaction); sent once
        # it commits, and never fails the action itself.
        row = outbox.record(*planned)
        send_after_commit(tasks.send_outgoing_mail, row.pk)


def resend_lost_mail() -> int:
    """Part of the sweep (core.jobs): mails whose task the queue lost, queued again."""
    ids = outbox.lost()
    for mail_id in ids:
        send_after_commit(tasks.send_outgoing_mail, mail_id)
    return len(ids)
