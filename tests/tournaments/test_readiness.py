"""The event page's readiness block before round 1 ("Deck lists at the venue"):
the director sees who has no list, an illegal list or is not checked in, with links;
visitors do not, and it goes once round 1 is paired."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from django.urls import reverse

from tests.tournaments.helpers import make_event, make_user, register_users
from tournaments import services

pytestmark = pytest.mark.django_db


def test_director_sees_missing_lists_and_players_not_checked_in(client):
    director = make_user("td")
    event = make_event(director, decklists_required=True)
    regs = [r for _, r in register_users(event, 4)]
    services.check_in(director, regs[0])
    services.drop(director, regs[3])  # dropped players are not waited for
    client.force_login(director)
    page = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    assert 'id="readiness"' in page
    dashboard = reverse("event-dashboard", args=[event.slug])
    # Not checked in, with a link that finds the player on the paged dashboard.
    for reg in regs[1:3]:
        name = quote(reg.player.display_name)
        assert f'href="{dashboard}?q={name}#p{reg.pk}"' in page
    for reg in (regs[0], regs[3]):  # checked in; dropped
        assert f'#p{reg.pk}"' not in page
    assert "players have no deck list" in page
    assert reverse("venue-decks", args=[event.slug]) in page
    client.force_login(make_user("visitor"))
    assert (
        'id="readiness"'
        not in client.get(reverse("event-detail", args=[event.slug])).content.decode()
    )


def test_block_goes_once_round_one_is_paired(client):
    director = make_user("td")
    event = make_event(director)
    register_users(event, 4)
    client.force_login(director)
    page = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    assert 'id="readiness"' in page and "no deck list" not in page  # lists not asked for
    services.pair_next_round(director, event, seed=1)
    page = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    assert 'id="readiness"' not in page


def test_an_illegal_list_is_named_with_a_link(client, monkeypatch):
    """The decks app reports each list's status through tournaments.extensions."""
    from types import SimpleNamespace

    from tournaments import extensions

    director = make_user("td")
    event = make_event(director, decklists_required=True)
    regs = [r for _, r in register_users(event, 2)]
    statuses = {
        regs[0].pk: SimpleNamespace(submitted=True, legal=False, problems_count=2),
        regs[1].pk: SimpleNamespace(submitted=True, legal=True, problems_count=0),
    }
    monkeypatch.setattr(extensions, "deck_status", lambda e: statuses)
    client.force_login(director)
    page = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    block = page[page.index('id="readiness"') :]
    block = block[: block.index("</section>")]
    assert "1 deck list breaks the construction rules" in block
    assert regs[0].player.display_name in block and "no deck list" not in block
    assert regs[1].player.display_name in block  # only as not checked in


def test_readiness_names_fifty_players_then_counts_the_rest(client):
    """the list before round 1 stays bounded in a large field."""
    director = make_user("td")
    event = make_event(director)
    for i in range(55):
        services.add_walkin(director, event, display_name=f"Walk-in {i:02}")
    event.registrations.update(checked_in=False)  # walk-ins come checked in
    client.force_login(director)
    page = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    section = page.split('id="readiness"')[1].split("</section>")[0]
    assert section.count("?q=Walk-in") == 50 and "and 5 more" in section
