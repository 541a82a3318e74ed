"""the event form shows the chosen game's settings (marked per game), its
formats, and tiebreaks chosen by name in order."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.helpers import make_user
from tournaments.models import Event
from tournaments.views.forms import EventForm

pytestmark = pytest.mark.django_db

BASE = {
    "name": "Rivendell Open", "game": "metw", "round_minutes": 60, "break_minutes": 15,
    "half_cap": "exact", "elimination_winner": 6, "elimination_loser": 0,
    "lotr_tcg_win_points": 1,
}  # fmt: skip


def test_tiebreaks_are_chosen_by_name_in_order():
    form = EventForm({**BASE, "tiebreak_1": "opponents_points", "tiebreak_2": "head_to_head"})
    assert form.is_valid(), form.errors
    assert form.event_data()["tiebreaks"] == ["opponents_points", "head_to_head"]
    labels = dict(form.fields["tiebreak_1"].choices)
    assert labels["fewer_losses"] == "fewer losses" and labels["head_to_head"] == "head-to-head"


def test_the_rulebook_chain_is_the_default_and_duplicates_are_refused():
    form = EventForm(BASE | {"tiebreak_1": "head_to_head", "tiebreak_2": "fewer_losses",
                             "tiebreak_3": "opponents_points"})  # fmt: skip
    assert form.is_valid() and form.event_data()["tiebreaks"] == []
    form = EventForm(BASE | {"tiebreak_1": "head_to_head", "tiebreak_2": "head_to_head"})
    assert not form.is_valid() and "tiebreak_2" in form.errors


def test_game_settings_are_marked_with_their_game():
    director = make_user()
    page = Client()
    page.force_login(director)
    html = page.get("/events/new/").content.decode()
    assert 'data-game="metw"' in html and 'data-game="lotr-tcg"' in html
    assert "data-event-form" in html and "head_to_head," not in html
    response = page.post("/events/new/", {**BASE, "tiebreak_1": "wins"})
    assert response.status_code == 302
    assert Event.objects.get(name="Rivendell Open").tiebreaks == ["wins"]
