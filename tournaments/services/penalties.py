"""Penalties: warnings and ejections (000 Part VI §3)."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict, ServiceError
from core.types import AnyUser, signed_in
from tournaments.models import (
    Event,
    Penalty,
    Player,
    Registration,
)
from tournaments.permissions import Capability, is_director, require
from tournaments.rules.warnings import (
    Ejection,
    ejection_for,
    penalty_kind,
)
from tournaments.services.base import (
    last_round_number,
    lock_registration,
    registration_snapshot,
    retry_on_conflict,
)
from tournaments.services.ejected_tables import decide_open_tables
from tournaments.words.penalties import ejection_words, offense_words


def judge_name(user: AnyUser, event: Event) -> str:
    """The name of a judge acting on ``event``, or "" when the director acts."""
    if is_director(user, event):
        return ""
    player = Player.objects.filter(user=signed_in(user)).only("display_name").first()
    return player.display_name if player else user.get_username()


def warnings_still_eject(registration: Registration) -> bool:
    """Whether the player's standing warnings still reach the ladder's limit (000 Part
    VI §3: two for the same offense, or any three)."""
    warnings = list(
        registration.penalties.filter(kind=Penalty.Kind.WARNING, rescission__isnull=True)
    )
    return any(
        ejection_for(w.kind, w.offense, len(same_offense(w, warnings)), len(warnings))
        for w in warnings
    )


@retry_on_conflict
@transaction.atomic
def issue_penalty(
    user: Any,
    registration: Registration,
    offense: str,
    note: str = "",
    kind: str = Penalty.Kind.WARNING,
    repeats: Penalty | int | None = None,
) -> Penalty:
    """Record a technical error warning (or a direct ejection) and eject automatically
    where 000 Part VI §3 says so: two warnings for the same offense or three in all;
    cheating and an illegal deck list at once. ``repeats`` (an earlier "other" warning
    of the same player) is the director saying the new one is the same offense."""
    reg = lock_registration(registration)
    event = reg.event
    require(user, event, Capability.ISSUE_PENALTY)
    if offense not in Penalty.Offense.values:
        raise ServiceError(
            _("Unknown offense '%(offense)s': choose one of %(choices)s.")
            % {
                "offense": offense,
                "choices": ", ".join(offense_words(o) for o in Penalty.Offense.values),
            },
            code="unknown_offense",
            problems=[{"code": "unknown_offense", "choices": list(Penalty.Offense.values)}],
        )
    if kind not in Penalty.Kind.values:
        raise ServiceError(_("Unknown penalty '%(kind)s': warning or ejection.") % {"kind": kind})
    if reg.ejected:
        raise Conflict(
            _("%(player)s has already been ejected (%(ejection_reason)s).")
            % {
                "player": reg.player.display_name,
                "ejection_reason": ejection_words(reg.ejection_reason),
            }
        )
    earlier = _repeated_warning(reg, offense, repeats)
    round_number = last_round_number(event) or None
    kind = penalty_kind(offense, kind)
    penalty = Penalty.objects.create(
        registration=reg,
        kind=kind,
        offense=offense,
        round_number=round_number,
        note=note[:500],
        issued_by=user,
        repeats=earlier,
    )
    audit.record(
        actor=user,
        obj=penalty,
        action=f"penalty_{kind}",
        event=event,
        after={
            "player": reg.player.display_name,
            "kind": kind,
            "offense": offense,
            "round": round_number,
            "note": note,
            "repeats": earlier.pk if earlier else None,
        },
    )
    # A rescinded warning no longer counts toward an ejection.
    warnings = list(reg.penalties.filter(kind=Penalty.Kind.WARNING, rescission__isnull=True))
    ejection = ejection_for(kind, offense, len(same_offense(penalty, warnings)), len(warnings))
    # Stored as the ladder's code with its data (a judge's own ejection names him: the
    # record says who decided it); the pages and the API word it.
    if ejection is not None and ejection.code == "director":
        ejection = dataclasses.replace(ejection, judge=judge_name(user, event))
    reason = ejection.stored() if ejection else ""
    if kind == Penalty.Kind.WARNING and reason:
        auto = Penalty.objects.create(
            registration=reg,
            kind=Penalty.Kind.EJECTION,
            offense=offense,
            round_number=round_number,
            issued_by=user,
            automatic=True,
        )
        audit.record(
            actor=user,
            obj=auto,
            action="penalty_ejection",
            event=event,
            after={"player": reg.player.display_name, "reason": reason},
        )
    if reason:
        before = registration_snapshot(reg)
        reg.ejected = True
        reg.ejection_reason = reason
        reg.dropped = True
        reg.dropped_after_round = last_round_number(event)
        reg.save(update_fields=["ejected", "ejection_reason", "dropped", "dropped_after_round"])
        audit.record(
            actor=user,
            obj=reg,
            action="eject",
            before=before,
            after=registration_snapshot(reg),
            event=event,
        )
        decide_open_tables(user, reg)
    return penalty


def _repeated_warning(
    reg: Registration, offense: str, repeats: Penalty | int | str | None
) -> Penalty | None:
    """The earlier warning a new "other" warning repeats, checked: it must be a standing
    "other" warning of the same player (the listed offenses match by name already)."""
    if repeats is None or repeats == "":
        return None
    if offense != Penalty.Offense.OTHER:
        raise ServiceError(_("Only a warning for another offense can repeat an earlier one."))
    pk = repeats.pk if isinstance(repeats, Penalty) else repeats
    try:
        pk = int(pk)
    except (TypeError, ValueError):
        raise ServiceError(_("Choose the earlier warning this one repeats.")) from None
    earlier = reg.penalties.filter(
        pk=pk,
        kind=Penalty.Kind.WARNING,
        offense=Penalty.Offense.OTHER,
        rescission__isnull=True,
    ).first()
    if earlier is None:
        raise ServiceError(
            _(
                "The warning this one repeats must be an earlier standing warning of the same "
                "player for another offense."
            )
        )
    return earlier


def same_offense(penalty: Penalty, warnings: list[Penalty]) -> list[Penalty]:
    """The standing warnings for the same offense as ``penalty`` (itself included).

    000 Part VI §3: listed offenses are the same when they name the same offense; two
    warnings for an offense outside the list are the same only when the director said
    so, i.e. they are linked by ``repeats`` (in either direction, transitively).
    """
    if penalty.offense != Penalty.Offense.OTHER:
        return [w for w in warnings if w.offense == penalty.offense]
    others = {w.pk: w for w in warnings if w.offense == Penalty.Offense.OTHER}
    linked: dict[int, set[int]] = {pk: set() for pk in others}
    for w in others.values():
        if w.repeats_id in others:
            linked[w.pk].add(w.repeats_id)
            linked[w.repeats_id].add(w.pk)
    seen, todo = {penalty.pk}, [penalty.pk]
    while todo:
        for nxt in linked.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return [others[pk] for pk in sorted(seen) if pk in others]


def ejection_preview(
    registration: Registration,
    offense: str,
    kind: str = Penalty.Kind.WARNING,
    repeats: int | None = None,
) -> Ejection | None:
    """The ejection issuing this penalty would bring, without issuing it (None when it
    brings none): the pages ask first before a warning ejects. Same counting as
    issue_penalty: standing warnings only, the new one included."""
    if registration.ejected or offense not in Penalty.Offense.values:
        return None
    kind = penalty_kind(offense, kind)
    warnings = list(
        registration.penalties.filter(kind=Penalty.Kind.WARNING, rescission__isnull=True)
    )
    if kind != Penalty.Kind.WARNING:
        return ejection_for(kind, offense, 0, len(warnings))
    if offense == Penalty.Offense.OTHER:
        earlier = next(
            (w for w in warnings if w.pk == repeats and w.offense == Penalty.Offense.OTHER), None
        )
        same = len(same_offense(earlier, warnings)) if earlier else 0
    else:
        same = sum(1 for w in warnings if w.offense == offense)
    return ejection_for(kind, offense, same + 1, len(warnings) + 1)
