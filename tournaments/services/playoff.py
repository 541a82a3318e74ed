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
from tournaments.extensions import format_choices
from tournaments.models import Event, EventSettings, PlayoffMatch, Registration
from tournaments.permissions import require_director, require_judge
from tournaments.rules import best_of as best_of_rules
from tournaments.rules import bracket, double_elim
from tournaments.services import playoff_double, playoff_games
from tournaments.services.base import (
    event_settings,
    last_round_number,
    lock_event,
    scoring_settings_for,
)
from tournaments.services.heats import next_stage_seeds
from tournaments.services.rounds import pair_blocker
from tournaments.services.stage_progress import stages_of
from tournaments.services.standings.input import event_standings
from tournaments.services.standings.snapshot import mark_stale
from tournaments.words.problems import refusal_words


@transaction.atomic
def set_top_cut(
    actor: AnyUser,
    event: Event,
    top_cut: int,
    tie_rule: str,
    kind: str = EventSettings.PlayoffKind.SINGLE,
    reset: bool = False,
    upper_format: str = "",
    lower_format: str = "",
    best_of: tuple[int, int] = (1, 1),
    loser_chooses: bool = False,
) -> EventSettings:
    """Choose the top cut (0 for none, the default: the rulebook's events have none), its
    kind, for double elimination the reset and a deck format per bracket side, and the
    games of a match (best of N) and of the final."""
    event = lock_event(event)
    require_director(actor, event)
    _check_cut(event, int(top_cut), tie_rule, kind, (upper_format, lower_format))
    if any(n not in best_of_rules.BEST_OF for n in best_of):
        raise ServiceError(_("A match is best of 1, 3, 5 or 7 games."), code="invalid_best_of")
    if event.playoff_matches.exists():
        raise Conflict(_("The playoff has started: its size can no longer change."))
    settings = event_settings(event)
    fields = ["top_cut", "playoff_tie", "playoff_kind", "playoff_reset",
              "playoff_upper_format", "playoff_lower_format", "playoff_best_of",
              "final_best_of", "loser_chooses_format"]  # fmt: skip
    before = {f: getattr(settings, f) for f in fields}
    settings.top_cut, settings.playoff_tie, settings.playoff_kind = int(top_cut), tie_rule, kind
    double = kind == EventSettings.PlayoffKind.DOUBLE
    settings.playoff_reset = bool(reset) and double
    settings.playoff_upper_format = upper_format if double else ""
    settings.playoff_lower_format = lower_format if double else ""
    settings.playoff_best_of, settings.final_best_of = best_of
    settings.loser_chooses_format = bool(loser_chooses)
    settings.save(update_fields=fields)
    audit.record(
        actor=actor,
        obj=settings,
        action="top_cut",
        before=before,
        after={f: getattr(settings, f) for f in fields},
        event=event,
    )
    return settings


def _check_cut(
    event: Event, top_cut: int, tie_rule: str, kind: str, formats: tuple[str, str]
) -> None:
    if kind not in EventSettings.PlayoffKind.values:
        raise ServiceError(_("A playoff is single or double elimination."), code="invalid_kind")
    if kind == EventSettings.PlayoffKind.DOUBLE:
        if top_cut and not double_elim.MIN_SIZE <= top_cut <= double_elim.MAX_SIZE:
            raise ServiceError(
                _("A double elimination has %(low)s to %(high)s players.")
                % {"low": double_elim.MIN_SIZE, "high": double_elim.MAX_SIZE},
                code="invalid_cut",
            )
        known = {key for key, _label in format_choices(event.game)}
        if any(f and known and f not in known for f in formats):
            raise ServiceError(
                _("Choose a format of this game for each side of the bracket."),
                code="invalid_format",
            )
    elif top_cut not in (0, *bracket.CUT_SIZES):
        raise ServiceError(_("The top cut is none, 2, 4, 8, 16 or 32 players."), code="invalid_cut")
    if top_cut and event.multiplayer:
        raise ServiceError(_("A top cut is for two-player events."), code="multiplayer_cut")
    if tie_rule not in EventSettings.TieRule.values:
        raise ServiceError(_("A tie is replayed or decided by the director."), code="invalid_tie")


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
    stages = stages_of(event)
    by_heat = next_stage_seeds(event, stages[-1]) if len(stages) > 1 else None
    if by_heat is not None:  # the top N of each heat, interleaved (RULES.md §8)
        regs = event.registrations.select_related("player").in_bulk(by_heat)
        return [regs[pk] for pk in by_heat]
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
    settings = event_settings(event)
    size = settings.top_cut
    seeded = _seeded(event, size)
    if playoff_double.is_double(settings):
        playoff_double.create(event, settings, seeded)
        _record_start(actor, event, seeded)
        return list(event.playoff_matches.all())
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
    _record_start(actor, event, seeded)
    return list(event.playoff_matches.all())


