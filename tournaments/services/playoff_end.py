"""Ending an event that has a top cut: it finishes once its playoff is decided, and a
director can always get out of an undecided playoff by cancelling the top cut (audited).

RULES.md §3 "Top cut": the champion is the playoff winner, so an event whose final is
undecided has no champion yet and must not be finished as if it had one.
"""

from __future__ import annotations

from typing import Any, cast

from django.db import transaction
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict
from core.types import AnyUser
from tournaments import signals
from tournaments.models import Event, PlayoffMatch
from tournaments.permissions import require_director
from tournaments.rules import bracket
from tournaments.services import playoff_double
from tournaments.services.base import event_settings, lock_event
from tournaments.services.standings.snapshot import mark_stale

OPEN = (PlayoffMatch.Status.WAITING, PlayoffMatch.Status.PENDING, PlayoffMatch.Status.TIED)


def _open_matches(event: Event) -> list[PlayoffMatch]:
    return list(event.playoff_matches.filter(status__in=OPEN).order_by("stage", "slot"))


def undecided_problems(event: Event) -> list[dict[str, Any]]:
    """What is left to do in the playoff, one structured item per open match (a tie for the
    director, a game waiting for its result, a match waiting for its players), then the
    way out: cancel the top cut. Empty when there is no playoff or it is decided."""
    matches = _open_matches(event)
    if not matches:
        return []
    rows = list(event.playoff_matches.all())
    size = bracket.cut_size([_stage_only(m) for m in rows])
    settings = event_settings(event)
    double = playoff_double.is_double(settings)
    todo: list[dict[str, Any]] = []
    for m in matches:
        action = {
            PlayoffMatch.Status.TIED: "decide_tie",
            PlayoffMatch.Status.PENDING: "record_result",
        }.get(cast(PlayoffMatch.Status, m.status), "waits_for_players")
        stage = (
            playoff_double.round_of(m, settings)["code"]
            if double
            else bracket.stage_name(m.stage, size)
        )
        todo.append({"code": action, "match": m.pk, "stage": stage, "slot": m.slot})
    todo.append({"code": "cancel_top_cut"})
    return todo


def _stage_only(m: PlayoffMatch) -> bracket.Played:
    return bracket.Played(m.stage, m.slot, None, None, None, None, None)


def finish_blocker(event: Event) -> Conflict | None:
    """Why the event cannot finish because of its playoff, or None."""
    problems = undecided_problems(event)
    if not problems:
        return None
    return Conflict(
        _(
            "The playoff is not decided yet. Record or decide the remaining playoff matches "
            "(the final included), or cancel the top cut; then finish the event."
        ),
        code="playoff_undecided",
        problems=problems,
    )


def top_cut_pending(event: Event) -> int:
    """The size of a top cut that is set but whose playoff has not started (0 if none):
    finishing the event now would skip it, so the pages ask first and say so."""
    if event.status == Event.Status.FINISHED or event.playoff_matches.exists():
        return 0
    return event_settings(event).top_cut


def top_cut_cancel_blocker(event: Event) -> Conflict | None:
    """Why the top cut cannot be cancelled, or None: only an undecided playoff is."""
    if not event.playoff_matches.exists():
        return Conflict(_("This event has no playoff to cancel."), code="no_playoff")
    if not _open_matches(event):
        return Conflict(
            _("The playoff is decided: its champion stands. Correct a match instead."),
            code="playoff_decided",
        )
    return None


@transaction.atomic
def cancel_top_cut(actor: AnyUser, event: Event) -> Event:
    """Cancel an undecided playoff: its matches are removed (their decided games leave
    the rating ledger), the top cut is set to none, and the Swiss standings are final
    again. Audited with every match as it was."""
    event = lock_event(event)
    require_director(actor, event)
    blocker = top_cut_cancel_blocker(event)
    if blocker is not None:
        raise blocker
    matches = list(
        event.playoff_matches.select_related("high__player", "low__player", "winner__player")
    )
    settings = event_settings(event)
    before = {
        "top_cut": settings.top_cut,
        "matches": [
            {"stage": m.stage, "slot": m.slot, "status": m.status,
             "high": m.high.player.display_name if m.high else None,
             "low": m.low.player.display_name if m.low else None,
             "winner": m.winner.player.display_name if m.winner else None}
            for m in matches
        ],
    }  # fmt: skip
    event.playoff_matches.all().delete()
    settings.top_cut = 0
    settings.save(update_fields=["top_cut"])
    audit.record(
        actor=actor,
        obj=event,
        action="playoff_cancel",
        event=event,
        before=before,
        after={"top_cut": 0, "matches": []},
    )
    mark_stale([event.pk])
    signals.playoff_cancelled.send(sender=Event, event=event)
    return event
