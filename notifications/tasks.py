"""Celery tasks of the notifications app: each sends mail built from ids once the change
that caused it has committed (notifications.services does the work)."""

from __future__ import annotations

from celery import shared_task

from notifications import outbox, services


@shared_task(ignore_result=True)
def send_outgoing_mail(mail_id: int) -> int:
    """The one mail task actions queue now: a row of the outbox (notifications.outbox)."""
    return outbox.send(mail_id)


# The tasks below send directly; kept so that messages queued before the outbox still run.


@shared_task(ignore_result=True)
def registration_confirmed(registration_id: int) -> int:
    return services.registration_confirmed(registration_id)


@shared_task(ignore_result=True)
def round_paired(round_id: int) -> int:
    return services.round_paired(round_id)


@shared_task(ignore_result=True)
def round_tables_changed(round_id: int, tables: list[int]) -> int:
    return services.round_tables_changed(round_id, tables)


@shared_task(ignore_result=True)
def disputed_result(table_id: int) -> int:
    return services.disputed_result(table_id)


@shared_task(ignore_result=True)
def decklist_illegal(registration_id: int, problems: int) -> int:
    return services.decklist_illegal(registration_id, problems)


@shared_task(ignore_result=True)
def deadline_reminder(reminder_id: int) -> int:
    return services.deadline_reminder(reminder_id)
