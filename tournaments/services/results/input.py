"""A table's result as data: what people report, the engine's input built from it,
its score, and the table's stored snapshot."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from core.errors import ServiceError
from rules_engine import (
    GameResult,
    GameScore,
    InvalidResult,
    score_game,
)
from rules_engine.ejection import EJECTION
from tournaments.models import (
    Seat,
    Table,
    TableGame,
)
from tournaments.rules.council import council_inputs, council_mps, count_council, read_council
from tournaments.rules.game_input import engine_input
from tournaments.rules.table_match import MatchGame
from tournaments.services.base import scoring_settings_for
from tournaments.words.problems import problem_words


def table_snapshot(
    table: Table, seats: Iterable[Seat] | None = None, games: Iterable[TableGame] | None = None
) -> dict[str, Any]:
    """A table's result as plain JSON, for the change history and the export.

    ``seats``: the table's seats already read (with their registration and player), in
    seat order. The export passes those it read for every table at once; without them
    they are read now, fresh, as the change history needs after a write. ``games``: the
    table's games, known without reading them (none, just written)."""
    if seats is None:
        seats = table.seats.select_related("registration__player").order_by("position")
    return {
        "status": table.status,
        "outcome": table.outcome,
        "winner": table.winner_id,
        "time_called": table.time_called,
        "band": table.band,
        "council": table.council,
        "counter_report": table.counter_report,
        **_games_snapshot(table, games),
        "seats": [
            {
                "registration": s.registration_id,
                "player": s.registration.player.display_name,
                "mps": s.mps,
                "points": s.points,
                "outcome": s.outcome,
            }
            for s in seats
        ],
    }


def _games_snapshot(table: Table, given: Iterable[TableGame] | None = None) -> dict[str, Any]:
    """A match's games (RULES.md §8), present only at a table that played several."""
    games = [stored_game(g).as_json() for g in (table.games.all() if given is None else given)]
    return {"games": games} if games else {}


def stored_game(g: TableGame) -> MatchGame:
    return MatchGame(
        number=g.number,
        mps={int(k): v for k, v in (g.mps or {}).items()},
        outcome=g.outcome,
        winner=g.winner_id,
        won_by=g.won_by_id,
        decided_for=g.decided_for_id,
        time_called=g.time_called,
        council=g.council,
        points={int(k): v for k, v in (g.points or {}).items()},
        band=g.band,
        format_key=g.format_key,
        chosen_by=g.chosen_by_id,
    )


@dataclass(frozen=True)
class ReportedResult:
    """A result as people report it: score per seat (registration id), outcome, winner;
    at a table that plays a match of several games, its games (the seats' scores are
    then the games won: tournaments.rules.table_match)."""

    mps: dict[int, int | None]
    outcome: str = "normal"
    winner: int | None = None
    time_called: bool = False
    council: dict[str, Any] | None = None  # tournaments.rules.council's breakdown, when counted
    games: tuple[MatchGame, ...] = ()

    def as_json(self) -> dict[str, Any]:
        out = {
            "mps": {str(k): v for k, v in sorted(self.mps.items())},
            "outcome": self.outcome,
            "winner": self.winner,
            "time_called": self.time_called,
            "council": self.council,
        }
        return {**out, "games": [g.as_json() for g in self.games]} if self.games else out

    def same_as(self, other: ReportedResult) -> bool:
        """Two reports agree when they give the same result; when both counted the Free
        Council, they must also have entered the same totals (the same MPs reached from
        other category totals is a different council, for the director to look at)."""
        same = (self.mps, self.outcome, self.winner, self.time_called) == (
            other.mps,
            other.outcome,
            other.winner,
            other.time_called,
        )
        if same and self.council and other.council:
            return council_inputs(self.council) == council_inputs(other.council)
        if same and (self.games or other.games):
            return len(self.games) == len(other.games) and all(
                a.same_result(b) for a, b in zip(self.games, other.games, strict=True)
            )
        return same


def reported_result(
    table: Table,
    mps: Mapping[Any, Any] | Iterable[Mapping[str, Any]] | None,
    outcome: str | None,
    winner: Any,
    time_called: bool,
    council: Any = None,
    seated: Sequence[int] | None = None,
) -> ReportedResult:
    """A one-game report read against the table's seats (``seated``: the registrations in
    seat order, when the caller has read them)."""
    seat_ids = (
        list(table.seats.order_by("position").values_list("registration_id", flat=True))
        if seated is None
        else list(seated)
    )
    given: dict[int, Any] = {}
    if mps is None:
        mps = {}
    items: Iterable[tuple[Any, Any]] = (
        mps.items()
        if isinstance(mps, Mapping)
        else ((row.get("registration"), row.get("mps")) for row in mps)
    )
    for key, value in items:
        try:
            rid = int(key)
        except (TypeError, ValueError):
            raise ServiceError(
                _("'%(key)s' is not a registration id.") % {"key": key}, code="invalid"
            )
        if rid not in seat_ids:
            raise ServiceError(
                _("Registration %(rid)s has no seat at table %(table)s.")
                % {"rid": rid, "table": table.number},
                code="not_seated",
            )
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise ServiceError(
                _("The score of registration %(rid)s must be a whole number.") % {"rid": rid}
            )
        given[rid] = value
    win: int | None = None
    if winner not in (None, ""):
        try:
            win = int(winner)
        except (TypeError, ValueError):
            raise ServiceError(
                _("'%(winner)s' is not a registration id.") % {"winner": winner}, code="invalid"
            )
        if win not in seat_ids:
            raise ServiceError(
                _("The winner (registration %(win)s) has no seat at table %(table)s.")
                % {"win": win, "table": table.number},
                code="not_seated",
            )
    if outcome == EJECTION:
        _require_ejected_loser(table, win)
    counted = None
    if council is not None:
        counted = _counted_council(table, seat_ids, council)
        given = _council_mps(table, given, council_mps(counted))
    return ReportedResult(
        mps={rid: given.get(rid) for rid in seat_ids},
        outcome=outcome or "normal",
        winner=win,
        time_called=bool(time_called),
        council=counted,
    )


