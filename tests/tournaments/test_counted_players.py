"""000 Part VI §3: the round table and the sanctioning minimum count everyone still in,
plus everyone who sat at a table and then dropped or was ejected. The count is one SQL
query (the event page must not read every seat); it must agree with the standings'
own list of who counts (``counts_as_player`` over the seats)."""

from __future__ import annotations

import pytest

from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services
from tournaments.models import Registration
from tournaments.services.standings.input import counted_player_counts, standing_input

pytestmark = pytest.mark.django_db


def _agrees(event) -> int:
    counted = counted_player_counts(pk=event.pk).get(event.pk, 0)
    assert counted == len(standing_input(event).players) == services.counted_players(event)
    assert services.sanctioning_status(event).players == counted
    return counted


def test_the_count_agrees_with_the_standings_through_drops_and_ejections():
    director = make_user("td")
    event = make_event(director)
    regs = [reg for _user, reg in register_users(event, 8)]
    assert _agrees(event) == 8
    # Dropped before playing: no longer counted.
    services.drop(director, regs[0])
    assert _agrees(event) == 7
    play_round(director, services.pair_next_round(director, event, seed=1))
    # Dropped or ejected after playing: still counted (a drop does not shorten the event).
    services.drop(director, regs[1])
    Registration.objects.filter(pk=regs[2].pk).update(ejected=True)
    assert _agrees(event) == 7
    # Ejected without ever sitting: not counted.
    late = services.add_walkin(director, event, display_name="Late")
    Registration.objects.filter(pk=late.pk).update(ejected=True)
    assert _agrees(event) == 7


def test_counts_of_many_events_in_one_query(django_assert_num_queries):
    director = make_user("td")
    events = [make_event(director) for _ in range(3)]
    for n, event in enumerate(events, start=2):
        register_users(event, n)
    with django_assert_num_queries(1):
        counts = counted_player_counts(pk__in=[e.pk for e in events])
    assert [counts[e.pk] for e in events] == [2, 3, 4]
