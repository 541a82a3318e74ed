"""The OpenAPI schema's house rules, applied to every operation of every app.

Apps declare what they answer on success; this schema class adds what any operation can
refuse with (problem details, RFC 9457), the retry and caching headers the middleware
honours, and names an integrator's generator turns into readable code.
"""

from __future__ import annotations

import re
from typing import Any

from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly

from core.problems import PROBLEM_TYPE


class FieldErrorSerializer(serializers.Serializer):
    field = serializers.CharField(allow_null=True, help_text="Path of the field: seats[1].mps.")
    code = serializers.CharField(help_text="Stable machine code of the error.")
    message = serializers.CharField(help_text="What is wrong, for people.")


class RuleProblemSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    field = serializers.CharField(allow_null=True, required=False)


class ProblemSerializer(serializers.Serializer):
    """RFC 9457 problem details: the one error shape of the API."""

    type = serializers.CharField(help_text="A URI naming the kind of problem.")
    title = serializers.CharField(help_text="The HTTP status phrase.")
    status = serializers.IntegerField()
    detail = serializers.CharField(help_text="What went wrong, for people.")
    code = serializers.CharField(help_text="Stable machine code: not_found, invalid, ...")
    errors = FieldErrorSerializer(many=True, help_text="One entry per bad field.")  # type: ignore[assignment]
    problems = RuleProblemSerializer(
        many=True, required=False, help_text="Why a rule refused it, as structured data."
    )

    class Meta:
        ref_name = "Problem"


DESCRIPTIONS = {
    400: "Bad input: a field, a filter or the body is wrong (see errors).",
    401: "No credentials or an expired token (see WWW-Authenticate).",
    403: "Logged in but not allowed to do this.",
    404: "No such object.",
    409: "The state does not allow it now, or an Idempotency-Key is still being answered.",
    415: "The body is not JSON.",
    422: "This Idempotency-Key was used with another request.",
}
IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "schema": {"type": "string", "minLength": 1, "maxLength": 255},
    "description": "Retry safely: the same key (and body) answers the first response again.",
}
IF_NONE_MATCH = {
    "name": "If-None-Match",
    "in": "header",
    "required": False,
    "schema": {"type": "string"},
    "description": "An ETag from an earlier answer: 304 when nothing changed.",
}
ETAG_HEADER = {"ETag": {"schema": {"type": "string"}, "description": "Version of this answer."}}


class ApiAutoSchema(AutoSchema):
    def get_operation_id(self) -> str:
        tokens = [re.sub(r"[^A-Za-z0-9]+", "_", t) for t in self._tokenize_path()] or ["root"]
        method = self.method.lower()
        if method == "get":
            action = "list" if self._is_list_view() else "retrieve"
        elif method == "post":
            # A POST on a collection creates; anywhere else it is an action named by its path.
            if not hasattr(self.view, "get"):
                return "_".join(tokens)
            action = "create"
        else:
            action = self.method_mapping[method]
        return "_".join([*tokens, action])

    def get_summary(self) -> str:
        # Redocly's recommended rules want a summary on every operation: the first
        # sentence of the docstring, else the operationId in words.
        summary = super().get_summary()
        if summary:
            return summary
        first = (self.get_description() or "").strip().split("\n\n")[0]
        first = " ".join(first.split()).split(". ")[0].rstrip(".")
        if first:
            return first[:120]
        return self.get_operation_id().replace("_", " ").capitalize()

    def _get_serializer_name(self, serializer: Any, direction: str, bypass_extensions=False) -> str:
        name = super()._get_serializer_name(serializer, direction, bypass_extensions)
        # Input-only shapes need no "Request" suffix, and none gets it twice.
        if direction == "request" and name.endswith("Request"):
            base = name[: -len("Request")]
            if getattr(serializer, "schema_input_only", False) or base.endswith("Request"):
                return base
        return name

    def _problem_ref(self) -> dict[str, str]:
        return self.resolve_serializer(ProblemSerializer, "response").ref

    def _needs_login(self) -> bool:
        permissions = self.view.get_permissions()
        if all(isinstance(p, AllowAny) for p in permissions):
            return False
        read_only = all(isinstance(p, (IsAuthenticatedOrReadOnly, AllowAny)) for p in permissions)
        return not (read_only and self.method in ("GET", "HEAD", "OPTIONS"))

    def _error_codes(self, operation: dict[str, Any]) -> set[int]:
        codes: set[int] = set()
        if "requestBody" in operation or self.method != "GET":
            codes |= {400}
        if "requestBody" in operation:
            codes |= {415}
        query = [p["name"] for p in operation.get("parameters", []) if p["in"] == "query"]
        if query:
            codes |= {400}
        if "page" in query:
            codes |= {404}  # a page past the last
        if "{" in self.path:
            codes |= {404}
        if self._needs_login():
            codes |= {401, 403}
            if self.method != "GET":
                codes |= {409}
        if self.method != "GET" and self.view.authentication_classes:
            codes |= {403}  # a service may refuse whoever is asking
        if self.method == "POST":
            codes |= {409, 422}
        return codes

    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None:
            return None
        responses = operation["responses"]
        security = operation.get("security")
        if security and {} not in security and not self._needs_login():
            security.append({})  # open to anyone (logging in): no 401 to declare
        params = operation.setdefault("parameters", [])
        for param in params:
            if param["in"] == "path" and param.get("schema", {}).get("type") == "integer":
                param["schema"].setdefault("minimum", 0)  # Django's <int:> takes digits only
        if self.method == "POST":
            params.append(IDEMPOTENCY_KEY)
        if self.method == "GET":
            params.append(IF_NONE_MATCH)
            for code, response in responses.items():
                if code.startswith("2"):
                    response.setdefault("headers", {}).update(ETAG_HEADER)
            responses["304"] = {"description": "Not modified since the ETag you sent."}
        for code in self._error_codes(operation):
            responses.setdefault(str(code), {"description": DESCRIPTIONS[code]})
        for code, response in responses.items():
            if code[0] in "45":
                response["content"] = {PROBLEM_TYPE: {"schema": self._problem_ref()}}
                response.setdefault("description", DESCRIPTIONS.get(int(code), "Refused."))
        operation["responses"] = dict(sorted(responses.items()))
        return operation


