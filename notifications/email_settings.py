"""E-mail settings from the environment: the console backend unless told otherwise.

``EMAIL_URL`` (``smtp://user:password@host:587``, ``smtps://…`` for implicit TLS) or
the separate ``EMAIL_HOST``, ``EMAIL_PORT``, ``EMAIL_HOST_USER``, ``EMAIL_HOST_PASSWORD``,
``EMAIL_USE_TLS``; ``DEFAULT_FROM_EMAIL`` in both cases. Called from settings.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote, urlsplit

SMTP = "django.core.mail.backends.smtp.EmailBackend"
CONSOLE = "django.core.mail.backends.console.EmailBackend"


def _from_url(url: str) -> dict[str, Any]:
    parts = urlsplit(url)
    if parts.scheme not in ("smtp", "smtps", "submission"):
        raise ValueError(f"EMAIL_URL must start with smtp:// or smtps://, not {parts.scheme}://")
    return {
        "EMAIL_BACKEND": SMTP,
        "EMAIL_HOST": parts.hostname or "localhost",
        "EMAIL_PORT": parts.port or (465 if parts.scheme == "smtps" else 587),
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_SSL": parts.scheme == "smtps",
        "EMAIL_USE_TLS": parts.scheme != "smtps",
    }


def email_settings(env: Mapping[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "EMAIL_BACKEND": env.get("EMAIL_BACKEND", CONSOLE),
        "DEFAULT_FROM_EMAIL": env.get("DEFAULT_FROM_EMAIL", "tournaments@localhost"),
    }
    if env.get("EMAIL_URL"):
        out.update(_from_url(env["EMAIL_URL"]))
    elif env.get("EMAIL_HOST"):
        out.update(
            EMAIL_BACKEND=SMTP,
            EMAIL_HOST=env["EMAIL_HOST"],
            EMAIL_PORT=int(env.get("EMAIL_PORT", "587")),
            EMAIL_HOST_USER=env.get("EMAIL_HOST_USER", ""),
            EMAIL_HOST_PASSWORD=env.get("EMAIL_HOST_PASSWORD", ""),
            EMAIL_USE_TLS=env.get("EMAIL_USE_TLS", "1") not in ("0", "false", "False", ""),
        )
    out["SERVER_EMAIL"] = out["DEFAULT_FROM_EMAIL"]
    return out
