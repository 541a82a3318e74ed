"""Who may do what to an event. Used by the services, so every face enforces the same rules.

An event's director is its organizer or a staff member; a player may touch only his
own registration and the tables he sits at.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.errors import NotAllowed
from core.types import AnyUser
from tournaments.models import Event, EventStaff, Registration, Table


def is_director(user: AnyUser | None, event: Event) -> bool:
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_staff or event.organizer_id == user.pk or is_co_director(user, event))


def require_director(user: AnyUser, event: Event) -> None:
    if not is_director(user, event):
        raise NotAllowed(
            _("Only the tournament director of %(event)s can do this.") % {"event": event.name}
        )


def require_login(user: AnyUser | None) -> None:
    if user is None or not getattr(user, "is_authenticated", False):
        raise NotAllowed(_("Log in first."))


def own_registration(user: AnyUser | None, event: Event) -> Registration | None:
    """The user's own registration in ``event``, if he has one."""
    if user is None or not user.is_authenticated:
        return None
    return (
        Registration.objects.filter(event=event, player__user=user).select_related("player").first()
    )


def seat_registration(user: AnyUser | None, table: Table) -> Registration | None:
    """The registration through which ``user`` sits at ``table`` (None if he does not)."""
    if user is None or not user.is_authenticated:
        return None
    seat = (
        table.seats.filter(registration__player__user=user)
        .select_related("registration__player")
        .first()
    )
    return seat.registration if seat else None


def require_seat(user: AnyUser, table: Table) -> Registration:
    require_login(user)
    registration = seat_registration(user, table)
    if registration is None:
        raise NotAllowed(
            _(
                "You are not seated at table %(table)s of round %(round)s: only its players can "
                "report or confirm its result."
            )
            % {"table": table.number, "round": table.round.number}
        )
    return registration


def may_manage_registration(user: AnyUser, registration: Registration) -> bool:
    if is_director(user, registration.event):
        return True
    return bool(
        getattr(user, "is_authenticated", False)
        and registration.player.user_id is not None
        and registration.player.user_id == user.pk
    )


# --------------------------------------------------------------------------- event staff


def _staff_role(user: AnyUser | None, event: Event) -> str | None:
    # Read each time (one indexed query): a role given or taken away by another director
    # counts at once, even for a user object a caller keeps across requests.
    if user is None or not user.is_authenticated or event.pk is None:
        return None
    return (
        EventStaff.objects.filter(event_id=event.pk, user_id=user.pk)
        .values_list("role", flat=True)
        .first()
    )


def is_co_director(user: AnyUser, event: Event) -> bool:
    return _staff_role(user, event) == EventStaff.Role.CO_DIRECTOR


def is_owner(user: AnyUser | None, event: Event) -> bool:
    """The event's own director (or site staff): the only ones who may delete it or
    change who is on its staff list as co-director."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_staff or event.organizer_id == user.pk)


def is_judge(user: AnyUser, event: Event) -> bool:
    """Judges enter and confirm results, issue warnings and see deck lists; every
    director may do what a judge does."""
    return is_director(user, event) or _staff_role(user, event) == EventStaff.Role.JUDGE


def require_judge(user: AnyUser, event: Event) -> None:
    if not is_judge(user, event):
        raise NotAllowed(_("Only the staff of %(event)s can do this.") % {"event": event.name})


def require_owner(user: AnyUser, event: Event) -> None:
    if not is_owner(user, event):
        raise NotAllowed(_("Only the organizer of %(event)s can do this.") % {"event": event.name})
