"""Deck pages in Chromium at phone width: a real NetMECCG championship
file uploaded on the deck checker is read whole and judged, and every deck page a visitor,
a player and the director reach fits 360 px, shows no internal string and has no serious
axe-core violation. Screenshots go to test-artifacts/screenshots/."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from playwright.sync_api import expect

from tests.browser.axe import INTERNAL, horizontal_overflow, internal_text, serious_violations
from tests.browser.conftest import log_in, screenshot
from tests.browser.journeys import load_demo

pytestmark = pytest.mark.django_db(transaction=True)

NARROW = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
REAL = Path(__file__).resolve().parents[1] / "decks" / "real"
# Patric Laxander's hero One Ring deck, 2016 World Championship (tests/decks/real/SOURCES.md).
DCK = REAL / "netmeccg-worlds-2016-laxander-hero-one-ring-vs-hero.dck"


def _page(browser, live_server):
    # axe is injected as a script: the page's own CSP must not block the test's tool.
    context = browser.new_context(base_url=live_server.url, bypass_csp=True, **NARROW)
    page = context.new_page()
    page.set_default_timeout(20_000)
    return context, page


def _fits(page) -> list[str]:
    found = []
    if (overflow := horizontal_overflow(page)) > 1:
        found.append(f"{overflow}px sideways scroll")
    if text := internal_text(page):
        found.append(f"internal text {text}")
    found += [f"axe {v['impact']} {v['id']}: {v['nodes']}" for v in serious_violations(page)]
    return found


def _internal_in_fields(page) -> list[str]:
    """The new-format form's boxes hold what a director reads and edits: no internal key
    (snake_case) in a field's value or a label, and no JSON table."""
    values = page.eval_on_selector_all(
        "input[type=text], input[type=number], textarea, label, legend, option",
        "els => els.map(e => e.value !== undefined && e.tagName !== 'OPTION'"
        " ? e.value : e.textContent)",
    )
    text = "\n".join(values)
    keys = sorted(set(INTERNAL.findall(text)))
    return [f"internal key in a field {k}" for k in keys] + (
        ["a JSON table in a field"] if "{" in text else []
    )


def test_a_real_dck_file_uploaded_on_the_deck_checker_at_360px(browser, live_server):
    cards = settings.CARD_DATA_DIR / "metw" / "cards.json"
    if not cards.exists():
        pytest.skip(f"METW card database not found at {cards} (set CARD_DATA_DIR)")
    # The whole METW card database, as a site runs with it (the small fixture lacks names).
    call_command("import_cards", "metw", str(cards), verbosity=0)
    context, page = _page(browser, live_server)
    try:
        page.goto("/decks/check/")
        page.get_by_label("Format").select_option("metw:coe")
        page.get_by_label("METW player type").select_option("wizard")
        page.get_by_label("Or upload a deck file").set_input_files(str(DCK))
        page.get_by_role("button", name="Check", exact=True).click()
        page.wait_for_load_state()
        verdict = page.locator(".verdict")
        expect(verdict).to_contain_text("NetMECCG deck file (.dck)")
        # CoE 1.4-1.7: the champion's deck is legal as filed, every card found.
        expect(verdict).to_contain_text("Legal")
        expect(verdict).not_to_contain_text("Not legal")
        expect(page.get_by_text("Radagast").first).to_be_attached()
        assert not _fits(page), _fits(page)
        screenshot(page, "decks-01-real-dck-uploaded-360")
    finally:
        context.close()


def test_deck_pages_at_360px_for_visitor_player_and_director(browser, live_server):
    summary = load_demo()
    event = summary.running_event
    pages = {
        "visitor": ["/decks/check/", "/decks/formats/"],
        "player": [f"/decks/events/{event}/submit/"],
        "director": [f"/decks/events/{event}/", "/decks/formats/new/"],
    }
    problems: dict[str, list[str]] = {}
    for role, paths in pages.items():
        context, page = _page(browser, live_server)
        try:
            if role != "visitor":
                user = summary.player if role == "player" else summary.director
                log_in(page, user, summary.password)
            for path in paths:
                response = page.goto(path)
                assert response is not None and response.status < 400, (role, path)
                found = _fits(page)
                if path == "/decks/formats/new/":
                    found += _internal_in_fields(page)
                if found:
                    problems[f"{role} {path}"] = found
                screenshot(page, f"decks-02-{role}-{path.strip('/').replace('/', '-')}-360")
        finally:
            context.close()
    assert not problems, "\n".join(f"{p}: {'; '.join(f)}" for p, f in problems.items())
