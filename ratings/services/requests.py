"""Asking for a replay (a director's button, a correction), the signal receivers that
rate rounds and events as they close, and seasons."""

from __future__ import annotations

import logging
from datetime import date, datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from core.errors import NotAllowed, NotFound, ServiceError
from core.jobs import send_after_commit
from core.types import AnyUser
from ratings.models import RatingEntry, ReplayJob, Season
from ratings.services.ledger_io import bump_ledger_version
from ratings.services.operations import (
    is_rated,
    rate_closed_round,
    rate_finished_event,
    replay_game,
    replay_ratings,
)
from tournaments.models import Event, GameSystem, Player, Round, Table

logger = logging.getLogger("ratings.services")


# --------------------------------------------------------------------------- requesting


def can_replay(user: AnyUser | None, game: str) -> bool:
    """Staff, or a director of a sanctioned event of that game system."""
    if user is None or not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    return Event.objects.filter(organizer=user, game=game, sanctioned=True).exists()


def enqueue_replay(
    game: str, *, reason: str, user: AnyUser | None = None, event: Event | None = None
) -> ReplayJob:
    """Queue a replay (after the current transaction commits). A job still waiting
    for a worker already covers any change made before it starts, so it is reused."""
    if game not in GameSystem.values:
        raise ServiceError(
            _("Unknown game system '%(game)s'; choose one of %(choices)s.")
            % {"game": game, "choices": _game_names()}
        )
    with transaction.atomic():
        waiting = (
            ReplayJob.objects.select_for_update()
            .filter(game=game, status=ReplayJob.Status.QUEUED)
            .order_by("pk")
            .first()
        )
        if waiting is not None:
            # The waiting job covers this request: no second message, or ten clicks
            # would queue ten replays. A message lost with the broker's queue is sent
            # again by the sweep (resend_waiting_replays).
            return waiting
        job = ReplayJob.objects.create(
            game=game,
            reason=reason[:300],
            event=event,
            requested_by=user if user is not None and user.is_authenticated else None,
        )
        # A broker that is away keeps the send in the outbox; the job stays QUEUED.
        send_after_commit(replay_ratings, game, job.pk)
    return job


# A queued replay no worker has started after this long lost its message (the broker's
# queue was emptied while the worker was down): the sweep sends it again.
RESEND_AFTER = timedelta(minutes=3)


def resend_waiting_replays(now: datetime | None = None) -> int:
    """Part of the sweep (core.jobs): queued replays whose message was lost, sent again.
    A duplicate is harmless: a replay already done or covered costs one query."""
    now = now or timezone.now()
    waiting = ReplayJob.objects.filter(
        status=ReplayJob.Status.QUEUED, created_at__lt=now - RESEND_AFTER
    ).values_list("game", "pk")
    count = 0
    for game, pk in waiting[:100]:
        send_after_commit(replay_ratings, game, pk)
        count += 1
    return count


def request_replay(user: AnyUser, game: str) -> ReplayJob:
    """A director's "replay ratings" button."""
    if game not in GameSystem.values:
        raise ServiceError(
            _("Unknown game system '%(game)s'; choose one of %(choices)s.")
            % {"game": game, "choices": _game_names()}
        )
    if not can_replay(user, game):
        raise NotAllowed(
            _("Only staff or a director of a sanctioned event of this game can replay its ratings.")
        )
    running = ReplayJob.objects.filter(game=game, status=ReplayJob.Status.RUNNING).exists()
    reason = "requested by " + user.get_username()
    if running:
        reason += " (after the running replay)"
    return enqueue_replay(game, reason=reason, user=user)


def job_for(user: AnyUser, job_id: int) -> ReplayJob:
    job = ReplayJob.objects.select_related("event", "requested_by").filter(pk=job_id).first()
    if job is None:
        raise NotFound(_("No replay job %(job_id)s.") % {"job_id": job_id})
    allowed = can_replay(user, job.game) or (
        job.event is not None and getattr(user, "pk", None) == job.event.organizer_id
    )
    if not allowed:
        raise NotAllowed(_("Only staff or a director of this game system can see replay jobs."))
    return job


def latest_job(game: str) -> ReplayJob | None:
    return ReplayJob.objects.filter(game=game).order_by("-created_at", "-pk").first()


# --------------------------------------------------------------------------- signal receivers


def on_round_closed(sender: Any, round: Round, **kwargs: Any) -> None:
    rate_closed_round(round)


def on_event_finished(sender: Any, event: Event, **kwargs: Any) -> None:
    rate_finished_event(event)


def on_event_cancelled(sender: Any, event: Event, **kwargs: Any) -> None:
    # Its closed rounds may already be in the ledger: replay without them.
    if RatingEntry.objects.filter(event=event).exists():
        enqueue_replay(event.game, reason=f"{event.name} cancelled", event=event)


def on_event_deleting(sender: Any, event: Event, **kwargs: Any) -> None:
    # Later ratings were computed with its games: replay the game system without them
    # (the job runs once the deletion commits; its ledger rows go with the event).
    if RatingEntry.objects.filter(event=event).exists():
        enqueue_replay(event.game, reason=f"{event.name} deleted")


def on_players_merged(
    sender: Any, kept: Player, merged_id: int, games: list[str], **kwargs: Any
) -> None:
    # The walk-in's games are now the account holder's: replay each game system he
    # played (the walk-in's ledger rows go with his record).
    for game in games:
        if game in GameSystem.values:
            enqueue_replay(game, reason=f"{kept.display_name}: walk-in entries merged")


def on_event_deleted(sender: Any, instance: Event, **kwargs: Any) -> None:
    # Its ledger rows went with it (cascade): cached league tables must go too.
    bump_ledger_version(instance.game)


def on_event_imported(sender: Any, event: Event, **kwargs: Any) -> None:
    if is_rated(event):
        replay_game(event.game)


def on_closed_result_changed(sender: Any, table: Table, **kwargs: Any) -> None:
    event = table.round.event
    if not is_rated(event):
        return
    enqueue_replay(
        event.game,
        reason=f"result of {event.name} round {table.round.number} table {table.number} corrected",
        event=event,
    )


@transaction.atomic
def create_season(
    user: AnyUser, *, name: str, game: str, starts_on: date, ends_on: date, description: str = ""
) -> Season:
    """Leagues span many directors' events, so only staff open a season."""
    if not getattr(user, "is_staff", False):
        raise NotAllowed(_("Only staff can create a season."))
    if ends_on < starts_on:
        raise ServiceError(_("A season must end on or after its start."))
    base = slugify(name)[:120] or "season"
    slug, n = base, 2
    while Season.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return Season.objects.create(
        name=name,
        slug=slug,
        game=game,
        starts_on=starts_on,
        ends_on=ends_on,
        description=description,
    )


def _game_names() -> str:
    """The game systems by name (a refusal names them, never their keys)."""
    return ", ".join(_(str(g.label)) for g in GameSystem)
