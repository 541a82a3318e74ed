"""Calling an event off (no event gets stuck).

An event whose players all dropped before round 1, or that should not go on for any
other reason, can be ended by its director at any time before it is finished. It is
then finished as it stands, marked cancelled, and never rated: it stops being
sanctioned, and the ratings replay without any round of it they had already counted.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from audit import services as audit
from core.errors import Conflict, ServiceError
from core.types import AnyUser
from tournaments import signals
from tournaments.models import Event, Round
from tournaments.permissions import require_director
from tournaments.services.base import lock_event, retry_on_conflict

CANCEL_CONSEQUENCES = gettext_lazy(
    "Cancelling ends %(event)s for good: no more rounds can be paired, the %(rounds)s round(s) "
    "played stay visible, and the event is never rated (it stops being sanctioned)."
)


def cancel_consequences(event: Event) -> str:
    """What cancelling does, in words (shown next to the confirmation)."""
    rounds = event.rounds.filter(status=Round.Status.CLOSED).count()
    return str(CANCEL_CONSEQUENCES) % {"event": event.name, "rounds": rounds}


def cancel_blocker(event: Event) -> ServiceError | None:
    if event.status == Event.Status.FINISHED:
        words = (
            gettext("%(event)s was already cancelled.")
            if event.cancelled_at
            else gettext("%(event)s is already finished: correct its results instead.")
        )
        return Conflict(words % {"event": event.name}, code="finished")
    return None


@retry_on_conflict
@transaction.atomic
def cancel_event(user: AnyUser, event: Event | int, *, reason: str = "") -> Event:
    """The director calls the event off: finished, marked cancelled, never rated."""
    event = lock_event(event)
    require_director(user, event)
    blocker = cancel_blocker(event)
    if blocker is not None:
        raise blocker
    before = {"status": event.status, "sanctioned": event.sanctioned}
    now = timezone.now()
    event.status = Event.Status.FINISHED
    event.finished_at = event.cancelled_at = now
    event.sanctioned = False
    event.save(update_fields=["status", "finished_at", "cancelled_at", "sanctioned"])
    rounds = event.rounds.count()
    audit.record(
        actor=user,
        obj=event,
        action="cancel",
        event=event,
        before=before,
        after={"status": event.status, "cancelled": True, "rounds": rounds, "reason": reason[:500]},
    )
    # Not event_finished: a cancelled event has no winner's bonus and no rating.
    signals.event_cancelled.send(sender=Event, event=event)
    return event