def _typed_nullables(node: Any, schemas: dict[str, Any]) -> None:
    # drf-spectacular writes a nullable reference as allOf/oneOf [ref] + nullable, no type.
    if isinstance(node, dict):
        refs = [r for key in ("allOf", "oneOf") for r in node.get(key, [])]
        if node.get("nullable") and "type" not in node and len(refs) > 1:
            node.pop("nullable")  # drf-spectacular's oneOf [enum, NullEnum] already has null
        elif node.get("nullable") and "type" not in node and len(refs) == 1:
            # Written so that both linters (a type beside nullable) and generators (a
            # union with null) read it: oneOf [the reference, null].
            name = refs[0].get("$ref", "").rsplit("/", 1)[-1]
            kind = schemas.get(name, {}).get("type", "object")
            node.pop("allOf", None)
            node.pop("nullable")
            node["oneOf"] = [refs[0], {"type": kind, "nullable": True, "enum": [None]}]
        for value in node.values():
            _typed_nullables(value, schemas)
    elif isinstance(node, list):
        for value in node:
            _typed_nullables(value, schemas)


NO_NUL = "^[^\\u0000]*$"


def _no_nul(node: Any) -> None:
    # Text never holds NUL (DRF refuses it, PostgreSQL cannot store it): say so, so a
    # client or fuzzer generating "any string" knows the one character it may not send.
    if isinstance(node, dict):
        if node.get("type") == "string" and not ({"format", "enum", "pattern"} & set(node)):
            node["pattern"] = NO_NUL
        for value in node.values():
            _no_nul(value)
    elif isinstance(node, list):
        for value in node:
            _no_nul(value)


def _hoist(node: Any, schemas: dict[str, Any]) -> Any:
    # An inline schema marked "x-component" becomes a named component, referenced.
    if isinstance(node, dict):
        if "x-component" in node:
            name = node["x-component"]
            schemas[name] = {k: _hoist(v, schemas) for k, v in node.items() if k != "x-component"}
            return {"$ref": f"#/components/schemas/{name}"}
        return {k: _hoist(v, schemas) for k, v in node.items()}
    if isinstance(node, list):
        return [_hoist(v, schemas) for v in node]
    return node


def postprocess(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict:
    """Paths without the trailing slash (the middleware adds it back), typed nullables."""
    result["paths"] = {
        (path.rstrip("/") if path.endswith("/") and path != "/" else path): item
        for path, item in result["paths"].items()
    }
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    hoisted: dict[str, Any] = {}
    result["paths"] = _hoist(result["paths"], hoisted)
    result["components"]["schemas"] = _hoist(schemas, hoisted)
    result["components"]["schemas"].update(hoisted)
    schemas = result["components"]["schemas"]
    _typed_nullables(result, schemas)
    _no_nul(schemas)
    return result
