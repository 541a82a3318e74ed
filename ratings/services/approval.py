"""A league's approval of rated events (RULES.md §6).

Any account can create a sanctioned event and give itself wins, so a sanctioned event's
games move a league's ratings only once a staff member of that league approved it. The
league of an event is every season of its game system whose dates hold the event's date;
its staff are the ``LeagueStaff`` rows of those seasons, plus whoever holds the site-wide
``ratings.approve_event`` permission (superusers hold every permission).

Approving and withdrawing replay the game system's ledger, so the event's games take
their place in time order (or leave it) whatever was rated since.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from audit.services import record
from core.errors import NotAllowed, NotFound, ServiceError
from core.types import AnyUser, signed_in
from ratings.models import EventApproval, LeagueStaff, RatingEntry, ReplayJob, Season
from ratings.services.loading import event_date
from tournaments import signals as tournament_signals
from tournaments.models import Event, Round

if TYPE_CHECKING:
    from django.contrib.auth.models import User

PERMISSION = "ratings.approve_event"


def approved_ids(event_ids: Iterable[int]) -> set[int]:
    """The approved events among ``event_ids`` (what sanctioning asks, registered in
    ``RatingsConfig.ready``)."""
    return set(
        EventApproval.objects.filter(event_id__in=list(event_ids)).values_list(
            "event_id", flat=True
        )
    )


def _seasons_covering(game: str, day: date) -> QuerySet[Season]:
    return Season.objects.filter(game=game, starts_on__lte=day, ends_on__gte=day)


def has_site_permission(user: AnyUser) -> bool:
    return bool(getattr(user, "is_authenticated", False) and user.has_perm(PERMISSION))


def is_league_staff(user: AnyUser, event: Event) -> bool:
    """May ``user`` approve ``event``: staff of a league holding its date, or site-wide."""
    if not user.is_authenticated:
        return False
    if has_site_permission(user):
        return True
    seasons = _seasons_covering(event.game, event_date(event))
    return LeagueStaff.objects.filter(user=user, season__in=seasons).exists()


def is_any_league_staff(user: AnyUser) -> bool:
    if not user.is_authenticated:
        return False
    return has_site_permission(user) or LeagueStaff.objects.filter(user=user).exists()


def _staff_filter(user: AnyUser) -> Q | None:
    """Events ``user`` may approve, as a filter; None for everything (site-wide)."""
    if has_site_permission(user):
        return None
    q = Q(pk__in=[])
    for season in Season.objects.filter(staff__user=signed_in(user)):
        q |= Q(game=season.game) & _date_in(season.starts_on, season.ends_on)
    return q


def _date_in(starts_on: date, ends_on: date) -> Q:
    # An event's date is its start, else its creation (``loading.event_date``).
    started = Q(starts_at__isnull=False, starts_at__date__gte=starts_on)
    started &= Q(starts_at__date__lte=ends_on)
    created = Q(starts_at__isnull=True, created_at__date__gte=starts_on)
    created &= Q(created_at__date__lte=ends_on)
    return started | created


def _sanctioned() -> QuerySet[Event]:
    # A draft is not public yet; it waits until its director opens it.
    return (
        Event.objects.filter(sanctioned=True)
        .exclude(status=Event.Status.DRAFT)
        .select_related("organizer", "league_approval__approved_by")
        .order_by("starts_at", "created_at", "pk")
    )


# A page of the queue: the oldest first, so nothing waits behind newer events.
QUEUE_PAGE = 500


def _for_staff(user: AnyUser, *, waiting: bool) -> QuerySet[Event]:
    if not is_any_league_staff(user):
        return Event.objects.none()
    qs = _sanctioned().filter(league_approval__isnull=waiting)
    q = _staff_filter(user)
    return qs if q is None else qs.filter(q)


def events_for_staff(user: AnyUser, *, waiting: bool) -> list[Event]:
    """The sanctioned events ``user`` may decide on: waiting, or already approved."""
    return list(_for_staff(user, waiting=waiting)[:QUEUE_PAGE])


def waiting_count(user: AnyUser) -> int:
    return _for_staff(user, waiting=True).count()


# The league page lists this many waiting events at most (oldest first), then a count.
WAITING_SHOWN = 50


def waiting_in_season(season: Season) -> tuple[list[Event], int]:
    """The league page's "waiting for the league's approval" list (public events only):
    the oldest WAITING_SHOWN events, and how many wait in all."""
    qs = _sanctioned().filter(league_approval__isnull=True, game=season.game)
    qs = qs.filter(_date_in(season.starts_on, season.ends_on))
    shown = list(qs[:WAITING_SHOWN])
    return shown, (len(shown) if len(shown) < WAITING_SHOWN else qs.count())


@dataclass(frozen=True)
class ApprovalState:
    approved: bool
    approved_by: str  # display name, never the user name
    approved_at: Any


def approval_state(event: Event) -> ApprovalState:
    row = EventApproval.objects.select_related("approved_by").filter(event=event).first()
    if row is None:
        return ApprovalState(False, "", None)
    return ApprovalState(True, _display_name(row.approved_by), row.approved_at)


def _display_name(user: User | None) -> str:
    if user is None:
        return ""
    player = getattr(user, "player", None)
    return getattr(player, "display_name", "") or user.get_full_name() or _("league staff")


def _event(slug: str) -> Event:
    # A draft does not exist for anyone but its director: not found.
    event = Event.objects.exclude(status=Event.Status.DRAFT).filter(slug=slug).first()
    if event is None:
        raise NotFound(_("There is no such event."))
    return event


def _check(user: AnyUser, event: Event) -> None:
    if not is_league_staff(user, event):
        raise NotAllowed(_("Only the league's staff can approve or withdraw rated events."))


def on_approval_changed(sender: Any, instance: EventApproval, **kwargs: Any) -> None:
    """The event page says whether the event is rated: whatever saved or deleted the
    approval (this module, the admin), a visitor's stored copy is old, now and again once
    the change commits (a copy stored meanwhile shows the old answer)."""
    slug = Event.objects.filter(pk=instance.event_id).values_list("slug", flat=True).first()
    if slug:
        tournament_signals.announce_pages_changed([slug])


def approve(user: AnyUser, slug: str) -> tuple[EventApproval, ReplayJob | None]:
    """Approve a sanctioned event for its league's ratings (idempotent); rates it by
    replaying the ledger, so its games take their place in time order."""
    from ratings.services.requests import enqueue_replay

    with transaction.atomic():
        event = _event(slug)
        _check(user, event)
        if not event.sanctioned:
            raise ServiceError(_("Only a sanctioned event is rated; this one is not."))
        existing = EventApproval.objects.filter(event=event).first()
        if existing is not None:
            return existing, None
        approval = EventApproval.objects.create(event=event, approved_by=signed_in(user))
        record(
            actor=user, obj=event, action="league approval", after={"approved": True}, event=event
        )
        job = None
        if event.rounds.filter(status=Round.Status.CLOSED).exists() or event.league_games.exists():
            # Its closed rounds go into the ledger where they happened, not at the end.
            job = enqueue_replay(
                event.game, reason=f"{event.name} approved", user=user, event=event
            )
    return approval, job


def withdraw(user: AnyUser, slug: str) -> ReplayJob | None:
    """Withdraw the approval (idempotent): the event's games leave the ledger."""
    from ratings.services.requests import enqueue_replay

    with transaction.atomic():
        event = _event(slug)
        _check(user, event)
        deleted, _rows = EventApproval.objects.filter(event=event).delete()
        if not deleted:
            return None
        record(
            actor=user,
            obj=event,
            action="league approval withdrawn",
            before={"approved": True},
            after={"approved": False},
            event=event,
        )
        if not RatingEntry.objects.filter(event=event).exists():
            return None
        return enqueue_replay(
            event.game, reason=f"{event.name} approval withdrawn", user=user, event=event
        )
