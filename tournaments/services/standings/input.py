"""Standings input: the confirmed games and the players the standings rank.

One builder of games (``build_standing_inputs``, over plain rows) serves the heats, the
update in place and the ratings' tournament winners in bulk; one event's whole standings
(``event_standings``) read the seats straight into the players' records instead
(seat_records.py: no game object a table), the same records the standings module makes
of the games.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import Count, Exists, OuterRef, Q

from core.gc_pause import gc_paused
from tournaments.models import Event, Registration, Round, Seat, Table
from tournaments.services.base import tiebreaks_for
from tournaments.services.standings.seat_records import counts_as_player, read_seat_records
from tournaments.standings import (
    StandingGame,
    StandingRow,
    compute_standings,
    rank_records,
)


class SeatRow(NamedTuple):
    event_id: int
    table_id: int
    round_id: int
    is_bye: bool
    registration_id: int
    points: int | None
    outcome: str


class TableFacts(NamedTuple):
    """What the seats do not carry: each round's number and the tables not confirmed."""

    round_numbers: dict[int, int]  # round id -> number
    unconfirmed: set[int]  # table ids


class RegistrationRow(NamedTuple):
    event_id: int
    registration_id: int
    player_id: int
    dropped: bool
    ejected: bool


@dataclass
class StandingInput:
    """What compute_standings takes for one event, plus each listed player's Player id."""

    players: list[tuple[int, int]] = field(default_factory=list)  # (registration, player)
    games: list[StandingGame] = field(default_factory=list)
    ejected: set[str] = field(default_factory=set)  # listed last, never win (RULES §3)

    @property
    def player_ids(self) -> list[str]:
        return [str(reg) for reg, _player in self.players]


def build_standing_inputs(
    seat_rows: Iterable[SeatRow | tuple[Any, ...]],
    registration_rows: Iterable[RegistrationRow],
    facts: TableFacts,
    through_round: int | None = None,
) -> dict[int, StandingInput]:
    """Per event: confirmed tables in round and table order, seats in position order
    (``seat_rows`` must come ordered by table id and position), and who counts.
    ``through_round``: only the results of rounds up to it ("after N rounds" counts
    exactly those rounds' results)."""
    registrations = sorted(registration_rows, key=lambda r: r.registration_id)
    # Only a player who dropped or was ejected needs to be seen at a table to count.
    out_ids = {r.registration_id for r in registrations if r.dropped or r.ejected}
    seated: set[int] = set()
    tables: dict[int, list[StandingGame]] = defaultdict(list)
    ids: dict[int, str] = {}  # one str per player, not one per seat (140,000 at 10,000 × 14)
    last_table, game = None, None
    # Positional unpacking: plain tuples from values_list or SeatRows, the same order.
    for event_id, table_id, round_id, is_bye, reg_id, points, outcome in seat_rows:
        if reg_id in out_ids:
            seated.add(reg_id)
        if table_id != last_table:  # seats of one table come together
            last_table, game = table_id, None
            number = facts.round_numbers[round_id]
            if table_id not in facts.unconfirmed and (
                through_round is None or number <= through_round
            ):
                game = StandingGame(round_number=number, points={}, outcome={}, is_bye=is_bye)
                tables[event_id].append(game)
        if game is None:
            continue
        pid = ids.get(reg_id)
        if pid is None:
            pid = ids[reg_id] = str(reg_id)
        game.points[pid] = points or 0
        game.outcome[pid] = outcome
    out: dict[int, StandingInput] = defaultdict(StandingInput)
    for reg in registrations:
        if counts_as_player(reg.dropped, reg.ejected, reg.registration_id in seated):
            out[reg.event_id].players.append((reg.registration_id, reg.player_id))
            if reg.ejected:
                out[reg.event_id].ejected.add(str(reg.registration_id))
    for event_id, games in tables.items():
        # Stable: within a round the tables stay in table order.
        out[event_id].games = sorted(games, key=_round_of)
    return dict(out)


_round_of = attrgetter("round_number")


def load_standing_inputs(
    through_round: int | None = None, **event_filter: Any
) -> dict[int, StandingInput]:
    """The standings input of every event matched by ``event_filter`` (Event lookups).
    The seats are read without joins (a round's number and a table's status come from
    two small queries): at 10,000 players × 14 rounds the joined, sorted read of 140,000
    seats cost the database twice as much."""
    prefixed = {f"event__{k}": v for k, v in event_filter.items()}
    facts = TableFacts(
        dict(Round.objects.filter(**prefixed).values_list("pk", "number")),
        set(
            Table.objects.filter(**{f"round__{k}": v for k, v in prefixed.items()})
            .exclude(status=Table.Status.CONFIRMED)
            .values_list("pk", flat=True)
        ),
    )
    seat_rows = (
        Seat.objects.filter(**prefixed)
        .order_by("table_id", "position")
        .values_list("event_id", "table_id", "round_id", "is_bye", "registration_id", "points",
                     "outcome")
        .iterator(chunk_size=20_000)
    )  # fmt: skip
    registration_rows = [
        RegistrationRow(*values)
        for values in Registration.objects.filter(**prefixed).values_list(
            "event_id", "pk", "player_id", "dropped", "ejected"
        )
    ]
    return build_standing_inputs(seat_rows, registration_rows, facts, through_round)


def closed_through(event: Event) -> int:
    """The last round N such that rounds 1..N are all closed."""
    return _through(event.rounds.order_by("number").values_list("number", "status"))


def _through(rounds: Iterable[tuple[int, str]]) -> int:
    n = 0
    for number, status in rounds:
        if number != n + 1 or status != Round.Status.CLOSED:
            break
        n = number
    return n


