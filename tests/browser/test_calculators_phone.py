"""The calculator pages in a real browser on a 375px-wide phone with JavaScript off:
labels work, the forms submit without JavaScript, nothing is wider than the screen.
(000 Part VI §3 Scoring; 003 Part II §1 worked example.)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser.conftest import screenshot

PHONE_375 = {"viewport": {"width": 375, "height": 812}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def phone(browser, live_server) -> Iterator[object]:
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False, **PHONE_375)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def fits(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"page is {width}px wide on a 375px phone"


@pytest.mark.django_db(transaction=True)
def test_score_calculator_on_a_phone(phone):
    """000 Part VI §3: 14 against 6 in round 3 → 6–0, with the ratio row highlighted."""
    phone.goto("/rules/score/")
    fits(phone)
    phone.get_by_label("Game", exact=True).select_option("lore")
    phone.get_by_label("Round number", exact=True).fill("3")
    phone.get_by_label("Seat 1: player").fill("Ann")
    phone.get_by_label("Seat 1: MPs").fill("14")
    phone.get_by_label("Seat 2: player").fill("Bob")
    phone.get_by_label("Seat 2: MPs").fill("6")
    phone.get_by_role("button", name="Score the game").click()
    phone.get_by_role("heading", name="Ann wins — ratio ≥ 2 (6–0)").wait_for()
    assert "ratio ≥ 2" in phone.locator("tr.highlight").inner_text()
    fits(phone)
    screenshot(phone, "calculators-score-phone")


@pytest.mark.django_db(transaction=True)
def test_free_council_on_a_phone(phone):
    """003 Part II §1: the worked example typed in by hand gives Jessica 14, Jason 12."""
    phone.goto("/rules/free-council/")
    fits(phone)
    players = (
        phone.locator("fieldset", has_text="Player 1"),
        phone.locator("fieldset", has_text="Player 2"),
    )
    values = (
        {
            "Player": "Jessica",
            "Character": "7",
            "Item": "2",
            "Faction": "2",
            "Ally": "2",
            "Miscellaneous": "2",
        },
        {"Player": "Jason", "Character": "8", "Item": "4", "Ally": "2", "Duplicates revealed": "3"},
    )
    for fieldset, fields in zip(players, values, strict=True):
        for label, value in fields.items():
            fieldset.get_by_label(label, exact=label == "Player").fill(value)
    phone.get_by_role("button", name="Count the Council").click()
    phone.get_by_role("heading", name="Jessica wins the Council").wait_for()
    final = phone.locator("tr", has_text="Final MPs").inner_text()
    assert "14" in final and "12" in final
    fits(phone)
    screenshot(phone, "calculators-free-council-phone")
