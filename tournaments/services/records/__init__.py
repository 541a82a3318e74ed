"""Results read from the game servers' records (RULES.md §8: online events).

``read_table_record`` reads a GEMP replay or a meccg-online result token (given as text,
base64 of a file, or a link to one of the configured servers), checks that it is the
game of this table (its players, after the round was paired, not read for another
table), and gives the result it proves to the result flow as any report: a seated
player's reading is a report for his opponent to confirm; the staff's is entered. The
reading and, for a GEMP replay, how each deck differs from the registered list are kept
(``ServerRecord``); the deck differences go to the staff only.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from django.db import transaction

from audit import services as audit
from core.errors import NotAllowed
from core.types import AnyUser, signed_in
from tournaments import extensions
from tournaments.models import Registration, ServerRecord, Table
from tournaments.permissions import Capability, can, seat_registration
from tournaments.rules.records import (
    GEMP,
    SERVERS,
    GempReading,
    MeccgReading,
    RecordProblem,
    read_gemp,
    read_meccg,
    record_text,
)
from tournaments.services.base import lock_table, retry_on_conflict
from tournaments.services.records.fetch import allowed_hosts, fetch_record, refuse
from tournaments.services.records.match_games import format_key, plays_a_match, record_game
from tournaments.services.records.names import may_edit_server_names, set_server_names
from tournaments.services.records.reading import (
    Applied,
    apply_gemp,
    apply_meccg,
    check_unused,
)
from tournaments.services.results.flow import director_set_result, report_result
from tournaments.services.results.match import MatchSoFar
from tournaments.words.matches import match_progress_line
from tournaments.words.records import deck_difference_lines, reading_lines, unknown_format_line

__all__ = [
    "RecordRead",
    "allowed_hosts",
    "may_edit_server_names",
    "read_table_record",
    "record_lines",
    "set_server_names",
]


@dataclass(frozen=True)
class RecordRead:
    table: Table
    record: ServerRecord
    lines: list[str]  # what the record says, in words
    deck_lines: list[str] = field(default_factory=list)  # for the staff only
    # At a match of best of N: where the match stands after this game, in words.
    match: str = ""


def _text(server: str, record: str | bytes | None, url: str | None) -> str:
    if server not in SERVERS:
        raise refuse("record_server")
    if (not record) == (not url):
        raise refuse("record_one_source")
    raw = fetch_record(server, url) if url else record
    assert raw is not None
    try:
        return record_text(raw)
    except RecordProblem as problem:
        raise refuse(problem.code, **problem.params) from None


def _seated(table: Table) -> list[Registration]:
    return [
        seat.registration
        for seat in table.seats.select_related("registration__player").order_by("position")
    ]


def record_lines(user: AnyUser, record: ServerRecord) -> tuple[list[str], list[str]]:
    """The record's reading in words, and the deck differences when ``user`` may see
    deck lists (empty otherwise)."""
    regs = _seated(record.table)
    names = {r.pk: r.player.display_name for r in regs}
    lines = reading_lines(record.server, record.reading, names)
    event = record.table.round.event
    if not record.deck_differences or not can(user, event, Capability.SEE_DECK_LISTS):
        return lines, []
    ids = sorted({c for cards in record.deck_differences.values() if cards for c in cards})
    cards = extensions.card_names(event.game, ids)
    return lines, deck_difference_lines(record.deck_differences, names, cards)


def _reading(server: str, text: str) -> GempReading | MeccgReading:
    try:
        return read_gemp(text) if server == GEMP else read_meccg(text)
    except RecordProblem as problem:
        raise refuse(problem.code, **problem.params) from None


def _applied(
    table: Table, regs: list[Registration], reading: GempReading | MeccgReading
) -> Applied:
    if isinstance(reading, GempReading):
        return apply_gemp(table, regs, reading)
    return apply_meccg(table, regs, reading)


@retry_on_conflict
@transaction.atomic
def _apply(
    user: AnyUser, table_id: int, server: str, reading: GempReading | MeccgReading, digest: str
) -> tuple[ServerRecord, MatchSoFar | None]:
    table = lock_table(table_id)
    event = table.round.event
    seated = seat_registration(user, table) is not None
    if not seated and not can(user, event, Capability.ENTER_RESULT):
        raise NotAllowed(refuse("record_not_yours").message, code="record_not_yours")
    check_unused(table, digest)
    applied = _applied(table, _seated(table), reading)
    kept = applied.reading
    so_far = None
    if plays_a_match(table):
        record_format = reading.format if isinstance(reading, GempReading) else ""
        so_far = record_game(
            user, table, applied.report, digest, seated=seated, record_format=record_format
        )
        kept = {**kept, "game": so_far.number}
    elif seated:
        report_result(user, table, **applied.report)
    else:
        # Where the result came from is the audit entry below ("read a game server's
        # record"), put into words at the face; the note stays for the director's words.
        director_set_result(user, table, **applied.report)
    record = ServerRecord.objects.create(
        table=table,
        server=server,
        digest=digest,
        reading=kept,
        deck_differences=applied.deck_differences,
        read_by=signed_in(user),
    )
    audit.record(
        actor=user,
        obj=table,
        action="server_record_read",
        after={"server": server, "reading": kept, "decks": applied.deck_differences},
        event=event,
        note=f"round {table.round.number} table {table.number}",
    )
    return record, so_far


def read_table_record(
    user: AnyUser,
    table: Table | int,
    server: str,
    record: str | bytes | None = None,
    url: str | None = None,
) -> RecordRead:
    """Read ``record`` (or the record at ``url``) into ``table``'s result."""
    text = _text(server, record, url)  # the network and the parsing outside any lock
    reading = _reading(server, text)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    table_id = table.pk if isinstance(table, Table) else table
    stored, so_far = _apply(user, table_id, server, reading, digest)
    stored.table.refresh_from_db()  # the result flow saved its own copy of the table
    lines, deck_lines = record_lines(user, stored)
    match = ""
    if so_far is not None:
        names = {r.pk: r.player.display_name for r in _seated(stored.table)}
        match = match_progress_line(so_far, names)
        chosen = so_far.games[-1].chosen_by is not None
        if (
            chosen
            and isinstance(reading, GempReading)
            and not format_key(stored.table, reading.format)
        ):
            lines.append(unknown_format_line(reading.format))
    return RecordRead(
        table=stored.table, record=stored, lines=lines, deck_lines=deck_lines, match=match
    )
