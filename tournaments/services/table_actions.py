"""Who may do what to a table's result now: one blocker per action.

Each blocker returns the error the operation would raise, or None; the operations in
results.py raise it, and the pages, the API and the templates ask ``table_actions``
instead of re-deriving the rules. The states come from the one transition table,
tournaments.rules.result_flow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext as _

from core.errors import Conflict, NotAllowed, ServiceError
from core.types import AnyUser
from tournaments.models import Event, Registration, Round, Table
from tournaments.permissions import Capability, can, require, require_seat
from tournaments.permissions import seat_registration as _seat_registration
from tournaments.rules.result_flow import Action, Refusal, step
from tournaments.services.deadline_passed import deadline_blocker_applies


def _status(table: Table) -> str:
    return gettext(table.get_status_display()).lower()


REFUSAL_WORDS = {
    "already_confirmed": gettext_lazy(
        "Table %(n)s already has a confirmed result; ask the director to correct it."
    ),
    "disputed": gettext_lazy("The result of table %(n)s is disputed; the director will decide it."),
    "nothing_to_confirm": gettext_lazy(
        "Table %(n)s has no reported result waiting for confirmation (%(status)s)."
    ),
    "nothing_to_dispute": gettext_lazy(
        "Table %(n)s has no reported result to dispute (%(status)s)."
    ),
}


def flow_blocker(table: Table, action: Action) -> Conflict | None:
    """The result flow's refusal of ``action`` at this table, in words."""
    found = step(table.status, action)
    if not isinstance(found, Refusal):
        return None
    params = {"n": table.number, "status": _status(table)}
    words = REFUSAL_WORDS.get(found.code, gettext_lazy("Table %(n)s: not now (%(status)s)."))
    problem: dict[str, Any] = {
        "code": found.code,
        "message": str(words) % params,
        "field": None,
        "players": [],
    }
    return Conflict(str(words) % params, code=found.code, problems=[problem | {"params": params}])


def version_blocker(table: Table, version: int | None) -> Conflict | None:
    if version is not None and int(version) != table.version:
        return Conflict(
            _("The result of this table changed since you loaded it; look at it again."),
            code="stale",
        )
    return None


def running_blocker(table: Table) -> ServiceError | None:
    """Players report while the event runs, and never for a bye."""
    event = table.round.event
    if event.status != Event.Status.RUNNING:
        return Conflict(
            _("%(event)s is not running; results cannot be reported.") % {"event": event.name}
        )
    if table.is_bye:
        return ServiceError(_("A bye has no result to report: its points are fixed by the rules."))
    return None


def _seat_blocker(user: AnyUser, table: Table) -> tuple[Registration | None, ServiceError | None]:
    try:
        return require_seat(user, table), None
    except NotAllowed as exc:
        return None, exc


def _first(*blockers: ServiceError | None) -> ServiceError | None:
    return next((b for b in blockers if b is not None), None)


def report_blocker(user: AnyUser, table: Table, version: int | None = None) -> ServiceError | None:
    """Why ``user`` cannot report this table's result now, or None."""
    _reg, seat = _seat_blocker(user, table)
    if seat is not None:
        return seat
    return _first(
        running_blocker(table),
        deadline_blocker(table),
        version_blocker(table, version),
        flow_blocker(table, Action.REPORT),
    )


def deadline_blocker(table: Table) -> ServiceError | None:
    """A window whose rule is that the director enters the result of a table without
    one at the deadline (RULES.md §8): after it, players no longer report."""
    if deadline_blocker_applies(table):
        return NotAllowed(
            _("The round's deadline has passed: the director enters this table's result."),
            code="deadline_passed",
        )
    return None


def confirm_blocker(user: AnyUser, table: Table, version: int | None = None) -> ServiceError | None:
    """Another player at the table confirms a report; so may the director (a walk-in
    without an account cannot)."""
    registration = _seat_registration(user, table)
    if registration is None and not can(user, table.round.event, Capability.CONFIRM_RESULT):
        registration, seat = _seat_blocker(user, table)
        if seat is not None:
            return seat
    blocker = _first(running_blocker(table), flow_blocker(table, Action.CONFIRM))
    if blocker is not None:
        return blocker
    if registration is not None and table.reported_by_registration_id == registration.pk:
        return NotAllowed(_("You reported this result; another player at the table confirms it."))
    return version_blocker(table, version)


def dispute_blocker(user: AnyUser, table: Table) -> ServiceError | None:
    """Another player at the table says the report is wrong."""
    registration, seat = _seat_blocker(user, table)
    if seat is not None:
        return seat
    blocker = _first(running_blocker(table), flow_blocker(table, Action.DISPUTE))
    if blocker is not None:
        return blocker
    if registration is not None and table.reported_by_registration_id == registration.pk:
        return NotAllowed(_("You reported this result; report it again to change it."))
    return None


