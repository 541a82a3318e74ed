"""Calling an event off (no event gets stuck), and deleting one for good.

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
from tournaments.models import Event, PlayoffMatch, Round
from tournaments.permissions import Capability, require, require_director
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


DELETE_CONSEQUENCES = gettext_lazy(
    "Deleting removes %(event)s for good: its %(players)s entries, %(rounds)s round(s) with "
    "their results, penalties and deck lists. If its games were rated, the ratings of "
    "%(game)s are computed again without them (every later rating may change). The audit "
    "trail keeps the deletion. To keep the record, cancel the event instead."
)


def delete_consequences(event: Event) -> str:
    """What deleting does, in words (shown next to the confirmation)."""
    return str(DELETE_CONSEQUENCES) % {
        "event": event.name,
        "players": event.registrations.count(),
        "rounds": event.rounds.count(),
        "game": event.get_game_display(),
    }


@retry_on_conflict
@transaction.atomic
def delete_event(user: AnyUser, event: Event | int, *, confirm: str) -> None:
    """The event's owner deletes it, having typed its name to confirm. The ratings
    listen (``event_deleting``) and replay its game without its games."""
    event = lock_event(event)
    require(user, event, Capability.DELETE_EVENT)
    if confirm.strip() != event.name:
        raise ServiceError(
            gettext("Type the event's name, %(event)s, to confirm the deletion.")
            % {"event": event.name},
            code="confirm_name",
        )
    audit.record(
        actor=user,
        obj=event,
        action="delete",
        event=event,
        before={
            "name": event.name,
            "status": event.status,
            "players": event.registrations.count(),
            "rounds": event.rounds.count(),
        },
    )
    signals.event_deleting.send(sender=Event, event=event)
    slug = event.slug
    # Seats and top-cut matches protect the entries they name: they go first.
    PlayoffMatch.objects.filter(event=event).delete()
    event.rounds.all().delete()
    event.delete()
    signals.announce_pages_changed([slug])
