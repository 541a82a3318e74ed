"""The projector and Paper in a real browser at desktop size: the wall's
pairings show each player's points before the round, its standings say "after N rounds"
with the running round apart, and the printed pairings, slips and standings read the same
in print media. Screenshots go to test-artifacts/screenshots/ for a person to look at."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser.axe import internal_text, serious_violations
from tests.browser.conftest import screenshot
from tests.tournaments.helpers import make_event, make_user, play_round, play_table, register_users
from tournaments import services
from tournaments.services import pairing_sheets

pytestmark = pytest.mark.django_db(transaction=True)
WALL = {"viewport": {"width": 1366, "height": 768}}


@pytest.fixture
def wall(browser, live_server) -> Iterator[object]:
    context = browser.new_context(base_url=live_server.url, bypass_csp=True, **WALL)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def second_round_half_played():
    director = make_user("director")
    event = make_event(director, name="Barcelona Open")
    register_users(event, 8)
    play_round(director, services.pair_next_round(director, event, seed=3))
    rnd2 = services.pair_next_round(director, event, seed=4)
    table = rnd2.tables.filter(is_bye=False).order_by("number").first()
    play_table(director, table)
    winner = table.seats.order_by("position").first().registration
    return event, rnd2, winner


def clean(page) -> None:
    assert serious_violations(page) == []
    assert internal_text(page) == []


def test_projector_pairings_and_standings_on_the_wall(wall):
    event, rnd2, winner = second_round_half_played()
    before = pairing_sheets.points_before(rnd2).get(winner.pk, 0)
    wall.goto(f"/events/{event.slug}/projector/pairings/")
    row = wall.locator("tr", has_text=winner.player.display_name).first
    assert row.locator("td").last.inner_text().strip() == str(before)
    assert wall.get_by_role("columnheader", name="Points before").is_visible()
    clean(wall)
    screenshot(wall, "projector-pairings-desktop")
    wall.goto(f"/events/{event.slug}/projector/standings/")
    assert wall.get_by_text("After 1 closed round (confirmed results only).").is_visible()
    assert wall.get_by_role("heading", name="Provisional: with round 2").is_visible()
    clean(wall)
    screenshot(wall, "projector-standings-desktop")


def test_printed_pairings_slips_and_standings(wall):
    event, rnd2, winner = second_round_half_played()
    before = pairing_sheets.points_before(rnd2).get(winner.pk, 0)
    wall.emulate_media(media="print")
    wall.goto(f"/events/{event.slug}/rounds/{rnd2.number}/print/")
    assert f"{winner.player.display_name} ({before})" in wall.inner_text("body")
    clean(wall)
    screenshot(wall, "print-pairings-desktop")
    wall.goto(f"/events/{event.slug}/rounds/{rnd2.number}/slips/")
    slip = wall.locator("section.slip", has_text=winner.player.display_name).first
    assert f"({before} point" in slip.inner_text()
    clean(wall)
    screenshot(wall, "print-slips-desktop")
    wall.goto(f"/events/{event.slug}/standings/print/")
    assert "After 1 closed round" in wall.inner_text("body")
    clean(wall)
    screenshot(wall, "print-standings-desktop")
