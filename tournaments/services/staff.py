"""Event staff: co-directors and judges, invited by user name by the event's organizer."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from audit import services as audit
from core.errors import Conflict, NotFound, ServiceError
from core.types import AnyUser, signed_in
from tournaments.models import Event, EventStaff
from tournaments.permissions import Capability, require
from tournaments.services.base import lock_event


def _user_named(username: str) -> Any:
    name = (username or "").strip()
    if not name:
        raise ServiceError(gettext("Give the user name of the person to invite."), code="invalid")
    user = get_user_model().objects.filter(username__iexact=name).first()
    if user is None:
        raise NotFound(
            gettext("No account has the user name '%(name)s'.") % {"name": name},
            code="no_such_user",
        )
    return user


def _check_role_change(actor: AnyUser, event: Event, role: str) -> None:
    if role not in EventStaff.Role.values:
        raise ServiceError(gettext("Choose co-director or judge."), code="invalid_role")
    # The capability table says who may name co-directors and who judges.
    if role == EventStaff.Role.CO_DIRECTOR:
        require(actor, event, Capability.NAME_CO_DIRECTORS)
    else:
        require(actor, event, Capability.NAME_JUDGES)


@transaction.atomic
def invite_staff(actor: AnyUser, event: Event, username: str, role: str) -> EventStaff:
    """Give ``username`` a staff role in ``event`` (or change the role he has)."""
    event = lock_event(event)
    _check_role_change(actor, event, role)
    user = _user_named(username)
    if user.pk == event.organizer_id:
        raise Conflict(
            gettext("%(user)s is the organizer of %(event)s.")
            % {"user": user.get_username(), "event": event.name}
        )
    existing = EventStaff.objects.filter(event=event, user=user).first()
    before = {"user": user.get_username(), "role": existing.role} if existing else None
    if existing is not None and existing.role == EventStaff.Role.CO_DIRECTOR:
        require(actor, event, Capability.NAME_CO_DIRECTORS)
    try:
        with transaction.atomic():
            staff, _ = EventStaff.objects.update_or_create(
                event=event, user=user, defaults={"role": role, "invited_by": signed_in(actor)}
            )
    except IntegrityError:
        raise Conflict(
            gettext("%(user)s was just added by someone else.") % {"user": user.get_username()}
        )
    audit.record(
        actor=actor,
        obj=staff,
        action="staff_invite" if existing is None else "staff_role",
        before=before,
        after={"user": user.get_username(), "role": role},
        event=event,
    )
    return staff


@transaction.atomic
def remove_staff(actor: AnyUser, event: Event, staff_id: int) -> None:
    event = lock_event(event)
    staff = EventStaff.objects.filter(event=event, pk=staff_id).select_related("user").first()
    if staff is None:
        raise NotFound(gettext("No such staff member in this event."))
    _check_role_change(actor, event, staff.role)
    snapshot = {"user": staff.user.get_username(), "role": staff.role}
    audit.record(actor=actor, obj=staff, action="staff_remove", before=snapshot, event=event)
    staff.delete()


def event_staff(event: Event) -> list[EventStaff]:
    return list(event.staff.select_related("user", "invited_by"))


def staff_users(event: Event) -> list[Any]:
    """Everyone who runs the event: organizer first, then co-directors and judges."""
    return [event.organizer] + [s.user for s in event_staff(event)]
