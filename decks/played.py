"""Which of his lists each player plays at a table (RULES.md §8), read from the lists he
registered: by the round's format, or by his opponent's alignment (the General
Opponent pair), through the pure rule tournaments.rules.deck_choice.

A player's alignment is the player type of the list he plays. When the table alone does
not say (no pair, or two pairs of lists, fit both players: a reading, see
docs/decks-per-player.md), the decks recorded with the result decide; until then
every list he may play is shown."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from decks.models import DeckList
from tournaments.models import Event, Registration, Seat, Table
from tournaments.rules import deck_choice as dc
from tournaments.services.round_formats import round_format


def _pairs(registration_ids: Sequence[int]) -> dict[int, dc.Pair | None]:
    """Each player's General Opponent pair; None while a list of it is missing or its
    player type unknown."""
    lists: dict[int, dict[str, DeckList]] = defaultdict(dict)
    rows = DeckList.objects.filter(
        registration_id__in=registration_ids, slot__in=dc.PAIR_SLOTS
    ).select_related("current_version")
    for row in rows:
        if row.current_version is not None and row.current_version.player_type:
            lists[row.registration_id][row.slot] = row
    out: dict[int, dc.Pair | None] = {}
    for reg_id in registration_ids:
        mine = lists.get(reg_id, {})
        if set(mine) != set(dc.PAIR_SLOTS):
            out[reg_id] = None
            continue
        hero, minion = mine[dc.VS_HERO], mine[dc.VS_MINION]
        faces = dc.VS_HERO if hero.faces_fallen_wizards else ""
        faces = dc.VS_MINION if minion.faces_fallen_wizards else faces
        out[reg_id] = dc.Pair(
            hero.current_version.player_type,  # type: ignore[union-attr]
            minion.current_version.player_type,  # type: ignore[union-attr]
            faces,
        )
    return out


def _general_opponent(
    seats: list[Seat], pairs: dict[int, dc.Pair | None]
) -> dict[int, dc.SeatDeck]:
    if len(seats) != 2:  # the CoE's championship has only two-player games
        recorded = {s.registration_id: s.deck_slot for s in seats}
        return {
            r: dc.SeatDeck((slot,), dc.RECORDED) if slot in dc.PAIR_SLOTS
            else dc.SeatDeck(dc.PAIR_SLOTS, dc.NO_WAY)
            for r, slot in recorded.items()
        }  # fmt: skip
    a, b = seats
    deck_a, deck_b = dc.general_opponent_table(
        pairs.get(a.registration_id), pairs.get(b.registration_id), (a.deck_slot, b.deck_slot)
    )
    return {a.registration_id: deck_a, b.registration_id: deck_b}


def decks_at_tables(tables: Sequence[Table]) -> dict[tuple[int, int], dc.SeatDeck]:
    """Per (table id, registration id): the lists the player may be playing there (one
    when the table says which), for tables of one event."""
    if not tables:
        return {}
    event: Event = tables[0].round.event
    mode = event.decks_per_player
    seats_of: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(table__in=tables).order_by("table_id", "position"):
        seats_of[seat.table_id].append(seat)
    pairs: dict[int, dc.Pair | None] = {}
    if mode == dc.GENERAL_OPPONENT:
        pairs = _pairs([s.registration_id for seats in seats_of.values() for s in seats])
    formats: dict[int, str] = {}
    out: dict[tuple[int, int], dc.SeatDeck] = {}
    for table in tables:
        seats = seats_of.get(table.pk, [])
        if table.is_bye:
            chosen = {s.registration_id: dc.SeatDeck((), dc.BYE) for s in seats}
        elif mode == dc.GENERAL_OPPONENT:
            chosen = _general_opponent(seats, pairs)
        elif mode == dc.PER_FORMAT:
            number = table.round.number
            if number not in formats:
                formats[number] = round_format(event, number)
            chosen = {s.registration_id: dc.SeatDeck((formats[number],), dc.BY_FORMAT)
                      for s in seats}  # fmt: skip
        else:
            chosen = {s.registration_id: dc.SeatDeck(("",), dc.SINGLE) for s in seats}
        out.update({(table.pk, reg): deck for reg, deck in chosen.items()})
    return out


def deck_played(table: Table, registration: Registration) -> dc.SeatDeck:
    """The list(s) ``registration`` may be playing at ``table`` (one when known)."""
    return decks_at_tables([table]).get((table.pk, registration.pk), dc.SeatDeck((), dc.NO_WAY))


def decks_at_matches(pairs: Sequence[tuple[int, int]]) -> list[tuple[dc.SeatDeck, dc.SeatDeck]]:
    """For each two registrations that meet (a top-cut match of a General Opponent event,
    which records no deck): the lists each may play, as a table of theirs would show them
    before a deck is recorded."""
    found = _pairs(list(dict.fromkeys(r for pair in pairs for r in pair)))
    return [dc.general_opponent_table(found.get(a), found.get(b)) for a, b in pairs]
