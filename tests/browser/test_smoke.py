"""The site opens in a real browser, on a phone and on a desktop."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.browser.conftest import log_in, screenshot

pytestmark = pytest.mark.django_db(transaction=True)


def test_home_page_on_a_phone_has_a_working_menu(phone):
    phone.goto("/")
    assert phone.get_by_role("heading", name="Middle-earth tournaments").is_visible()
    # The menu collapses behind a toggle on a narrow screen.
    assert not phone.get_by_role("link", name="Events", exact=True).is_visible()
    phone.locator("label[for=nav-toggle]").click()
    assert phone.get_by_role("link", name="Events", exact=True).is_visible()
    screenshot(phone, "smoke-home-phone")


def test_log_in_and_out_on_desktop(desktop):
    get_user_model().objects.create_user("eowyn", password="shieldmaiden-1")
    log_in(desktop, "eowyn", "shieldmaiden-1")
    assert desktop.get_by_role("button", name="Log out (eowyn)").is_visible()
    screenshot(desktop, "smoke-logged-in-desktop")