@dataclass(frozen=True)
class RoundProgress:
    """How far the event's rounds are, as a stored standings needs it."""

    closed: int  # rounds closed
    closed_through: int  # as closed_through
    confirmed_after: bool  # as confirmed_after(event, closed_through)


def round_progress(event: Event) -> RoundProgress:
    """closed_through, confirmed_after and the count of closed rounds in one query (plain
    SQL: it runs after every result, where the ORM's compilation costs more than it)."""
    rounds, tables = Round._meta.db_table, Table._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT r.number, r.status, EXISTS (SELECT 1 FROM {tables} t "
            f"WHERE t.round_id = r.id AND t.status = %s) FROM {rounds} r "
            "WHERE r.event_id = %s ORDER BY r.number",
            [Table.Status.CONFIRMED.value, event.pk],
        )
        found = cursor.fetchall()
    through = _through((number, status) for number, status, _confirmed in found)
    return RoundProgress(
        closed=sum(1 for _n, status, _c in found if status == Round.Status.CLOSED),
        closed_through=through,
        confirmed_after=any(confirmed for number, _s, confirmed in found if number > through),
    )


def confirmed_after(event: Event, closed: int) -> bool:
    """Whether a result of a round after ``closed`` is confirmed (a bye counts: it is
    confirmed when it is paired): then the standings after the closed rounds differ
    from those of every confirmed result."""
    return Table.objects.filter(
        round__event=event, round__number__gt=closed, status=Table.Status.CONFIRMED
    ).exists()


def standing_input(event: Event, through_round: int | None = None) -> StandingInput:
    return load_standing_inputs(through_round, pk=event.pk).get(event.pk) or StandingInput()


def standings_of(given: StandingInput, event: Event, *, consume: bool = False) -> list[StandingRow]:
    """The one call of the standings module for an event's input: ejected players last
    and never winners (RULES.md §3 Reading), every player sharing first a winner (§6).
    ``consume``: ``given.games`` is emptied as it is read, so each game is freed once
    counted (at 100,000 players the games are a fifth of the peak memory)."""
    games = _drained(given.games) if consume else given.games
    return compute_standings(given.player_ids, games, tiebreaks_for(event), given.ejected)


def _drained(games: list[StandingGame]) -> Iterator[StandingGame]:
    games.reverse()
    while games:
        yield games.pop()


def standing_games(event: Event) -> list[StandingGame]:
    """Every confirmed table of the event as the standings module takes it."""
    return standing_input(event).games


def standing_registrations(event: Event) -> list[Registration]:
    """Who is in the standings: everyone still in, and everyone who played a game."""
    ids = [reg for reg, _player in standing_input(event).players]
    return list(Registration.objects.filter(pk__in=ids).select_related("player").order_by("pk"))


def counted_player_counts(**event_filter: Any) -> dict[int, int]:
    """``counts_as_player`` over the database, per event matched by ``event_filter``: one
    COUNT query, so the event page and sanctioning need not read every seat to count."""
    prefixed = {f"event__{k}": v for k, v in event_filter.items()}
    seated = Exists(Seat.objects.filter(registration_id=OuterRef("pk")))
    rows = (
        Registration.objects.filter(**prefixed)
        .filter(Q(dropped=False, ejected=False) | Q(seated))
        .order_by()
        .values("event_id")
        .annotate(n=Count("pk"))
        .values_list("event_id", "n")
    )
    return dict(rows)


def counted_players(event: Event) -> int:
    """Players the rulebook's round table counts: everyone still in, plus everyone who
    played and then dropped (a drop after round 1 does not shorten the event)."""
    return counted_player_counts(pk=event.pk).get(event.pk, 0)


def event_standings(
    event: Event, through_round: int | None = None, *, registrations: bool = True
) -> list[StandingRow]:
    """Standings after the confirmed results (of rounds up to ``through_round`` when
    given); each row carries ``name`` for display and its explanation in words with
    names, and ``registration`` (the model object) unless ``registrations=False``: the
    stored snapshot needs only the names, read as plain values."""
    # Paused to the end: the rows and names built below stay alive with the standings.
    with gc_paused():
        built, listed = read_seat_records(event, through_round)
        rows = rank_records(built, tiebreaks_for(event), listed.ejected)
        del built  # the records, freed before the rows are named
        _name_rows(event, rows, listed.names, registrations)
    return rows


def _name_rows(
    event: Event, rows: list[StandingRow], names: dict[str, str], registrations: bool
) -> None:
    by_id: dict[str, Registration] = {}
    if registrations:
        listed = {row.player for row in rows}
        regs = Registration.objects.filter(event=event).select_related("player")
        by_id = {str(r.pk): r for r in regs if str(r.pk) in listed}
    for row in rows:
        if registrations:
            row.registration = by_id.get(row.player)  # type: ignore[attr-defined]
        row.name = names.get(row.player, row.player)  # type: ignore[attr-defined]
        row.names = names  # the explanation is put in words when (and if) it is read


def event_winners(**event_filter: Any) -> dict[int, list[int]]:
    """The winners (Player ids) of each event matched by ``event_filter``: every player
    sharing first place in its standings, never an ejected one (RULES.md §3, §6
    Readings), from the same input as ``event_standings``, in a few queries in all."""
    events = {e.pk: e for e in Event.objects.filter(**event_filter)}
    if not events:
        return {}
    inputs = load_standing_inputs(**event_filter)
    out: dict[int, list[int]] = {}
    for event_id, event in events.items():
        given = inputs.get(event_id) or StandingInput()
        player_of = {str(reg): player for reg, player in given.players}
        out[event_id] = [player_of[r.player] for r in standings_of(given, event) if r.winner]
    return out
