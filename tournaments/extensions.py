"""What apps above tournaments add to its pages, registered from their ``ready()``.

The decks app sits above tournaments (it reads events and registrations), so
tournaments must not import it; instead decks registers its functions here
(``decks/tournament_hooks.py``) and the tournament pages ask through the helpers
below, which answer "nothing" when no deck app is installed or its answer fails:
deck information must never stop an event's pages from loading.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.types import AnyUser
    from tournaments.models import Event, Registration, Table
    from tournaments.rules.deck_choice import SeatDeck

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class DeckHooks:
    """The deck app's answers for the tournament pages."""

    # (key, label) of every deck construction format of a game system
    format_choices: Callable[[str], Sequence[tuple[str, str]]]
    # per registration id: the deck list's status, shown on the dashboard
    deck_status_for_event: Callable[[Event], dict[int, Any]]
    # registrations whose current deck list is illegal
    illegal_decklists: Callable[[Event], Sequence[Registration]]
    # the event's deck construction format, by its name
    format_name: Callable[[Event], str]
    # the event's deck lists as a given user may see them (rows with .registration, .version)
    event_decklists: Callable[[Any, Event], Sequence[Any]]
    # the registration's current deck list as {card id: copies} (at a table: the list he
    # plays there); None without a list
    registered_cards: Callable[[Registration, Table | None], dict[str, int] | None] | None = None
    # card names by card id, for a game system's ids
    card_names: Callable[[str, Sequence[str]], dict[str, str]] | None = None
    # per (table id, registration id): the lists each seat may be playing
    # (tournaments.rules.deck_choice.SeatDeck), for tables of one event
    decks_at_tables: Callable[[Sequence[Table]], dict[tuple[int, int], SeatDeck]] | None = None
    # for each (registration id, registration id) meeting in a top-cut match of a General
    # Opponent event: the lists each may play there
    decks_at_matches: (
        Callable[[Sequence[tuple[int, int]]], Sequence[tuple[SeatDeck, SeatDeck]]] | None
    ) = None
    # the event's lists and the decks recorded at its tables, for the export; and back
    export_decks: Callable[[Event], dict[str, Any]] | None = None
    import_decks: Callable[[Event, dict[str, Any], dict[int, Registration]], None] | None = None
    # an event this site has already, updated from its export: the lists merged (the
    # last argument: the update's SyncReport, told what was added or kept)
    merge_decks: Callable[[Event, dict[str, Any], dict[int, Registration], Any], None] | None = None


_deck_hooks: DeckHooks | None = None


def register_deck_hooks(hooks: DeckHooks) -> None:
    global _deck_hooks
    _deck_hooks = hooks


def deck_hooks() -> DeckHooks | None:
    return _deck_hooks


def format_choices(game: str) -> list[tuple[str, str]]:
    """The formats of ``game``; none when there is no deck app or its table is broken."""
    if _deck_hooks is None:
        return []
    try:
        return list(_deck_hooks.format_choices(game))
    except Exception:  # a broken format table must not break the event form
        log.exception("format choices of %s failed", game)
        return []


def deck_status(event: Event) -> dict[int, Any]:
    """Per registration id, its deck list's status; empty without a deck app."""
    if _deck_hooks is None:
        return {}
    try:
        return _deck_hooks.deck_status_for_event(event)
    except Exception:  # deck status is information; the dashboard must still load
        log.exception("deck status of event %s failed", getattr(event, "pk", None))
        return {}


def illegal_decklists(event: Event) -> list[Registration]:
    """Players still in whose current deck list breaks the construction rules (an illegal
    deck counts as cheating, 000 Part VI §3); empty without a deck app."""
    if _deck_hooks is None:
        return []
    try:
        return [r for r in _deck_hooks.illegal_decklists(event) if not r.ejected]
    except Exception:  # deck checks are information; the dashboard must still load
        log.exception("deck checks of event %s failed", getattr(event, "pk", None))
        return []


def format_name(event: Event) -> str:
    """The event's format by its name (never its key); empty without a deck app or format."""
    if _deck_hooks is None:
        return ""
    try:
        return _deck_hooks.format_name(event)
    except Exception:  # an unknown or removed format: show nothing rather than a key
        return ""


