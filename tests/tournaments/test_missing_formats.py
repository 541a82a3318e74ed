"""A PC Worlds (RULES.md §8: "rounds use different formats") chosen before the site has
the Council's formats: the director is warned on the dashboard and the stages page, and
the player's deck page names the format, never its key."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from decks.services import create_custom_format
from tests.tournaments.helpers import make_event, make_user, register_users
from tournaments.services import stage_plan
from tournaments.words.decks_played import format_title

pytestmark = pytest.mark.django_db
WARNING = (
    "The formats PC Fellowship and PC Movie are not on this site yet: add them on the formats page."
)


def test_a_format_key_reads_as_a_name():
    assert format_title("pc-fellowship") == "PC Fellowship"
    assert format_title("pc_movie") == "PC Movie"
    assert format_title("expanded") == "Expanded"


def _pc_worlds():
    director = make_user("pc-missing-td")
    event = make_event(director, game="lotr-tcg")
    stage_plan.apply_preset(director, event, "pc-worlds")
    page = Client()
    page.force_login(director)
    return director, event, page


def test_the_director_is_told_which_formats_to_add_before_players_meet_them():
    director, event, page = _pc_worlds()
    for url in (f"/events/{event.slug}/manage/", f"/events/{event.slug}/stages/"):
        html = page.get(url).content.decode()
        assert WARNING in html, url
        assert f'href="{reverse("deck-formats")}"' in html
        assert "pc-fellowship" not in html.split('id="missing-formats"')[1][:600]
    create_custom_format(director, "lotr-tcg", "fellowship-block", "PC Fellowship", {})
    html = page.get(f"/events/{event.slug}/manage/").content.decode()
    assert "The format PC Movie is not on this site yet: add it on the formats page." in html
    create_custom_format(director, "lotr-tcg", "open", "PC Movie", {})
    for url in (f"/events/{event.slug}/manage/", f"/events/{event.slug}/stages/"):
        assert 'id="missing-formats"' not in page.get(url).content.decode()


def test_players_do_not_see_the_warning_on_the_stages_page():
    _director, event, _page = _pc_worlds()
    ((user, _reg),) = register_users(event, 1)
    player = Client()
    player.force_login(user)
    assert (
        'id="missing-formats"' not in player.get(f"/events/{event.slug}/stages/").content.decode()
    )


def test_the_deck_page_names_a_missing_format_not_its_key():
    _director, event, _page = _pc_worlds()
    ((user, _reg),) = register_users(event, 1)
    player = Client()
    player.force_login(user)
    response = player.get(f"/decks/events/{event.slug}/submit/", follow=True)
    html = response.content.decode()
    assert "“PC Fellowship”, which this site does not know yet" in html
    assert "pc-fellowship" not in " ".join(str(m) for m in response.context["messages"])
