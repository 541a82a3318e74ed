"""Guards against misuse found in review: ratings that someone else's event could move,
settings that would rewrite played games, and odd page parameters."""

from __future__ import annotations

import pytest
from django.test import Client

from core.errors import Conflict
from tests.tournaments.helpers import make_event, make_user, register_users
from tournaments import services
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def test_an_account_holder_added_at_the_door_is_entered_as_himself_and_told():
    """One person, one entry: the director enters an account holder at the door as
    himself (never as a second record); the entry is audited and mailed to him, and a
    sanctioned event is rated only once its league approves it (RULES.md §6)."""
    director = make_user("td")
    holder = make_user("maren")
    event = make_event(director, sanctioned=True)
    reg = services.add_walkin(director, event, player=holder.player)
    assert reg.player == holder.player
    assert Player.objects.filter(user=holder).count() == 1
    # A player without an account is exactly what a walk-in is for.
    walkin = services.add_walkin(director, event, display_name="Door Person")
    again = make_event(director)
    assert services.add_walkin(director, again, player=walkin.player).player.user_id is None
    assert Player.objects.filter(display_name="Door Person").count() == 1


def test_sanctioned_cannot_change_once_round_one_is_paired():
    """Changing it later would rate or un-rate games already played (RULES.md §6)."""
    director = make_user("td2")
    event = make_event(director, sanctioned=True)
    register_users(event, 6)
    services.pair_next_round(director, event)
    with pytest.raises(Conflict, match="sanctioned"):
        services.update_event(director, event, sanctioned=False)


def test_pairings_page_with_an_unknown_round_shows_the_latest_round():
    director = make_user("td3")
    event = make_event(director)
    register_users(event, 6)
    services.pair_next_round(director, event)
    for value in ("7", "-1", "9" * 30, "x"):
        response = Client().get(f"/events/{event.slug}/pairings/", {"round": value})
        assert response.status_code == 200, value
        assert b"Round 1" in response.content
