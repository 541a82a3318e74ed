"""A table's match of best of N (RULES.md §8): the match length and tie rule its stage
sets, the games people report read one by one through the game's own rules, and the
match they make (tournaments.rules.table_match). A table of one game is read exactly as
before (services.results.input.reported_result)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import gettext as _

from core.errors import ServiceError
from rules_engine import get_game
from tournaments.extensions import format_choices
from tournaments.models import Stage, StageKind, Table
from tournaments.rules import best_of as bo
from tournaments.rules import table_match as tm
from tournaments.rules.council import council_inputs
from tournaments.services.results.input import ReportedResult, reported_result, score_result
from tournaments.services.stage_progress import robin_round_numbers, stages_of
from tournaments.words.matches import match_problem_text

# The keys a stage's options may hold for its tables' matches.
TIE_OPTION, LOSER_CHOOSES_OPTION = "tie", "loser_chooses_format"


def stage_of_round(table: Table) -> Stage | None:
    """The Swiss or round-robin stage a table's round belongs to (None for an event
    without stages)."""
    number = table.round.number
    stages = stages_of(table.round.event)
    for stage in stages[1:]:
        if stage.kind == StageKind.ROUND_ROBIN and number in robin_round_numbers(stage):
            return stage
    first = stages[0] if stages else None
    return first if first is not None and first.kind == StageKind.SWISS else None


def stage_match_rules(stage: Stage | None) -> tm.MatchRules:
    if stage is None or stage.best_of not in bo.BEST_OF:
        return tm.MatchRules()
    options = stage.options or {}
    tie = options.get(TIE_OPTION, tm.REPLAY)
    return tm.MatchRules(
        best_of=stage.best_of,
        tie=tie if tie in tm.TIE_RULES else tm.REPLAY,
        loser_chooses=bool(options.get(LOSER_CHOOSES_OPTION, False)),
    )


def match_rules(table: Table) -> tm.MatchRules:
    """The match a table plays: its stage's length, tie rule and format choice. Fixed
    once its round exists (services.stage_plan refuses to change it then), so it is
    read once per round object: a page of tables asks once."""
    if table.is_bye or table.round.event.multiplayer:
        return tm.MatchRules()
    rnd = table.round
    found = getattr(rnd, "_match_rules", None)
    if not isinstance(found, tm.MatchRules):
        found = stage_match_rules(stage_of_round(table))
        rnd._match_rules = found  # type: ignore[attr-defined]
    return found


def round_format(table: Table) -> str:
    """The format key the table's round is played in ("" for the event's own)."""
    stage = stage_of_round(table)
    if stage is None or not stage.round_formats:
        return ""
    index = table.round.number - (stage.first_round or 1)
    formats = list(stage.round_formats)
    return str(formats[index]) if 0 <= index < len(formats) else ""


def _refuse(problem: dict[str, Any], field: str = "games") -> ServiceError:
    message = match_problem_text(problem)
    return ServiceError(
        message,
        code=str(problem["code"]),
        problems=[{**problem, "message": message, "field": field, "players": []}],
    )


def _id_of(table: Table, value: Any, seat_ids: list[int]) -> int | None:
    if value in (None, ""):
        return None
    try:
        rid = int(value)
    except (TypeError, ValueError):
        message = _("'%(key)s' is not a registration id.") % {"key": value}
        raise ServiceError(message, code="invalid")
    if rid not in seat_ids:
        raise ServiceError(
            _("Registration %(rid)s has no seat at table %(table)s.")
            % {"rid": rid, "table": table.number},
            code="not_seated",
        )
    return rid


def _one_game(
    table: Table, number: int, given: Any, seat_ids: list[int], may_decide: bool, tie: str,
    settled: Mapping[int, int | None] | None = None,
) -> tm.MatchGame:  # fmt: skip
    if not isinstance(given, Mapping):
        raise _refuse({"code": "no_games"})
    reported = reported_result(
        table,
        given.get("mps", given.get("seats")),
        given.get("outcome"),
        given.get("winner"),
        bool(given.get("time_called", False)),
        given.get("council"),
    )
    try:
        score = score_result(table, reported)
    except ServiceError as exc:
        message = _("Game %(game)s: %(reason)s") % {"game": number, "reason": exc.message}
        problems = [{**p, "game": number} for p in (exc.problems or [])]
        raise ServiceError(message, code=exc.code, problems=problems)
    won_by = int(score.winner) if score.winner is not None else None
    decided_for = _id_of(table, given.get("counts_for"), seat_ids)
    if decided_for is not None and won_by is not None:
        raise _refuse({"code": "not_tied", "game": number}, "counts_for")
    if decided_for is not None and tie != tm.DIRECTOR:
        raise _refuse({"code": "tie_replayed", "game": number}, "counts_for")
    # A tie the director already counted stays his: a player's report may repeat it.
    already = settled is not None and decided_for is not None and settled.get(number) == decided_for
    if decided_for is not None and not may_decide and not already:
        raise _refuse({"code": "tie_for_director", "game": number}, "counts_for")
    return tm.MatchGame(
        number=number, mps=dict(reported.mps), outcome=reported.outcome, winner=reported.winner,
        won_by=won_by, decided_for=decided_for, time_called=reported.time_called,
        council=reported.council, points={int(k): v for k, v in score.points.items()},
        band=score.band[:60],
    )  # fmt: skip


def _pure(games: Iterable[tm.MatchGame]) -> list[bo.Game]:
    return [
        bo.Game(
            str(g.won_by) if g.won_by is not None else None,
            str(g.decided_for) if g.decided_for is not None else None,
        )
        for g in games
    ]


def _with_formats(
    table: Table, rules: tm.MatchRules, players: tuple[str, str], games: list[tm.MatchGame],
    wanted: list[str],
) -> list[tm.MatchGame]:  # fmt: skip
    known = {key for key, _label in format_choices(table.round.event.game)}
    fixed = round_format(table)
    out = []
    for game, (fmt, chooser) in zip(
        games, tm.game_formats(rules, players, _pure(games), wanted, fixed), strict=True
    ):
        if chooser is not None and fmt != fixed and known and fmt not in known:
            raise _refuse({"code": "invalid_format", "game": game.number}, "format")
        out.append(replace(game, format_key=fmt, chosen_by=int(chooser) if chooser else None))
    return out


def reported_match(table: Table, games: Any, *, may_decide: bool) -> ReportedResult:
    """The match of the games reported for a table (each game as a one-game result:
    ``mps`` or ``seats``, ``outcome``, ``winner``, ``time_called``, ``council``, plus
    ``counts_for`` for a tie the director settles and ``format`` when its chooser
    names one). Refused, with the reason, unless the games decide the match exactly."""
    rules = match_rules(table)
    if not rules.is_match:
        raise _refuse({"code": "not_a_match"})
    seat_ids = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    if len(seat_ids) != 2:
        raise _refuse({"code": "two_players"})
    if not isinstance(games, list | tuple) or not games:
        raise _refuse({"code": "no_games"})
    if len(games) > tm.MAX_GAMES:
        raise _refuse({"code": "too_many_games", "max": tm.MAX_GAMES})
    players = (str(seat_ids[0]), str(seat_ids[1]))
    settled = {g.number: g.decided_for_id for g in table.games.all()}
    read = [
        _one_game(table, n, g, seat_ids, may_decide, rules.tie, settled)
        for n, g in enumerate(games, start=1)
    ]
    reading = tm.read_match(rules, players, _pure(read))
    if reading.problem is not None:
        raise _refuse(dict(reading.problem))
    wanted = [str(g.get("format") or "") for g in games]
    played = _with_formats(table, rules, players, read, wanted)
    assert reading.winner is not None  # read_match decided it, or named the problem
    mps, winner = tm.match_scores(
        reading.wins, reading.winner, get_game(table.round.event.game).uses_mps
    )
    return ReportedResult(
        mps={int(k): v for k, v in mps.items()},
        outcome="normal",
        winner=int(winner) if winner is not None else None,
        games=tuple(played),
    )


def reported_for(
    table: Table,
    mps: Any,
    outcome: str | None,
    winner: Any,
    time_called: bool,
    council: Any = None,
    games: Any = None,
    *,
    may_decide: bool = False,
    seated: Sequence[int] | None = None,
) -> ReportedResult:
    """What a report of a table says: its match of games where its stage plays best of
    N, else its one game (then games are refused: the table plays one). ``seated``: the
    registrations at the table in seat order, when the caller has read them."""
    if games:
        return reported_match(table, games, may_decide=may_decide)
    if match_rules(table).is_match:
        raise _refuse({"code": "no_games"})
    return reported_result(table, mps, outcome, winner, time_called, council, seated)


def game_input(game: tm.MatchGame) -> dict[str, Any]:
    """A stored game as a report gives it (the inverse of reading it): a match completed
    one game at a time is reported whole, through the same checks."""
    council = game.council
    return {
        "mps": None if council else dict(game.mps),
        "outcome": game.outcome,
        "winner": game.winner,
        "time_called": game.time_called,
        "council": {"seats": council_inputs(council)} if council else None,
        "counts_for": game.decided_for,
        "format": game.format_key,
    }


@dataclass(frozen=True)
class MatchSoFar:
    """A match after one more game (a server's record is one game): its games, wins per
    registration, its winner once decided, and who chooses the next game's format."""

    best_of: int
    games: tuple[tm.MatchGame, ...]
    wins: dict[int, int]
    winner: int | None
    awaiting_director: bool = False
    chooser: int | None = None

    @property
    def number(self) -> int:
        return len(self.games)


def match_with_game(
    table: Table, done: list[tm.MatchGame], given: Mapping[str, Any], *, may_decide: bool
) -> MatchSoFar:
    """The match of ``table`` with ``given`` as the game after ``done`` (the games read so
    far): refused, with the reason, when the match was decided or a tie waits for the
    director; it need not be decided yet."""
    rules = match_rules(table)
    if not rules.is_match:
        raise _refuse({"code": "not_a_match"})
    seat_ids = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    if len(seat_ids) != 2:
        raise _refuse({"code": "two_players"})
    if len(done) >= tm.MAX_GAMES:
        raise _refuse({"code": "too_many_games", "max": tm.MAX_GAMES})
    players = (str(seat_ids[0]), str(seat_ids[1]))
    new = _one_game(table, len(done) + 1, given, seat_ids, may_decide, rules.tie)
    games = [*done, new]
    reading = tm.progress(rules, players, _pure(games))
    if reading.problem is not None:
        raise _refuse(dict(reading.problem))
    wanted = [g.format_key for g in done] + [str(given.get("format") or "")]
    played = _with_formats(table, rules, players, games, wanted)
    pure = _pure(played)
    waiting = new.won_by is None and new.decided_for is None and rules.tie == tm.DIRECTOR
    chooser = tm.chooser(players, pure) if rules.loser_chooses else None
    return MatchSoFar(
        best_of=rules.best_of,
        games=tuple(played),
        wins={int(k): v for k, v in reading.wins.items()},
        winner=int(reading.winner) if reading.winner is not None else None,
        awaiting_director=waiting,
        chooser=int(chooser) if chooser is not None else None,
    )
