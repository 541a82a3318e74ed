"""A top-cut match nobody goes on from: both its players were ejected. RULES.md §3: an
ejected player cannot win the tournament or place in it, so neither may go through.

**Reading**: the match is decided without a winner (outcome
``rules_engine.ejection.EJECTION``, not rated) and both players are out of the top cut
there. The player who reaches the match it fed goes on without a game, a bye as the
double-elimination bracket already gives a player without an opponent; a match nobody
can reach any more (both its feeders without a winner, or its only player ejected too)
is decided without a winner the same way. In double elimination the pure bracket
(tournaments.rules.double_elim) makes the byes itself and nobody drops to the lower
bracket; in single elimination ``seat_past_nobody`` makes them here.
"""

from __future__ import annotations

from django.utils import timezone

from audit import services as audit
from core.types import AnyUser
from rules_engine.ejection import EJECTION
from tournaments.models import Event, PlayoffMatch, Registration
from tournaments.services import playoff_double
from tournaments.services.base import event_settings
from tournaments.services.playoff import advance_winner
from tournaments.services.standings.snapshot import mark_stale

BOTH_EJECTED = "playoff_ejection_both"
BYE = "playoff_bye"


def _names(match: PlayoffMatch) -> list[str]:
    return [r.player.display_name for r in (match.high, match.low) if r is not None]


def settle_nobody(actor: AnyUser | None, event: Event, match: PlayoffMatch) -> PlayoffMatch:
    """Decide ``match`` without a winner: both its players (or its only one) are out."""
    match = PlayoffMatch.objects.select_for_update().get(pk=match.pk)
    match.winner, match.outcome, match.high_mps, match.low_mps = None, EJECTION, None, None
    match.status, match.decided_at = PlayoffMatch.Status.DONE, timezone.now()
    match.save()
    audit.record(
        actor=actor,
        obj=match,
        action=BOTH_EJECTED,
        event=event,
        after={"stage": match.stage, "players": _names(match)},
    )
    settings = event_settings(event)
    if playoff_double.is_double(settings):
        playoff_double.sync(event, settings)
    mark_stale([event.pk])  # the pages move on with the standings
    return match


def _bye(actor: AnyUser | None, event: Event, match: PlayoffMatch, player: Registration) -> None:
    match.winner, match.status = player, PlayoffMatch.Status.BYE
    match.decided_at = timezone.now()
    match.save()
    audit.record(
        actor=actor,
        obj=match,
        action=BYE,
        event=event,
        after={"stage": match.stage, "player": player.player.display_name},
    )
    advance_winner(match)
    mark_stale([event.pk])  # the pages move on with the standings


def seat_past_nobody(actor: AnyUser | None, event: Event) -> bool:
    """Single elimination: settle one waiting match a match without a winner feeds (its
    player goes on by a bye, or nobody goes on from it either); False when none is left."""
    gone = set(
        PlayoffMatch.objects.filter(
            event=event, status=PlayoffMatch.Status.DONE, winner__isnull=True
        ).values_list("stage", "slot")
    )
    if not gone:
        return False
    waiting = (
        PlayoffMatch.objects.filter(event=event, status=PlayoffMatch.Status.WAITING)
        .select_related("high__player", "low__player")
        .order_by("stage", "slot")
    )
    for match in waiting:
        empty = {(match.stage - 1, 2 * match.slot), (match.stage - 1, 2 * match.slot + 1)} & gone
        seated = match.high or match.low
        if not empty or (seated is None and len(empty) < 2):
            continue
        if seated is None or seated.ejected:
            settle_nobody(actor, event, match)
        else:
            _bye(actor, event, match, seated)
        return True
    return False


def nobody_matches(event: Event) -> list[PlayoffMatch]:
    """The top-cut matches decided without a winner, for the director's pages."""
    return list(
        PlayoffMatch.objects.filter(
            event=event, status=PlayoffMatch.Status.DONE, winner__isnull=True
        )
        .exclude(high__isnull=True, low__isnull=True)
        .select_related("high__player", "low__player")
        .order_by("stage", "slot")
    )
