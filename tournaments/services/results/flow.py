"""The result flow: report, confirm, dispute, and the director's ruling."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict, ServiceError
from core.types import AnyUser, signed_in
from rules_engine.games.base import RULINGS
from tournaments import signals
from tournaments.models import (
    ResultChange,
    Round,
    Table,
)
from tournaments.permissions import (
    require_seat,
)
from tournaments.rules.result_flow import Action, Refusal, report_action, step
from tournaments.services.base import lock_table, retry_on_conflict
from tournaments.services.results.input import (
    score_result,
    stored_result,
    table_snapshot,
    write_games,
    write_result,
)
from tournaments.services.results.match import MatchSoFar, game_input, reported_for
from tournaments.services.results.reported_so_far import (
    GAMES_SO_FAR_NOTE,
    PLAYER_GAMES_SO_FAR,
    players_match,
)
from tournaments.services.rounds import maybe_close_round
from tournaments.services.table_actions import (
    confirm_blocker,
    director_set_blocker,
    dispute_blocker,
    report_blocker,
    version_blocker,
    void_blocker,
)


def log_change(
    table: Table,
    action: str,
    user: AnyUser,
    before: dict[str, Any] | None,
    note: str = "",
    audit_action: str = "",
    after: dict[str, Any] | None = None,
) -> ResultChange:
    """A result change in the table's history and the audit trail (``audit_action``: the
    trail's own word for it, when the history's action is too coarse; ``after``: the
    table's snapshot after the change, when the caller has it without reading it)."""
    if after is None:
        after = table_snapshot(table)
    change = ResultChange.objects.create(
        table=table,
        action=action,
        by=signed_in(user) if getattr(user, "is_authenticated", False) else None,
        before=before,
        after=after,
        note=note[:500],
    )
    audit.record(
        actor=user,
        obj=table,
        action=audit_action or f"result_{action}",
        before=_for_audit(before),
        after=_for_audit(after),
        event=table.round.event,
        note=note or f"round {table.round.number} table {table.number}",
    )
    return change


def _for_audit(snapshot: dict[str, Any] | None) -> dict[str, Any] | None:
    """The audit copy keeps the whole snapshot: the Free Council and a differing report
    are nested data that the audit trail words itself (tournaments.words.audit)."""
    return snapshot


def _raise(blocker: ServiceError | None) -> None:
    if blocker is not None:
        raise blocker


def _next(table: Table, action: Action) -> str:
    """The table's state after ``action`` (its blocker has already allowed it)."""
    found = step(table.status, action)
    if isinstance(found, Refusal):  # a blocker let through what the flow refuses
        raise Conflict(_("Table %(table)s: not now.") % {"table": table.number}, code=found.code)
    return found.value


