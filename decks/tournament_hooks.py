"""The decks app's answers for the tournament pages, registered in tournaments'
extension registry (tournaments must not import decks: decks sits above it)."""

from __future__ import annotations

from typing import Any


def register() -> None:
    """Called from DecksConfig.ready()."""
    from decks.played import decks_at_matches, decks_at_tables
    from decks.services import (
        deck_status_for_event,
        event_decklists,
        format_choices,
        format_for_event,
        illegal_decklists,
    )
    from decks.transfer import export_decks, import_decks
    from decks.transfer_sync import merge_decks
    from tournaments.extensions import DeckHooks, register_deck_hooks

    register_deck_hooks(
        DeckHooks(
            format_choices=format_choices,
            deck_status_for_event=deck_status_for_event,
            illegal_decklists=illegal_decklists,
            format_name=lambda event: format_for_event(event).name,
            event_decklists=event_decklists,
            registered_cards=registered_cards,
            card_names=card_names,
            decks_at_tables=decks_at_tables,
            decks_at_matches=decks_at_matches,
            export_decks=export_decks,
            import_decks=import_decks,
            merge_decks=merge_decks,
        )
    )


def registered_cards(registration: Any, table: Any = None) -> dict[str, int] | None:
    """The registration's current deck list by card id and copies (the checked list's
    rows, ``DeckListVersion.parsed["cards"]``); at a table of an event of several lists,
    the one he plays there. None without a submitted list (or while the table does not
    say which of his lists he plays)."""
    from decks.models import DeckList
    from decks.played import deck_played

    slot = ""
    if table is not None and registration.event.decks_per_player != "one":
        deck = deck_played(table, registration)
        if not deck.known:
            return None
        slot = deck.slots[0]
    decklist = (
        DeckList.objects.filter(registration=registration, slot=slot)
        .select_related("current_version")
        .first()
    )
    version = decklist.current_version if decklist else None
    if version is None:
        return None
    counts: dict[str, int] = {}
    for row in version.parsed.get("cards", []):
        card, copies = row.get("id"), row.get("count")
        if isinstance(card, str) and card and isinstance(copies, int):
            counts[card] = counts.get(card, 0) + copies
    return counts


def card_names(game: str, ids: Any) -> dict[str, str]:
    """Card names by card id for one game system."""
    from decks.models import Card

    rows = Card.objects.filter(game=game, card_id__in=list(ids)).values_list("card_id", "name")
    return dict(rows)
