"""Run inside a separate Django process whose REDIS_URL points where nothing answers
(tests/ops/test_redis_down.py): prints the status of every page the issue named and
what happened to a task sent meanwhile, as JSON on the last line."""

from __future__ import annotations

import json

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from core.models import OutboxMessage
from core.tasks import ping
from tournaments.models import Player

User = get_user_model()
user = User.objects.create_user("maren", password="a-long-enough-pass-42")
Player.objects.create(user=user, display_name="Maren Holt")
client = Client()
out: dict[str, object] = {}
out["cache_get"] = cache.get("anything", "fallback")
cache.set("k", 1)
out["login_page"] = client.get("/accounts/login/").status_code
out["login_bad"] = client.post(
    "/accounts/login/", {"username": "maren", "password": "wrong"}
).status_code
out["login_ok"] = client.post(
    "/accounts/login/", {"username": "maren", "password": "a-long-enough-pass-42"}
).status_code
out["token"] = (
    Client()
    .post("/api/v1/token/", {"username": "maren", "password": "a-long-enough-pass-42"})
    .status_code
)
out["leagues"] = client.get("/leagues/").status_code
out["league_game"] = client.get("/leagues/games/lore/").status_code
out["deck_check"] = (
    Client()
    .post(
        "/api/v1/decks/validate/",
        {"game": "metw", "format": "coe", "player_type": "wizard", "text": "3 Orc-lieutenant (TW)"},
        content_type="application/json",
    )
    .status_code
)
result = ping.delay()
out["task_id"] = result.id
out["outbox"] = list(OutboxMessage.objects.values_list("task_id", "task_name"))
print(json.dumps(out))
