"""The standings page as a player reads it: their own row marked, a "find me" link to
the page that lists them, and tiebreak values only where they broke a tie."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services

pytestmark = pytest.mark.django_db


def test_own_row_marked_and_find_me(client):
    director = make_user("td")
    event = make_event(director)
    players = register_users(event, 6)
    play_round(director, services.pair_next_round(director, event, seed=3))
    user, reg = players[2]
    client.force_login(user)
    page = client.get(reverse("event-standings", args=[event.slug])).content.decode()
    assert page.count('id="me"') == 1 and 'id="find-me"' in page
    mine = page.split('id="me"')[1].split("</tr>")[0]
    assert reg.player.display_name in mine
    client.logout()
    anonymous = client.get(reverse("event-standings", args=[event.slug])).content.decode()
    assert 'id="me"' not in anonymous and 'id="find-me"' not in anonymous


def test_tiebreaks_only_where_points_are_tied(client):
    """RULES.md §3: tiebreaks order players on the same points only."""
    director = make_user("td")
    event = make_event(director)
    register_users(event, 4)
    play_round(director, services.pair_next_round(director, event, seed=3))
    page = client.get(reverse("event-standings", args=[event.slug])).content.decode()
    cells = re.findall(r'<td class="small tiebreaks"[^>]*>(.*?)</td>', page, re.S)
    points = re.findall(r"<strong>(\d+)</strong>", page)
    assert len(cells) == 4 and points
    for i, cell in enumerate(cells):
        tied = any(0 <= j < len(points) and points[j] == points[i] for j in (i - 1, i + 1))
        shown = cell.split("<details")[0].strip()
        assert bool(shown) == tied
