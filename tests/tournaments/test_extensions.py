"""tournaments.extensions: the decks app registers its answers for the tournament pages
(tournaments never imports decks); without it, or when it fails, the pages still load."""

from __future__ import annotations

import pytest

from tournaments import extensions
from tournaments.views.forms import EventForm, format_choice_groups


@pytest.fixture
def hooks():
    saved = extensions.deck_hooks()
    yield
    extensions._deck_hooks = saved


def test_without_a_deck_app_there_is_nothing_to_show(hooks):
    extensions._deck_hooks = None
    assert extensions.format_choices("metw") == []
    assert extensions.deck_status(object()) == {}
    assert extensions.illegal_decklists(object()) == []
    assert format_choice_groups() == []


def test_registered_formats_become_the_forms_choices(hooks):
    extensions.register_deck_hooks(
        extensions.DeckHooks(
            format_choices=lambda game: [("std", "Standard")] if game == "metw" else [],
            deck_status_for_event=lambda event: {1: "submitted"},
            illegal_decklists=lambda event: [],
            format_name=lambda event: "Standard",
            event_decklists=lambda user, event: [],
        )
    )
    groups = format_choice_groups()
    assert groups[1] == ("Middle-earth: The Wizards", [("metw:std", "Standard")])
    assert EventForm().fields["format_key"].choices[1][1] == [("metw:std", "Standard")]
    assert extensions.deck_status(object()) == {1: "submitted"}


def test_a_failing_deck_app_gives_empty_answers(hooks):
    class Registration:
        def __init__(self, ejected: bool):
            self.ejected = ejected

    def broken(*_args):
        raise RuntimeError("format table broken")

    extensions.register_deck_hooks(
        extensions.DeckHooks(
            format_choices=broken,
            deck_status_for_event=broken,
            illegal_decklists=lambda event: [Registration(True), Registration(False)],
            format_name=broken,
            event_decklists=lambda user, event: [],
        )
    )
    assert extensions.format_name(None) == ""
    assert extensions.format_choices("lore") == []
    assert extensions.deck_status(object()) == {}
    assert [r.ejected for r in extensions.illegal_decklists(object())] == [False]
