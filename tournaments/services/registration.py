"""Registration: sign-up, walk-ins, check-in, drops and re-adds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict, NotAllowed, ServiceError
from core.types import AnyUser, signed_in
from tournaments.models import (
    Event,
    Player,
    Registration,
)

if TYPE_CHECKING:
    pass
from tournaments.permissions import (
    may_manage_registration,
    require_director,
    require_login,
)
from tournaments.services.base import (
    last_round_number,
    lock_event,
    lock_registration,
    next_round_number,
    registration_snapshot,
    retry_on_conflict,
)
from tournaments.services.people import account_holder_for, duplicate_of
from tournaments.services.quotas import check_walk_ins_added
from tournaments.words.penalties import ejection_words


def _player_for(user: AnyUser) -> Player:
    user = signed_in(user)
    player = Player.objects.filter(user=user).first()
    if player is None:
        name = (user.get_full_name() or user.get_username()).strip() or f"Player {user.pk}"
        player = Player.objects.create(user=user, display_name=name[:100])
    return player


def enter_player(actor: AnyUser, event: Event, player: Player, how: str) -> Registration:
    # A director may enter walk-ins while the event is still a draft.
    open_statuses = (Event.Status.REGISTRATION, Event.Status.RUNNING)
    draft_walkin = how != "register" and event.status == Event.Status.DRAFT
    if event.status not in open_statuses and not draft_walkin:
        raise Conflict(
            _("%(event)s is not taking registrations (%(status)s).")
            % {"event": event.name, "status": event.get_status_display().lower()}
        )
    existing = Registration.objects.filter(event=event, player=player).first()
    if existing is not None:
        state = _(" (dropped: the director can re-add you)") if existing.dropped else ""
        raise Conflict(
            _("%(player)s is already registered for %(event)s%(state)s.")
            % {"player": player.display_name, "event": event.name, "state": state}
        )
    # Late entry: a player joining a running event starts at 0 points in the next round.
    joined = next_round_number(event) if event.status == Event.Status.RUNNING else 1
    try:
        with transaction.atomic():
            reg = Registration.objects.create(event=event, player=player, joined_round=joined)
    except IntegrityError:
        raise Conflict(
            _("%(player)s is already registered for %(event)s.")
            % {"player": player.display_name, "event": event.name}
        )
    audit.record(
        actor=actor,
        obj=reg,
        action=how,
        after=registration_snapshot(reg),
        event=event,
        note="late entry" if joined > 1 else "",
    )
    return reg


@retry_on_conflict
@transaction.atomic
def register_self(user: AnyUser, event: Event) -> Registration:
    """A player signs himself up (or enters late while the event runs)."""
    require_login(user)
    event = lock_event(event)
    return enter_player(user, event, _player_for(user), "register")


def _is_staff(user: AnyUser) -> bool:
    return bool(getattr(user, "is_staff", False))


@retry_on_conflict
@transaction.atomic
def add_walkin(
    user: AnyUser,
    event: Event,
    display_name: str = "",
    membership_number: str = "",
    player: Player | None = None,
    email: str = "",
    *,
    confirm_duplicate: bool = False,
) -> Registration:
    """The director adds a player at the door: an account holder the details name (by
    membership number, e-mail or his unique name), an existing player, or a new one
    without an account. An entry that looks like one already there asks first."""
    event = lock_event(event)
    require_director(user, event)
    if player is None:
        # One person, one entry: an account holder named by these details is entered
        # as himself (he is told by mail), never as a second record.
        player = account_holder_for(display_name, membership_number, email)
    name = player.display_name if player is not None else (display_name or "").strip()
    twin = duplicate_of(event, name, membership_number, player)
    if twin is not None and not confirm_duplicate:
        raise Conflict(
            _(
                "%(player)s is already entered under the name %(entry)s: the same person "
                "twice? Confirm to add another entry anyway."
            )
            % {"player": name, "entry": twin.player.display_name},
            code="possible_duplicate",
        )
    if (
        player is not None
        and player.user_id is None
        and player.created_by_id != getattr(user, "pk", None)
        and not _is_staff(user)
    ):
        # A walk-in without an account belongs to the director who entered him: another
        # director must not pull him into an event of his own and move his rating.
        raise NotAllowed(
            _("%(player)s was entered by another tournament director; add a new walk-in instead.")
            % {"player": player.display_name}
        )
    check_walk_ins_added(event, 1)
    if player is None:
        name = (display_name or "").strip()
        if not name:
            raise ServiceError(_("Give the walk-in player's name."), code="invalid")
        player = Player.objects.create(
            display_name=name[:100],
            membership_number=(membership_number or "").strip()[:40],
            created_by=signed_in(user),
        )
    reg = enter_player(user, event, player, "walkin")
    # A walk-in is added at the door, in person: he is there, so he is checked in.
    check_in_on_entry(user, reg, "checked in at the door")
    return reg


def check_in_on_entry(actor: AnyUser, reg: Registration, note: str) -> None:
    """A player entered in person is checked in at once; the trail shows it like any
    other check-in."""
    before = registration_snapshot(reg)
    reg.checked_in = True
    reg.save(update_fields=["checked_in"])
    audit.record(
        actor=actor,
        obj=reg,
        action="check_in",
        before=before,
        after=registration_snapshot(reg),
        event=reg.event,
        note=note,
    )


@retry_on_conflict
@transaction.atomic
def check_in(user: AnyUser, registration: Registration, checked_in: bool = True) -> Registration:
    reg = lock_registration(registration)
    if not may_manage_registration(user, reg):
        raise NotAllowed(_("Only the director or the player himself can check in."))
    if reg.event.status == Event.Status.FINISHED:
        raise Conflict(_("The event is finished."))
    before = registration_snapshot(reg)
    reg.checked_in = checked_in
    reg.save(update_fields=["checked_in"])
    audit.record(
        actor=user,
        obj=reg,
        action="check_in" if checked_in else "check_out",
        before=before,
        after=registration_snapshot(reg),
        event=reg.event,
    )
    return reg


def record_drop(actor: AnyUser, reg: Registration, action: str, note: str = "") -> None:
    before = registration_snapshot(reg)
    reg.dropped = True
    reg.dropped_after_round = last_round_number(reg.event)
    reg.save(update_fields=["dropped", "dropped_after_round", "ejected", "ejection_reason"])
    audit.record(
        actor=actor,
        obj=reg,
        action=action,
        before=before,
        after=registration_snapshot(reg),
        event=reg.event,
        note=note,
    )


@retry_on_conflict
@transaction.atomic
def drop(user: AnyUser, registration: Registration, note: str = "") -> Registration:
    """Take a player out of later pairings; results he played stand."""
    reg = lock_registration(registration)
    if not may_manage_registration(user, reg):
        raise NotAllowed(_("Only the director or the player himself can drop a registration."))
    if reg.event.status == Event.Status.FINISHED:
        raise Conflict(_("The event is finished."))
    if reg.dropped:
        raise Conflict(_("%(player)s has already dropped.") % {"player": reg.player.display_name})
    record_drop(user, reg, "drop", note)
    return reg


@retry_on_conflict
@transaction.atomic
def readd(user: AnyUser, registration: Registration) -> Registration:
    """The director puts a dropped player back into later pairings."""
    reg = lock_registration(registration)
    require_director(user, reg.event)
    if reg.event.status == Event.Status.FINISHED:
        raise Conflict(_("The event is finished."))
    if reg.ejected:
        raise Conflict(
            _("%(player)s was ejected (%(ejection_reason)s); an ejected player cannot be re-added.")
            % {
                "player": reg.player.display_name,
                "ejection_reason": ejection_words(reg.ejection_reason),
            }
        )
    if not reg.dropped:
        raise Conflict(_("%(player)s has not dropped.") % {"player": reg.player.display_name})
    before = registration_snapshot(reg)
    reg.dropped = False
    reg.dropped_after_round = None
    reg.save(update_fields=["dropped", "dropped_after_round"])
    audit.record(
        actor=user,
        obj=reg,
        action="readd",
        before=before,
        after=registration_snapshot(reg),
        event=reg.event,
    )
    return reg


@retry_on_conflict
@transaction.atomic
def drop_no_shows(user: AnyUser, event: Event) -> int:
    """Before round 1: drop every registered player who has not checked in."""
    event = lock_event(event)
    require_director(user, event)
    if event.rounds.exists():
        raise Conflict(_("Round 1 has been paired; drop players one by one now."))
    regs = list(
        event.registrations.filter(checked_in=False, dropped=False).select_related(
            "player", "event"
        )
    )
    for reg in regs:
        record_drop(user, reg, "drop", "not checked in before round 1")
    return len(regs)
