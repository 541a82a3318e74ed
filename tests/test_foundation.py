"""The foundation: settings from the environment, accounts, admin, API schema, layout."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from tournaments.models import Player

ROOT = Path(__file__).resolve().parent.parent


def _settings_in_subprocess(env: dict[str, str], expr: str) -> subprocess.CompletedProcess:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DATABASE_URL", "REDIS_URL", "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS"}
    }
    clean.update(env)
    code = f"import os; os.environ['DJANGO_SETTINGS_MODULE']='organizer.settings'; import django; django.setup(); from django.conf import settings as s; print({expr})"
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_embedded_defaults_are_sqlite_eager_and_locmem():
    out = _settings_in_subprocess(
        {},
        "s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER, s.CACHES['default']['BACKEND']",
    )
    assert out.returncode == 0, out.stderr
    assert "sqlite3" in out.stdout and "True" in out.stdout and "LocMemCache" in out.stdout


def test_database_url_and_redis_url_switch_to_postgres_and_redis():
    out = _settings_in_subprocess(
        {
            "DATABASE_URL": "postgres://u@db.example:5432/x",
            "REDIS_URL": "redis://cache.example:6379/1",
        },
        "s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER, s.CELERY_BROKER_URL, s.CACHES['default']['BACKEND']",
    )
    assert out.returncode == 0, out.stderr
    assert "postgresql" in out.stdout
    assert (
        "False" in out.stdout
        and "redis://cache.example:6379/1" in out.stdout
        and "RedisCache" in out.stdout
    )


@pytest.mark.parametrize(
    "env,message",
    [
        ({"DEBUG": "0", "ALLOWED_HOSTS": "x.org"}, "SECRET_KEY"),
        ({"DEBUG": "0", "SECRET_KEY": "short", "ALLOWED_HOSTS": "x.org"}, "SECRET_KEY"),
        ({"DEBUG": "0", "SECRET_KEY": "k" * 50}, "ALLOWED_HOSTS"),
    ],
)
def test_production_mode_refuses_to_start_without_secret_key_and_hosts(env, message):
    out = _settings_in_subprocess(env, "s.DEBUG")
    assert out.returncode != 0
    assert message in out.stderr


def test_production_mode_starts_with_real_settings():
    out = _settings_in_subprocess(
        {"DEBUG": "0", "SECRET_KEY": "k" * 50, "ALLOWED_HOSTS": "x.org"},
        "s.DEBUG, s.SESSION_COOKIE_SECURE",
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "True"]


@pytest.mark.django_db
def test_create_director_prints_a_working_api_token(client):
    from io import StringIO

    out = StringIO()
    call_command("create_director", "alice", "--password", "pw-for-alice-1", stdout=out)
    token = re.search(r"API token: (\w+)", out.getvalue()).group(1)
    user = get_user_model().objects.get(username="alice")
    assert user.check_password("pw-for-alice-1")
    assert Player.objects.filter(user=user).exists()
    response = client.get("/api/v1/schema/", HTTP_AUTHORIZATION=f"Token {token}")
    assert response.status_code == 200


@pytest.mark.django_db
def test_signup_creates_a_player_profile(client):
    response = client.post(
        reverse("signup"),
        {
            "username": "frodo",
            "password1": "Baggins-of-the-Shire",
            "password2": "Baggins-of-the-Shire",
            "display_name": "Frodo B.",
        },
    )
    assert response.status_code == 302
    assert Player.objects.get(user__username="frodo").display_name == "Frodo B."


@pytest.mark.django_db
def test_login_is_rate_limited_after_repeated_failures(client):
    get_user_model().objects.create_user("sam", password="right-password-1")
    for _ in range(5):
        assert (
            client.post(reverse("login"), {"username": "sam", "password": "wrong"}).status_code
            == 200
        )
    blocked = client.post(reverse("login"), {"username": "sam", "password": "right-password-1"})
    assert blocked.status_code == 429
    assert b"Too many failed" in blocked.content


@pytest.mark.django_db
def test_every_model_is_in_the_admin_and_its_pages_render(admin_client):
    ours = [
        m
        for m in apps.get_models()
        if m._meta.app_label in {"tournaments", "decks", "ratings", "audit"}
    ]
    assert ours
    for model in ours:
        assert model in admin.site._registry, f"{model._meta.label} is not in the admin"
        url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        assert admin_client.get(url).status_code == 200, url
        add = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_add")
        assert admin_client.get(add).status_code in (200, 403), add


@pytest.mark.django_db
def test_openapi_schema_validates():
    call_command("spectacular", "--validate", "--file", os.devnull)


@pytest.mark.django_db
def test_schema_and_docs_are_served(client):
    assert client.get("/api/v1/schema/").status_code == 200
    docs = client.get("/api/v1/docs/")
    assert docs.status_code == 200
    assert b"cdn." not in docs.content  # the docs page works offline (sidecar assets)


@pytest.mark.django_db
def test_base_layout_needs_no_network(client):
    html = client.get("/").content.decode()
    assert 'name="viewport"' in html
    external = re.findall(r'(?:src|href)="(https?://[^"]+)"', html)
    assert external == []
