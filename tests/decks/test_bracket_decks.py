"""The deck each seat plays in a top-cut match of a General Opponent event (RULES.md §8,
CoE: each round, a player uses the deck for his opponent's alignment), shown on the
bracket as the pairings show a table's: the one list, or the lists still possible."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.decks.test_decks_per_player import reg, submit_list
from tournaments.models import PlayoffMatch

pytestmark = pytest.mark.django_db


def _final(event) -> PlayoffMatch:
    event.status = "running"
    event.save()
    return PlayoffMatch.objects.create(
        event=event, stage=1, slot=1, high=reg(event, "alice"), low=reg(event, "bob"),
        high_seed=1, low_seed=2,
    )  # fmt: skip


def _card(event, match) -> str:
    page = Client().get(f"/events/{event.slug}/bracket/").content.decode()
    return page.split(f'id="match-{match.pk}"')[1].split("</article>")[0]


def _seat_of(card: str, name: str) -> str:
    return card.split(name)[1].split("</span>")[0]


@pytest.fixture
def go_event(metw_event):
    metw_event.decks_per_player = "general_opponent"
    metw_event.save()
    return metw_event


def test_the_bracket_shows_the_deck_each_seat_plays(go_event, users):
    # Alice's lists: Ringwraith against heroes, Wizard against minions; Bob only has
    # Ringwraiths, so Alice plays her Wizard and Bob his list against heroes.
    submit_list(users, go_event, "alice", "vs-hero", "ringwraith")
    submit_list(users, go_event, "alice", "vs-minion", "wizard")
    submit_list(users, go_event, "bob", "vs-hero", "ringwraith")
    submit_list(users, go_event, "bob", "vs-minion", "ringwraith")
    card = _card(go_event, _final(go_event))
    assert "Deck against minion opponents" in _seat_of(card, "Alice")
    assert "Deck against hero opponents" in _seat_of(card, "Bob")
    assert 'title="chosen by the opponent&#x27;s alignment"' in card


def test_an_undecided_seat_shows_the_lists_still_possible(go_event, users):
    for name in ("alice", "bob"):
        submit_list(users, go_event, name, "vs-hero", "ringwraith")
        submit_list(users, go_event, name, "vs-minion", "wizard")
    card = _card(go_event, _final(go_event))
    for name in ("Alice", "Bob"):
        seat = _seat_of(card, name)
        assert "Deck against hero opponents" in seat and "Deck against minion opponents" in seat
    assert "two pairs of decks fit this match: each player may play either" in card


def test_a_one_deck_event_shows_no_deck_on_the_bracket(metw_event):
    card = _card(metw_event, _final(metw_event))
    assert "seat-deck" not in card
