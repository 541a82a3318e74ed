"""Writing and replaying the rating ledger (000 Part VI §3 "Ratings", RULES.md §6).

One code path rates a round, whether live (``rate_closed_round``, when a round of
a sanctioned event closes) or in a replay (``replay_game``): both load tables and
seats the same way, score them with the rules engine and rate them with
``ratings.formula`` from the ratings held before the round. So the ledger written
live always equals a replay from scratch, which is what a correction triggers.

The timeline of a game system: closed rounds ordered by when they closed, and a
finished event's winner's bonus at the moment it finished (events that share an
instant are ordered by id, games before a bonus). Every ledger row stores its
``step`` in that timeline.

Concurrency: every writer takes a per-game-system lock (a PostgreSQL advisory
lock; SQLite serialises writers by itself), so a replay and a closing round never
interleave.
"""

from __future__ import annotations

import logging
import zlib
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from django.db import connection, transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.text import slugify

from core.errors import NotAllowed, NotFound, ServiceError
from ratings.formula import START_RATING, change_against, winner_bonus
from ratings.models import LedgerVersion, PlayerRating, RatingEntry, ReplayJob, Season
from rules_engine import GameResult, InvalidResult, ScoringSettings, score_game
from rules_engine import Seat as EngineSeat
from tournaments.models import Event, GameSystem, Registration, Round, Seat, Table

logger = logging.getLogger(__name__)

log = logging.getLogger(__name__)

BATCH = 5000
GAME_KIND, BONUS_KIND = 0, 1


# --------------------------------------------------------------------------- locking


def _lock_key(game: str) -> int:
    return zlib.crc32(f"ratings:{game}".encode()) & 0x7FFFFFFF


