"""A league series (RULES.md §8, GEMP-style league): players report the games they
played against opponents they found, within each series' cap and without meeting the
same opponent twice in a series; the league table scores a win 2 and a loss 1, ties
by the opponents' win percentage."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict, NotAllowed, ServiceError
from core.types import AnyUser, signed_in
from tournaments import signals
from tournaments.models import Event, LeagueGame, Registration, Stage, StageKind
from tournaments.permissions import Capability, can, own_registration
from tournaments.rules import league
from tournaments.services.base import lock_event, retry_on_conflict
from tournaments.services.sanctioning import sanctioning_status, sanctioning_text
from tournaments.services.standings.snapshot import mark_stale
from tournaments.words.stages import league_problem_text

DEFAULT_SERIES_DAYS = 7
DEFAULT_GAMES_PER_SERIES = 10

# Per registration id, what the event's rated games changed in his rating; the ratings
# app, above this one, registers it (tournaments never imports ratings).
_rating_changes: Callable[[Event], dict[int, int]] | None = None


def register_rating_changes(answer: Callable[[Event], dict[int, int]] | None) -> None:
    global _rating_changes
    _rating_changes = answer


def league_stage(event: Event) -> Stage | None:
    return Stage.objects.filter(event=event, position=1, kind=StageKind.LEAGUE_SERIES).first()


@dataclass(frozen=True)
class SeriesRules:
    days: int
    cap: int

    @classmethod
    def of(cls, stage: Stage) -> SeriesRules:
        options = stage.options or {}
        return cls(
            days=int(options.get("series_days") or DEFAULT_SERIES_DAYS),
            cap=int(options.get("games_per_series") or DEFAULT_GAMES_PER_SERIES),
        )


def league_start(event: Event) -> Any:
    """The first series starts when the event does (or when it was created)."""
    return event.starts_at or event.created_at


def current_series(event: Event, stage: Stage) -> int:
    return league.series_number(league_start(event), timezone.now(), SeriesRules.of(stage).days)


def league_games(event: Event) -> list[league.LeagueGame]:
    return [
        league.LeagueGame(series=s, winner=str(w), loser=str(lo))
        for s, w, lo in LeagueGame.objects.filter(event=event)
        .order_by("pk")
        .values_list("series", "winner_id", "loser_id")
    ]


def _entries(event: Event, winner_id: int, loser_id: int) -> tuple[Registration, Registration]:
    found = {
        r.pk: r
        for r in Registration.objects.active()
        .filter(event=event, pk__in=(winner_id, loser_id))
        .select_related("player")
    }
    if winner_id not in found or loser_id not in found:
        raise ServiceError(
            _("Both players must be entered in this league and still in it."),
            code="not_in_league",
        )
    return found[winner_id], found[loser_id]


def _may_report(user: AnyUser, event: Event, regs: tuple[Registration, Registration]) -> None:
    if can(user, event, Capability.ENTER_RESULT):
        return
    mine = own_registration(user, event)
    if mine is None or mine.pk not in (regs[0].pk, regs[1].pk):
        raise NotAllowed(_("Only the two players or the event's staff can report this game."))


@retry_on_conflict
@transaction.atomic
def report_league_game(user: AnyUser, event: Event, winner_id: int, loser_id: int) -> LeagueGame:
    """Record a league game (a player at it, or the staff); audited."""
    event = lock_event(event)
    stage = league_stage(event)
    if stage is None:
        raise Conflict(_("This event is not a league."), code="not_a_league")
    if event.status not in (Event.Status.REGISTRATION, Event.Status.RUNNING):
        raise Conflict(_("League games are reported while the league runs."), code="not_running")
    regs = _entries(event, winner_id, loser_id)
    _may_report(user, event, regs)
    rules = SeriesRules.of(stage)
    series = current_series(event, stage)
    problem = league.report_problem(
        league_games(event), series, str(winner_id), str(loser_id), rules.cap
    )
    if problem is not None:
        names = {str(r.pk): r.player.display_name for r in regs}
        words = {**problem, "name": names.get(str(problem.get("player", "")), "")}
        message = league_problem_text(words)
        raise Conflict(
            message, code=str(problem["code"]), problems=[{**problem, "message": message}]
        )
    game = LeagueGame.objects.create(
        event=event, series=series, winner=regs[0], loser=regs[1], reported_by=signed_in(user)
    )
    # Rated like any game of a sanctioned event (the ratings app listens).
    signals.league_game_reported.send(sender=LeagueGame, game=game)
    if event.status == Event.Status.REGISTRATION:
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])
    mark_stale([event.pk])
    audit.record(
        actor=user, obj=game, action="league_game", event=event,
        after={"series": series, "winner": regs[0].player.display_name,
               "loser": regs[1].player.display_name},
    )  # fmt: skip
    return game


@dataclass
class LeagueTable:
    stage: Stage
    series: int
    rules: SeriesRules
    rows: list[league.LeagueRow]
    names: dict[str, str]
    # Whether its games are rated (RULES.md §6: sanctioned, the minimum, approved), why
    # in words, and each player's rating change from them (registration id as a string).
    rated: bool = False
    sanctioning: str = ""
    rating_changes: dict[str, int] = field(default_factory=dict)


def league_table(event: Event) -> LeagueTable | None:
    """The league table of everyone entered, or None when the event is not a league."""
    stage = league_stage(event)
    if stage is None:
        return None
    entries = list(
        Registration.objects.filter(event=event)
        .order_by("pk")
        .values_list("pk", "player__display_name", "dropped", "ejected")
    )
    games = league_games(event)
    played = {p for g in games for p in (g.winner, g.loser)}
    players = [str(pk) for pk, _n, dropped, ejected in entries
               if (not dropped and not ejected) or str(pk) in played]  # fmt: skip
    status = sanctioning_status(event)
    changes = _rating_changes(event) if status.rated and _rating_changes is not None else {}
    return LeagueTable(
        stage=stage,
        series=current_series(event, stage),
        rules=SeriesRules.of(stage),
        rows=league.league_standings(players, games),
        names={str(pk): name for pk, name, _d, _e in entries},
        rated=status.rated,
        sanctioning=sanctioning_text(status),
        rating_changes={str(k): v for k, v in changes.items()},
    )


def league_champions(event_ids: Iterable[int]) -> dict[int, list[int]]:
    """The top of each league's table among ``event_ids`` (Player ids: every player level
    on points and opponents' win percentage with the first, never an ejected one), who
    get the winner's bonus of a finished league (RULES.md §6, §8)."""
    out: dict[int, list[int]] = {}
    events = Event.objects.filter(
        pk__in=list(event_ids), stages__position=1, stages__kind=StageKind.LEAGUE_SERIES
    )
    for event in events:
        table = league_table(event)
        if table is None or not table.rows:
            continue
        top = table.rows[0]
        firsts = [
            int(r.player)
            for r in table.rows
            if (r.points, r.opponents_win_pct) == (top.points, top.opponents_win_pct)
        ]
        players = dict(
            Registration.objects.filter(pk__in=firsts, ejected=False).values_list("pk", "player_id")
        )
        out[event.pk] = [players[r] for r in firsts if r in players]
    return out
