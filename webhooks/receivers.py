"""What turns a change of the tournament into a webhook delivery.

tournaments sends event_finished; a round being paired and a result being confirmed (or
corrected, which changes the standings too) have no signal of their own yet, so those are
read from the models' post_save: a new Round; a Table saved confirmed.
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save

from tournaments import signals
from tournaments.models import Round, Table
from webhooks.models import Topic
from webhooks.services import notify


def round_saved(sender: Any, instance: Round, created: bool, **kwargs: Any) -> None:
    if created and not kwargs.get("raw"):
        notify(instance.event_id, Topic.ROUND_PAIRED, {"round": instance.number})


def table_saved(sender: Any, instance: Table, **kwargs: Any) -> None:
    if kwargs.get("raw") or instance.status != Table.Status.CONFIRMED or instance.is_bye:
        return
    rnd = instance.round
    data = {"round": rnd.number, "table": instance.pk, "version": instance.version}
    notify(rnd.event_id, Topic.RESULT_CONFIRMED, data)
    notify(rnd.event_id, Topic.STANDINGS_CHANGED, data)


def event_finished(sender: Any, event: Any, **kwargs: Any) -> None:
    notify(event.pk, Topic.EVENT_FINISHED, {"status": event.status})


def connect() -> None:
    post_save.connect(round_saved, sender=Round, dispatch_uid="webhooks.round_paired")
    post_save.connect(table_saved, sender=Table, dispatch_uid="webhooks.result_confirmed")
    signals.event_finished.connect(event_finished, dispatch_uid="webhooks.event_finished")
