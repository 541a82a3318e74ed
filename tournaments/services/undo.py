"""Ask first, undo after: previews naming who an action touches, the mass drop of
no-shows as one undoable action, rescinding warnings and reversing ejections, and a
player's own drop undone until the next round is paired."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict, NotAllowed, NotFound
from core.types import AnyUser, signed_in
from tournaments.models import BulkAction, Event, Penalty, PenaltyRescission, Registration
from tournaments.permissions import require_director
from tournaments.services.base import (
    last_round_number,
    lock_event,
    lock_registration,
    registration_snapshot,
)
from tournaments.services.ejected_tables import reopen_tables
from tournaments.services.penalties import warnings_still_eject
from tournaments.services.playoff_ejection import reopen_matches
from tournaments.services.registration import record_drop


@dataclass(frozen=True)
class Affected:
    """One person an action would touch, for the confirmation page."""

    registration_id: int
    name: str


def _affected(regs: list[Registration]) -> list[Affected]:
    return [Affected(r.pk, r.player.display_name) for r in regs]


def _no_shows(event: Event) -> list[Registration]:
    return list(
        event.registrations.active()
        .filter(checked_in=False)
        .select_related("player", "event")
        .order_by("player__display_name", "pk")
    )


def no_show_preview(event: Event) -> list[Affected]:
    """Who "drop everyone not checked in" would drop, by name."""
    return _affected(_no_shows(event))


@transaction.atomic
def drop_no_shows_confirmed(actor: AnyUser, event: Event, confirmed_ids: list[int]) -> BulkAction:
    """Drop the players not checked in, as the director confirmed them: if the list
    changed since the preview (someone checked in), nothing happens and he sees it again."""
    event = lock_event(event)
    require_director(actor, event)
    if event.rounds.exists():
        raise Conflict(_("Round 1 has been paired; drop players one by one now."))
    regs = _no_shows(event)
    if sorted(r.pk for r in regs) != sorted(int(i) for i in confirmed_ids):
        raise Conflict(
            _("Who has not checked in changed since you looked: check the list again."),
            code="stale",
        )
    for reg in regs:
        record_drop(actor, reg, "drop", "not checked in before round 1")
    return BulkAction.objects.create(
        event=event,
        kind="drop_no_shows",
        registrations=[r.pk for r in regs],
        actor=signed_in(actor),
    )


def _undo_one(actor: AnyUser, reg: Registration, kind: str) -> bool:
    before = registration_snapshot(reg)
    if kind == "drop_no_shows":
        if not reg.dropped or reg.ejected:
            return False
        reg.dropped, reg.dropped_after_round = False, None
    else:  # check_in_all
        if not reg.checked_in:
            return False
        reg.checked_in = False
    reg.save(update_fields=["dropped", "dropped_after_round", "checked_in"])
    audit.record(
        actor=actor,
        obj=reg,
        action="readd" if kind == "drop_no_shows" else "check_out",
        before=before,
        after=registration_snapshot(reg),
        event=reg.event,
        note="undo of one action over many players",
    )
    return True


@transaction.atomic
def undo_bulk_action(actor: AnyUser, event: Event, action_id: int) -> list[Affected]:
    """Undo a mass drop (or a check-in of everyone) in one action; returns who changed."""
    event = lock_event(event)
    require_director(actor, event)
    action = BulkAction.objects.select_for_update().filter(event=event, pk=action_id).first()
    if action is None:
        raise NotFound(_("No such action in this event."))
    if action.undone_at is not None:
        raise Conflict(_("That action was already undone."), code="already_undone")
    if action.kind == "check_in_all" and event.rounds.exists():
        raise Conflict(_("Round 1 has been paired: check-in can no longer be undone."))
    regs = list(
        Registration.objects.filter(pk__in=action.registrations).select_related("player", "event")
    )
    changed = [r for r in regs if _undo_one(actor, r, action.kind)]
    action.undone_at, action.undone_by = timezone.now(), signed_in(actor)
    action.save(update_fields=["undone_at", "undone_by"])
    return _affected(changed)


def undoable_actions(event: Event) -> list[BulkAction]:
    return list(event.bulk_actions.filter(undone_at__isnull=True).select_related("actor")[:10])


# --------------------------------------------------------------------------- penalties


def _reverse_ejection(actor: AnyUser, reg: Registration, note: str) -> None:
    before = registration_snapshot(reg)
    reg.ejected, reg.ejection_reason = False, ""
    reg.dropped, reg.dropped_after_round = False, None
    reg.save(update_fields=["ejected", "ejection_reason", "dropped", "dropped_after_round"])
    audit.record(
        actor=actor,
        obj=reg,
        action="eject_reversed",
        before=before,
        after=registration_snapshot(reg),
        event=reg.event,
        note=note,
    )
    reopen_tables(actor, reg)
    reopen_matches(actor, reg)


def _lift_automatic_ejection(actor: AnyUser, reg: Registration, ejection: Penalty) -> None:
    note = "the warnings that ejected the player no longer reach the limit"
    PenaltyRescission.objects.create(penalty=ejection, by=signed_in(actor), note=note)
    audit.record(
        actor=actor,
        obj=ejection,
        action="penalty_rescind",
        before={
            "player": reg.player.display_name,
            "kind": ejection.kind,
            "offense": ejection.offense,
        },
        event=reg.event,
        note=note,
    )


@transaction.atomic
def rescind_penalty(actor: AnyUser, penalty_id: int, note: str = "") -> PenaltyRescission:
    """Take back a warning or an ejection; the penalty stays in the record, marked.
    Rescinding the last standing ejection puts the player back into later rounds."""
    penalty = Penalty.objects.select_related("registration__event").filter(pk=penalty_id).first()
    if penalty is None:
        raise NotFound(_("No such penalty."))
    reg = lock_registration(penalty.registration_id)
    require_director(actor, reg.event)
    if reg.event.status == Event.Status.FINISHED:
        raise Conflict(_("The event is finished."))
    if PenaltyRescission.objects.filter(penalty=penalty).exists():
        raise Conflict(_("This penalty was already rescinded."), code="already_rescinded")
    rescission = PenaltyRescission.objects.create(
        penalty=penalty, by=signed_in(actor), note=note[:500]
    )
    audit.record(
        actor=actor,
        obj=penalty,
        action="penalty_rescind",
        before={
            "player": reg.player.display_name,
            "kind": penalty.kind,
            "offense": penalty.offense,
        },
        event=reg.event,
        note=note,
    )
    standing = reg.penalties.filter(kind=Penalty.Kind.EJECTION, rescission__isnull=True)
    if penalty.kind == Penalty.Kind.WARNING and not warnings_still_eject(reg):
        # The ladder's ejection stood on the warnings; without enough of them it goes.
        for ejection in standing.filter(automatic=True):
            _lift_automatic_ejection(actor, reg, ejection)
    if reg.ejected and not standing.exists():
        _reverse_ejection(actor, reg, note or "ejection rescinded")
    return rescission


def ejection_preview(registration: Registration) -> list[Affected]:
    return _affected([registration])


# --------------------------------------------------------------------------- self-drop


def self_drop_undo_blocker(user: AnyUser, reg: Registration) -> Conflict | NotAllowed | None:
    """Why the player cannot take back his own drop now, or None."""
    if reg.player.user_id is None or reg.player.user_id != getattr(user, "pk", None):
        return NotAllowed(_("Only the player himself can take back his own drop."))
    if not reg.dropped or reg.ejected:
        return Conflict(
            _("%(player)s is not dropped.") % {"player": reg.player.display_name},
            code="not_dropped",
        )
    last = audit.history(reg).filter(action__in=["drop", "readd"]).order_by("-at", "-pk").first()
    if last is None or last.action != "drop" or last.actor_id != user.pk:
        return Conflict(_("Only the director can put you back: you did not drop yourself."))
    if last_round_number(reg.event) != reg.dropped_after_round:
        return Conflict(
            _("The next round has been paired since you dropped; ask the director."),
            code="round_paired",
        )
    if reg.event.status == Event.Status.FINISHED:
        return Conflict(_("The event is finished."))
    return None


@transaction.atomic
def undo_self_drop(user: AnyUser, registration: Registration) -> Registration:
    reg = lock_registration(registration)
    blocker = self_drop_undo_blocker(user, reg)
    if blocker is not None:
        raise blocker
    before = registration_snapshot(reg)
    reg.dropped, reg.dropped_after_round = False, None
    reg.save(update_fields=["dropped", "dropped_after_round"])
    audit.record(
        actor=user,
        obj=reg,
        action="readd",
        before=before,
        after=registration_snapshot(reg),
        event=reg.event,
        note="the player took back his own drop",
    )
    return reg
