"""Rounds and results of an export merged into the event this site already has.

A round is found by its number, a table by its number in the round. A round the site
lacks is added whole. A round both have must have been paired alike (the same players
at the same tables); otherwise the site's pairing is kept and the difference reported.
A result the site lacks is taken from the file; of two differing results the newer is
kept (the time it was last reported or confirmed) and the difference reported, so that
a correction made on either side is never silently undone by the other.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone

from tournaments.models import Event, Registration, Round, Seat, Table
from tournaments.services.queries import round_tables
from tournaments.services.transfer.matches import create_table_games
from tournaments.services.transfer.report import SyncReport
from tournaments.services.transfer.rows import (
    choice,
    create_round,
    parse_time,
    registration_of,
    require,
    seat_result,
    table_result,
)

ROUND_ORDER = {Round.Status.PAIRED: 0, Round.Status.RUNNING: 1, Round.Status.CLOSED: 2}


def _seating(rows: list[Any], reg_map: dict[int, Registration], where: str) -> dict[int, tuple]:
    return {
        require(t, "number", int, "table."): tuple(
            registration_of(reg_map, s.get("registration"), where).pk for s in t.get("seats") or []
        )
        for t in rows
    }


def _outcome_of(table: Table, seats: list[Seat]) -> tuple:
    """What a result says, apart from its status and times."""
    return (
        table.outcome,
        table.winner_id,
        table.time_called,
        table.band,
        table.council,
        tuple((s.registration_id, s.mps, s.points, s.outcome) for s in seats),
    )


def _changed_at(table: Table) -> datetime | None:
    times = [t for t in (table.reported_at, table.confirmed_at) if t is not None]
    return max(times) if times else None


def _apply(
    table: Table, seats: list[Seat], result: dict[str, Any], row: dict[str, Any], reg_map: Any
) -> None:
    rows = row.get("seats") or []
    for name, value in result.items():
        setattr(table, name, value)
    table.version += 1
    table.save()
    where = f"round {table.round.number} table {table.number}"
    for seat, seat_row in zip(seats, rows, strict=True):
        for name, value in seat_result(seat_row, where).items():
            setattr(seat, name, value)
    Seat.objects.bulk_update(seats, ["mps", "points", "outcome"])
    table.games.all().delete()  # a match of best of N: the file's games replace ours
    create_table_games(table, row, reg_map)


def _merge_table(
    table: Table, row: dict[str, Any], reg_map: dict[int, Registration], report: SyncReport
) -> None:
    number = table.round.number
    where = f"round {number} table {table.number}"
    result = table_result(row, reg_map, where)
    if result["status"] == Table.Status.PENDING:
        if table.status != Table.Status.PENDING:
            report.kept_extra = True
        return
    seats = sorted(table.seats.all(), key=lambda s: s.position)
    rows = row.get("seats") or []
    before = _outcome_of(table, seats)
    winner = result["winner"]
    after = (
        result["outcome"],
        winner.pk if winner else None,
        result["time_called"],
        result["band"],
        result["council"],
        tuple(
            (s.registration_id, *seat_result(r, where).values())
            for s, r in zip(seats, rows, strict=True)
        ),
    )
    mine_at, file_at = _changed_at(table), result["reported_at"]
    file_newer = file_at is not None and (mine_at is None or file_at > mine_at)
    if table.status == Table.Status.PENDING or (before == after and file_newer):
        _apply(table, seats, result, row, reg_map)
        report.add("results")
    elif before != after:
        if file_newer:
            _apply(table, seats, result, row, reg_map)
            report.conflict("result_replaced", round=number, table=table.number)
        else:
            report.conflict("result_kept", round=number, table=table.number)


def _advance(server: Round, rnd: dict[str, Any]) -> None:
    status = choice(rnd.get("status"), Round.Status, Round.Status.PAIRED, "round status")
    if ROUND_ORDER[Round.Status(status)] <= ROUND_ORDER[Round.Status(server.status)]:
        return
    server.status = status
    server.started_at = server.started_at or parse_time(rnd.get("started_at"), "round")
    if status == Round.Status.CLOSED:
        server.closed_at = parse_time(rnd.get("closed_at"), "round.closed_at") or timezone.now()
    server.save(update_fields=["status", "started_at", "closed_at"])


def merge_rounds(
    event: Event, rounds: list[Any], reg_map: dict[int, Registration], report: SyncReport
) -> None:
    held = {r.number: r for r in event.rounds.all()}
    numbers = set()
    for rnd in sorted(rounds, key=lambda r: r.get("number", 0) if isinstance(r, dict) else 0):
        number = require(rnd, "number", int, "round.")
        numbers.add(number)
        rows = sorted(rnd.get("tables") or [], key=lambda t: t.get("number", 0))
        server = held.get(number)
        if server is None:
            closed = rnd.get("status") == Round.Status.CLOSED
            closed_at = parse_time(rnd.get("closed_at"), "round.closed_at")
            create_round(event, rnd, number, closed_at or (timezone.now() if closed else None),
                         reg_map)  # fmt: skip
            report.add("rounds")
            continue
        tables = {t.number: t for t in round_tables(server)}
        mine = {n: tuple(s.registration_id for s in sorted(t.seats.all(), key=lambda s: s.position))
                for n, t in tables.items()}  # fmt: skip
        if mine != _seating(rows, reg_map, f"round {number}"):
            report.conflict("pairings_differ", round=number)
            continue
        for row in rows:
            _merge_table(tables[row["number"]], row, reg_map, report)
        _advance(server, rnd)
    if any(n not in numbers for n in held):
        report.kept_extra = True
