"""API fuzzing: schemathesis sends generated (valid and invalid) input to every
operation of the live OpenAPI schema, as an anonymous user, a player and a director, and
no answer may be a server error or break the schema (body shape and declared status).

Path parameters are steered to real objects most of the time (an event with players, a
paired round and its tables), so the fuzzer reaches the services instead of stopping at
404s; the rest of the time the generated value is sent as it is.
"""

from __future__ import annotations

import json
import os
import re
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import Client
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import (
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from tests.security.world import World, build_world, token_for
from tournaments.models import GameSystem

SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
MAX_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "12"))
CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance]
ROLES = ["anonymous", "player", "director"]
METHODS = ("get", "post", "put", "patch", "delete")


def _operation_labels() -> list[str]:
    # Collection must not touch the database: the generator behind /api/schema/ gives the
    # operation list; the test itself fuzzes the schema as the server serves it.
    spec = SchemaGenerator().get_schema(request=None, public=True)
    return [
        f"{method.upper()} {path}"
        for path, item in sorted(spec["paths"].items())
        for method in METHODS
        if method in item
    ]


LABELS = _operation_labels()
_live_schema: dict[str, Any] = {}


def live_schema() -> Any:
    if "schema" not in _live_schema:
        response = Client().get("/api/v1/schema/", {"format": "json"})
        assert response.status_code == 200, response.content[:500]
        raw = json.loads(response.content)
        _live_schema["raw"] = raw
        _live_schema["schema"] = schemathesis.openapi.from_dict(raw)
    return _live_schema["schema"]


@pytest.fixture
def wsgi_app() -> Iterator[WSGIHandler]:
    # Django's own test client stops each request from closing the test's connection
    # (which holds the test transaction); schemathesis calls the WSGI app directly.
    # The schema is read first: the test client it uses connects the closing again after
    # its request, which on PostgreSQL closed the test's connection under the next one.
    live_schema()
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield WSGIHandler()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def _pick(generated: Any, choices: list[Any]) -> Any:
    """Deterministically replace most generated values by a real one; keep about 1 in 4."""
    digest = zlib.crc32(repr(generated).encode())
    if not choices or digest % 4 == 0:
        return generated
    return choices[digest % len(choices)]


def _steer(case: Any, world: World) -> None:
    params = case.path_parameters
    if not params:
        return
    event = world.event
    real = {
        "slug": [event.slug, event.slug, world.open_event.slug, world.other_event.slug],
        "registration_id": list(event.registrations.values_list("pk", flat=True)),
        "table_id": list(world.round.tables.values_list("pk", flat=True)),
        "number": [world.round.number],
        "game": list(GameSystem.values),
        "id": [world.registration.player_id, world.director.pk],
        "pk": [world.registration.player_id],
    }
    for name, value in list(params.items()):
        if name in real:
            params[name] = _pick(value, real[name])


@pytest.fixture
def world(db) -> World:
    return build_world()


def _headers(world: World, role: str) -> dict[str, str]:
    user = {"anonymous": None, "player": world.player, "director": world.director}[role]
    return {"Authorization": f"Token {token_for(user)}"} if user else {}


def test_live_schema_lists_every_operation(db):
    """The served schema is the one the tests are collected from, and it is not empty."""
    served = live_schema()
    labels = sorted(op.ok().label for op in served.get_all_operations())
    assert labels == sorted(LABELS)
    assert len(labels) > 20


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("label", LABELS)
def test_fuzz_operation(label: str, role: str, world: World, wsgi_app: WSGIHandler) -> None:
    operation = live_schema().find_operation_by_label(label)
    assert operation is not None, label
    headers = _headers(world, role)
    strategy = operation.as_strategy(GenerationMode.POSITIVE) | operation.as_strategy(
        GenerationMode.NEGATIVE
    )

    @settings(
        max_examples=MAX_EXAMPLES,
        derandomize=True,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy)
    def fuzz(case: Any) -> None:
        _steer(case, world)
        case.call_and_validate(app=wsgi_app, headers=headers, checks=CHECKS)

    fuzz()


HOSTILE_BODIES: list[Any] = [
    "this is not json",
    "[]",
    "null",
    '{"seats": "all of them"}',
    '{"seats": [{"registration": "1; DROP TABLE tournaments_event", "mps": 1e309}]}',
    '{"name": "' + "A" * 20000 + '", "game": "lore"}',
    '{"name": "nul\\u0000byte", "game": "lore", "round_minutes": -5}',
    '{"registration": -1, "offense": "slow_play", "kind": "warning"}',
    '{"text": ' + "[" * 200 + "]" * 200 + "}",
    '{"game": {"$ne": null}, "seed": 99999999999999999999999}',
]


@pytest.mark.parametrize("label", [label for label in LABELS if not label.startswith("GET ")])
def test_hostile_inputs_get_a_4xx_with_a_message(label: str, world: World) -> None:
    """Our own hostile bodies, as the event's director (who gets furthest into the code):
    never a server error, and every refusal says in words what is wrong."""
    method, path = label.split(" ", 1)
    url = (
        path.replace("{slug}", world.event.slug)
        .replace("{registration_id}", str(world.registration.pk))
        .replace("{table_id}", str(world.table.pk))
        .replace("{number}", "1")
    )
    client = Client(HTTP_AUTHORIZATION=f"Token {token_for(world.director)}")
    for body in HOSTILE_BODIES:
        response = getattr(client, method.lower())(url, body, content_type="application/json")
        assert response.status_code < 500, (label, body[:80], response.status_code)
        if response.status_code >= 400:
            body_json = response.json()
            assert isinstance(body_json, dict), (label, body[:80], body_json)
            detail = body_json.get("detail")
            assert isinstance(detail, str) and detail.strip(), (label, body[:80], response.json())
            # In words: no stored key (snake_case) but those the body itself sent.
            keys = set(SNAKE.findall(detail)) - set(SNAKE.findall(body))
            assert not keys, (label, body[:80], detail)
