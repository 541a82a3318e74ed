"""A visitor's journey, on a phone and by keyboard: upcoming and running
events, finding himself in the pairings, standings, the round timer, league standings
with their charts, the two calculators and the deck checker — all from the home page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from decks.demo import sample_decklists
from demo import loader as demo
from tests.browser.conftest import screenshot
from tests.browser.journeys import load_demo, menu, no_horizontal_scroll

pytestmark = pytest.mark.django_db(transaction=True)


def test_visitor_on_a_phone(phone):
    load_demo()
    page = phone
    page.goto("/")
    running = page.get_by_role("region", name="Running now")
    expect(running.get_by_role("link", name=demo.RUNNING_LORE)).to_be_visible()
    upcoming = page.get_by_role("region", name="Registration open")
    expect(upcoming.get_by_role("link", name=demo.UPCOMING_METW)).to_be_visible()
    no_horizontal_scroll(page)
    screenshot(page, "visitor-01-home-phone")

    # The events list, then the running event.
    menu(page, "Events")
    expect(page.get_by_role("heading", name="Running", exact=True)).to_be_visible()
    page.get_by_role("link", name=demo.RUNNING_LORE).first.click()
    expect(page.get_by_role("heading", name=demo.RUNNING_LORE, level=1)).to_be_visible()
    expect(page.get_by_text("Running", exact=True).first).to_be_visible()
    no_horizontal_scroll(page)
    screenshot(page, "visitor-02-event-phone")

    # Pairings: find yourself by name.
    page.get_by_role("navigation", name="Event pages").get_by_role("link", name="Pairings").click()
    expect(page.get_by_role("heading", name="Round 3")).to_be_visible()
    # The list narrows as the name is typed (static/js/ui.js); Find does the same.
    page.get_by_label("Find a player").fill("holt")
    page.get_by_role("button", name="Find").click()
    rows = page.locator("table.table tbody tr:visible")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text(demo.PLAYER_NAME)
    expect(rows.first).to_contain_text("Waiting for a result")
    no_horizontal_scroll(page)
    screenshot(page, "visitor-03-pairings-find-yourself-phone")

    # Standings after two closed rounds.
    page.get_by_role("link", name="Standings", exact=True).click()
    table = page.get_by_role("table").first
    # The 24 who played (the dropped and the ejected too), the late entry, and the header.
    expect(table.get_by_role("row")).to_have_count(24 + 1 + 1)
    # Round 3 is being played: its confirmed results so far come in a table of their own,
    # marked provisional, never mixed into "after 2 closed rounds" (RULES.md §3).
    expect(page.get_by_role("heading", name="Provisional", exact=False)).to_be_visible()
    expect(table.get_by_role("row").nth(1)).to_contain_text("1")
    no_horizontal_scroll(page)
    screenshot(page, "visitor-04-standings-phone")

    # The round timer: round 3 has been running for 25 minutes.
    page.get_by_role("link", name="Round timer").click()
    timer = page.get_by_role("timer")
    expect(timer).to_be_visible()
    expect(page.get_by_text("Round 3 ends at")).to_be_visible()
    screenshot(page, "visitor-05-round-timer-phone")

    # League standings with a sparkline per player, then one player's rating chart.
    menu(page, "Leagues")
    page.get_by_role("link", name="LoRE League").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("LoRE League")
    # Sparklines are left out of the narrow table on a phone (the desktop test sees them).
    expect(page.get_by_role("cell", name=demo.PLAYER_NAME)).to_be_visible()
    no_horizontal_scroll(page)
    screenshot(page, "visitor-06-league-phone")
    page.get_by_role("link", name=demo.PLAYER_NAME).first.click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(demo.PLAYER_NAME)
    chart = page.locator("figure.chart svg")
    expect(chart).to_be_visible()
    assert chart.bounding_box()["width"] <= 390
    screenshot(page, "visitor-07-rating-chart-phone")

    # The MP-ratio calculator.
    menu(page, "Calculators")
    page.get_by_role("link", name="Tournament points for a game").click()
    page.get_by_label("Seat 1: player").fill("Anna")
    page.get_by_label("Seat 1: MPs").fill("20")
    page.get_by_label("Seat 2: player").fill("Bert")
    page.get_by_label("Seat 2: MPs").fill("8")
    page.get_by_role("button", name="Score the game").click()
    result = page.get_by_role("heading", name="Anna wins")
    expect(result).to_contain_text("6–0")
    no_horizontal_scroll(page)
    screenshot(page, "visitor-08-score-calculator-phone")

    # The Free Council calculator, on the rulebook's example.
    menu(page, "Calculators")
    page.get_by_role("link", name="METW Free Council").click()
    page.get_by_role("link", name="Load the rulebook's example").click()
    page.get_by_role("button", name="Count the Council").click()
    expect(page.get_by_role("heading", name="wins the Council")).to_be_visible()
    expect(page.get_by_role("table").first).to_contain_text("Final")
    screenshot(page, "visitor-09-free-council-phone")

    # The deck checker finds the problem of an illegal LoRE list.
    text = next(t for lbl, t in sample_decklists("lore") if "4 × Wargs" in lbl)
    menu(page, "Deck checker")
    page.get_by_label("Format").select_option(label="LoRE (director's bounds)")
    page.get_by_label("Deck list").fill(text)
    page.get_by_role("button", name="Check").click()
    expect(page.get_by_text("Not legal")).to_be_visible()
    expect(page.locator("ul.problems li").first).to_contain_text("Wargs")
    screenshot(page, "visitor-10-deck-checker-phone")


def test_visitor_by_keyboard_on_a_desktop(desktop):
    """No mouse: skip to the content, follow links and fill the search by keyboard."""
    load_demo()
    page = desktop
    page.goto("/")
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to content")).to_be_focused()
    running = page.get_by_role("region", name="Running now").get_by_role(
        "link", name=demo.RUNNING_LORE
    )
    running.focus()
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    expect(page.get_by_role("heading", name=demo.RUNNING_LORE, level=1)).to_be_visible()
    pairings = page.get_by_role("navigation", name="Event pages").get_by_role(
        "link", name="Pairings"
    )
    pairings.focus()
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    search = page.get_by_label("Find a player")
    search.focus()
    page.keyboard.type(demo.PLAYER_NAME.split()[0])
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    expect(page.locator("table.table tbody tr:visible")).to_have_count(1)
    expect(page.locator("table.table tbody tr:visible")).to_contain_text(demo.PLAYER_NAME)
    screenshot(page, "visitor-11-pairings-by-keyboard-desktop")

    # The league page on a wide screen: a rating sparkline on every row.
    page.goto(f"/leagues/seasons/{demo.SEASON_SLUG}/")
    sparks = page.locator("svg.spark")
    expect(sparks.first).to_be_visible()
    assert sparks.count() >= 20
    screenshot(page, "visitor-12-league-sparklines-desktop")


def test_phone_menu_opens_by_keyboard(phone):
    """On a narrow window the menu hides behind a toggle that the keyboard reaches too."""
    page = phone
    page.goto("/")
    events = page.get_by_role("navigation", name="Main").get_by_role(
        "link", name="Events", exact=True
    )
    expect(events).to_be_hidden()
    page.keyboard.press("Tab")  # skip link
    page.keyboard.press("Tab")  # brand
    page.keyboard.press("Tab")  # the menu toggle
    expect(page.get_by_role("checkbox", name="Show menu")).to_be_focused()
    page.keyboard.press("Space")
    expect(events).to_be_visible()
