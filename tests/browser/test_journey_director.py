"""A tournament director's journey, start to finish on a desktop: create an
event, open registration, check players in, read deck-list legality, pair a round and
read its explanation, print pairings and slips, enter and correct results, issue
warnings (two for one offense eject), drop a player, finish, and export the results."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from decks import services as decks
from decks.demo import is_illegal_sample, sample_decklists
from demo import loader as demo
from tests.browser.conftest import log_in, screenshot
from tests.browser.journeys import load_demo, menu, message, no_horizontal_scroll
from tournaments import services
from tournaments.models import Event, Player

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = ["Arwen Tinúviel", "Boromir Denethorion", "Celebrían Lórien", "Déagol Riverman",
           "Éomer Éadig", "Faramir Ithilien", "Gollum Sméagol"]  # fmt: skip
NO_SHOW = "Gollum Sméagol"
CHEAT_LIST = "Déagol Riverman"


def _players_sign_up(event: Event) -> None:
    """Players register and send their deck lists themselves (one list breaks a rule)."""
    lists = sample_decklists("lore")
    legal = next(t for label, t in lists if not is_illegal_sample(label))
    illegal = next(t for label, t in lists if is_illegal_sample(label))
    for name in PLAYERS:
        user = get_user_model().objects.create_user(name.split()[0].lower())
        Player.objects.create(user=user, display_name=name)
        services.register_self(user, event)
        if name != NO_SHOW:
            decks.submit_decklist(user, event, illegal if name == CHEAT_LIST else legal)


def _row(page: Page, name: str):
    """A player's row in the dashboard's Players table."""
    players = page.get_by_role("region", name="Players")
    return players.get_by_role("row").filter(has=page.get_by_role("link", name=name, exact=True))


def _enter_all_results(page: Page, scores: list[tuple[int, int]]) -> int:
    """Type each open table's slip into the dashboard; returns how many were entered."""
    entered = 0
    while True:
        row = page.locator("tr[id^=t]", has=page.locator("summary", has_text="Enter result")).first
        if row.count() == 0:
            return entered
        summary = row.locator("summary")
        number = row.locator("td").first.inner_text().strip()
        summary.click()
        # The slip's fields are in the result form (the row also has its extra-time box).
        fields = row.locator("details.fix").get_by_role("spinbutton")
        first, second = scores[entered % len(scores)]
        fields.nth(0).fill(str(first))
        fields.nth(1).fill(str(second))
        row.get_by_role("button", name="Save result").click()
        message(page, f"Result of table {number} saved.")
        entered += 1


