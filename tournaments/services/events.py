"""Events: create, change, open registration, finish; the round count and sanctioning."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict, ServiceError
from core.types import AnyUser, signed_in
from tournaments import signals
from tournaments.models import (
    Event,
    Round,
)
from tournaments.pairing import (
    rounds_for_players,
)
from tournaments.rules.limits import DEFAULT_BREAK_MINUTES, DEFAULT_ROUND_MINUTES

if TYPE_CHECKING:
    pass
from tournaments.permissions import (
    require_director,
    require_login,
)
from tournaments.services.base import (
    last_round,
    last_round_number,
    lock_event,
    retry_on_conflict,
    tiebreaks_for,
)
from tournaments.services.event_validation import validate_event
from tournaments.services.playoff_end import finish_blocker, top_cut_pending
from tournaments.services.quotas import check_event_quota
from tournaments.services.sanctioning import (  # noqa: F401  (re-exported)
    MIN_PLAYERS,
    MIN_PLAYERS_MULTIPLAYER,
    Sanctioning,
    sanctioning_status,
)
from tournaments.services.stage_progress import is_league, stage_finish_blocker
from tournaments.services.standings.input import counted_players

# 000 Part VI §3 "Sanctioning" / "Multi-player tournaments" (one place: sanctioning.py).
SANCTION_MIN_PLAYERS = MIN_PLAYERS
SANCTION_MIN_PLAYERS_MULTIPLAYER = MIN_PLAYERS_MULTIPLAYER


EVENT_FIELDS = (
    "name",
    "game",
    "format_key",
    "multiplayer",
    "sanctioned",
    "decklists_required",
    "decks_per_player",
    "deck_deadline",
    "decklists_published",
    "planned_rounds",
    "round_minutes",
    "break_minutes",
    "starts_at",
    "location",
    "time_zone",
    "description",
    "tiebreaks",
    "scoring_settings",
)


# Changing these after round 1 would change how already-played games were paired, scored
# or rated (only sanctioned events are rated).
LOCKED_AFTER_START = ("game", "multiplayer", "scoring_settings", "sanctioned", "decks_per_player")
# The words a director reads for each locked setting (the keys are field names).
LOCKED_LABELS = {
    "game": gettext_lazy("the game"),
    "multiplayer": gettext_lazy("multi-player"),
    "scoring_settings": gettext_lazy("the scoring settings"),
    "sanctioned": gettext_lazy("the sanctioned status"),
    # Lists lock when round 1 is paired: the lists asked for cannot change after.
    "decks_per_player": gettext_lazy("the deck lists each player registers"),
}


def tiebreak_labels(event: Event) -> list[str]:
    """The event's tiebreak chain in words, for its pages."""
    from tournaments.standings import TIEBREAKS

    labels = {"fewer_losses": "fewer losses"}
    return [
        labels.get(name) or cast(str, getattr(TIEBREAKS.get(name), "label", name))
        for name in tiebreaks_for(event)
    ]


def rounds_total(event: Event) -> int:
    """The number of rounds: the director's override, or 000 Part VI §3's table."""
    if event.planned_rounds:
        return event.planned_rounds
    return rounds_for_players(max(counted_players(event), 1), event.multiplayer)


def rounds_from_table(event: Event) -> int:
    return rounds_for_players(max(counted_players(event), 1), event.multiplayer)


def free_slug(name: str) -> str:
    base = slugify(name)[:200] or "event"
    slug = base
    n = 2
    while Event.objects.filter(slug=slug).exists():
        slug = f"{base}-{n}"
        n += 1
    return slug


def event_snapshot(event: Event) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in (*EVENT_FIELDS, "status"):
        value = getattr(event, name)
        out[name] = value.isoformat() if isinstance(value, datetime) else value
    return out


@retry_on_conflict
@transaction.atomic
def create_event(user: AnyUser, **data: Any) -> Event:
    """Create an event in draft; the creator becomes its tournament director."""
    require_login(user)
    data = {k: v for k, v in data.items() if k in EVENT_FIELDS}
    data.setdefault("round_minutes", DEFAULT_ROUND_MINUTES)
    data.setdefault("break_minutes", DEFAULT_BREAK_MINUTES)
    validate_event(data)
    check_event_quota(user)
    if data.get("tiebreaks") is None:
        data["tiebreaks"] = []
    if data.get("scoring_settings") is None:
        data["scoring_settings"] = {}
    event = Event.objects.create(organizer=signed_in(user), slug=free_slug(data["name"]), **data)
    audit.record(actor=user, obj=event, action="create", after=event_snapshot(event), event=event)
    return event