def _xact_lock(game: str) -> None:
    """Hold the game system's lock until the surrounding transaction ends."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_lock_key(game)])


class _SessionLock:
    """The same lock held across several transactions (a replay commits progress)."""

    def __init__(self, game: str):
        self.key = _lock_key(game)
        self.active = connection.vendor == "postgresql"

    def __enter__(self) -> _SessionLock:
        if self.active:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_lock(%s)", [self.key])
        return self

    def __exit__(self, *exc: object) -> None:
        if self.active:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [self.key])


# --------------------------------------------------------------------------- loading


@dataclass
class _EventInfo:
    id: int
    game: str
    multiplayer: bool
    settings: ScoringSettings
    event_date: date
    finished_at: datetime | None
    status: str
    settings_key: int = 0  # identifies equal settings cheaply in the score cache


@dataclass
class _TableData:
    id: int
    round_id: int
    outcome: str
    winner_id: int | None
    time_called: bool
    # (position, seat id, registration id, mps): sorted, that is the seating order.
    seats: list[tuple[int, int, int, int | None]] = field(default_factory=list)


def _settings_for(event: Event) -> ScoringSettings:
    from tournaments.services import scoring_settings_for

    return scoring_settings_for(event)


def _event_date(event: Event) -> date:
    return timezone.localdate(event.starts_at or event.created_at)


_SETTINGS_KEYS: dict[ScoringSettings, int] = {}


def _event_info(event: Event) -> _EventInfo:
    settings = _settings_for(event)
    return _EventInfo(
        id=event.pk,
        game=event.game,
        multiplayer=event.multiplayer,
        settings=settings,
        settings_key=_SETTINGS_KEYS.setdefault(settings, len(_SETTINGS_KEYS)),
        event_date=_event_date(event),
        finished_at=event.finished_at,
        status=event.status,
    )


def _load_tables(
    table_filter: dict[str, Any], seat_filter: dict[str, Any]
) -> dict[int, _TableData]:
    """Non-bye tables and their seats, as plain values (fast enough for a full replay)."""
    tables: dict[int, _TableData] = {}
    for row in (
        Table.objects.filter(is_bye=False, **table_filter)
        .order_by("round_id", "number", "id")
        .values_list("id", "round_id", "outcome", "winner_id", "time_called")
    ):
        tables[row[0]] = _TableData(row[0], row[1], row[2], row[3], row[4])
    for table_id, position, registration_id, mps, seat_id in Seat.objects.filter(
        table__is_bye=False, **seat_filter
    ).values_list("table_id", "position", "registration_id", "mps", "id"):
        table = tables.get(table_id)
        if table is not None:
            table.seats.append((position, seat_id, registration_id, mps))
    for table in tables.values():
        table.seats.sort()  # seating order, as the tournaments app reads it
    return tables


def _game_result(table: _TableData, info: _EventInfo, round_number: int) -> GameResult:
    # The same GameResult tournaments.services.game_result_for_table builds (a test
    # holds them equal): seats in position order, player ids str(registration id).
    seats = sorted(table.seats)
    return GameResult(
        game=info.game,
        seats=tuple(EngineSeat(str(s[2]), s[3]) for s in seats),
        round_number=round_number,
        multiplayer=info.multiplayer,
        outcome=table.outcome,
        winner=str(table.winner_id) if table.winner_id is not None else None,
        time_called=table.time_called,
    )


@dataclass(frozen=True)
class _Scored:
    """A scored table with players named by seat index (0, 1, ...)."""

    rated: tuple[tuple[int, tuple[int, ...], str, int], ...]  # (seat, opponents, result, points)
    points: tuple[int, ...]  # each seat's own tournament points


class _ScoreCache:
    """Scores tables through the rules engine, once per distinct result.

    Scoring depends on the MPs, the outcome and who (by seat) is the winner, never
    on who the players are, so a table is scored with its players renamed to their
    seat numbers and the answer reused for every table with the same result: a
    replay of 200,000 games scores a few thousand distinct ones.
    """

    def __init__(self) -> None:
        self.cache: dict[tuple[Any, ...], _Scored | InvalidResult] = {}

    def score(
        self, table: _TableData, info: _EventInfo, round_number: int
    ) -> tuple[list[int], _Scored]:
        seats = table.seats  # loaded in seating order
        regs = [s[2] for s in seats]
        if table.winner_id is None:
            winner = None
        elif table.winner_id in regs:
            winner = str(regs.index(table.winner_id))
        else:
            winner = "not-seated"  # the engine refuses a winner who is not at the table
        key = (
            info.game,
            tuple(s[3] for s in seats),
            table.outcome,
            winner,
            info.multiplayer,
            round_number,
            table.time_called,
            info.settings_key,
        )
        found = self.cache.get(key)
        if found is None:
            result = GameResult(
                game=info.game,
                seats=tuple(EngineSeat(str(i), s[3]) for i, s in enumerate(seats)),
                round_number=round_number,
                multiplayer=info.multiplayer,
                outcome=table.outcome,
                winner=winner,
                time_called=table.time_called,
            )
            try:
                score = score_game(result, info.settings)
                found = _Scored(
                    rated=tuple(
                        (int(r.player), tuple(int(o) for o in r.opponents), r.result, r.points)
                        for r in score.rated
                    ),
                    points=tuple(score.points.get(str(i), 0) for i in range(len(seats))),
                )
            except InvalidResult as exc:
                found = exc
            self.cache[key] = found
        if isinstance(found, InvalidResult):
            raise found
        return regs, found


@dataclass
class _Step:
    key: tuple[Any, ...]
    kind: int
    event_id: int
    at: datetime
    round_id: int | None = None
    round_number: int | None = None


def _round_step(
    round_id: int, event_id: int, number: int, closed_at: datetime | None, created_at: datetime
) -> _Step:
    at = closed_at or created_at
    return _Step((at, event_id, GAME_KIND, number), GAME_KIND, event_id, at, round_id, number)


def _bonus_step(event_id: int, at: datetime) -> _Step:
    return _Step((at, event_id, BONUS_KIND, 0), BONUS_KIND, event_id, at)


def _bonus_at(event: Event) -> datetime:
    # The same instant _timeline gives a finished event's bonus in a replay.
    if event.finished_at:
        return event.finished_at
    last = (
        Round.objects.filter(event=event, status=Round.Status.CLOSED)
        .values_list("closed_at", "created_at")
        .order_by("-closed_at")
    )
    instants = [closed or created for closed, created in last]
    return max(instants) if instants else event.created_at


def _row_key(row: dict[str, Any]) -> tuple[Any, ...]:
    kind = BONUS_KIND if row["kind"] == RatingEntry.Kind.BONUS else GAME_KIND
    return (row["at"], row["event_id"], kind, row["round_number"] or 0)


# --------------------------------------------------------------------------- rating


# A ledger row before it is written: a plain tuple in COLUMNS order (a full replay
# makes hundreds of thousands; model instances would cost more than the rating).
COLUMNS = (
    "game",
    "step",
    "at",
    "event_date",
    "player_id",
    "event_id",
    "round_number",
    "table_id",
    "kind",
    "before",
    "change",
    "after",
    "result",
    "points",
    "own_points",
    "opponent_rating",
    "opponents",
    "created_at",
)
C_PLAYER, C_EVENT, C_KIND, C_BEFORE, C_CHANGE, C_AFTER = 4, 5, 8, 9, 10, 11
Row = tuple[Any, ...]


class _Rater:
    """Rates steps on an in-memory ratings table, producing ledger rows."""

    def __init__(self, game: str, ratings: dict[int, int], reg_player: dict[int, int]):
        self.game = game
        self.ratings = ratings
        self.reg_player = reg_player
        self.rows: list[Row] = []
        self.games_in_event: dict[tuple[int, int], int] = defaultdict(int)
        self.skipped = 0
        self.now = timezone.now()
        self.scores = _ScoreCache()

    def rate_round(
        self, step: _Step, step_no: int, info: _EventInfo, tables: Iterable[_TableData]
    ) -> int:
        ratings = self.ratings
        reg_player = self.reg_player
        pending: list[Row] = []
        rated_tables = 0
        game, at, event_date, event_id, number, now = (
            self.game,
            step.at,
            info.event_date,
            info.id,
            step.round_number,
            self.now,
        )
        kind = RatingEntry.Kind.GAME.value
        for table in tables:
            try:
                regs, scored = self.scores.score(table, info, number or 1)
            except InvalidResult as exc:
                # A closed round should hold only valid results; one that does not is
                # left unrated (live and in every replay alike) and reported.
                self.skipped += 1
                log.warning("table %s not rated: %s", table.id, exc)
                continue
            if not scored.rated:
                continue
            players = [reg_player[reg] for reg in regs]
            start = [ratings.get(pid, START_RATING) for pid in players]
            rated_tables += 1
            for seat, opponents, result, points in scored.rated:
                before = start[seat]
                opp = [start[o] for o in opponents]
                change = change_against(before, opp, result, points)
                pending.append(
                    (
                        game,
                        step_no,
                        at,
                        event_date,
                        players[seat],
                        event_id,
                        number,
                        table.id,
                        kind,
                        before,
                        change,
                        before + change,
                        result,
                        points,
                        scored.points[seat],
                        round(sum(opp) / len(opp), 2),
                        [{"player": players[o], "rating": start[o]} for o in opponents],
                        now,
                    )
                )
        # All changes of the round were computed from the start; apply them now.
        games_in_event = self.games_in_event
        for row in pending:
            pid = row[C_PLAYER]
            ratings[pid] = row[C_AFTER]
            games_in_event[(event_id, pid)] += 1
        self.rows.extend(pending)
        return rated_tables

    def rate_bonus(
        self, step: _Step, step_no: int, info: _EventInfo, winner_player: int | None
    ) -> None:
        if winner_player is None:
            return
        games = self.games_in_event.get((info.id, winner_player), 0)
        bonus = winner_bonus(games)
        if bonus <= 0:
            return
        before = self.ratings.get(winner_player, START_RATING)
        self.ratings[winner_player] = before + bonus
        self.rows.append(
            (
                self.game,
                step_no,
                step.at,
                info.event_date,
                winner_player,
                info.id,
                None,
                None,
                RatingEntry.Kind.BONUS.value,
                before,
                bonus,
                before + bonus,
                "",
                games,
                0,
                None,
                [],
                self.now,
            )
        )


def _opponents_json(opponents: list[dict[str, int]]) -> str:
    # json.dumps per row is the slowest part of writing a large ledger; the shape is fixed.
    return (
        "["
        + ", ".join(f'{{"player": {o["player"]}, "rating": {o["rating"]}}}' for o in opponents)
        + "]"
    )


def _copy_value(value: Any) -> str:
    if value is None:
        return "\\N"
    return str(value)


def _insert_rows(rows: list[Row], progress: Callable[[int], None] | None = None) -> None:
    """Write ledger rows in bulk: COPY on PostgreSQL, executemany elsewhere."""
    table = RatingEntry._meta.db_table
    columns = ", ".join(connection.ops.quote_name(c) for c in COLUMNS)
    chunk = 20_000
    if connection.vendor == "postgresql":
        # COPY's text format: tab-separated, \N for NULL. No value here holds a tab,
        # newline or backslash (ints, dates, fixed keys, the JSON built above).
        text: dict[Any, str] = {}

        def cached(value: Any) -> str:
            out = text.get(value)
            if out is None:
                out = text[value] = value.isoformat()
            return out

        with connection.cursor() as cursor:
            raw = cursor.cursor
            for start in range(0, len(rows), chunk):
                lines = []
                for r in rows[start : start + chunk]:
                    lines.append(
                        "\t".join(
                            (
                                r[0],
                                str(r[1]),
                                cached(r[2]),
                                cached(r[3]),
                                str(r[4]),
                                str(r[5]),
                                _copy_value(r[6]),
                                _copy_value(r[7]),
                                r[8],
                                str(r[9]),
                                str(r[10]),
                                str(r[11]),
                                r[12],
                                str(r[13]),
                                str(r[14]),
                                _copy_value(r[15]),
                                _opponents_json(r[16]),
                                cached(r[17]),
                            )
                        )
                    )
                with raw.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                    copy.write("\n".join(lines) + "\n")
                if progress:
                    progress(min(start + chunk, len(rows)))
        return
    ops = connection.ops
    sql = f"INSERT INTO {table} ({columns}) VALUES ({', '.join(['%s'] * len(COLUMNS))})"
    adapted: dict[Any, Any] = {}

    def when(value: Any) -> Any:
        if value not in adapted:
            adapted[value] = ops.adapt_datetimefield_value(value)
        return adapted[value]

    with connection.cursor() as cursor:
        for start in range(0, len(rows), chunk):
            cursor.executemany(
                sql,
                [
                    (
                        r[0],
                        r[1],
                        when(r[2]),
                        ops.adapt_datefield_value(r[3]),
                        *r[4:16],
                        _opponents_json(r[16]),
                        when(r[17]),
                    )
                    for r in rows[start : start + chunk]
                ],
            )
            if progress:
                progress(min(start + chunk, len(rows)))


def _winners(event_filter: dict[str, Any]) -> dict[int, int | None]:
    """The tournament winner (a Player id) of each finished event matched by
    ``event_filter`` (lookups on Event): first in the final standings.

    Builds, in bulk, exactly what tournaments.services.event_standings gives
    compute_standings (a test holds the two equal): the confirmed tables in round
    and table order, and everyone still in plus everyone who sat at a table.
    """
    from tournaments.services import tiebreaks_for
    from tournaments.standings import StandingGame, compute_standings

    events = {e.pk: e for e in Event.objects.filter(**event_filter)}
    if not events:
        return {}
    prefixed = {f"event__{k}": v for k, v in event_filter.items()}
    seated: dict[int, set[int]] = defaultdict(set)
    tables: dict[int, dict[int, Any]] = defaultdict(dict)  # event -> table -> [number, bye, seats]
    for event_id, table_id, number, is_bye, status, reg, points, outcome in (
        Seat.objects.filter(**prefixed)
        .order_by("table_id", "position")
        .values_list(
            "event_id",
            "table_id",
            "round__number",
            "table__is_bye",
            "table__status",
            "registration_id",
            "points",
            "outcome",
        )
    ):
        seated[event_id].add(reg)
        if status != Table.Status.CONFIRMED:
            continue
        entry = tables[event_id].get(table_id)
        if entry is None:
            entry = tables[event_id][table_id] = [number, is_bye, {}, {}]
        entry[2][str(reg)] = points or 0
        entry[3][str(reg)] = outcome
    regs: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for event_id, reg, player_id, dropped, ejected in (
        Registration.objects.filter(**prefixed)
        .order_by("pk")
        .values_list("event_id", "pk", "player_id", "dropped", "ejected")
    ):
        if (not dropped and not ejected) or reg in seated[event_id]:
            regs[event_id].append((reg, player_id))
    out: dict[int, int | None] = {}
    for event_id, event in events.items():
        players = regs.get(event_id, [])
        by_table = tables.get(event_id, {})
        games = [
            StandingGame(round_number=v[0], points=v[2], outcome=v[3], is_bye=v[1])
            for _t, v in sorted(by_table.items(), key=lambda kv: (kv[1][0], kv[0]))
        ]
        rows = compute_standings([str(r) for r, _p in players], games, tiebreaks_for(event))
        player_of = {str(r): p for r, p in players}
        out[event_id] = player_of.get(rows[0].player) if rows else None
    return out


def _is_rated(event: Event) -> bool:
    return bool(event.sanctioned)


def bump_ledger_version(game: str) -> None:
    """Invalidate the cached league tables of ``game`` (and rebuild them after commit)."""
    from ratings.tasks import warm_league_cache

    if not LedgerVersion.objects.filter(game=game).update(version=F("version") + 1):
        LedgerVersion.objects.get_or_create(game=game, defaults={"version": 1})
    transaction.on_commit(lambda: warm_league_cache.delay(game))


def ledger_version(game: str) -> int:
    return LedgerVersion.objects.filter(game=game).values_list("version", flat=True).first() or 0


def _current_ratings(game: str, player_ids: Iterable[int]) -> dict[int, int]:
    return dict(
        PlayerRating.objects.filter(game=game, player_id__in=list(player_ids)).values_list(
            "player_id", "rating"
        )
    )


def _save_player_ratings(game: str, rows: list[Row]) -> None:
    """Fold new ledger rows into the PlayerRating cache (live path)."""
    latest: dict[int, Row] = {}
    counts: dict[int, int] = defaultdict(int)
    peaks: dict[int, int] = {}
    for row in rows:
        pid = row[C_PLAYER]
        latest[pid] = row
        if row[C_KIND] == RatingEntry.Kind.GAME:
            counts[pid] += 1
        peaks[pid] = max(peaks.get(pid, row[C_BEFORE]), row[C_BEFORE], row[C_AFTER])
    existing = {
        pr.player_id: pr
        for pr in PlayerRating.objects.select_for_update().filter(
            game=game, player_id__in=list(latest)
        )
    }
    now = timezone.now()
    objs = []
    for pid, row in latest.items():
        old = existing.get(pid)
        objs.append(
            PlayerRating(
                player_id=pid,
                game=game,
                rating=row[C_AFTER],
                peak=max(peaks[pid], old.peak if old else START_RATING),
                games=(old.games if old else 0) + counts[pid],
                updated_at=now,
            )
        )
    PlayerRating.objects.bulk_create(
        objs,
        update_conflicts=True,
        unique_fields=["player", "game"],
        update_fields=["rating", "peak", "games", "updated_at"],
    )


def _needs_replay(game: str, key: tuple[Any, ...]) -> tuple[bool, int]:
    """Whether the ledger already holds a later step than ``key`` (then appending would
    break the timeline and a replay is due), and the next step number."""
    last = (
        RatingEntry.objects.filter(game=game)
        .order_by("-step", "-id")
        .values("at", "event_id", "kind", "round_number", "step")
        .first()
    )
    if last is None:
        return False, 1
    return _row_key(last) > key, last["step"] + 1


def rate_closed_round(rnd: Round) -> int:
    """Rate every played table of a closed round of a sanctioned event (idempotent).
    Returns how many ledger rows were written."""
    event = rnd.event
    if not _is_rated(event) or rnd.status != Round.Status.CLOSED:
        return 0
    with transaction.atomic():
        _xact_lock(event.game)
        if RatingEntry.objects.filter(event=event, round_number=rnd.number, kind="game").exists():
            return 0  # already rated: a second signal changes nothing
        step = _round_step(rnd.pk, event.pk, rnd.number, rnd.closed_at, rnd.created_at)
        late, step_no = _needs_replay(event.game, step.key)
        if late:
            replay_game(event.game)
            return RatingEntry.objects.filter(event=event, round_number=rnd.number).count()
        tables = _load_tables({"round": rnd}, {"round": rnd})
        if not tables:
            return 0
        regs = {s[2] for t in tables.values() for s in t.seats}
        reg_player = dict(Registration.objects.filter(pk__in=regs).values_list("pk", "player_id"))
        rater = _Rater(event.game, _current_ratings(event.game, reg_player.values()), reg_player)
        rater.rate_round(step, step_no, _event_info(event), tables.values())
        _insert_rows(rater.rows)
        _save_player_ratings(event.game, rater.rows)
        bump_ledger_version(event.game)
        return len(rater.rows)


def rate_finished_event(event: Event) -> RatingEntry | None:
    """The tournament winner's bonus: one point per game he played (idempotent)."""
    if not _is_rated(event) or event.status != Event.Status.FINISHED:
        return None
    with transaction.atomic():
        _xact_lock(event.game)
        if RatingEntry.objects.filter(event=event, kind=RatingEntry.Kind.BONUS).exists():
            return None
        step = _bonus_step(event.pk, _bonus_at(event))
        late, step_no = _needs_replay(event.game, step.key)
        if late:
            replay_game(event.game)
            return RatingEntry.objects.filter(event=event, kind=RatingEntry.Kind.BONUS).first()
        winner = _winners({"pk": event.pk}).get(event.pk)
        if winner is None:
            return None
        rater = _Rater(event.game, _current_ratings(event.game, [winner]), {})
        rater.games_in_event[(event.pk, winner)] = RatingEntry.objects.filter(
            event=event, player_id=winner, kind=RatingEntry.Kind.GAME
        ).count()
        rater.rate_bonus(step, step_no, _event_info(event), winner)
        if not rater.rows:
            return None
        _insert_rows(rater.rows)
        _save_player_ratings(event.game, rater.rows)
        bump_ledger_version(event.game)
        return RatingEntry.objects.filter(event=event, kind=RatingEntry.Kind.BONUS).first()


