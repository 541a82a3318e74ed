"""Extra time for one table: given by the director, audited, shown on the dashboard, the
pairings page and the player's card, whose end time moves by as much."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from audit.models import AuditEntry
from core.errors import Conflict, NotAllowed
from tests.tournaments.helpers import make_event, make_user, play_round, register_users, user_of
from tournaments import services
from tournaments.services.table_time import extra_minutes, give_table_time
from tournaments.views import presenters

pytestmark = pytest.mark.django_db


@pytest.fixture
def running():
    director = make_user("td")
    event = make_event(director)
    register_users(event, 4)
    rnd = services.start_round_clock(director, services.pair_next_round(director, event, seed=2))
    tables = list(rnd.tables.filter(is_bye=False).order_by("number"))
    return director, event, rnd, tables


def test_extra_time_adds_up_and_is_audited(running):
    director, _event, _rnd, tables = running
    give_table_time(director, tables[0], 5)
    give_table_time(director, tables[0], 3)
    assert extra_minutes(tables) == {tables[0].pk: 8}
    entry = AuditEntry.objects.filter(action="table_extra_time").first()
    assert entry.actor == director and entry.after["minutes"] in (3, 5)


def test_refusals(running):
    director, _event, rnd, tables = running
    with pytest.raises(Conflict):
        give_table_time(director, tables[0], 0)
    with pytest.raises(Conflict):
        give_table_time(director, tables[0], 61)
    with pytest.raises(NotAllowed):
        give_table_time(user_of(tables[0].seats.first().registration), tables[0], 5)
    play_round(director, rnd)
    with pytest.raises(Conflict):
        give_table_time(director, tables[0], 5)


def test_the_players_card_ends_later(running):
    director, event, _rnd, tables = running
    player = user_of(tables[0].seats.first().registration)
    event.refresh_from_db()
    before = presenters.table_now(player, event)
    give_table_time(director, tables[0], 7)
    after = presenters.table_now(player, event)
    assert after.ends_at - before.ends_at == timedelta(minutes=7)
    assert after.extra_minutes == 7


def test_pages_show_it(client, running):
    director, event, _rnd, tables = running
    pairings = reverse("event-pairings", args=[event.slug])
    first = client.get(pairings)
    client.force_login(director)
    client.post(reverse("table-time", args=[event.slug, tables[1].pk]), {"minutes": "4"})
    dashboard = client.get(reverse("event-dashboard", args=[event.slug])).content.decode()
    assert "+4 min for this table" in dashboard
    client.logout()
    page = client.get(pairings, HTTP_IF_NONE_MATCH=first.headers["ETag"])
    assert page.status_code == 200 and "+4 min for this table" in page.content.decode()