def test_director_runs_an_event_from_start_to_finish(desktop):
    User = get_user_model()
    gandalf = User.objects.create_user("gandalf", password="You-shall-not-pass-1")
    # As the sign-up page makes him: others see his display name, never his user name.
    Player.objects.create(user=gandalf, display_name="Gandalf Grey")
    page = desktop
    log_in(page, "gandalf", "You-shall-not-pass-1")

    # Create the event from "My events".
    menu(page, "My events")
    page.get_by_role("link", name="New event").click()
    page.get_by_label("Name:").fill("Grey Havens Open")
    page.get_by_label("Game:").select_option(label="LoRE")
    page.get_by_label("Format:").select_option(label="LoRE (director's bounds)")
    page.get_by_label("Sanctioned (rated)").check()
    page.get_by_label("Deck lists required").check()
    page.get_by_label("Number of rounds:").fill("2")
    page.get_by_label("Location:").fill("The Grey Havens")
    screenshot(page, "director-01-new-event-form-desktop")
    page.get_by_role("button", name="Create event").click()
    message(page, "Event created as a draft")
    page.get_by_role("button", name="Open registration").click()
    message(page, "Registration is open")
    event = Event.objects.get(name="Grey Havens Open")
    assert event.status == Event.Status.REGISTRATION and event.sanctioned

    # Players sign up on their own; the director checks them in at the door.
    _players_sign_up(event)
    page.reload()
    for name in PLAYERS:
        if name != NO_SHOW:
            _row(page, name).get_by_role("button", name="Check in").click()
            message(page, f"{name} checked in.")
    expect(_row(page, CHEAT_LIST)).to_contain_text("1 problem")
    expect(_row(page, NO_SHOW)).to_contain_text("missing")
    page.get_by_label("Walk-in name").fill("Haldir Guard")
    page.get_by_role("button", name="Add walk-in").click()
    message(page, "Haldir Guard added.")
    # A walk-in is added at the door, in person: he comes checked in.
    expect(_row(page, "Haldir Guard").get_by_role("button", name="Undo check-in")).to_be_visible()
    # Dropping asks first and names who is affected.
    page.get_by_role("link", name="Drop the 1 player who did not check in…").click()
    expect(page.get_by_text(NO_SHOW)).to_be_visible()
    page.get_by_role("button", name="Drop these players").click()
    message(page, "1 player dropped. You can undo this below.")
    page.goto(page.url.split("/events/")[0] + f"/events/{event.slug}/manage/")
    expect(_row(page, NO_SHOW)).to_contain_text("dropped")
    screenshot(page, "director-02-players-checked-in-desktop")

    # Deck-list legality: the overview flags the illegal list and names its problem.
    page.get_by_role("link", name="Deck lists overview").click()
    expect(page.get_by_text("1 illegal", exact=True)).to_be_visible()
    expect(page.get_by_role("row").filter(has_text=CHEAT_LIST)).to_contain_text("illegal")
    screenshot(page, "director-03-deck-lists-desktop")
    page.go_back()

    # The illegal list counts as cheating: the director ejects the player.
    page.get_by_label("Player:").select_option(label=CHEAT_LIST)
    page.get_by_label("Offense:").select_option(label="Illegal deck list")
    page.get_by_label("Note:").fill("4 × Wargs on the submitted list.")
    page.get_by_role("button", name="Issue").click()
    # An ejection is never issued before a page says so.
    expect(page.locator("#confirm-question")).to_contain_text("ejects")
    page.get_by_role("button", name="Eject", exact=True).click()
    message(page, "Ejected for an illegal deck list")

    # Pair round 1 and read why it was paired so.
    page.get_by_role("button", name="Pair round 1").click()
    message(page, "Round 1 paired.")
    # How the round was paired is folded away; one click opens it.
    page.get_by_text("How round 1 was paired").click()
    explanation = page.locator("ul.explanation li")
    expect(explanation.first).to_be_visible()
    # 7 signed up + the walk-in, less the no-show and the ejected player.
    expect(explanation.first).to_contain_text("6 players paired at random from the seed")
    page.get_by_role("button", name="Start round clock").click()
    message(page, "Round 1 clock started")
    screenshot(page, "director-04-round-1-paired-desktop")

    # Print the pairings and the result slips.
    page.get_by_role("link", name="Print pairings").click()
    expect(page.get_by_role("heading", name="By player")).to_be_visible()
    for name in ("Arwen Tinúviel", "Haldir Guard"):
        expect(page.get_by_role("main")).to_contain_text(name)
    screenshot(page, "director-05-print-pairings-desktop")
    page.go_back()
    page.get_by_role("link", name="Print result slips").click()
    expect(page.get_by_role("heading", name="Result slips · Round 1")).to_be_visible()
    assert page.locator(".slip").count() == 3
    screenshot(page, "director-06-result-slips-desktop")
    page.go_back()

    # Enter every slip; the round closes by itself.
    assert _enter_all_results(page, [(20, 8), (14, 11), (9, 17)]) == 3
    expect(page.get_by_role("region", name="Rounds")).to_contain_text("Closed")

    # Correct a result: the change is kept in the table's history.
    row = page.locator("tr[id^=t]").first  # table 1
    row.locator("details.fix summary", has_text="Correct result").click()
    row.locator("details.fix").get_by_role("spinbutton").nth(0).fill("12")
    row.locator("details.fix").get_by_role("spinbutton").nth(1).fill("12")
    row.get_by_label("Note (kept in the history)").fill("Slip misread: it was a tie.")
    row.get_by_role("button", name="Save result").click()
    message(page, "saved")
    row = page.locator("tr[id^=t]").first
    expect(row).to_contain_text("tie (3–3)")
    expect(row).to_contain_text("Corrected by the director by Gandalf Grey — Slip misread")
    screenshot(page, "director-07-result-corrected-desktop")

    # Warnings: two for the same offense eject (000 Part VI §3).
    for note in ("Slow site phases.", "Slow again after the warning."):
        page.get_by_label("Player:").select_option(label="Boromir Denethorion")
        page.get_by_label("Offense:").select_option(label="Slow play")
        page.get_by_label("Note:").fill(note)
        page.get_by_role("button", name="Issue").click()
    expect(page.locator("#confirm-question")).to_contain_text("second standing warning")
    page.get_by_role("button", name="Issue the warning and eject").click()
    message(page, "Ejected automatically: 2 warnings for slow play")
    penalties = page.get_by_role("region", name="Warnings and penalties")
    expect(penalties.get_by_role("row")).to_have_count(1 + 4)  # header, deck, 2 warnings, ejection
    screenshot(page, "director-08-warnings-desktop")

    # A player leaves: the director drops him.
    _row(page, "Celebrían Lórien").get_by_role("link", name="Drop…").click()
    page.get_by_role("button", name="Drop", exact=True).click()
    message(page, "Celebrían Lórien dropped.")
    expect(_row(page, "Celebrían Lórien")).to_contain_text("dropped after round 1")

    # Round 2 with the four players left, then finish.
    page.get_by_role("button", name="Pair round 2").click()
    message(page, "Round 2 paired.")
    assert _enter_all_results(page, [(18, 6), (10, 13)]) == 2
    page.get_by_role("link", name="Finish the event…").click()
    expect(page.locator("#finish-effects")).to_contain_text("The standings become final")
    page.get_by_role("button", name="Finish the event").click()
    message(page, "The event is finished.")
    screenshot(page, "director-09-finished-desktop")

    page.get_by_role("navigation", name="Event pages").get_by_role("link", name="Standings").click()
    expect(page.get_by_text("Final standings")).to_be_visible()
    no_horizontal_scroll(page)
    screenshot(page, "director-10-final-standings-desktop")

    # Export: the dashboard's links give CSV and JSON.
    page.go_back()
    csv_url = page.get_by_role("link", name="Export (CSV)").get_attribute("href")
    json_url = page.get_by_role("link", name="Export (JSON)").get_attribute("href")
    response = page.request.get(csv_url)
    assert response.ok and response.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.text())))
    assert {r["round"] for r in rows} == {"1", "2"}
    assert "Haldir Guard" in {r["player"] for r in rows}
    document = json.loads(page.request.get(json_url).text())
    assert document["event"]["status"] == "finished"
    assert [r["rank"] for r in document["standings"]][:3] == [1, 2, 3]
    assert len(document["penalties"]) == 4


