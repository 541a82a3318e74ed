"""Log-in throttling that cannot lock people out: failures counted by account
and address together, the address read from a configured trusted proxy."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from core.middleware import client_address

PROXY = "10.9.9.9"


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def admin(db) -> Any:
    return get_user_model().objects.create_user("admin", password="mithril-coat-42", is_staff=True)


@pytest.mark.parametrize(
    ("peer", "forwarded", "count", "proxies", "expected"),
    [
        # No proxy configured: the header is the client's word and is ignored.
        ("203.0.113.5", "198.51.100.1", 0, [], "203.0.113.5"),
        # One proxy: the right-most entry is what the proxy saw; entries left of it are forged.
        ("10.9.9.9", "1.2.3.4, 198.51.100.7", 1, [], "198.51.100.7"),
        ("10.9.9.9", "1.2.3.4, 198.51.100.7, 10.0.0.2", 2, [], "198.51.100.7"),
        # Trusted networks: skip our proxies from the right.
        ("10.9.9.9", "1.2.3.4, 198.51.100.7, 10.0.0.2", 0, ["10.0.0.0/8"], "198.51.100.7"),
        # A peer outside the trusted networks cannot pick its own address.
        ("203.0.113.5", "198.51.100.7", 0, ["10.0.0.0/8"], "203.0.113.5"),
        # Garbage in the header: keep the peer.
        ("10.9.9.9", "not-an-address", 1, [], "10.9.9.9"),
        ("10.9.9.9", "", 1, [], "10.9.9.9"),
    ],
)
def test_the_client_address_comes_from_the_trusted_proxy_only(
    peer: str, forwarded: str, count: int, proxies: list[str], expected: str
) -> None:
    assert client_address(peer, forwarded, count, proxies) == expected


def _login(user: str, password: str, client_ip: str, url: str = "/accounts/login/") -> Any:
    return Client().post(
        url,
        {"username": user, "password": password},
        REMOTE_ADDR=PROXY,
        HTTP_X_FORWARDED_FOR=f"{client_ip}",
    )


def test_behind_a_proxy_one_guesser_does_not_block_everyone(admin: Any, settings: Any) -> None:
    settings.TRUSTED_PROXY_COUNT = 1
    for _ in range(5):
        assert _login("admin", "wrong", "198.51.100.66").status_code == 200
    assert _login("admin", "mithril-coat-42", "198.51.100.66").status_code == 429
    # Same proxy, another person: the real admin is let in.
    assert _login("admin", "mithril-coat-42", "198.51.100.10").status_code == 302


def test_without_a_trusted_proxy_everyone_behind_it_shares_one_address(
    admin: Any, settings: Any
) -> None:
    settings.TRUSTED_PROXY_COUNT = 0
    for _ in range(5):
        _login("admin", "wrong", "198.51.100.66")
    # The header is not believed, so the proxy's address is the one counted.
    assert _login("admin", "mithril-coat-42", "198.51.100.10").status_code == 429


def test_the_token_exchange_counts_the_same_way(admin: Any, settings: Any) -> None:
    settings.TRUSTED_PROXY_COUNT = 1
    for _ in range(5):
        assert _login("admin", "wrong", "198.51.100.66", "/api/v1/token/").status_code == 400
    assert _login("admin", "mithril-coat-42", "198.51.100.66", "/api/v1/token/").status_code == 429
    assert _login("admin", "mithril-coat-42", "198.51.100.11", "/api/v1/token/").status_code == 200


def test_one_address_spraying_many_accounts_is_slowed_too(db, settings: Any) -> None:
    settings.TRUSTED_PROXY_COUNT = 1
    settings.LOGIN_FAILURES_PER_ADDRESS = 8
    get_user_model().objects.create_user("sam", password="mithril-coat-42")
    for i in range(8):
        _login(f"nobody{i}", "wrong", "203.0.113.9")
    assert _login("sam", "mithril-coat-42", "203.0.113.9").status_code == 429
    assert _login("sam", "mithril-coat-42", "203.0.113.10").status_code == 302
