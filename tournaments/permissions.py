"""Who may do what to an event: one capability table, read by every blocker of the
services (so every face enforces the same rules), by the pages and templates (to show
only the buttons a person may use) and by the API.

An event's owner is its organizer (or the site's staff); co-directors and judges are
named on its staff list; a player may touch only his own registration and the tables
he sits at; a visitor reads what is published.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import NotAllowed
from tournaments.models import Event, EventStaff, Registration, Table


class Role(StrEnum):
    OWNER = "owner"  # the event's organizer, or the site's staff
    CO_DIRECTOR = "co_director"
    JUDGE = "judge"
    PLAYER = "player"  # registered in the event (his own entry and tables only)
    VISITOR = "visitor"  # anyone, signed in or not


class Capability(StrEnum):
    READ_PUBLISHED = "read_published"  # the event page, pairings, standings, bracket
    REGISTER_SELF = "register_self"
    REPORT_OWN_RESULT = "report_own_result"  # report, confirm or dispute at his own table
    SEE_DECK_LISTS = "see_deck_lists"
    ENTER_RESULT = "enter_result"  # enter, correct or void any table's result
    CONFIRM_RESULT = "confirm_result"  # confirm a reported result for the players
    ISSUE_PENALTY = "issue_penalty"  # warnings and ejections
    LIST_PENALTIES = "list_penalties"
    READ_AUDIT_TRAIL = "read_audit_trail"  # every change to the event, who made it and when
    RUN_EVENT = "run_event"  # registration, rounds, top cut, settings, finishing
    NAME_JUDGES = "name_judges"
    NAME_CO_DIRECTORS = "name_co_directors"
    DELETE_EVENT = "delete_event"
    # Merge a newer export of the event (from a venue's laptop, say) into it.
    UPDATE_FROM_FILE = "update_from_file"


_STAFF = frozenset({Role.OWNER, Role.CO_DIRECTOR, Role.JUDGE})
_DIRECTORS = frozenset({Role.OWNER, Role.CO_DIRECTOR})
_EVERYONE = frozenset(Role)

# The one table of who may do what. A judge may enter and confirm results, issue and
# list penalties and see deck lists; a co-director everything but deleting the event
# (the organizer's own, with its ratings). Whoever runs the event may name the others
# who run it with him, co-directors included.
CAPABILITIES: dict[Capability, frozenset[Role]] = {
    Capability.READ_PUBLISHED: _EVERYONE,
    Capability.REGISTER_SELF: _EVERYONE - {Role.VISITOR},
    Capability.REPORT_OWN_RESULT: frozenset({Role.PLAYER}),
    Capability.SEE_DECK_LISTS: _STAFF,
    Capability.ENTER_RESULT: _STAFF,
    Capability.CONFIRM_RESULT: _STAFF,
    Capability.ISSUE_PENALTY: _STAFF,
    Capability.LIST_PENALTIES: _STAFF,
    Capability.READ_AUDIT_TRAIL: _STAFF,
    Capability.RUN_EVENT: _DIRECTORS,
    Capability.NAME_JUDGES: _DIRECTORS,
    Capability.NAME_CO_DIRECTORS: _DIRECTORS,
    Capability.DELETE_EVENT: frozenset({Role.OWNER}),
    Capability.UPDATE_FROM_FILE: _DIRECTORS,
}


def roles_of(user: Any, event: Event) -> frozenset[Role]:
    """Every role ``user`` holds in ``event`` (one indexed query for the staff list)."""
    roles = {Role.VISITOR}
    if user is None or not getattr(user, "is_authenticated", False):
        return frozenset(roles)
    if own_registration(user, event) is not None:
        roles.add(Role.PLAYER)
    if user.is_staff or event.organizer_id == user.pk:
        roles.add(Role.OWNER)
    staff_role = _staff_role(user, event)
    if staff_role == EventStaff.Role.CO_DIRECTOR:
        roles.add(Role.CO_DIRECTOR)
    elif staff_role == EventStaff.Role.JUDGE:
        roles.add(Role.JUDGE)
    return frozenset(roles)


def can(user: Any, event: Event, capability: Capability) -> bool:
    allowed = CAPABILITIES[capability]
    if Role.VISITOR in allowed:
        return True
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    # The cheap checks first: the owner needs no query, a staff role one.
    if Role.OWNER in allowed and (user.is_staff or event.organizer_id == user.pk):
        return True
    staff_role = _staff_role(user, event)
    if staff_role == EventStaff.Role.CO_DIRECTOR and Role.CO_DIRECTOR in allowed:
        return True
    if staff_role == EventStaff.Role.JUDGE and Role.JUDGE in allowed:
        return True
    return Role.PLAYER in allowed and own_registration(user, event) is not None


def capabilities_of(user: Any, event: Event) -> dict[str, bool]:
    """What ``user`` may do in ``event``, by capability name, for the templates
    (``{% if may.run_event %}``): the same table, read once per page."""
    roles = roles_of(user, event)
    return {cap.value: bool(CAPABILITIES[cap] & roles) for cap in Capability}


def require(user: Any, event: Event, capability: Capability) -> None:
    if not can(user, event, capability):
        raise NotAllowed(_REFUSALS[capability] % {"event": event.name})


def is_director(user: Any, event: Event) -> bool:
    """Runs the event: its owner or a co-director."""
    return can(user, event, Capability.RUN_EVENT)


def require_director(user: Any, event: Event) -> None:
    require(user, event, Capability.RUN_EVENT)


def require_login(user: Any) -> None:
    if user is None or not getattr(user, "is_authenticated", False):
        raise NotAllowed(_("Log in first."))


def own_registration(user: Any, event: Event) -> Registration | None:
    """The user's own registration in ``event``, if he has one."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return (
        Registration.objects.filter(event=event, player__user=user).select_related("player").first()
    )


