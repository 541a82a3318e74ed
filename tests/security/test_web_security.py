"""Web security basics: CSRF on every form, login rate-limited against
guessing, secure cookies and security headers in production mode (check --deploy clean),
no secrets in the repository."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings

from audit.models import AuditEntry
from tests.security.world import World, build_world
from tournaments.models import Event

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
PROD_ENV = {
    "DEBUG": "0",
    "SECRET_KEY": "test-" + "k" * 60,
    "ALLOWED_HOSTS": "tournaments.example.org,testserver",
}
SKIP_PREFIXES = ("/static/", "/admin/", "/api/v1/", "/accounts/logout/")
MAX_PAGES = 70


# --------------------------------------------------------------------------- crawling


class _PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.forms: list[dict[str, Any]] = []
        self._form: dict[str, Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "a" and a.get("href"):
            self.links.append(a["href"] or "")
        elif tag == "form":
            self._form = {
                "method": (a.get("method") or "get").lower(),
                "action": a.get("action"),
                "inputs": {},
            }
            self.forms.append(self._form)
        elif tag in ("input", "select", "textarea", "button") and self._form is not None:
            name = a.get("name")
            if name:
                self._form["inputs"].setdefault(name, a.get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None


def crawl(client: Client, seeds: list[str]) -> dict[str, list[dict[str, Any]]]:
    """Follow the site's own links from ``seeds``; the POST forms found, by page."""
    queue, seen = list(seeds), set(seeds)
    found: dict[str, list[dict[str, Any]]] = {}
    while queue and len(found) < MAX_PAGES:
        url = queue.pop(0)
        response = client.get(url)
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue
        parser = _PageParser()
        parser.feed(response.content.decode())
        found[url] = [f for f in parser.forms if f["method"] == "post"]
        for form in found[url]:
            form["action"] = urljoin(url, form["action"] or url)
        for href in parser.links:
            parts = urlsplit(urljoin(url, href))
            if parts.netloc and parts.netloc != "testserver":
                continue
            target = parts.path + (f"?{parts.query}" if parts.query else "")
            if (
                target.startswith("/")
                and not target.startswith(SKIP_PREFIXES)
                and not target.endswith((".csv", ".json"))
                and target not in seen
            ):
                seen.add(target)
                queue.append(target)
    return found


@pytest.fixture
def world(db) -> World:
    return build_world()


def _seeds(w: World) -> list[str]:
    e, o = w.event.slug, w.open_event.slug
    return [
        "/",
        "/events/",
        f"/events/{e}/",
        f"/events/{e}/me/",
        f"/events/{e}/manage/",
        f"/events/{e}/edit/",
        f"/events/{o}/",
        f"/events/{o}/manage/",
        "/events/new/",
        "/me/events/",
        "/decks/check/",
        "/decks/formats/new/",
        f"/decks/events/{e}/",
        f"/decks/events/{o}/submit/",
        "/rules/",
        "/leagues/",
        "/leagues/replay/",
        f"/audit/events/{e}/",
        "/accounts/login/",
        "/accounts/signup/",
    ]


def _client_for(user: Any, **kwargs: Any) -> Client:
    client = Client(**kwargs)
    if user is not None:
        client.force_login(user)
    return client


ROLES = ("anonymous", "the_player", "the_director", "staff")


@pytest.mark.parametrize("role", ROLES)
def test_every_post_form_has_a_csrf_token(world: World, role: str) -> None:
    user = world.users()[role]
    pages = crawl(_client_for(user), _seeds(world))
    forms = [(page, f) for page, fs in pages.items() for f in fs]
    # The crawl must really reach forms, or this test would pass on nothing.
    assert len(pages) >= 8, sorted(pages)
    assert forms, f"no POST form found on {sorted(pages)}"
    missing = [(page, f["action"]) for page, f in forms if "csrfmiddlewaretoken" not in f["inputs"]]
    assert not missing, f"POST forms without a CSRF token: {missing}"