def test_director_settles_a_dispute_on_a_phone(phone):
    """At the table, from a phone: the demo's disputed result, decided by the director."""
    load_demo()
    page = phone
    log_in(page, demo.DIRECTOR, demo.DEMO_PASSWORD)
    menu(page, "My events")
    page.get_by_role("region", name="Directing").get_by_role("link", name=demo.RUNNING_LORE).click()
    # What needs him first is at the top, in sections he can fold: the dispute first.
    needs = page.get_by_role("region", name="Needs you first")
    disputes = needs.locator("details.needs.urgent").filter(has_text="Disputed results")
    expect(disputes).to_contain_text("Disputed results (1)")
    no_horizontal_scroll(page)
    screenshot(page, "director-11-dashboard-dispute-phone")
    disputes.get_by_role("link").first.click()
    row = page.locator("tr[id^=t].disputed")
    expect(row).to_contain_text("Other report")
    fields = row.locator("details.fix").get_by_role("spinbutton")
    fields.nth(0).fill("16")
    fields.nth(1).fill("9")
    row.get_by_label("Note (kept in the history)").fill("Both agreed on 16–9 with the judge.")
    row.get_by_role("button", name="Save result").click()
    message(page, "saved")
    expect(page.get_by_role("region", name="Needs you first")).not_to_contain_text(
        "Disputed results"
    )
    screenshot(page, "director-12-dispute-settled-phone")