@retry_on_conflict
@transaction.atomic
def update_event(
    user: AnyUser, event: Event, *, confirm_tiebreak_change: bool = False, **data: Any
) -> Event:
    """Change the event's settings. Once round 1 is paired a new tiebreak order reorders
    standings players have already seen: it needs ``confirm_tiebreak_change`` and is
    recorded on its own in the audit trail."""
    event = lock_event(event)
    require_director(user, event)
    data = {k: v for k, v in data.items() if k in EVENT_FIELDS}
    if event.status == Event.Status.FINISHED:
        raise Conflict(_("The event is finished; it can no longer be changed."))
    started = event.rounds.exists()
    if started:
        changed = [k for k in LOCKED_AFTER_START if k in data and data[k] != getattr(event, k)]
        if changed:
            raise Conflict(
                _(
                    "Round 1 has been paired: %(fields)s can no longer change, because games "
                    "already played were paired, scored and rated by them."
                )
                % {"fields": ", ".join(str(LOCKED_LABELS[k]) for k in changed)}
            )
    new_tiebreaks = (data.get("tiebreaks") or []) if "tiebreaks" in data else None
    tiebreaks_moved = started and new_tiebreaks is not None and new_tiebreaks != event.tiebreaks
    if tiebreaks_moved and not confirm_tiebreak_change:
        raise Conflict(
            _(
                "Round %(round)s has been paired: a new tiebreak order reorders the standings "
                "players have already seen. Confirm the change to make it."
            )
            % {"round": last_round_number(event)},
            code="confirm_tiebreak_change",
        )
    planned = data.get("planned_rounds")
    if planned and planned < last_round_number(event):
        raise ServiceError(
            _("%(rounds)s rounds have already been paired; planned rounds cannot be fewer.")
            % {"rounds": last_round_number(event)}
        )
    if data.get("decklists_published") and not event.decklists_published and not started:
        # Lists lock when round 1 is paired; publishing earlier would show them unlocked.
        raise Conflict(
            _("Deck lists can be published once round 1 has been paired."),
            code="decklists_not_locked",
        )
    merged = {name: getattr(event, name) for name in EVENT_FIELDS}
    merged.update(data)
    validate_event(merged)
    before = event_snapshot(event)
    for key, value in data.items():
        if key in ("tiebreaks", "scoring_settings") and value is None:
            value = [] if key == "tiebreaks" else {}
        setattr(event, key, value)
    event.save()
    audit.record(
        actor=user,
        obj=event,
        action="update",
        before=before,
        after=event_snapshot(event),
        event=event,
    )
    if tiebreaks_moved:
        audit.record(
            actor=user,
            obj=event,
            action="tiebreaks_changed",
            before={"tiebreaks": before.get("tiebreaks")},
            after={"tiebreaks": event.tiebreaks},
            event=event,
            note=f"after round {last_round_number(event)}: confirmed by the director",
        )
    return event


@retry_on_conflict
@transaction.atomic
def open_registration(user: AnyUser, event: Event) -> Event:
    event = lock_event(event)
    require_director(user, event)
    if event.status != Event.Status.DRAFT:
        raise Conflict(
            _("Registration can only be opened from draft; the event is %(status)s.")
            % {"status": event.get_status_display().lower()}
        )
    event.status = Event.Status.REGISTRATION
    event.save(update_fields=["status"])
    audit.record(
        actor=user,
        obj=event,
        action="open_registration",
        event=event,
        before={"status": "draft"},
        after={"status": event.status},
    )
    return event


@retry_on_conflict
@transaction.atomic
def finish_event(
    user: AnyUser, event: Event, *, early: bool = False, skip_top_cut: bool = False
) -> Event:
    """Close the event after its last round. ``early`` lets the director end it before
    the planned number of rounds (the standings stand as they are); ``skip_top_cut``
    says he means to finish without a top cut that is set and not played (never done
    without his word: the Swiss standings then name the winner)."""
    event = lock_event(event)
    require_director(user, event)
    if event.status != Event.Status.RUNNING:
        raise Conflict(
            gettext(
                "Only a running event can be finished; this one is %(status)s. To end it "
                "without playing, cancel the event (it is then never rated); to play it, "
                "pair round 1."
            )
            % {"status": gettext(event.get_status_display()).lower()},
            code="not_running",
        )
    league = is_league(event)  # RULES.md §8: a league has games but no rounds
    last = last_round(event)
    if last is None and not league:
        raise Conflict(
            gettext(
                "No round has been played yet: pair round 1, or cancel the event if it should "
                "not go on (it is then never rated)."
            ),
            code="no_round",
        )
    if last is not None and last.status != Round.Status.CLOSED:
        raise Conflict(
            _(
                "Round %(round)s is still open: every table needs a confirmed result first. Enter "
                "the missing results as director (any table, any number of seats), or delete the "
                "round if it should not count."
            )
            % {"round": last.number},
            code="round_open",
        )
    playoff = finish_blocker(event)  # RULES.md §3 "Top cut": the champion is the playoff winner
    if playoff is not None:
        raise playoff
    stage = stage_finish_blocker(event)  # RULES.md §8: every configured stage is played
    if stage is not None:
        raise stage
    cut = top_cut_pending(event)
    if cut and not skip_top_cut:
        raise Conflict(
            _(
                "A top %(n)s is set and has not been played. Start the top cut, or finish "
                "without it on purpose (the Swiss standings then name the winner)."
            )
            % {"n": cut},
            code="top_cut_not_played",
        )
    played = last.number if last is not None else 0
    total = 0 if league else rounds_total(event)
    if played < total and not early:
        raise Conflict(
            _(
                "Only %(round)s of %(total)s rounds have been played. Pair the next round, or "
                "finish early on purpose."
            )
            % {"round": played, "total": total}
        )
    event.status = Event.Status.FINISHED
    event.finished_at = timezone.now()
    event.save(update_fields=["status", "finished_at"])
    audit.record(
        actor=user,
        obj=event,
        action="finish",
        event=event,
        after={
            "status": event.status,
            "rounds": played,
            "early": played < total,
            "top_cut_skipped": cut or None,
        },
    )
    signals.event_finished.send(sender=Event, event=event)
    return event