@pytest.mark.parametrize("role", ("the_player", "the_director"))
def test_post_without_csrf_token_is_refused(world: World, role: str) -> None:
    """Every POST form found, sent without its token by a logged-in user, is refused
    with 403 and changes nothing."""
    user = world.users()[role]
    pages = crawl(_client_for(user), _seeds(world))
    actions = sorted({f["action"] for fs in pages.values() for f in fs})
    assert len(actions) >= 3, actions
    strict = _client_for(user, enforce_csrf_checks=True)
    before = (AuditEntry.objects.count(), Event.objects.count())
    # The language switch only sets the visitor's own language; it is exempt because
    # cached public pages carry a stale token in its form (tournaments/urls.py).
    for action in [a for a in actions if a != "/language/"]:
        form = next(f for fs in pages.values() for f in fs if f["action"] == action)
        data = {k: v for k, v in form["inputs"].items() if k != "csrfmiddlewaretoken"}
        response = strict.post(action, data)
        assert response.status_code == 403, (action, response.status_code)
    assert (AuditEntry.objects.count(), Event.objects.count()) == before


HOSTILE_VALUES = ["A" * 5000, "-1", "nul\x00byte", "1; DROP TABLE tournaments_event", "9" * 40, ""]


@pytest.mark.parametrize("role", ("the_player", "the_director"))
def test_hostile_form_posts_are_never_a_server_error(world: World, role: str) -> None:
    """Every POST form found, filled with hostile values in every field: refused or done,
    never a 500."""
    user = world.users()[role]
    client = _client_for(user)
    client.raise_request_exception = False
    pages = crawl(client, _seeds(world))
    forms = {f["action"]: f for fs in pages.values() for f in fs}
    assert forms
    for action, form in sorted(forms.items()):
        if action.endswith("/accounts/logout/"):
            continue
        for value in HOSTILE_VALUES:
            data = {k: value for k in form["inputs"] if k != "csrfmiddlewaretoken"}
            response = client.post(action, data)
            assert response.status_code < 500, (action, value[:20], response.status_code)