def event_decklists(user: AnyUser, event: Event) -> list[Any]:
    """The deck lists of ``event`` that ``user`` may see; none without a deck app."""
    if _deck_hooks is None:
        return []
    return list(_deck_hooks.event_decklists(user, event))


def registered_cards(
    registration: Registration, table: Table | None = None
) -> dict[str, int] | None:
    """The cards of ``registration``'s current deck list by card id (``"1_290"``), to
    compare with the deck a game server recorded at ``table`` (the list he plays there,
    when he registered several); None when there is no list or no deck app."""
    if _deck_hooks is None or _deck_hooks.registered_cards is None:
        return None
    try:
        return _deck_hooks.registered_cards(registration, table)
    except Exception:  # a deck comparison is information; a result must still be read
        log.exception("deck list of registration %s failed", getattr(registration, "pk", None))
        return None


def card_names(game: str, ids: Sequence[str]) -> dict[str, str]:
    """The names of the cards ``ids`` of ``game``; those unknown (or without a deck
    app) are left out."""
    if _deck_hooks is None or _deck_hooks.card_names is None or not ids:
        return {}
    try:
        return dict(_deck_hooks.card_names(game, ids))
    except Exception:  # names are information: the ids' own numbers are shown instead
        log.exception("card names of %s failed", game)
        return {}


# The ratings app's current ratings of players of a game: {player id: rating}. Drawing
# heats by rating asks here (tournaments must not import ratings, which sits above it).
_rating_source: Callable[[str, Sequence[int]], dict[int, int]] | None = None


def register_rating_source(source: Callable[[str, Sequence[int]], dict[int, int]]) -> None:
    global _rating_source
    _rating_source = source


def player_ratings(game: str, player_ids: Sequence[int]) -> dict[int, int]:
    """The players' current ratings; none without a ratings app (everyone unrated)."""
    if _rating_source is None:
        return {}
    try:
        return dict(_rating_source(game, player_ids))
    except Exception:  # a broken ledger must not stop a draw: everyone is then unrated
        log.exception("ratings of %s failed", game)
        return {}


def decks_at_tables(tables: Sequence[Table]) -> dict[tuple[int, int], SeatDeck]:
    """Per (table id, registration id), the lists each player may be playing there;
    empty without a deck app (or when its answer fails: pairings must still show)."""
    if _deck_hooks is None or _deck_hooks.decks_at_tables is None or not tables:
        return {}
    try:
        return dict(_deck_hooks.decks_at_tables(tables))
    except Exception:  # decks shown are information; the pairings must still load
        log.exception("decks at tables failed")
        return {}


def decks_at_matches(pairs: Sequence[tuple[int, int]]) -> list[tuple[SeatDeck, SeatDeck]]:
    """For each pair of registrations meeting in a top-cut match, the lists each may play;
    empty without a deck app (or when its answer fails: the bracket must still show)."""
    if _deck_hooks is None or _deck_hooks.decks_at_matches is None or not pairs:
        return []
    try:
        return list(_deck_hooks.decks_at_matches(pairs))
    except Exception:  # decks shown are information; the bracket must still load
        log.exception("decks at matches failed")
        return []


def export_decks(event: Event) -> dict[str, Any]:
    """The export document's deck part ({} without a deck app)."""
    if _deck_hooks is None or _deck_hooks.export_decks is None:
        return {}
    return _deck_hooks.export_decks(event)


def import_decks(event: Event, document: dict[str, Any], reg_map: dict[int, Registration]) -> None:
    """Bring the document's deck part back, inside the import's transaction."""
    if _deck_hooks is not None and _deck_hooks.import_decks is not None:
        _deck_hooks.import_decks(event, document, reg_map)


def merge_decks(
    event: Event, document: dict[str, Any], reg_map: dict[int, Registration], report: Any
) -> None:
    """Merge the document's deck part into an event this site has, inside the update's
    transaction (nothing without a deck app)."""
    if _deck_hooks is not None and _deck_hooks.merge_decks is not None:
        _deck_hooks.merge_decks(event, document, reg_map, report)
