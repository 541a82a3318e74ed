"""A server record's reading applied to one table: the names matched to the seats, the
checks that it is this table's game, and the result it gives as the result flow's input."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from tournaments import extensions
from tournaments.models import Registration, ServerRecord, Table
from tournaments.rules.records import GEMP, GempReading, MeccgReading, deck_differences
from tournaments.services.records.fetch import refuse

# Clocks differ a little between a game server and this one.
CLOCK_SKEW = timedelta(minutes=10)
GAME_OF_SERVER = {GEMP: "lotr-tcg", "meccg-online": "metw"}


@dataclass(frozen=True)
class Applied:
    """What the result flow is given, and what is kept with the record."""

    report: dict[str, Any]  # report_result / director_set_result keyword arguments
    reading: dict[str, Any]  # stored as ServerRecord.reading
    deck_differences: dict[str, Any]


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _server_name(reg: Registration, server: str) -> str:
    player = reg.player
    own = player.gemp_name if server == GEMP else player.meccg_name
    return own or player.display_name


def match_names(server: str, regs: Sequence[Registration], names: Sequence[str]) -> list[int]:
    """The registration id of each name on the record, or a refusal naming both sides."""
    by_key: dict[str, int] = {}
    for reg in regs:
        by_key.setdefault(_key(_server_name(reg, server)), reg.pk)
    found = [by_key.get(_key(n)) for n in names]
    if None in found or len(set(found)) != len(found):
        raise refuse(
            "record_players",
            names=", ".join(names),
            seated=", ".join(r.player.display_name for r in regs),
        )
    return [rid for rid in found if rid is not None]


def check_table(server: str, table: Table, regs: Sequence[Registration]) -> None:
    event = table.round.event
    if event.game != GAME_OF_SERVER[server]:
        raise refuse("record_wrong_game", server=server, game=GAME_OF_SERVER[server])
    if table.is_bye or len(regs) != 2:
        raise refuse("record_multiplayer")


def check_when(table: Table, ended: Any) -> None:
    """A game that ended before this round was paired is another round's game."""
    if ended is None:
        raise refuse("record_no_date")
    if ended < table.round.created_at - CLOCK_SKEW:
        raise refuse("record_before_round", round=table.round.number)


def check_unused(table: Table, digest: str) -> None:
    used = (
        ServerRecord.objects.filter(digest=digest)
        .exclude(table=table)
        .select_related("table__round")
        .first()
    )
    if used is not None:
        raise refuse("record_used", table=used.table.number, round=used.table.round.number)


def _deck_differences(
    reading: GempReading, regs: Sequence[Registration], rids: Sequence[int], table: Table
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    by_pk = {r.pk: r for r in regs}
    for name, rid in zip((reading.winner, reading.loser), rids, strict=True):
        deck = reading.deck_of(name)
        if deck is None:
            continue
        registered = extensions.registered_cards(by_pk[rid], table)
        out[str(rid)] = (
            None if registered is None else deck_differences(deck.counts(), Counter(registered))
        )
    return out


def apply_gemp(table: Table, regs: Sequence[Registration], reading: GempReading) -> Applied:
    check_table(GEMP, table, regs)
    rids = match_names(GEMP, regs, [reading.winner, reading.loser])
    check_when(table, reading.end)
    return Applied(
        report={"winner": rids[0], "outcome": reading.outcome},
        reading={
            "winner": rids[0],
            "loser": rids[1],
            "server_names": [reading.winner, reading.loser],
            "cause": reading.cause,
            "format": reading.format,
            "ended": reading.end.isoformat() if reading.end else None,
        },
        deck_differences=_deck_differences(reading, regs, rids, table),
    )


def apply_meccg(table: Table, regs: Sequence[Registration], reading: MeccgReading) -> Applied:
    server = "meccg-online"
    check_table(server, table, regs)
    if table.round.event.multiplayer:
        raise refuse("record_multiplayer")
    rids = match_names(server, regs, [side.name for side in reading.sides])
    check_when(table, reading.ended)
    for side in reading.sides:
        if side.others.get("malus", 0):
            raise refuse("record_malus", malus=side.others["malus"])
    seats = [
        {"registration": rid, **side.categories}
        for rid, side in zip(rids, reading.sides, strict=True)
    ]
    return Applied(
        report={"council": {"seats": seats}, "outcome": "normal"},
        reading={
            "seats": [
                {
                    "registration": rid,
                    "server_name": side.name,
                    "categories": side.categories,
                    "server_total": side.server_total,
                }
                for rid, side in zip(rids, reading.sides, strict=True)
            ],
            "checksums": list(reading.checksums),
            "ended": reading.ended.isoformat() if reading.ended else None,
        },
        deck_differences={},
    )


def seat_names(regs: Sequence[Registration]) -> Mapping[int, str]:
    return {r.pk: r.player.display_name for r in regs}