def seat_registration(user: Any, table: Table) -> Registration | None:
    """The registration through which ``user`` sits at ``table`` (None if he does not)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    seat = (
        table.seats.filter(registration__player__user=user)
        .select_related("registration__player")
        .first()
    )
    return seat.registration if seat else None


def require_seat(user: Any, table: Table) -> Registration:
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


def may_manage_registration(user: Any, registration: Registration) -> bool:
    if is_director(user, registration.event):
        return True
    return bool(
        getattr(user, "is_authenticated", False)
        and registration.player.user_id is not None
        and registration.player.user_id == user.pk
    )


# --------------------------------------------------------------------------- event staff


def _staff_role(user: Any, event: Event) -> str | None:
    # Read each time (one indexed query): a role given or taken away by another director
    # counts at once, even for a user object a caller keeps across requests.
    if user is None or not getattr(user, "is_authenticated", False) or event.pk is None:
        return None
    return (
        EventStaff.objects.filter(event_id=event.pk, user_id=user.pk)
        .values_list("role", flat=True)
        .first()
    )


def is_co_director(user: Any, event: Event) -> bool:
    return _staff_role(user, event) == EventStaff.Role.CO_DIRECTOR


def is_owner(user: Any, event: Event) -> bool:
    """The event's own director (or site staff): the only ones who may delete it or
    name its co-directors."""
    return can(user, event, Capability.DELETE_EVENT)


def is_judge(user: Any, event: Event) -> bool:
    """On the event's staff: may enter and confirm results, issue warnings and see deck
    lists (CAPABILITIES says what each role may do)."""
    return can(user, event, Capability.CONFIRM_RESULT)


def require_judge(user: Any, event: Event) -> None:
    require(user, event, Capability.CONFIRM_RESULT)


def require_owner(user: Any, event: Event) -> None:
    require(user, event, Capability.DELETE_EVENT)


# What a refusal says, by the capability that was missing.
_STAFF_ONLY = gettext_lazy("Only the staff of %(event)s can do this.")
_REFUSALS: dict[Capability, Any] = {
    **{capability: _STAFF_ONLY for capability in Capability},
    Capability.RUN_EVENT: gettext_lazy("Only the tournament director of %(event)s can do this."),
    Capability.NAME_JUDGES: gettext_lazy("Only the tournament director of %(event)s can do this."),
    Capability.NAME_CO_DIRECTORS: gettext_lazy(
        "Only the tournament director of %(event)s can do this."
    ),
    Capability.DELETE_EVENT: gettext_lazy("Only the organizer of %(event)s can do this."),
    Capability.UPDATE_FROM_FILE: gettext_lazy(
        "Only the tournament director of %(event)s can do this."
    ),
    Capability.REGISTER_SELF: gettext_lazy("Log in first."),
    Capability.REPORT_OWN_RESULT: gettext_lazy("Only the players of %(event)s can do this."),
}