def _record_start(actor: AnyUser, event: Event, seeded: list[Registration]) -> None:
    audit.record(
        actor=actor,
        obj=event,
        action="playoff_start",
        event=event,
        after={"top_cut": len(seeded), "seeds": [r.player.display_name for r in seeded]},
    )
    signals.announce_pages_changed([event.slug])


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


def advance_winner(match: PlayoffMatch) -> None:
    """Single elimination: seat the match's winner in the match he goes on to."""
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


def decide_match(actor: AnyUser | None, event: Event, match: PlayoffMatch, winner_id: str) -> None:
    """Record ``match`` as won by ``winner_id`` (its outcome set by the caller) and send
    the winner on, as any result: audited, the bracket and the final places follow."""
    _decide(actor, event, match, winner_id)


def _decide(
    actor: AnyUser | None, event: Event, match: PlayoffMatch, winner_id: str | None
) -> None:
    settings = event_settings(event)
    before = _snapshot(match)
    if winner_id is None:
        match.status = PlayoffMatch.Status.TIED
        if settings.playoff_tie == EventSettings.TieRule.REPLAY:
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
        if playoff_double.is_double(settings):
            playoff_double.sync(event, settings)
        else:
            advance_winner(match)
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
    format_key: str = "",
) -> PlayoffMatch:
    """A judge enters a playoff game; the game's rules say who goes through. A tie
    is replayed (the match waits for the replay) or left for the director. In a match of
    best of N the game is one of its games, and the match goes on until a player has won
    more than half (``format_key``: the format the loser of the last game chose)."""
    event = lock_event(event)
    require_judge(actor, event)
    match = _lock_match(event, match_id)
    if match.status not in (PlayoffMatch.Status.PENDING, PlayoffMatch.Status.TIED):
        raise Conflict(_("This match has no game waiting for a result."), code="not_pending")
    if winner not in (None, "") and int(winner) not in (match.high_id, match.low_id):
        raise ServiceError(_("The winner must be one of the two players."), code="not_seated")
    match.high_mps, match.low_mps, match.outcome = high_mps, low_mps, outcome or "normal"
    won = _winner_by_rules(event, match, outcome, winner)
    settings = event_settings(event)
    if playoff_games.best_of(match, settings) > 1:
        if match.status == PlayoffMatch.Status.TIED:
            raise Conflict(_("The director decides the tied game first."), code="tied_game")
        scored = (high_mps, low_mps, outcome or "normal", won)
        won = playoff_games.record_game(actor, event, settings, match, scored, format_key)
        if won is None:
            return match
    _decide(actor, event, match, won)
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
    settings = event_settings(event)
    won: str | None = str(winner_id)
    if match.games.exists():  # best of N: the tied game counts for him, the match goes on
        won = playoff_games.decide_tied_game(actor, event, settings, match, int(winner_id))
        if won is None:
            return match
    else:
        match.decided_by_director = True
    _decide(actor, event, match, won)
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
        nobody=match.status == PlayoffMatch.Status.DONE and not match.winner_id,
    )


def playoff_matches(event: Event) -> list[PlayoffMatch]:
    return list(
        event.playoff_matches.select_related(
            "high__player", "low__player", "winner__player"
        ).prefetch_related("games")
    )


def final_standings(event: Event) -> list[tuple[int, Any]]:
    """(place, Swiss row) for everyone: playoff places first, then the Swiss order."""
    rows = event_standings(event)
    matches = [_played(m) for m in playoff_matches(event)]
    if not matches:
        return [(r.rank, r) for r in rows]  # no playoff: the Swiss places, shared ones too
    by_id = {r.player: r for r in rows}
    settings = event_settings(event)
    if playoff_double.is_double(settings):
        cut = playoff_double.final_places(playoff_matches(event), settings)
        order = cut + [r.player for r in rows if r.player not in cut]
    else:
        order = bracket.final_places([r.player for r in rows], matches)
    return [(place, by_id[pid]) for place, pid in enumerate(order, start=1)]


def playoff_reached(event: Event) -> dict[str, str]:
    """How far each playoff player went (bracket.reached), by registration id."""
    settings = event_settings(event)
    if playoff_double.is_double(settings):
        return playoff_double.reached(playoff_matches(event), settings)
    return bracket.reached([_played(m) for m in playoff_matches(event)])
