"""A player's journey: sign up and register for an event, submit a deck list
and see its problems, find his table, report a result, confirm or dispute the
opponent's report, and look at his history and rating chart."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from decks.demo import is_illegal_sample, sample_decklists
from demo import loader as demo
from tests.browser.conftest import log_in, screenshot
from tests.browser.journeys import load_demo, log_out, menu, message, no_horizontal_scroll
from tournaments.models import Event, Table

pytestmark = pytest.mark.django_db(transaction=True)


def test_new_player_signs_up_registers_and_submits_a_deck_list_on_a_phone(phone):
    load_demo()
    page = phone
    page.goto("/")
    menu(page, "Sign up")
    page.get_by_label("Username").fill("frodo")
    page.get_by_label("Password:", exact=True).fill("Shire-and-back-1")
    page.get_by_label("Password confirmation").fill("Shire-and-back-1")
    page.get_by_label("Display name").fill("Frodo Underhill")
    page.get_by_role("button", name="Create account").click()
    message(page, "Welcome")
    screenshot(page, "player-01-signed-up-phone")

    # Register for the METW event taking registrations.
    page.get_by_role("region", name="Registration open").get_by_role(
        "link", name=demo.UPCOMING_METW
    ).click()
    expect(page.get_by_text("Deck lists are required")).to_be_visible()
    # On a phone the button also stands at the top of the page: the first one is it.
    page.get_by_role("button", name="Register for this event").first.click()
    message(page, "You are registered")
    no_horizontal_scroll(page)
    screenshot(page, "player-02-registered-phone")

    # Submit a deck list with a mistake, read the problem, fix it.
    page.get_by_role("link", name="My deck list").click()
    lists = sample_decklists("metw")
    illegal = next(
        t for label, t in lists if "Orc-lieutenant" in label and is_illegal_sample(label)
    )
    legal = next(t for label, t in lists if not is_illegal_sample(label))
    page.get_by_label("Deck list").fill(illegal)
    page.get_by_role("button", name="Submit").click()
    message(page, "NOT legal")
    expect(page.locator(".verdict .badge")).to_have_text("Not legal")
    expect(page.locator("ul.problems li").first).to_contain_text("Orc-lieutenant")
    no_horizontal_scroll(page)
    screenshot(page, "player-03-deck-list-problems-phone")
    page.get_by_label("Deck list").fill(legal)
    page.get_by_role("button", name="Resubmit").click()
    message(page, "Version 2 saved: legal")
    expect(page.locator(".verdict .badge")).to_have_text("Legal")
    expect(page.get_by_role("heading", name="Earlier versions")).to_be_visible()
    screenshot(page, "player-04-deck-list-legal-phone")


def test_player_reports_opponent_confirms_another_disputes_and_history(desktop):
    summary = load_demo()
    page = desktop
    log_in(page, demo.PLAYER, demo.DEMO_PASSWORD)

    # My events → the running event: my table and opponent.
    menu(page, "My events")
    page.get_by_role("region", name="Playing").get_by_role("link", name=demo.RUNNING_LORE).click()
    now = page.get_by_role("region", name="Round 3")
    expect(now).to_contain_text(f"Table {summary.player_table}")
    expect(now).to_contain_text(f"against {summary.opponent_name}")
    expect(now).to_contain_text("Waiting for a result")
    screenshot(page, "player-05-my-table-desktop")

    # Report: my MPs and my opponent's.
    page.get_by_label(f"{demo.PLAYER_NAME}: MPs").fill("18")
    page.get_by_label(f"{summary.opponent_name}: MPs").fill("11")
    page.get_by_label("Time was called").check()
    page.get_by_role("button", name="Report result").click()
    message(page, "Result reported")
    expect(now).to_contain_text("Reported, waiting for confirmation")
    expect(now).to_contain_text("1.5 ≤ ratio < 2 (5–1)")
    screenshot(page, "player-06-reported-desktop")

    # History across events and the rating chart.
    menu(page, "My events")
    page.get_by_role("link", name="My history across events").click()
    events = page.get_by_role("region", name="Events")
    expect(events).to_contain_text(demo.EARLIER_LORE)
    expect(events).to_contain_text(demo.RUNNING_LORE)
    screenshot(page, "player-07-history-desktop")
    page.get_by_role("link", name="Ratings and rating history").click()
    expect(page.get_by_role("heading", name=f"{demo.PLAYER_NAME}: ratings")).to_be_visible()
    expect(page.locator("figure.chart svg")).to_be_visible()
    screenshot(page, "player-08-rating-chart-desktop")
    log_out(page)

    # The opponent confirms the report.
    log_in(page, summary.opponent, demo.DEMO_PASSWORD)
    menu(page, "My events")
    page.get_by_role("region", name="Playing").get_by_role("link", name=demo.RUNNING_LORE).click()
    expect(page.get_by_text("Your opponent reported this result. Is it right?")).to_be_visible()
    screenshot(page, "player-09-opponent-sees-report-desktop")
    page.get_by_role("button", name="Confirm").click()
    message(page, "Result confirmed")
    expect(page.get_by_role("region", name="Round 3")).to_contain_text("Confirmed")
    log_out(page)

    # At another table a player disputes his opponent's report.
    running = Event.objects.get(name=demo.RUNNING_LORE)
    waiting = Table.objects.get(round__event=running, round__number=3, status="reported")
    disputer = waiting.seats.exclude(registration=waiting.reported_by_registration).get()
    log_in(page, disputer.registration.player.user.username, demo.DEMO_PASSWORD)
    page.goto(f"/events/{running.slug}/me/")
    page.get_by_label("What is wrong?").fill("I had 14 MPs, not 9.")
    page.get_by_role("button", name="Dispute").click()
    message(page, "Result disputed")
    expect(page.get_by_text("The result is disputed: the director will decide.")).to_be_visible()
    screenshot(page, "player-10-disputed-desktop")
    waiting.refresh_from_db()
    assert waiting.status == Table.Status.DISPUTED
    assert waiting.dispute_note == "I had 14 MPs, not 9."


def test_player_reports_by_keyboard_on_a_phone(phone):
    """At the table, thumbs only: the result form is reached and sent without a pointer."""
    summary = load_demo()
    page = phone
    log_in(page, demo.PLAYER, demo.DEMO_PASSWORD)
    page.goto(f"/events/{summary.running_event}/me/")
    first = page.get_by_role("spinbutton").first
    first.focus()
    page.keyboard.type("20")
    page.keyboard.press("Tab")
    expect(page.get_by_role("spinbutton").nth(1)).to_be_focused()
    page.keyboard.type("8")
    page.keyboard.press("Enter")  # submits the form, as a phone's "Go" key does
    message(page, "Result reported")
    expect(page.get_by_role("region", name="Round 3")).to_contain_text("ratio ≥ 2 (6–0)")
    no_horizontal_scroll(page)
    screenshot(page, "player-11-reported-by-keyboard-phone")