@retry_on_conflict
@transaction.atomic
def report_result(
    user: AnyUser,
    table: Table | int,
    mps: Mapping[Any, Any] | Iterable[Mapping[str, Any]] | None = None,
    outcome: str | None = "normal",
    winner: Any = None,
    time_called: bool = False,
    version: int | None = None,
    council: Mapping[str, Any] | None = None,
    games: list[Mapping[str, Any]] | None = None,
) -> Table:
    """A player at the table reports its result. A report from the other side that
    matches the standing one confirms it; one that differs disputes it. A METW result may
    be given as the Free Council (``council``, see tournaments.rules.council): its count gives
    the MPs. Where the table's stage plays best of N, the result is its ``games``, each
    as a one-game result (services.results.match); games that do not decide the match
    yet are kept as the games played so far, the table still waiting for its result
    (who may change them: services.results.reported_so_far)."""
    table = lock_table(table)
    _raise(report_blocker(user, table, version))
    reporter = require_seat(user, table)
    in_progress = players_match(table, games)
    if in_progress is not None:
        so_far, kept = in_progress
        if so_far.winner is None:
            return _keep_games_so_far(user, table, so_far, kept)
        # The whole match as read, its kept games as kept (a tie the director counted).
        games = [game_input(g) for g in so_far.games]
    reported = reported_for(table, mps, outcome, winner, time_called, council, games)
    if reported.outcome in RULINGS:  # a double loss is the director's ruling (RULES.md §8)
        raise ServiceError(
            _("Only the director gives a table a double loss."), code="director_ruling"
        )
    score = score_result(table, reported)
    before = table_snapshot(table)
    now = timezone.now()
    action = report_action(
        table.status,
        table.reported_by_registration_id,
        reporter.pk,
        table.status == Table.Status.REPORTED and reported.same_as(stored_result(table)),
    )
    if action == Action.MATCHING_REPORT:
        return _confirm(user, table, before, now, note="matching report", action=action)
    if action == Action.DIFFERING_REPORT:
        table.status = _next(table, action)
        table.counter_report = {
            **reported.as_json(),
            "by": reporter.pk,
            "by_name": reporter.player.display_name,
        }
        # The other report is data (counter_report, also in the change's snapshot); the
        # pages say "X reported a different result" in the reader's language.
        table.dispute_note = ""
        table.version += 1
        table.save()
        log_change(table, ResultChange.Action.DISPUTE, user, before)
        return table
    # First report, or the same side reporting again before confirmation.
    write_result(table, reported, score)
    table.status = _next(table, action)
    table.reported_by = signed_in(user)
    table.reported_by_registration = reporter
    table.reported_at = now
    table.counter_report = None
    table.version += 1
    table.save()
    log_change(table, ResultChange.Action.REPORT, user, before)
    return table


def _keep_games_so_far(user: AnyUser, table: Table, so_far: MatchSoFar, kept: int) -> Table:
    """A player's games of a match not decided yet, kept on the table: still pending,
    nobody's report, nothing confirmed, so the standings do not move. The kept games
    sent again with nothing new change nothing."""
    if len(so_far.games) == kept:
        return table
    before = table_snapshot(table)
    write_games(table, so_far.games, stored=kept > 0)
    table.version += 1
    table.save(update_fields=["version"])
    log_change(
        table, ResultChange.Action.REPORT, user, before, note=GAMES_SO_FAR_NOTE,
        audit_action=PLAYER_GAMES_SO_FAR,
    )  # fmt: skip
    return table


def _confirm(
    user: AnyUser,
    table: Table,
    before: dict[str, Any],
    now: datetime,
    note: str = "",
    action: Action = Action.CONFIRM,
) -> Table:
    table.status = _next(table, action)
    table.confirmed_by = user if user.is_authenticated else None
    table.confirmed_at = now
    table.version += 1
    table.save()
    log_change(table, ResultChange.Action.CONFIRM, user, before, note=note)
    signals.result_confirmed.send(sender=Table, table=table, by_director=False)
    maybe_close_round(table.round)
    return table


@retry_on_conflict
@transaction.atomic
def confirm_result(user: AnyUser, table: Table | int, version: int | None = None) -> Table:
    """Another player at the table confirms the reported result; the director may confirm
    it too (a walk-in without an account cannot)."""
    table = lock_table(table)
    _raise(confirm_blocker(user, table, version))
    return _confirm(user, table, table_snapshot(table), timezone.now())


@retry_on_conflict
@transaction.atomic
def dispute_result(user: AnyUser, table: Table | int, note: str = "") -> Table:
    """Another player at the table says the reported result is wrong: the director decides."""
    table = lock_table(table)
    _raise(dispute_blocker(user, table))
    require_seat(user, table)
    before = table_snapshot(table)
    table.status = _next(table, Action.DISPUTE)
    # Only the player's own words; who disputed is the change's author, named at the face.
    table.dispute_note = (note or "").strip()[:500]
    table.counter_report = None
    table.version += 1
    table.save()
    log_change(table, ResultChange.Action.DISPUTE, user, before, note=table.dispute_note)
    return table