# --------------------------------------------------------------------------- replay


Progress = Callable[[str, int, int], None]


def _timeline(game: str) -> tuple[dict[int, Event], list[_Step]]:
    events = {e.pk: e for e in Event.objects.filter(game=game, sanctioned=True).order_by("pk")}
    steps: list[_Step] = []
    last_at: dict[int, datetime] = {}
    for rid, event_id, number, closed_at, created_at in Round.objects.filter(
        event__game=game, event__sanctioned=True, status=Round.Status.CLOSED
    ).values_list("pk", "event_id", "number", "closed_at", "created_at"):
        step = _round_step(rid, event_id, number, closed_at, created_at)
        steps.append(step)
        last_at[event_id] = max(step.at, last_at.get(event_id, step.at))
    for event in events.values():
        if event.status == Event.Status.FINISHED:
            steps.append(
                _bonus_step(
                    event.pk, event.finished_at or last_at.get(event.pk) or event.created_at
                )
            )
    steps.sort(key=lambda s: s.key)
    return events, steps


def compute_ledger(game: str, progress: Progress | None = None) -> tuple[list[Row], int]:
    """The whole ledger of a game system replayed from scratch (nothing written).

    Returns the rows (tuples in COLUMNS order) and how many tables were left
    unrated as invalid.
    """
    report = progress or (lambda phase, done, total: None)
    report("loading results", 0, 0)
    events, steps = _timeline(game)
    infos = {pk: _event_info(e) for pk, e in events.items()}
    scope = {
        "round__event__game": game,
        "round__event__sanctioned": True,
        "round__status": Round.Status.CLOSED,
    }
    tables = _load_tables(
        scope,
        {"event__game": game, "event__sanctioned": True, "round__status": Round.Status.CLOSED},
    )
    by_round: dict[int, list[_TableData]] = defaultdict(list)
    for table in tables.values():
        by_round[table.round_id].append(table)
    reg_player = dict(
        Registration.objects.filter(event__game=game, event__sanctioned=True).values_list(
            "pk", "player_id"
        )
    )
    winners = _winners({"game": game, "sanctioned": True, "status": Event.Status.FINISHED})
    rater = _Rater(game, {}, reg_player)
    total = len(tables)
    done = 0
    report("rating games", 0, total)
    every = max(1, total // 50)
    next_report = every
    for step_no, step in enumerate(steps, start=1):
        info = infos[step.event_id]
        if step.kind == GAME_KIND:
            round_tables = by_round.get(step.round_id, [])  # type: ignore[arg-type]
            rater.rate_round(step, step_no, info, round_tables)
            done += len(round_tables)
            if done >= next_report:
                report("rating games", done, total)
                next_report = done + every
        else:
            rater.rate_bonus(step, step_no, info, winners.get(step.event_id))
    return rater.rows, rater.skipped


def _rebuild_player_ratings(game: str, rows: list[Row]) -> None:
    current: dict[int, list[int]] = {}
    for row in rows:
        pid, after = row[C_PLAYER], row[C_AFTER]
        state = current.get(pid)
        if state is None:
            state = current[pid] = [after, max(START_RATING, row[C_BEFORE]), 0]
        state[0] = after
        if after > state[1]:
            state[1] = after
        if row[C_KIND] == RatingEntry.Kind.GAME:
            state[2] += 1
    now = timezone.now()
    PlayerRating.objects.filter(game=game).delete()
    PlayerRating.objects.bulk_create(
        [
            PlayerRating(player_id=pid, game=game, rating=r, peak=p, games=g, updated_at=now)
            for pid, (r, p, g) in current.items()
        ],
        batch_size=BATCH,
    )


def _write_ledger(game: str, rows: list[Row], progress: Progress) -> None:
    RatingEntry.objects.filter(game=game).delete()
    total = len(rows)
    _insert_rows(rows, lambda done: progress("writing the ledger", done, total))
    _rebuild_player_ratings(game, rows)
    bump_ledger_version(game)


def replay_game(game: str, job: ReplayJob | None = None) -> int:
    """Recompute the whole ledger of a game system from the results; returns its row count.

    Idempotent: the result depends only on the stored results, so running it twice
    (or concurrently: the lock serialises them) gives the same ledger.
    """
    if game not in GameSystem.values:
        raise ServiceError(f"Unknown game system {game!r}.")

    def progress(phase: str, done: int, total: int) -> None:
        if job is None:
            return
        job.phase, job.done, job.total = phase, done, total
        job.save(update_fields=["phase", "done", "total"])

    with _SessionLock(game):
        if job is not None:
            job.status = ReplayJob.Status.RUNNING
            job.started_at = timezone.now()
            job.error = ""
            job.save(update_fields=["status", "started_at", "error"])
        rows, skipped = compute_ledger(game, progress)
        with transaction.atomic():
            _xact_lock(game)
            _write_ledger(game, rows, progress)
            if job is not None:
                job.status = ReplayJob.Status.DONE
                job.finished_at = timezone.now()
                job.phase = "done"
                job.done = job.total = len(rows)
                job.games_rated = sum(1 for r in rows if r[C_KIND] == RatingEntry.Kind.GAME)
                job.skipped = skipped
                job.save()
        if connection.vendor == "postgresql":
            # The table was rewritten: fresh statistics keep the league queries on
            # hash aggregates instead of plans made for an empty table.
            with connection.cursor() as cursor:
                cursor.execute(
                    f"ANALYZE {RatingEntry._meta.db_table}, {PlayerRating._meta.db_table}"
                )
    return len(rows)


def run_replay_job(job_id: int) -> ReplayJob:
    """What the Celery task does: run a queued job (a finished one is left alone)."""
    try:
        job = ReplayJob.objects.get(pk=job_id)
    except ReplayJob.DoesNotExist:
        raise NotFound(f"No replay job {job_id}.")
    if job.status == ReplayJob.Status.DONE:
        return job
    try:
        replay_game(job.game, job)
    except Exception as exc:
        ReplayJob.objects.filter(pk=job.pk).update(
            status=ReplayJob.Status.FAILED, error=str(exc)[:2000], finished_at=timezone.now()
        )
        raise
    return job


# --------------------------------------------------------------------------- requesting


def can_replay(user: Any, game: str) -> bool:
    """Staff, or a director of a sanctioned event of that game system."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    if user.is_staff:
        return True
    return Event.objects.filter(organizer=user, game=game, sanctioned=True).exists()


def enqueue_replay(
    game: str, *, reason: str, user: Any = None, event: Event | None = None
) -> ReplayJob:
    """Queue a replay (after the current transaction commits). A job still waiting
    for a worker already covers any change made before it starts, so it is reused."""
    from ratings.tasks import replay_ratings

    if game not in GameSystem.values:
        raise ServiceError(
            f"Unknown game system {game!r}; choose one of {', '.join(GameSystem.values)}."
        )
    with transaction.atomic():
        waiting = (
            ReplayJob.objects.select_for_update()
            .filter(game=game, status=ReplayJob.Status.QUEUED)
            .order_by("pk")
            .first()
        )
        if waiting is not None:
            # Send again: the first message may have been lost while the broker was
            # down, and a duplicate is harmless (replays are idempotent and serialised).
            job = waiting
        else:
            job = ReplayJob.objects.create(
                game=game,
                reason=reason[:300],
                event=event,
                requested_by=user if getattr(user, "is_authenticated", False) else None,
            )
        job_id = job.pk
        transaction.on_commit(lambda: _send_replay(replay_ratings, game, job_id))
    return job


def _send_replay(task: Any, game: str, job_id: int) -> None:
    """The change that asked for the replay is already committed; a broker that
    cannot be reached must not turn it into an error. The job stays QUEUED and
    the next request for a replay of this game sends it again."""
    try:
        task.delay(game, job_id)
    except Exception:
        logger.exception("could not send replay job %s of %s; it stays queued", job_id, game)


def request_replay(user: Any, game: str) -> ReplayJob:
    """A director's "replay ratings" button."""
    if game not in GameSystem.values:
        raise ServiceError(
            f"Unknown game system {game!r}; choose one of {', '.join(GameSystem.values)}."
        )
    if not can_replay(user, game):
        raise NotAllowed(
            "Only staff or a director of a sanctioned event of this game can replay its ratings."
        )
    running = ReplayJob.objects.filter(game=game, status=ReplayJob.Status.RUNNING).exists()
    reason = "requested by " + user.get_username()
    if running:
        reason += " (after the running replay)"
    return enqueue_replay(game, reason=reason, user=user)


def job_for(user: Any, job_id: int) -> ReplayJob:
    job = ReplayJob.objects.select_related("event", "requested_by").filter(pk=job_id).first()
    if job is None:
        raise NotFound(f"No replay job {job_id}.")
    allowed = can_replay(user, job.game) or (
        job.event is not None and getattr(user, "pk", None) == job.event.organizer_id
    )
    if not allowed:
        raise NotAllowed("Only staff or a director of this game system can see replay jobs.")
    return job


def latest_job(game: str) -> ReplayJob | None:
    return ReplayJob.objects.filter(game=game).order_by("-created_at", "-pk").first()


# --------------------------------------------------------------------------- signal receivers


def on_round_closed(sender: Any, round: Round, **kwargs: Any) -> None:
    rate_closed_round(round)


def on_event_finished(sender: Any, event: Event, **kwargs: Any) -> None:
    rate_finished_event(event)


def on_event_deleted(sender: Any, instance: Event, **kwargs: Any) -> None:
    # Its ledger rows went with it (cascade): cached league tables must go too.
    bump_ledger_version(instance.game)


def on_closed_result_changed(sender: Any, table: Table, **kwargs: Any) -> None:
    event = table.round.event
    if not _is_rated(event):
        return
    enqueue_replay(
        event.game,
        reason=f"result of {event.name} round {table.round.number} table {table.number} corrected",
        event=event,
    )


def ledger_snapshot(game: str) -> list[tuple[Any, ...]]:
    """The ledger's content without ids or timestamps of writing, for comparisons."""
    return list(
        RatingEntry.objects.filter(game=game)
        .order_by("step", "player_id", "kind", "table_id")
        .values_list(
            "step",
            "player_id",
            "event_id",
            "round_number",
            "table_id",
            "kind",
            "before",
            "change",
            "after",
            "result",
            "points",
            "own_points",
        )
    )


def last_step(game: str) -> int:
    return RatingEntry.objects.filter(game=game).aggregate(m=Max("step"))["m"] or 0


@transaction.atomic
def create_season(
    user: Any, *, name: str, game: str, starts_on: date, ends_on: date, description: str = ""
) -> Season:
    """Leagues span many directors' events, so only staff open a season."""
    if not getattr(user, "is_staff", False):
        raise NotAllowed("Only staff can create a season.")
    if ends_on < starts_on:
        raise ServiceError("A season must end on or after its start.")
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
