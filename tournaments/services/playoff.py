"""The top cut: its settings, starting the playoff from the final Swiss standings,
playoff results decided by the game's own rules, ties, and the final places."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict, NotFound, ServiceError
from core.types import AnyUser
from rules_engine import GameResult, InvalidResult, score_game
from rules_engine import Seat as EngineSeat
from tournaments import signals
from tournaments.models import Event, EventDaySettings, PlayoffMatch, Registration
from tournaments.permissions import require_director, require_judge
from tournaments.rules import bracket
from tournaments.services.base import (
    event_settings,
    last_round_number,
    lock_event,
    scoring_settings_for,
)
from tournaments.services.rounds import pair_blocker
from tournaments.services.standings.input import event_standings
from tournaments.services.standings.snapshot import mark_stale
from tournaments.words.problems import refusal_words


@transaction.atomic
def set_top_cut(actor: AnyUser, event: Event, top_cut: int, tie_rule: str) -> EventDaySettings:
    """Choose the top cut (0 for none, the default: the rulebook's events have none)."""
    event = lock_event(event)
    require_director(actor, event)
    if int(top_cut) not in (0, *bracket.CUT_SIZES):
        raise ServiceError(_("The top cut is none, 2, 4 or 8 players."), code="invalid_cut")
    if int(top_cut) and event.multiplayer:
        raise ServiceError(_("A top cut is for two-player events."), code="multiplayer_cut")
    if tie_rule not in EventDaySettings.TieRule.values:
        raise ServiceError(_("A tie is replayed or decided by the director."), code="invalid_tie")
    if event.playoff_matches.exists():
        raise Conflict(_("The playoff has started: its size can no longer change."))
    settings = event_settings(event)
    before = {"top_cut": settings.top_cut, "playoff_tie": settings.playoff_tie}
    settings.top_cut, settings.playoff_tie = int(top_cut), tie_rule
    settings.save(update_fields=["top_cut", "playoff_tie"])
    audit.record(
        actor=actor,
        obj=settings,
        action="top_cut",
        before=before,
        after={"top_cut": settings.top_cut, "playoff_tie": tie_rule},
        event=event,
    )
    return settings


def playoff_blocker(event: Event) -> Conflict | None:
    """Why the playoff cannot start now, or None (the button and the service)."""
    settings = event_settings(event)
    if not settings.top_cut:
        return Conflict(_("This event has no top cut."), code="no_cut")
    if event.playoff_matches.exists():
        return Conflict(_("The playoff has already started."), code="started")
    blocker = pair_blocker(event)
    if blocker is None or blocker.code != "all_rounds_played":
        return Conflict(
            _("The playoff starts once every Swiss round is played."), code="swiss_open"
        )
    return None


def _seeded(event: Event, size: int) -> list[Registration]:
    rows = [r for r in event_standings(event) if r.registration.active]  # type: ignore[attr-defined]
    if len(rows) < size:
        raise Conflict(
            _("A top %(size)s needs %(size)s players still in the event; %(count)s are.")
            % {"size": size, "count": len(rows)},
            code="too_few_players",
        )
    return [r.registration for r in rows[:size]]  # type: ignore[attr-defined]


@transaction.atomic
def start_playoff(actor: AnyUser, event: Event) -> list[PlayoffMatch]:
    event = lock_event(event)
    require_director(actor, event)
    blocker = playoff_blocker(event)
    if blocker is not None:
        raise blocker
    size = event_settings(event).top_cut
    seeded = _seeded(event, size)
    by_id = {str(r.pk): r for r in seeded}
    matches = [
        PlayoffMatch(
            event=event,
            stage=1,
            slot=p.slot,
            high=by_id[p.high] if p.high else None,
            low=by_id[p.low] if p.low else None,
            high_seed=p.high_seed,
            low_seed=p.low_seed,
            status=PlayoffMatch.Status.PENDING,
        )
        for p in bracket.first_stage(list(by_id))
    ]
    for stage in range(2, bracket.stage_count(size) + 1):
        matches += [PlayoffMatch(event=event, stage=stage, slot=s) for s in range(size >> stage)]
    PlayoffMatch.objects.bulk_create(matches)
    audit.record(
        actor=actor,
        obj=event,
        action="playoff_start",
        event=event,
        after={"top_cut": size, "seeds": [r.player.display_name for r in seeded]},
    )
    signals.announce_pages_changed([event.slug])
    return list(event.playoff_matches.all())


def _winner_by_rules(event: Event, match: PlayoffMatch, outcome: str, winner: Any) -> str | None:
    """The game's own rules decide the playoff game; None is a tie."""
    result = GameResult(
        game=event.game,
        seats=(
            EngineSeat(str(match.high_id), match.high_mps),
            EngineSeat(str(match.low_id), match.low_mps),
        ),
        round_number=last_round_number(event) + match.stage,
        outcome=outcome or "normal",
        winner=str(winner) if winner not in (None, "") else None,
    )
    try:
        score = score_game(result, scoring_settings_for(event))
    except InvalidResult as exc:
        raise ServiceError(refusal_words(exc), code="invalid_result")
    return score.winner


def _lock_match(event: Event, match_id: int) -> PlayoffMatch:
    match = PlayoffMatch.objects.select_for_update().filter(event=event, pk=match_id).first()
    if match is None:
        raise NotFound(_("No such playoff match."))
    return match


def _advance(match: PlayoffMatch) -> None:
    stage, slot, side = bracket.next_match(match.stage, match.slot)
    nxt = PlayoffMatch.objects.filter(event_id=match.event_id, stage=stage, slot=slot).first()
    if nxt is None:
        return
    seed = match.high_seed if match.winner_id == match.high_id else match.low_seed
    setattr(nxt, side, match.winner)
    setattr(nxt, f"{side}_seed", seed)
    if nxt.high_id and nxt.low_id:
        if (nxt.high_seed or 0) > (nxt.low_seed or 0):
            nxt.high, nxt.low = nxt.low, nxt.high
            nxt.high_seed, nxt.low_seed = nxt.low_seed, nxt.high_seed
        nxt.status = PlayoffMatch.Status.PENDING
    nxt.save()


def _snapshot(match: PlayoffMatch) -> dict[str, Any]:
    return {
        "stage": match.stage,
        "slot": match.slot,
        "high_mps": match.high_mps,
        "low_mps": match.low_mps,
        "outcome": match.outcome,
        "winner": match.winner.player.display_name if match.winner else None,
        "status": match.status,
        "replays": match.replays,
    }


def _decide(actor: AnyUser, event: Event, match: PlayoffMatch, winner_id: str | None) -> None:
    settings = event_settings(event)
    before = _snapshot(match)
    if winner_id is None:
        match.status = PlayoffMatch.Status.TIED
        if settings.playoff_tie == EventDaySettings.TieRule.REPLAY:
            match.replays += 1
            match.status = PlayoffMatch.Status.PENDING
    else:
        match.winner_id = int(winner_id)
        match.status = PlayoffMatch.Status.DONE
        match.decided_at = timezone.now()
    match.save()
    mark_stale([event.pk])  # the final places (standings pages) follow the bracket
    audit.record(
        actor=actor,
        obj=match,
        action="playoff_result",
        before=before,
        after=_snapshot(match),
        event=event,
    )
    if match.status == PlayoffMatch.Status.DONE:
        _advance(match)
        signals.playoff_match_decided.send(sender=PlayoffMatch, match=match)
    # The pairings page lists the playoff's tables: visitors' stored pages are old now.
    signals.announce_pages_changed([event.slug])


@transaction.atomic
def report_playoff_result(
    actor: AnyUser,
    event: Event,
    match_id: int,
    high_mps: int | None,
    low_mps: int | None,
    outcome: str = "normal",
    winner: Any = None,
) -> PlayoffMatch:
    """A judge enters a playoff game; the game's rules say who goes through. A tie
    is replayed (the match waits for the replay) or left for the director."""
    event = lock_event(event)
    require_judge(actor, event)
    match = _lock_match(event, match_id)
    if match.status not in (PlayoffMatch.Status.PENDING, PlayoffMatch.Status.TIED):
        raise Conflict(_("This match has no game waiting for a result."), code="not_pending")
    if winner not in (None, "") and int(winner) not in (match.high_id, match.low_id):
        raise ServiceError(_("The winner must be one of the two players."), code="not_seated")
    match.high_mps, match.low_mps, match.outcome = high_mps, low_mps, outcome or "normal"
    _decide(actor, event, match, _winner_by_rules(event, match, outcome, winner))
    return match


@transaction.atomic
def decide_playoff_tie(actor: AnyUser, event: Event, match_id: int, winner_id: int) -> PlayoffMatch:
    """The director names who goes through after a tied playoff game."""
    event = lock_event(event)
    require_director(actor, event)
    match = _lock_match(event, match_id)
    if match.status != PlayoffMatch.Status.TIED:
        raise Conflict(_("Only a tied match is decided by the director."), code="not_tied")
    if int(winner_id) not in (match.high_id, match.low_id):
        raise ServiceError(_("The winner must be one of the two players."), code="not_seated")
    match.decided_by_director = True
    _decide(actor, event, match, str(winner_id))
    return match


def _played(match: PlayoffMatch) -> bracket.Played:
    return bracket.Played(
        match.stage,
        match.slot,
        str(match.high_id) if match.high_id else None,
        str(match.low_id) if match.low_id else None,
        match.high_seed,
        match.low_seed,
        str(match.winner_id) if match.winner_id else None,
    )


def playoff_matches(event: Event) -> list[PlayoffMatch]:
    return list(
        event.playoff_matches.select_related("high__player", "low__player", "winner__player")
    )


def final_standings(event: Event) -> list[tuple[int, Any]]:
    """(place, Swiss row) for everyone: playoff places first, then the Swiss order."""
    rows = event_standings(event)
    matches = [_played(m) for m in playoff_matches(event)]
    if not matches:
        return [(r.rank, r) for r in rows]  # no playoff: the Swiss places, shared ones too
    by_id = {r.player: r for r in rows}
    order = bracket.final_places([r.player for r in rows], matches)
    return [(place, by_id[pid]) for place, pid in enumerate(order, start=1)]


def playoff_reached(event: Event) -> dict[str, str]:
    """How far each playoff player went (bracket.reached), by registration id."""
    return bracket.reached([_played(m) for m in playoff_matches(event)])
