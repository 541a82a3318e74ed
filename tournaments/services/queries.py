"""Reading helpers for the pages and the API."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db.models import Prefetch, QuerySet
from django.utils.translation import gettext as _

from core.errors import NotFound
from tournaments.models import (
    Event,
    Player,
    Round,
    Seat,
    Table,
)

if TYPE_CHECKING:
    pass
from tournaments.services.standings.snapshot import stored_rank


def player_history(player: Player) -> list[dict[str, Any]]:
    """A player's events, newest first, with confirmed games, points, record and final rank."""
    regs = (
        player.registrations.select_related("event")
        .exclude(event__status=Event.Status.DRAFT)
        .order_by("-event__created_at")
    )
    history = []
    for reg in regs:
        seats = list(
            Seat.objects.filter(registration=reg)
            .select_related("table", "round")
            .order_by("round__number")
        )
        confirmed = [s for s in seats if s.table.status == Table.Status.CONFIRMED]
        rank = None
        if reg.event.status == Event.Status.FINISHED:
            rank = stored_rank(reg)
        history.append(
            {
                "registration": reg,
                "games": len([s for s in confirmed if not s.is_bye]),
                "points": sum(s.points or 0 for s in confirmed),
                "wins": sum(1 for s in confirmed if s.outcome == "win" and not s.is_bye),
                "losses": sum(1 for s in confirmed if s.outcome == "loss"),
                "draws": sum(1 for s in confirmed if s.outcome == "draw"),
                "byes": sum(1 for s in confirmed if s.is_bye),
                "rank": rank,
            }
        )
    return history


def event_for(slug: str) -> Event:
    try:
        return Event.objects.select_related("organizer").get(slug=slug)
    except Event.DoesNotExist:
        raise NotFound(_("No event '%(slug)s'.") % {"slug": slug})


def visible_events(user: Any) -> QuerySet[Event]:
    """Drafts are visible to their organizer and staff only (Event.objects.visible_to)."""
    return Event.objects.visible_to(user).select_related("organizer")


def round_tables(rnd: Round) -> list[Table]:
    # A match's games (RULES.md §8) with them: the snapshots and the API read them.
    # The seats with their players joined, not read again by their ids: one list of
    # table ids in the query (SQLite refuses the thousand-entry lists of a big round).
    seats = Prefetch("seats", queryset=Seat.objects.select_related("registration__player"))
    return list(rnd.tables.prefetch_related(seats, "games").order_by("number"))
