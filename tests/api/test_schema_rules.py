"""the schema an integrator generates a client from. The rules Redocly's
"recommended" set checks that can be encoded here, plus the issue's own: one JSON body
type per operation, every field typed, every refusal declared as problem details (401
where a login is needed), readable operationIds and component names.

Redocly itself lints the live schema with its recommended rules: `scripts/setup.sh`
installs it (`npm ci`, pinned in package.json); the test is skipped only on a machine
with no Node.js at all.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path
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


ROOT = Path(__file__).resolve().parents[2]
SCHEMA_KEYS = ("properties", "items", "additionalProperties", "allOf", "oneOf", "anyOf", "not")


def schema_nodes(node: Any, where: str):
    """Every schema object inside a schema, through the keys that hold schemas."""
    if not isinstance(node, dict):
        return
    yield where, node
    for key in SCHEMA_KEYS:
        value = node.get(key)
        if key == "properties" and isinstance(value, dict):
            for name, sub in value.items():
                yield from schema_nodes(sub, f"{where}/properties/{name}")
        elif isinstance(value, list):
            for i, sub in enumerate(value):
                yield from schema_nodes(sub, f"{where}/{key}/{i}")
        elif isinstance(value, dict):
            yield from schema_nodes(value, f"{where}/{key}")


def body_schemas(schema: dict[str, Any]):
    """Every request and response body schema of every operation, and every component."""
    for name, component in schema["components"]["schemas"].items():
        yield f"#/components/schemas/{name}", component
    for path, method, op in operations(schema):
        bodies = [("request", op.get("requestBody", {}))]
        bodies += [(code, r) for code, r in op["responses"].items()]
        for label, body in bodies:
            for media, content in body.get("content", {}).items():
                yield f"{method.upper()} {path} {label} {media}", content["schema"]
            for header, spec in body.get("headers", {}).items():
                yield f"{method.upper()} {path} {label} header {header}", spec["schema"]


def untyped(node: dict[str, Any]) -> str | None:
    if "$ref" in node or any(k in node for k in ("allOf", "oneOf", "anyOf")):
        return None
    if node.get("nullable") and node.get("enum") == [None]:
        return None  # the null branch of a nullable reference: it holds only null
    if "type" not in node and "enum" not in node:
        return "no type"
    if node.get("type") == "object":
        extra = node.get("additionalProperties")
        if not node.get("properties") and not (isinstance(extra, dict) and extra):
            return "an object with no properties"
    if node.get("additionalProperties") in ({}, True):
        return "free-form additional properties"
    if node.get("type") == "array" and not node.get("items"):
        return "an array of anything"
    return None


def test_no_schema_anywhere_is_untyped(schema) -> None:
    """a generated client must get a class or a scalar for every value, never a
    bare dict: no `type: object` without properties, no missing type, anywhere."""
    found = [
        (where, why)
        for top, body in body_schemas(schema)
        for where, node in schema_nodes(body, top)
        if (why := untyped(node))
    ]
    assert found == []


def test_event_day_answers_are_typed_components(schema) -> None:
    by_id = {op["operationId"]: op for _, _, op in operations(schema)}

    def answer(op_id: str, code: str = "200") -> str:
        body = by_id[op_id]["responses"][code]["content"]["application/json"]["schema"]
        return json.dumps(body)

    assert "PaginatedStaffMemberList" in answer("events_staff_list")
    assert "HandChangeCost" in answer("events_rounds_swap_cost")
    assert "Bracket" in answer("events_bracket_retrieve")
    assert "PlayoffMatch" in answer("events_playoff_start", "201")
    assert "LostResult" in answer("events_rounds_results_delete_preview")
    assert "PlayerListRow" in answer("events_players_preview")
    assert "StaffInvite" in json.dumps(by_id["events_staff_create"]["requestBody"])


def test_operations_needing_credentials_declare_401(schema) -> None:
    """An operation whose security has no anonymous alternative answers 401 without
    credentials, so it must say so (RFC 9110 §15.5.2)."""
    missing = [
        (method, path)
        for path, method, op in operations(schema)
        if op.get("security") and {} not in op["security"] and "401" not in op["responses"]
    ]
    assert missing == []


def test_operation_ids_name_actions_not_crud(schema) -> None:
    for path, _method, op in operations(schema):
        op_id = op["operationId"]
        assert "." not in op_id and "-" not in op_id, op_id
        if op_id.endswith("_create"):
            # "create" is for a POST that makes a new thing (201), not for an action.
            assert "201" in op["responses"], (op_id, path)
    names = set(schema["components"]["schemas"])
    assert not [n for n in names if "RequestRequest" in n or n.endswith("InRequest")]


def redocly_cli() -> Path:
    if not (shutil.which("node") and shutil.which("npm")):
        pytest.skip("Node.js/npm are not installed: Redocly (an npm package) cannot run here")
    cli = ROOT / "node_modules" / ".bin" / "redocly"
    assert cli.exists(), "Redocly is not installed: run scripts/setup.sh (it runs npm ci)"
    return cli


def test_redocly_recommended_rules_pass(schema, tmp_path) -> None:
    document = tmp_path / "schema.json"
    document.write_text(json.dumps(schema, default=str))
    result = subprocess.run(
        [str(redocly_cli()), "lint", str(document), "--extends=recommended", "--format=stylish"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,  # no redocly.yaml of a parent directory
        env={**os.environ, "REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true"},
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