def _require_ejected_loser(table: Table, winner: int | None) -> None:
    """A game is decided by an ejection only when the one who lost it was ejected
    (tournaments.services.ejected_tables)."""
    if winner is None or (
        table.seats.exclude(registration_id=winner).filter(registration__ejected=False).exists()
    ):
        raise ServiceError(
            _("Only a game whose other player was ejected is decided by the ejection."),
            code="not_ejected",
        )


def _counted_council(table: Table, seat_ids: list[int], council: Any) -> dict[str, Any]:
    event = table.round.event
    if event.game != "metw" or event.multiplayer:
        raise ServiceError(
            _("Only a two-player METW game ends with the Free Council."),
            code="invalid_council",
            problems=[
                {"code": "council_game", "message": _("No Free Council in this game."),
                 "field": "council", "players": []}
            ],
        )  # fmt: skip
    rows = read_council(seat_ids, council)
    return count_council(rows, scoring_settings_for(event).half_cap)


def _council_mps(table: Table, given: dict[int, Any], counted: dict[int, int]) -> dict[int, Any]:
    """The council's totals are the MPs; typed MPs that say otherwise are a mistake."""
    for rid, value in given.items():
        if value is not None and value != counted.get(rid):
            raise ServiceError(
                _("The MPs entered (%(given)s) differ from the Free Council's count (%(count)s).")
                % {"given": value, "count": counted.get(rid)},
                code="council_mps_differ",
                problems=[
                    {"code": "council_mps_differ", "message": _("Differs from the count."),
                     "field": "mps", "players": [rid]}
                ],
            )  # fmt: skip
    return dict(counted)


def _engine_result(table: Table, reported: ReportedResult) -> GameResult:
    event = table.round.event
    return engine_input(
        game=event.game,
        multiplayer=event.multiplayer,
        round_number=table.round.number,
        seats=((str(rid), mps) for rid, mps in reported.mps.items()),
        outcome=reported.outcome,
        winner=str(reported.winner) if reported.winner is not None else None,
        time_called=reported.time_called,
    )


def _human_problems(table: Table, exc: InvalidResult) -> list[dict[str, Any]]:
    """The engine names players by id; people read their names (the engine's problems
    carry the ids as data, so no words are parsed)."""
    names = {
        str(s.registration_id): s.registration.player.display_name
        for s in table.seats.select_related("registration__player")
    }
    return [
        {
            "code": p.code,
            "message": problem_words(p, names),
            "field": p.field,
            "players": [int(pid) for pid in p.players if pid.isdigit()],
        }
        for p in exc.problems
    ]


def score_result(table: Table, reported: ReportedResult) -> GameScore:
    event = table.round.event
    try:
        return score_game(_engine_result(table, reported), scoring_settings_for(event))
    except InvalidResult as exc:
        problems = _human_problems(table, exc)
        raise ServiceError(
            " ".join(p["message"] for p in problems), code="invalid_result", problems=problems
        )


def write_result(
    table: Table,
    reported: ReportedResult,
    score: GameScore,
    seats: Iterable[Seat] | None = None,
    games_stored: bool = True,
) -> None:
    """Write the result on the table and its seats (``seats``: all of them, read already;
    ``games_stored``: False when the table is known to hold no games)."""
    table.outcome = reported.outcome
    table.winner_id = reported.winner
    table.time_called = reported.time_called
    table.band = score.band[:60]
    table.council = reported.council
    for seat in table.seats.all() if seats is None else seats:
        key = str(seat.registration_id)
        seat.mps = reported.mps.get(seat.registration_id)
        seat.points = score.points.get(key, 0)
        seat.outcome = score.outcome.get(key, "")
        seat.save(update_fields=["mps", "points", "outcome"])
    write_games(table, reported.games, games_stored)


def write_games(table: Table, games: tuple[MatchGame, ...], stored: bool = True) -> None:
    """A match's games replace the ones stored (none for a table of one game; ``stored``:
    False when the table is known to hold none)."""
    if stored:
        table.games.all().delete()
    TableGame.objects.bulk_create(
        TableGame(
            table=table, number=g.number, mps={str(k): v for k, v in g.mps.items()},
            points={str(k): v for k, v in (g.points or {}).items()}, outcome=g.outcome,
            winner_id=g.winner, won_by_id=g.won_by, decided_for_id=g.decided_for,
            time_called=g.time_called, council=g.council, band=g.band[:60],
            format_key=g.format_key, chosen_by_id=g.chosen_by,
        )
        for g in games
    )  # fmt: skip


def stored_result(table: Table) -> ReportedResult:
    return ReportedResult(
        mps={s.registration_id: s.mps for s in table.seats.order_by("position")},
        outcome=table.outcome,
        winner=table.winner_id,
        time_called=table.time_called,
        council=table.council,
        games=tuple(stored_game(g) for g in table.games.all()),
    )


def game_result_for_table(table: Table) -> GameResult:
    """The engine's input rebuilt from a stored table (player ids are str(registration_id))."""
    if table.is_bye:
        raise ServiceError(_("A bye is not a game: it has no game result."))
    return _engine_result(table, stored_result(table))
