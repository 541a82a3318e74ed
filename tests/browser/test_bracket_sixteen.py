"""A top 16 of best-of-three matches (RULES.md §8, Decipher 2003 Worlds) in Chromium: on
a phone the bracket reads without scrolling sideways, each stage by its name; on the
wall the round of 16 sits four matches across. Screenshots go to
test-artifacts/screenshots/ for a person to look at."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser.axe import internal_text, serious_violations
from tests.browser.conftest import PHONE, screenshot
from tests.browser.journeys import no_horizontal_scroll
from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)
WALL = {"viewport": {"width": 1366, "height": 768}}


def _page(browser, live_server, size) -> Iterator[object]:
    # bypass_csp: the accessibility check injects axe as an inline script.
    context = browser.new_context(base_url=live_server.url, bypass_csp=True, **size)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def wall(browser, live_server) -> Iterator[object]:
    yield from _page(browser, live_server, WALL)


@pytest.fixture
def small(browser, live_server) -> Iterator[object]:
    yield from _page(browser, live_server, PHONE)


def top_sixteen_under_way():
    director = make_user("director")
    event = make_event(director, name="Worlds 2003", game="metw", planned_rounds=1)
    register_users(event, 20)
    services.set_top_cut(director, event, 16, "replay", best_of=(3, 3))
    play_round(director, services.pair_next_round(director, event, seed=9))
    matches = services.start_playoff(director, event)
    first = min((m for m in matches if m.stage == 1), key=lambda m: m.slot)
    services.report_playoff_result(director, event, first.pk, 20, 5)  # game 1 of 3
    return event


def test_a_top_16_reads_on_a_phone_and_on_the_wall(small, wall):
    phone = small
    event = top_sixteen_under_way()
    phone.goto(f"/events/{event.slug}/bracket/")
    for name in ("Round of 16", "Quarter-finals", "Semi-finals", "Final"):
        assert phone.get_by_role("heading", name=name, exact=True).is_visible()
    assert phone.get_by_text("Best of 3").first.is_visible()
    no_horizontal_scroll(phone)
    assert serious_violations(phone) == [] and internal_text(phone) == []
    screenshot(phone, "bracket-16-phone")
    wall.goto(f"/events/{event.slug}/projector/bracket/")
    tops = (
        wall.locator(".bracket-stage")
        .first.locator(".match")
        .evaluate_all("cards => cards.map(c => Math.round(c.getBoundingClientRect().top))")
    )
    assert len(tops) == 8
    assert len(set(tops[:4])) == 1 and len(set(tops[4:])) == 1 and tops[4] > tops[0]
    no_horizontal_scroll(wall)
    assert serious_violations(wall) == [] and internal_text(wall) == []
    screenshot(wall, "bracket-16-wall")


def test_a_general_opponent_final_names_each_seats_deck_on_a_phone(small):
    """RULES.md §8 (CoE): each seat plays the deck for the opponent's alignment; the
    bracket names it beside the player, as the pairings do, and still reads on a phone."""
    from decks import services as decks
    from decks.demo import METW_COE_WIZARD

    director = make_user("director-go")
    event = make_event(director, name="CoE Worlds", game="metw", format_key="coe",
                       planned_rounds=1, decks_per_player="general_opponent")  # fmt: skip
    pairs = register_users(event, 2, prefix="go")
    types = {"vs-hero": "ringwraith", "vs-minion": "wizard"}
    for user, _reg in pairs:
        for slot, kind in types.items():
            decks.submit_decklist(user, event, METW_COE_WIZARD, kind, slot=slot)
    services.set_top_cut(director, event, 2, "replay")
    play_round(director, services.pair_next_round(director, event, seed=3))
    services.start_playoff(director, event)
    small.goto(f"/events/{event.slug}/bracket/")
    card = small.locator("article.match").first
    assert card.locator(".seat-deck").count() == 2
    assert "Deck against hero opponents" in card.locator(".seat-deck").first.inner_text()
    screenshot(small, "bracket-general-opponent-phone")
    no_horizontal_scroll(small)
    assert serious_violations(small) == []
    assert internal_text(small) == []
