"""The decks played at a table, as the director and the players see them, and recording
which ones were played when the table alone does not say (RULES.md §8; the reading in
docs/decks-per-player.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from django.db import transaction
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict, ServiceError
from core.types import AnyUser
from tournaments import extensions
from tournaments.models import Event, PlayoffMatch, Seat, Table
from tournaments.permissions import Capability, can, require_seat
from tournaments.rules import deck_choice as dc
from tournaments.services.base import lock_event
from tournaments.services.standings.snapshot import mark_stale
from tournaments.words.decks_played import (
    match_reason_words,
    reason_words,
    seat_deck_words,
    slot_words,
)


@dataclass(frozen=True)
class DeckShown:
    """One seat's deck for a page or the API: its slot(s), in words, and why."""

    slots: tuple[str, ...]
    code: str
    words: str
    reason: str
    choices: tuple[tuple[str, str], ...]  # (slot, words) of each list still possible

    @property
    def known(self) -> bool:
        return len(self.slots) == 1

    @property
    def slot(self) -> str:
        return self.slots[0] if self.known else ""


def format_names(event: Event) -> dict[str, str]:
    return dict(extensions.format_choices(event.game))


def _shown(deck: dc.SeatDeck, names: dict[str, str]) -> DeckShown:
    return DeckShown(
        slots=deck.slots,
        code=deck.code,
        words=seat_deck_words(deck, names),
        reason=reason_words(deck.code),
        choices=tuple((s, slot_words(s, names)) for s in deck.slots),
    )


def decks_shown(event: Event, tables: Sequence[Table]) -> dict[tuple[int, int], DeckShown]:
    """Per (table id, registration id) the deck shown; empty for an event of one deck per
    player (its pages stay as they always were)."""
    if event.decks_per_player == dc.ONE_DECK or not tables:
        return {}
    names = format_names(event)
    return {key: _shown(deck, names) for key, deck in extensions.decks_at_tables(tables).items()}


def playoff_decks(
    event: Event, matches: Sequence[PlayoffMatch]
) -> dict[tuple[int, int], DeckShown]:
    """Per (match id, registration id) the deck each seat of a top-cut match plays, or
    the lists still possible, as the pairings show a table's (RULES.md §8, CoE: each
    round, the deck for the opponent's alignment). Only a General Opponent event: a
    match of an event of a list per format shows its format, and no deck is recorded
    for a top-cut match, so an undecided seat keeps both lists."""
    if event.decks_per_player != dc.GENERAL_OPPONENT:
        return {}
    met = [m for m in matches if m.high_id is not None and m.low_id is not None]
    pairs = [(int(m.high_id), int(m.low_id)) for m in met]  # type: ignore[arg-type]
    names = format_names(event)
    out: dict[tuple[int, int], DeckShown] = {}
    for m, (high, low), found in zip(met, pairs, extensions.decks_at_matches(pairs), strict=False):
        for reg, deck in ((high, found[0]), (low, found[1])):
            shown = _shown(deck, names)
            out[(m.pk, reg)] = replace(shown, reason=match_reason_words(deck.code))
    return out


def _check_slots(event: Event, seats: list[Seat], slots: Mapping[int, str]) -> dict[int, str]:
    if event.decks_per_player != dc.GENERAL_OPPONENT:
        raise Conflict(
            _("At this event the table itself says which deck each player plays."),
            code="decks_not_recorded",
        )
    seated = {s.registration_id for s in seats}
    clean: dict[int, str] = {}
    for reg_id, slot in slots.items():
        if reg_id not in seated:
            raise ServiceError(_("That player is not seated at this table."), code="not_seated")
        if slot not in (*dc.PAIR_SLOTS, ""):
            raise ServiceError(
                _("Choose the deck against hero opponents or the one against minion opponents."),
                code="bad_slot",
            )
        clean[reg_id] = slot
    return clean


@transaction.atomic
def record_decks_played(actor: AnyUser, table: Table, slots: Mapping[int, str]) -> Table:
    """Record which list each player played at ``table`` (registration id → slot; "" clears
    it). The staff for any table; a player for his own table."""
    event = lock_event(table.round.event)
    if not can(actor, event, Capability.ENTER_RESULT):
        require_seat(actor, table)
    seats = list(table.seats.select_for_update().order_by("position"))
    clean = _check_slots(event, seats, slots)
    before = [[s.registration_id, s.deck_slot] for s in seats]
    for seat in seats:
        if seat.registration_id in clean:
            seat.deck_slot = clean[seat.registration_id]
            seat.save(update_fields=["deck_slot"])
    mark_stale([event.pk])  # the pairings pages show the decks
    audit.record(
        actor=actor,
        obj=table,
        action="decks_played",
        before={"decks_played": before},
        after={"decks_played": [[s.registration_id, s.deck_slot] for s in seats]},
        event=event,
    )
    return table


T = TypeVar("T")


def with_decks_played(
    actor: AnyUser, table: Table, slots: Mapping[int, str], report: Callable[[], T]
) -> T:
    """A result report that carries the decks played: both in one transaction (a refused
    deck refuses the report, and the other way round)."""
    if not slots:
        return report()
    with transaction.atomic():
        record_decks_played(actor, table, slots)
        return report()