def director_set_blocker(
    user: AnyUser, table: Table, version: int | None = None
) -> ServiceError | None:
    """The director enters or corrects a result while the event runs or after it."""
    event = table.round.event
    try:
        require(user, event, Capability.ENTER_RESULT)
    except NotAllowed as exc:
        return exc
    if table.is_bye:
        return director_refusal(ServiceError, "bye_fixed", round=table.round.number)
    if event.status not in (Event.Status.RUNNING, Event.Status.FINISHED):
        return director_refusal(Conflict, "event_not_started", event=event.name)
    if edits_locked(table.round):
        return director_refusal(Conflict, "round_locked", round=table.round.number)
    return version_blocker(table, version)


# How many rounds back a result may be changed without unlocking its round first.
UNLOCKED_ROUNDS_BACK = 1


def edits_locked(rnd: Round) -> bool:
    """While the event runs, a round two or more rounds back has had later rounds paired
    from its results: changing one needs the director's explicit unlock."""
    if rnd.edits_unlocked_at is not None or rnd.event.status != Event.Status.RUNNING:
        return False
    return rnd.event.rounds.filter(number__gt=rnd.number + UNLOCKED_ROUNDS_BACK).exists()


# The director's refusals at a table: each names why, and what to do instead. Kept as
# code + params (in the error's problems) so a face may word them itself.
DIRECTOR_REFUSALS = {
    "bye_fixed": gettext_lazy(
        "A bye has no result: its points are fixed by the rules. To give the bye to someone "
        "else, pair round %(round)s again."
    ),
    "event_not_started": gettext_lazy(
        "%(event)s has not started: pair round 1 first, then enter its results."
    ),
    "event_finished_void": gettext_lazy(
        "%(event)s is finished: a result can no longer be voided. Correct it instead."
    ),
    "later_round_paired": gettext_lazy(
        "Round %(round)s is followed by round %(later)s, paired from its results: voiding "
        "table %(table)s would leave a hole. Correct its result instead."
    ),
    "round_locked": gettext_lazy(
        "Round %(round)s is two or more rounds back: later rounds were paired from its "
        "results. Unlock the round first (the unlock is recorded), then correct the result."
    ),
    "nothing_to_void": gettext_lazy(
        "Table %(table)s has no result to void. Enter its result, or pair the round again."
    ),
}


def director_refusal(cls: type[ServiceError], code: str, **params: Any) -> ServiceError:
    words = str(DIRECTOR_REFUSALS[code]) % params
    problem: dict[str, Any] = {
        "code": code,
        "message": words,
        "field": None,
        "players": [],
        "params": params,
    }
    return cls(words, code=code, problems=[problem])


def void_blocker(user: AnyUser, table: Table) -> ServiceError | None:
    """The director takes a table's result back to "no result" (a result entered at the
    wrong table, a game to be replayed): only in the latest round of a running event."""
    rnd = table.round
    event = rnd.event
    try:
        require(user, event, Capability.ENTER_RESULT)
    except NotAllowed as exc:
        return exc
    if table.is_bye:
        return director_refusal(ServiceError, "bye_fixed", round=rnd.number)
    if event.status == Event.Status.FINISHED:
        return director_refusal(Conflict, "event_finished_void", event=event.name)
    if event.status != Event.Status.RUNNING:
        return director_refusal(Conflict, "event_not_started", event=event.name)
    later = event.rounds.filter(number__gt=rnd.number).order_by("number").first()
    if later is not None:
        return director_refusal(
            Conflict, "later_round_paired", round=rnd.number, later=later.number, table=table.number
        )
    if table.status == Table.Status.PENDING:
        return director_refusal(Conflict, "nothing_to_void", table=table.number)
    return None


@dataclass(frozen=True)
class TableActions:
    """What a user may do to a table's result now (for pages, API and templates)."""

    may_report: bool
    may_confirm: bool
    may_dispute: bool
    may_set: bool  # the director's entry or correction
    reported_by_me: bool
    may_void: bool = False  # the director's "no result after all"


def table_actions(user: AnyUser, table: Table) -> TableActions:
    registration = _seat_registration(user, table)
    return TableActions(
        may_report=report_blocker(user, table) is None,
        may_confirm=confirm_blocker(user, table) is None,
        may_dispute=dispute_blocker(user, table) is None,
        may_set=director_set_blocker(user, table) is None,
        reported_by_me=bool(
            registration is not None and table.reported_by_registration_id == registration.pk
        ),
        may_void=void_blocker(user, table) is None,
    )
