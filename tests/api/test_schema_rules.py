"""Issue 18: the schema an integrator generates a client from. The rules Redocly's
"recommended" set checks that can be encoded here, plus the issue's own: one JSON body
type per operation, every field typed, every refusal declared as problem details (401
where a login is needed), readable operationIds and component names.

When the Redocly CLI is installed (REDOCLY env var or `redocly` on PATH) it lints too.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections import Counter
from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator

PROBLEM = "application/problem+json"


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)


def operations(schema: dict[str, Any]):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield path, method, operation


def walk(node: Any, where: str = ""):
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from walk(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, f"{where}/{i}")


def test_every_path_is_versioned_and_has_no_trailing_slash(schema) -> None:
    for path in schema["paths"]:
        assert path.startswith("/api/v1/"), path
        assert not path.endswith("/"), path
    assert schema["servers"] and all(s["url"] for s in schema["servers"])


def test_operation_ids_are_present_unique_and_readable(schema) -> None:
    ids = [op.get("operationId") for _, _, op in operations(schema)]
    assert all(ids)
    assert [i for i, n in Counter(ids).items() if n > 1] == []
    for op_id in ids:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", op_id), op_id
    by_id = {op["operationId"]: (path, method) for path, method, op in operations(schema)}
    # Actions are named by what they do, collections create.
    assert by_id["events_open"] == ("/api/v1/events/{slug}/open", "post")
    assert by_id["events_create"] == ("/api/v1/events", "post")
    assert by_id["events_export_csv"][0].endswith("export.csv")
    assert not [i for i in ids if i.endswith("_create") and "/" in i]


def test_request_bodies_are_json_only(schema) -> None:
    for path, method, op in operations(schema):
        if "requestBody" in op:
            assert list(op["requestBody"]["content"]) == ["application/json"], (path, method)


def test_component_names_are_what_an_integrator_would_choose(schema) -> None:
    names = set(schema["components"]["schemas"])
    assert not [n for n in names if n.endswith("RequestRequest")]
    assert {"Event", "EventWrite", "ResultReport", "Problem", "WalkIn"} <= names
    assert {"LoreOutcome", "MetwOutcome", "LotrTcgOutcome", "LotrDiceOutcome"} <= names
    assert "ResultOutcomeEnum" not in names  # no enum merging every game's outcomes


def test_every_field_is_typed(schema) -> None:
    untyped = []
    for where, node in walk(schema["components"]["schemas"]):
        if node.get("type") == "object" and not (
            node.get("properties") or node.get("additionalProperties") or node.get("allOf")
            or node.get("oneOf") or node.get("enum")
        ):  # fmt: skip
            untyped.append(where)
        if node.get("additionalProperties") in ({}, True):
            untyped.append(where)
    for where, node in walk(schema["paths"]):
        if where.endswith("/schema") and node == {"type": "object"}:
            untyped.append(where)
    assert untyped == []


def test_the_issue_s_untyped_fields_have_shapes(schema) -> None:
    s = schema["components"]["schemas"]

    def prop(component: str, name: str) -> dict[str, Any]:
        return s[component]["properties"][name]

    assert "Tiebreak" in prop("Event", "tiebreaks")["items"]["$ref"]
    assert "ScoringSettings" in json.dumps(prop("Event", "scoring_settings"))
    assert prop("Round", "explanation")["items"]["type"] == "string"
    assert "ReportedResult" in json.dumps(prop("Table", "counter_report"))
    assert "TableSnapshot" in json.dumps(prop("ResultChange", "before"))
    assert "Verdict" in json.dumps(prop("Version", "verdict"))
    assert "Opponent" in json.dumps(prop("RatingEntry", "opponents"))
    assert prop("EventStandingRow", "tiebreaks")["additionalProperties"]["type"] == "number"


def test_every_refusal_is_declared_as_problem_details(schema) -> None:
    for path, method, op in operations(schema):
        codes = set(op["responses"])
        assert any(c.startswith("4") for c in codes), (path, method)
        for code, response in op["responses"].items():
            if code[0] in "45":
                assert list(response["content"]) == [PROBLEM], (path, method, code)
        if "{" in path:
            assert "404" in codes, (path, method)
        if "requestBody" in op:
            assert {"400", "415"} <= codes, (path, method)
        if any(p["in"] == "query" for p in op.get("parameters", [])):
            assert "400" in codes, (path, method)


def test_operations_needing_a_login_declare_401_and_403(schema) -> None:
    for op_id in ("events_create", "events_open", "events_tables_report", "token_revoke"):
        op = next(o for _, _, o in operations(schema) if o["operationId"] == op_id)
        assert {"401", "403"} <= set(op["responses"]), op_id
    public = next(o for _, _, o in operations(schema) if o["operationId"] == "rules_score")
    assert "401" not in public["responses"]


def test_creating_posts_take_an_idempotency_key(schema) -> None:
    for path, method, op in operations(schema):
        if method == "post":
            names = [p["name"] for p in op.get("parameters", []) if p["in"] == "header"]
            assert "Idempotency-Key" in names, path


def test_collections_share_one_list_shape(schema) -> None:
    s = schema["components"]["schemas"]
    ids = {"ratings_games_retrieve", "ratings_seasons_standings_retrieve"}  # league tables
    lists = [
        op
        for _, m, op in operations(schema)
        if m == "get" and (op["operationId"].endswith("_list") or op["operationId"] in ids)
    ]
    assert len(lists) >= 11
    for op in lists:
        ref = op["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
        shape = s[ref.rsplit("/", 1)[-1]]
        assert {"count", "next", "previous", "results"} <= set(shape["properties"]), ref
        assert shape["properties"]["results"]["type"] == "array"
        assert {p["name"] for p in op["parameters"]} >= {"page", "page_size"}


def test_redocly_recommended_rules_pass(schema, tmp_path) -> None:
    cli = os.environ.get("REDOCLY") or shutil.which("redocly")
    if not cli:
        pytest.skip("Redocly CLI not installed (set REDOCLY=/path/to/redocly)")
    document = tmp_path / "schema.json"
    document.write_text(json.dumps(schema, default=str))
    result = subprocess.run(
        [cli, "lint", str(document), "--format=stylish"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
