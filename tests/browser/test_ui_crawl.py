"""the demo crawled in Chromium at 360 px as a visitor, a player and a director:
no page scrolls sideways, no internal string is shown, no serious or critical axe-core
violation. Plus the new views at phone and desktop size, with screenshots kept."""

from __future__ import annotations

from collections import deque
from urllib.parse import urljoin, urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.axe import horizontal_overflow, internal_text, serious_violations
from tests.browser.conftest import log_in, screenshot
from tests.browser.journeys import load_demo

pytestmark = pytest.mark.django_db(transaction=True)

NARROW = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
WIDE = {"viewport": {"width": 1366, "height": 768}}
# Links a crawl must not follow: leaving, downloads, the API, admin, and endless variants.
SKIP = ("/accounts/logout", "/admin/", "/api/", "/static/", "/language/", "/export")
FILES = (".ics", ".csv", ".json", ".pdf", ".zip")
MAX_PAGES = 45


def _context(browser, live_server, size):
    # axe is injected as a script: the page's own CSP must not block the test's tool.
    context = browser.new_context(base_url=live_server.url, bypass_csp=True, **size)
    page = context.new_page()
    page.set_default_timeout(20_000)
    return context, page


def _links(page, base: str) -> list[str]:
    hrefs = page.eval_on_selector_all("a[href]", "els => els.map(e => e.getAttribute('href'))")
    out = []
    for href in hrefs:
        url = urljoin(base, href)
        parts = urlsplit(url)
        if parts.netloc != urlsplit(base).netloc or any(s in parts.path for s in SKIP):
            continue
        # Files, not pages: calendar feeds (and their webcal:// twins) and other downloads.
        if parts.scheme not in ("http", "https") or parts.path.endswith(FILES):
            continue
        if "page=" in parts.query or "sort=" in parts.query:
            continue
        out.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return out


def _crawl(page, live_server, start: str = "/") -> dict[str, list[str]]:
    seen, queue, problems = set(), deque([start]), {}
    while queue and len(seen) < MAX_PAGES:
        path = queue.popleft()
        if path in seen:
            continue
        seen.add(path)
        response = page.goto(path)
        if (
            response is None
            or response.status >= 400
            or "html" not in (response.headers.get("content-type", ""))
        ):
            continue
        found = []
        if (overflow := horizontal_overflow(page)) > 1:
            found.append(f"{overflow}px sideways scroll")
        if text := internal_text(page):
            found.append(f"internal text {text}")
        for v in serious_violations(page):
            found.append(f"axe {v['impact']} {v['id']}: {v['help']} {v['nodes']}")
        if found:
            problems[path] = found
        queue.extend(p for p in _links(page, live_server.url + path) if p not in seen)
    assert len(seen) > 5, "the crawl found almost nothing"
    return problems


@pytest.mark.parametrize("role", ["visitor", "player", "director"])
def test_demo_crawl_at_360px(browser, live_server, role):
    summary = load_demo()
    context, page = _context(browser, live_server, NARROW)
    try:
        if role != "visitor":
            user = summary.player if role == "player" else summary.director
            log_in(page, user, summary.password)
        problems = _crawl(page, live_server)
        report = "\n".join(f"{p}: {'; '.join(f)}" for p, f in sorted(problems.items()))
        assert not problems, f"{role} at 360 px:\n{report}"
    finally:
        context.close()


def test_player_card_and_pairings_filter_on_a_phone(browser, live_server):
    summary = load_demo()
    context, page = _context(browser, live_server, PHONE)
    try:
        log_in(page, summary.player, summary.password)
        page.goto("/")
        card = page.get_by_role("region", name="Your table now").first
        expect(card).to_be_visible()
        expect(card).to_contain_text(f"Table {summary.player_table}")
        expect(card).to_contain_text(summary.opponent_name)
        screenshot(page, "ui-01-table-now-home-390")
        page.goto(f"/events/{summary.running_event}/pairings/")
        rows = page.locator("#pairings-body tr")
        total = rows.count()
        page.get_by_label("Find a player").press_sequentially(summary.player_name[:4])
        visible = page.locator("#pairings-body tr:visible")
        expect(visible).not_to_have_count(total)
        expect(visible.first).to_contain_text(summary.player_name)
        assert horizontal_overflow(page) <= 1
        screenshot(page, "ui-02-pairings-filter-390")
    finally:
        context.close()


def test_director_dashboard_at_360px_and_back_to_the_row(browser, live_server):
    summary = load_demo()
    context, page = _context(browser, live_server, NARROW)
    try:
        log_in(page, summary.director, summary.password)
        page.goto(f"/events/{summary.running_event}/manage/")
        expect(page.get_by_role("heading", name="Needs you first")).to_be_visible()
        assert horizontal_overflow(page) <= 1
        screenshot(page, "ui-03-dashboard-360")
        # Every button of the player list is on screen (nothing off to the right).
        for box in page.locator(".players-table button").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().right)"
        ):
            assert box <= 360
    finally:
        context.close()


def test_projector_views_at_1366(browser, live_server):
    summary = load_demo()
    context, page = _context(browser, live_server, WIDE)
    try:
        for name in ("pairings", "clock", "standings"):
            page.goto(f"/events/{summary.running_event}/projector/{name}/")
            expect(page.locator(".site-header")).to_have_count(0)
            assert not serious_violations(page), name
            screenshot(page, f"ui-04-projector-{name}-1366")
        page.goto(f"/events/{summary.running_event}/")
        screenshot(page, "ui-05-event-page-1366")
    finally:
        context.close()


def test_spanish_event_page_on_a_phone(browser, live_server):
    summary = load_demo()
    context = browser.new_context(
        base_url=live_server.url, locale="es-ES", extra_http_headers={"Accept-Language": "es"},
        **PHONE,
    )  # fmt: skip
    page = context.new_page()
    try:
        page.goto(f"/events/{summary.running_event}/")
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.get_by_role("link", name="Emparejamientos").first).to_be_visible()
        screenshot(page, "ui-06-event-page-es-390")
    finally:
        context.close()
