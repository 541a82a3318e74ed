"""The decks app's answers for the tournament pages, registered in tournaments'
extension registry (tournaments must not import decks: decks sits above it)."""

from __future__ import annotations


def register() -> None:
    """Called from DecksConfig.ready()."""
    from decks.services import (
        deck_status_for_event,
        event_decklists,
        format_choices,
        format_for_event,
        illegal_decklists,
    )
    from tournaments.extensions import DeckHooks, register_deck_hooks

    register_deck_hooks(
        DeckHooks(
            format_choices=format_choices,
            deck_status_for_event=deck_status_for_event,
            illegal_decklists=illegal_decklists,
            format_name=lambda event: format_for_event(event).name,
            event_decklists=event_decklists,
        )
    )