@retry_on_conflict
@transaction.atomic
def director_set_result(
    user: AnyUser,
    table: Table | int,
    mps: Mapping[Any, Any] | Iterable[Mapping[str, Any]] | None = None,
    outcome: str | None = "normal",
    winner: Any = None,
    time_called: bool = False,
    note: str = "",
    version: int | None = None,
    council: Mapping[str, Any] | None = None,
    games: list[Mapping[str, Any]] | None = None,
) -> Table:
    """The director enters or corrects any result (MPs, a METW Free Council, or a match's
    games, where he may name the player a tied game counts for); it is confirmed at once.
    Correcting a closed round's result tells the ratings (closed_result_changed)."""
    table = lock_table(table)
    _raise(director_set_blocker(user, table, version))
    # Read once: the report's check, the snapshot before, the write and the snapshot
    # after share them (the write sets on them exactly what it saves).
    seats = list(table.seats.select_related("registration__player").order_by("position"))
    reported = reported_for(
        table, mps, outcome, winner, time_called, council, games, may_decide=True,
        seated=[seat.registration_id for seat in seats],
    )  # fmt: skip
    score = score_result(table, reported)
    had_result = table.status != Table.Status.PENDING
    before = table_snapshot(table, seats)
    # The snapshot lists the table's games when it has any (read just now, under the lock).
    write_result(table, reported, score, seats, games_stored="games" in before)
    now = timezone.now()
    table.status = _next(table, Action.DIRECTOR_SET)
    if not had_result:
        table.reported_by = signed_in(user)
        table.reported_at = now
    table.confirmed_by = signed_in(user)
    table.confirmed_at = now
    table.counter_report = None
    table.dispute_note = ""
    table.version += 1
    table.save()
    action = ResultChange.Action.CORRECTION if had_result else ResultChange.Action.DIRECTOR
    # The snapshot after, from the seats as just written; a result of one game leaves none.
    after = table_snapshot(table, seats, () if not reported.games else None)
    log_change(table, action, user, before, note=note, after=after)
    signals.result_confirmed.send(sender=Table, table=table, by_director=True)
    rnd = table.round
    if rnd.status == Round.Status.CLOSED:
        signals.closed_result_changed.send(sender=Table, table=table)
    else:
        maybe_close_round(rnd)
    return table


def _clear_result(table: Table) -> None:
    for seat in table.seats.all():
        seat.mps = seat.points = None
        seat.outcome = ""
        seat.save(update_fields=["mps", "points", "outcome"])
    table.outcome, table.winner_id, table.time_called, table.band = "normal", None, False, ""
    table.council = table.counter_report = None
    table.games.all().delete()
    table.dispute_note = ""
    table.reported_by = table.reported_by_registration = table.confirmed_by = None
    table.reported_at = table.confirmed_at = None


@retry_on_conflict
@transaction.atomic
def void_result(
    user: AnyUser, table: Table | int, note: str = "", version: int | None = None
) -> Table:
    """The director takes a table's result back: the table waits for a result again (and
    its round, if it had closed, opens again). Only in the latest round of a running event;
    a refusal says what to do instead."""
    table = lock_table(table)
    _raise(void_blocker(user, table))
    _raise(version_blocker(table, version))
    before = table_snapshot(table)
    state = _next(table, Action.VOID)
    _clear_result(table)
    table.status = state
    table.version += 1
    table.save()
    log_change(table, ResultChange.Action.VOID, user, before, note=note)
    rnd = table.round
    if rnd.status == Round.Status.CLOSED:
        rnd.status = Round.Status.RUNNING if rnd.started_at else Round.Status.PAIRED
        rnd.closed_at = None
        rnd.save(update_fields=["status", "closed_at"])
        # Ratings replay the event from what is left, as for a corrected result.
        signals.closed_result_changed.send(sender=Table, table=table)
    return table