def test_the_same_post_with_its_token_goes_through(world: World) -> None:
    """The refusal above is the CSRF check, not something else: with the token from the
    page, the same kind of request is accepted."""
    strict = _client_for(world.stranger, enforce_csrf_checks=True)
    page = strict.get(f"/events/{world.open_event.slug}/")
    token = page.cookies["csrftoken"].value
    url = f"/events/{world.open_event.slug}/register/"
    assert strict.post(url).status_code == 403
    response = strict.post(url, {"csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert world.open_event.registrations.filter(player__user=world.stranger).exists()


def test_session_authenticated_api_write_needs_csrf(world: World) -> None:
    """A page's session cookie cannot be used by another site to write through the API."""
    strict = _client_for(world.director, enforce_csrf_checks=True)
    response = strict.post(
        "/api/v1/events/", {"name": "Forged", "game": "lore"}, content_type="application/json"
    )
    assert response.status_code == 403
    assert not Event.objects.filter(name="Forged").exists()


# --------------------------------------------------------------------------- logging in


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Any) -> None:
    # The throttle is what is tested, not the hash; the default one costs a second a try.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def account(db) -> Any:
    return get_user_model().objects.create_user("frodo", password="mithril-coat-42")


def _login(client: Client, username: str, password: str, addr: str = "10.0.0.1") -> Any:
    return client.post(
        "/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=addr
    )


def test_login_is_rate_limited_per_address(account: Any) -> None:
    client = Client()
    for _ in range(5):
        assert _login(client, "frodo", "wrong").status_code == 200
    # Even the right password is refused now: guessing has been cut off.
    blocked = _login(client, "frodo", "mithril-coat-42")
    assert blocked.status_code == 429
    assert b"Too many failed log-in attempts" in blocked.content
    assert "_auth_user_id" not in client.session


def test_failures_from_elsewhere_never_lock_the_owner_out(account: Any) -> None:
    """five bad passwords from anywhere used to lock the account out of every
    log-in. Counting is per account and address: the owner, elsewhere, still logs in."""
    client = Client()
    for i in range(5):
        _login(client, "frodo", "wrong", addr=f"10.0.1.{i}")
    for _ in range(6):
        _login(Client(), "frodo", "wrong", addr="10.0.1.99")
    assert _login(Client(), "frodo", "wrong", addr="10.0.1.99").status_code == 429
    assert _login(Client(), "frodo", "mithril-coat-42", addr="10.0.2.1").status_code == 302


def test_a_good_login_still_works_and_clears_the_count(account: Any) -> None:
    client = Client()
    for _ in range(3):
        _login(client, "frodo", "wrong")
    assert _login(client, "frodo", "mithril-coat-42").status_code == 302
    for _ in range(3):
        _login(Client(), "frodo", "wrong")
    assert _login(Client(), "frodo", "mithril-coat-42").status_code == 302


def test_admin_login_is_rate_limited_too(db) -> None:
    """The admin's own log-in page must not be a side door for guessing staff passwords."""
    get_user_model().objects.create_user("gandalf", password="you-shall-not-pass", is_staff=True)
    client = Client()
    for _ in range(5):
        client.post(
            "/admin/login/",
            {"username": "gandalf", "password": "wrong"},
            REMOTE_ADDR="10.0.3.1",
        )
    client.post(
        "/admin/login/",
        {"username": "gandalf", "password": "you-shall-not-pass", "next": "/admin/"},
        REMOTE_ADDR="10.0.3.1",
    )
    assert "_auth_user_id" not in client.session


def test_api_token_exchange_is_rate_limited_too(account: Any) -> None:
    client = Client()

    def ask(password: str) -> Any:
        return client.post(
            "/api/v1/token/",
            {"username": "frodo", "password": password},
            REMOTE_ADDR="10.0.4.1",
        )

    assert ask("mithril-coat-42").status_code == 200
    for _ in range(5):
        assert ask("wrong").status_code == 400
    blocked = ask("mithril-coat-42")
    assert blocked.status_code == 429
    assert "token" not in blocked.json()


# --------------------------------------------------------------------------- production mode


# Test-only switches (the browser tests allow sync ORM calls) are not part of a deployment.
NOT_DEPLOYED = ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_ALLOW_ASYNC_UNSAFE")


def _deploy_env(env: dict[str, str]) -> dict[str, str]:
    full = {k: v for k, v in os.environ.items() if k not in NOT_DEPLOYED}
    full.update(env)
    return full


def _run(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    full = _deploy_env(env)
    full["DJANGO_SETTINGS_MODULE"] = "organizer.settings"
    return subprocess.run(
        [PYTHON, "-c", code], cwd=ROOT, env=full, capture_output=True, text=True, timeout=120
    )


SETTINGS_DUMP = """
import json
from django.conf import settings
names = ["DEBUG", "SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
         "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_CONTENT_TYPE_NOSNIFF",
         "SECURE_REFERRER_POLICY", "X_FRAME_OPTIONS", "SESSION_COOKIE_HTTPONLY",
         "SECURE_PROXY_SSL_HEADER", "SECRET_KEY"]
print(json.dumps({n: getattr(settings, n) for n in names}))
"""


@pytest.fixture(scope="module")
def production_settings() -> dict[str, Any]:
    result = _run(SETTINGS_DUMP, PROD_ENV)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_production_settings_are_hardened(production_settings: dict[str, Any]) -> None:
    s = production_settings
    assert s["DEBUG"] is False
    assert s["SESSION_COOKIE_SECURE"] and s["CSRF_COOKIE_SECURE"] and s["SESSION_COOKIE_HTTPONLY"]
    assert s["SECURE_SSL_REDIRECT"] is True
    assert s["SECURE_HSTS_SECONDS"] >= 31536000
    assert s["X_FRAME_OPTIONS"] == "DENY"
    assert s["SECRET_KEY"] == PROD_ENV["SECRET_KEY"]


def test_check_deploy_is_clean() -> None:
    result = subprocess.run(
        [PYTHON, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=_deploy_env(PROD_ENV),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    "env",
    [
        {"DEBUG": "0", "ALLOWED_HOSTS": "x.example.org"},  # no key at all
        {"DEBUG": "0", "ALLOWED_HOSTS": "x.example.org", "SECRET_KEY": "short"},
        {
            "DEBUG": "0",
            "ALLOWED_HOSTS": "x.example.org",
            "SECRET_KEY": "dev-only-insecure-key-never-use-in-production",
        },
        {"DEBUG": "0", "SECRET_KEY": "k" * 50, "ALLOWED_HOSTS": ""},
    ],
)
def test_production_refuses_to_start_without_a_real_key_and_hosts(env: dict[str, str]) -> None:
    result = _run("import django; django.setup()", env)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr


def test_production_headers_and_cookies(production_settings: dict[str, Any], account: Any) -> None:
    """With the production values, pages carry the security headers and the log-in
    sets only Secure, HttpOnly session cookies."""
    s = production_settings
    overrides = {
        k: (tuple(v) if k == "SECURE_PROXY_SSL_HEADER" else v)
        for k, v in s.items()
        if k not in ("SECRET_KEY",)
    }
    with override_settings(**overrides):
        plain = Client().get("/", REMOTE_ADDR="10.0.9.1")
        assert plain.status_code == 301
        assert plain["Location"].startswith("https://")
        client = Client()
        page = client.get("/accounts/login/", secure=True)
        assert page.status_code == 200
        assert "max-age=31536000" in page["Strict-Transport-Security"]
        assert page["X-Content-Type-Options"] == "nosniff"
        assert page["X-Frame-Options"] == "DENY"
        assert page["Referrer-Policy"] == "same-origin"
        assert page.cookies["csrftoken"]["secure"]
        response = client.post(
            "/accounts/login/",
            {"username": "frodo", "password": "mithril-coat-42"},
            secure=True,
            REMOTE_ADDR="10.0.9.2",
        )
        assert response.status_code == 302
        session = response.cookies["sessionid"]
        assert session["secure"] and session["httponly"]
        assert session["samesite"].lower() == "lax"


# --------------------------------------------------------------------------- secrets

SECRET_PATTERNS = {
    "private key": re.compile(r"-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP )?PRIVATE KEY"),
    "AWS access key": re.compile(r"\bAKIA[0-9A-Z]{16}\b"),
    "GitHub token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
    "Slack token": re.compile(r"\bxox[baprs]-[A-Za-z0-9-]{10,}"),
    "Stripe key": re.compile(r"\bsk_live_[A-Za-z0-9]{16,}"),
    "Google API key": re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b"),
    "password in a URL": re.compile(
        r"\b[a-z][a-z0-9+]*://[^/\s:@'\"]+:(?!(?:password|pass|secret|changeme)@)"
        r"[^/\s:@'\"{}$<>]{3,}@"
    ),
    "hard-coded SECRET_KEY": re.compile(r"^\s*SECRET_KEY\s*=\s*['\"][^'\"]{20,}['\"]", re.M),
    "DRF token literal": re.compile(r"Authorization['\"]?\s*[:=]\s*['\"]Token [0-9a-f]{40}"),
}


def _repository_files() -> list[Path]:
    out = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    if out.returncode != 0:
        pytest.skip(f"not a git checkout: {out.stderr.strip()}")
    return [ROOT / line for line in out.stdout.splitlines() if line]


def test_no_secrets_in_the_repository() -> None:
    files = _repository_files()
    assert any(f.name == "settings.py" for f in files)
    hits = []
    for path in files:
        if not path.is_file() or path.stat().st_size > 2_000_000:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for label, pattern in SECRET_PATTERNS.items():
            if pattern.search(text):
                hits.append(f"{path.relative_to(ROOT)}: {label}")
    assert not hits, hits


def test_no_environment_files_are_tracked() -> None:
    names = {p.name for p in _repository_files()}
    assert not names & {".env", ".env.production", "id_rsa", "id_ed25519", ".pgpass", ".netrc"}


def test_the_scanner_finds_a_planted_secret(tmp_path: Path) -> None:
    """The patterns are not vacuous: each finds what it is meant to."""
    # Built from pieces, so this file itself holds no secret-looking text.
    samples = {
        "private key": "-----BEGIN RSA " + "PRIVATE KEY-----",
        "AWS access key": "AKIA" + "ABCDEFGHIJKLMNOP",
        "password in a URL": "postgres://admin:" + "hunter22@db.example.org/x",
        "hard-coded SECRET_KEY": "SECRET_KEY = " + "'abcdefghijklmnopqrstuvwxyz0123'",
    }
    for label, sample in samples.items():
        assert SECRET_PATTERNS[label].search(sample), label
    for harmless in ("postgres://postgres@127.0.0.1/x", "postgres://user:password@host/name"):
        assert not SECRET_PATTERNS["password in a URL"].search(harmless)
