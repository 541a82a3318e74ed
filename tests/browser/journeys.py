"""Shared steps of the browser journeys: the demo's data, the menu, and reading a page
the way a person does (headings, labels, roles, messages)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from demo import loader as demo

# A pressed button whose page answers slowly must not fail a journey on a busy machine.
expect.set_options(timeout=15_000)


def load_demo() -> demo.DemoSummary:
    """The README demo, built through the services like `manage.py load_demo`."""
    return demo.build_demo()


def menu(page: Page, name: str) -> None:
    """Follow a link of the main menu, opening it first on a narrow screen."""
    link = page.get_by_role("navigation", name="Main").get_by_role("link", name=name, exact=True)
    if not link.is_visible():
        page.locator("label[for=nav-toggle]").click()
    link.click()
    page.wait_for_load_state()


def message(page: Page, text: str) -> None:
    """A status message the last action left at the top of the page."""
    expect(page.get_by_role("status")).to_contain_text(text)


def no_horizontal_scroll(page: Page) -> None:
    """The page fits the window's width: nothing to scroll sideways except wide tables,
    which scroll inside their own box."""
    overflow = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 1, f"{page.url} is {overflow}px wider than the window"


def log_out(page: Page) -> None:
    menu_button = page.get_by_role("button", name="Log out")
    if not menu_button.is_visible():
        page.locator("label[for=nav-toggle]").click()
    menu_button.click()
    page.wait_for_load_state()
