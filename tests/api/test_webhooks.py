"""webhooks: a director registers an HTTPS endpoint for an event; pairing a round,
confirming a result and finishing the event each send a delivery signed with HMAC-SHA256;
failures are retried with growing waits and listed with their status."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from pathlib import Path
from typing import Any

import pytest
from celery.exceptions import Retry
from django.test import Client
from rest_framework.authtoken.models import Token

from tests.tournaments.helpers import make_event, make_user, register_users, user_of
from tournaments import services as tournaments
from tournaments.models import Round
from webhooks import payloads, services, tasks
from webhooks.models import Delivery

pytestmark = pytest.mark.django_db


def api(user: Any) -> Client:
    return Client(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")


def post(client: Client, url: str, body: Any) -> Any:
    return client.post(url, json.dumps(body), content_type="application/json")


class Received(list):
    def __init__(self) -> None:
        super().__init__()
        self.answers: list[int] = []


@pytest.fixture
def sent(monkeypatch) -> Received:
    """What the endpoint received; answers 200 unless told otherwise."""
    received = Received()
    answers = received.answers

    def fake_post(url: str, body: bytes, headers: dict[str, str]) -> int:
        received.append({"url": url, "body": body, "headers": headers})
        return answers.pop(0) if answers else 200

    monkeypatch.setattr(services, "post_json", fake_post)
    return received


def running_event(director: Any, players: int = 2) -> str:
    client = api(director)
    slug = post(client, "/api/v1/events/", {"name": "Hook Cup", "game": "lore"}).json()["slug"]
    post(client, f"/api/v1/events/{slug}/open/", {})
    for n in range(players):
        post(client, f"/api/v1/events/{slug}/walkins/", {"display_name": f"P{n}"})
    return slug


def test_only_the_director_registers_and_only_https(sent) -> None:
    director = make_user()
    slug = running_event(director)
    url = f"/api/v1/events/{slug}/webhooks/"
    assert post(api(make_user()), url, {"url": "https://x.example/h"}).status_code == 403
    plain = post(api(director), url, {"url": "http://x.example/h"})
    assert plain.status_code == 400 and plain.json()["errors"][0]["code"] == "not_https"
    made = post(api(director), url, {"url": "https://x.example/h", "topics": ["round.paired"]})
    assert made.status_code == 201 and len(made.json()["secret"]) == 64
    assert api(director).get(url).json()["count"] == 1
    assert api(make_user()).get(url).status_code == 403
    gone = api(director).delete(f"{url}{made.json()['id']}/")
    assert gone.status_code == 204 and api(director).get(url).json()["count"] == 0


def test_changes_are_delivered_signed(sent, django_capture_on_commit_callbacks) -> None:
    director = make_user()
    slug = running_event(director)
    client = api(director)
    hook = post(client, f"/api/v1/events/{slug}/webhooks/", {"url": "https://x.example/h"}).json()
    with django_capture_on_commit_callbacks(execute=True):
        rnd = post(client, f"/api/v1/events/{slug}/rounds/pair/", {"seed": 1}).json()
    table = rnd["tables"][0]
    seats = [
        {"registration": s["registration"], "mps": m}
        for s, m in zip(table["seats"], (20, 9), strict=True)
    ]
    with django_capture_on_commit_callbacks(execute=True):
        post(client, f"/api/v1/events/{slug}/tables/{table['id']}/set/", {"seats": seats})
    with django_capture_on_commit_callbacks(execute=True):
        post(client, f"/api/v1/events/{slug}/finish/", {"early": True})
    topics = [json.loads(s["body"])["topic"] for s in sent]
    # Pairing puts everyone in the standings (0 points); the result moves them; finishing
    # changes no score, so it sends no standings.changed.
    assert topics == [
        "round.paired", "standings.changed", "result.confirmed", "standings.changed",
        "event.finished",
    ]  # fmt: skip
    bodies = [json.loads(s["body"]) for s in sent]
    assert all(payloads.is_valid(b) for b in bodies), bodies
    assert bodies[0]["data"] == {"round": 1, "repaired": False}
    assert bodies[2]["data"]["by_director"] is True and bodies[2]["data"]["table"] == table["id"]
    assert bodies[3]["data"]["closed_rounds"] == 1
    for delivery in sent:
        headers = delivery["headers"]
        signed = headers["Webhook-Timestamp"].encode() + b"." + delivery["body"]
        expected = hmac.new(hook["secret"].encode(), signed, hashlib.sha256).hexdigest()
        assert headers["Webhook-Signature"] == f"sha256={expected}"
        assert json.loads(delivery["body"])["event"] == slug
    listed = client.get(f"/api/v1/events/{slug}/webhooks/{hook['id']}/deliveries/").json()
    assert listed["count"] == 5
    assert {d["status"] for d in listed["results"]} == {"succeeded"}


def run_like_a_worker(delivery_id: int) -> None:
    """Run the task as the worker would, retry after retry, until it stops asking."""
    for _ in range(services.MAX_ATTEMPTS):
        try:
            tasks.deliver.apply(args=[delivery_id])
            return
        except Retry:
            continue


def test_failures_are_retried_then_marked_failed(sent, django_capture_on_commit_callbacks) -> None:
    director = make_user()
    slug = running_event(director)
    client = api(director)
    hook = {"url": "https://x.example/h", "topics": ["round.paired"]}
    post(client, f"/api/v1/events/{slug}/webhooks/", hook)
    sent.answers.extend([500, 503])
    with django_capture_on_commit_callbacks(execute=True):
        post(client, f"/api/v1/events/{slug}/rounds/pair/", {"seed": 1})
    delivery = Delivery.objects.get()
    assert (delivery.status, delivery.attempts, delivery.response_status) == ("pending", 1, 500)
    # The worker's run: 503 is retried (after backoff_seconds; at once when eager), then 200.
    run_like_a_worker(delivery.pk)
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("succeeded", 3)
    assert delivery.delivered_at is not None

    sent.answers.extend([500] * services.MAX_ATTEMPTS)
    failing = Delivery.objects.create(
        endpoint=delivery.endpoint, topic="round.paired", payload=delivery.payload
    )
    run_like_a_worker(failing.pk)
    failing.refresh_from_db()
    assert failing.status == "failed" and failing.attempts == services.MAX_ATTEMPTS
    listed = client.get(f"/api/v1/events/{slug}/webhooks/{delivery.endpoint_id}/deliveries/")
    assert [d["status"] for d in listed.json()["results"]] == ["failed", "succeeded"]


def test_backoff_grows() -> None:
    assert [tasks.backoff_seconds(n) for n in (1, 2, 3, 4)] == [30, 60, 120, 240]
    assert tasks.backoff_seconds(20) == 3600


def hooked_event(director: Any, players: int = 4) -> Any:
    event = make_event(director)
    register_users(event, players)
    services.register(director, event, "https://x.example/h", [])
    return event


def topics_of(sent: Received) -> list[str]:
    return [json.loads(s["body"])["topic"] for s in sent]


def test_a_player_confirmation_and_a_repair_are_delivered(
    sent, django_capture_on_commit_callbacks
) -> None:
    """The domain signals, not model saves: a result confirmed by the other player
    (RULES.md: both players agree on the result) is result.confirmed with by_director
    false; pairing the round again is round.paired with repaired true."""
    director = make_user()
    event = hooked_event(director)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = tournaments.pair_next_round(director, event, seed=1)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = tournaments.repair_round(director, rnd, seed=2)
    assert [json.loads(s["body"])["data"] for s in sent if b"round.paired" in s["body"]] == [
        {"round": 1, "repaired": False},
        {"round": 1, "repaired": True},
    ]
    table = rnd.tables.filter(is_bye=False).first()
    a, b = (seat.registration for seat in table.seats.order_by("position"))
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        tournaments.report_result(user_of(a), table.pk, {a.pk: 20, b.pk: 5})
    assert topics_of(sent) == []  # reported, not confirmed: nothing yet
    with django_capture_on_commit_callbacks(execute=True):
        tournaments.confirm_result(user_of(b), table.pk)
    assert topics_of(sent) == ["result.confirmed", "standings.changed"]
    confirmed = json.loads(sent[0]["body"])
    assert payloads.is_valid(confirmed)
    assert confirmed["data"]["by_director"] is False and confirmed["data"]["table"] == table.pk


def test_a_round_saved_outside_the_services_sends_nothing(
    sent, django_capture_on_commit_callbacks
) -> None:
    """Deliveries follow the services' domain signals, not post_save: an import or an
    admin edit that writes a Round row is not "a round was paired"."""
    director = make_user()
    event = hooked_event(director)
    with django_capture_on_commit_callbacks(execute=True):
        Round.objects.create(event=event, number=1, seed=1)
    assert "round.paired" not in topics_of(sent)


def test_payload_shapes_refuse_a_wrong_body() -> None:
    body = {"topic": "round.paired", "event": "cup", "occurred_at": "2026-11-25T10:00:00Z"}
    assert payloads.is_valid({**body, "data": {"round": 2, "repaired": False}})
    assert not payloads.is_valid({**body, "data": {"table": 2}})
    assert not payloads.is_valid({**body, "topic": "round.deleted", "data": {}})


GUIDE = Path(__file__).resolve().parents[2] / "docs" / "api-guide.md"


def guide_verify() -> Any:
    """The guide's own signature check, as an integrator would copy it."""
    [code] = re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    namespace: dict[str, Any] = {}
    exec(compile(code, str(GUIDE), "exec"), namespace)
    return namespace["verify"]


def test_the_guide_s_signature_check_accepts_real_deliveries_only(
    sent, django_capture_on_commit_callbacks
) -> None:
    verify = guide_verify()
    director = make_user()
    event = hooked_event(director)
    endpoint = event.webhook_endpoints.get()
    with django_capture_on_commit_callbacks(execute=True):
        tournaments.pair_next_round(director, event, seed=1)
    assert sent
    for delivery in sent:
        headers, body = delivery["headers"], delivery["body"]
        assert verify(endpoint.secret, headers, body)
        assert not verify("another secret", headers, body)
        assert not verify(endpoint.secret, headers, body.replace(b'"event"', b'"evenT"'))
        old = {**headers, "Webhook-Timestamp": str(int(headers["Webhook-Timestamp"]) - 3600)}
        assert not verify(endpoint.secret, old, body)
