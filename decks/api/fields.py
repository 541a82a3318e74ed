"""JSON schema types of the deck-list API's free-form values: a format's rule values, a
verdict's counts, a problem's message parameters. Each is named in the schema, so client
generators type it."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

# A format's rule value: a number, a name, a switch, a list of them, or tables of those up
# to three levels deep (alignments: player type → card kind → alignments, preferences).
# Each level is a named schema (core.schema.postprocess): generators type each.
SCALARS = [
    {"type": "string"},
    {"type": "number"},
    {"type": "boolean"},
    {"type": "string", "nullable": True, "enum": [None]},
]
RULE_LIST = {"x-component": "RuleList", "type": "array", "items": {"anyOf": SCALARS[:3]}}
RULE_LEAF = {
    "x-component": "RuleLeafTable",
    "type": "object",
    "additionalProperties": {"anyOf": [*SCALARS, RULE_LIST]},
}
RULE_TABLE = {
    "x-component": "RuleTable",
    "type": "object",
    "additionalProperties": {"anyOf": [*SCALARS, RULE_LIST, RULE_LEAF]},
}
RULE_GROUP = {
    "x-component": "RuleGroup",
    "type": "object",
    "additionalProperties": {"anyOf": [*SCALARS, RULE_LIST, RULE_TABLE]},
}
RULE_VALUE = {"x-component": "RuleValue", "anyOf": [*SCALARS, RULE_LIST, RULE_GROUP]}
COUNT_VALUE = {
    "anyOf": [
        {"type": "number"},
        {"type": "string", "nullable": True},
        {"type": "object", "additionalProperties": {"type": "number"}},
    ]
}


@extend_schema_field({"type": "object", "additionalProperties": RULE_VALUE})
class RulesField(serializers.DictField):
    pass


@extend_schema_field({"type": "object", "additionalProperties": COUNT_VALUE})
class CountsField(serializers.DictField):
    pass


PARAM_SCALAR = [
    {"type": "integer", "nullable": True},
    {"type": "string"},
    {"type": "array", "items": {"type": "string"}},
]
PARAM_COUNT = {
    "type": "object",
    "description": "A counted noun: 31 resources.",
    "properties": {"n": {"type": "integer"}, "word": {"type": "string"}},
    "required": ["n", "word"],
}
PARAM_PHRASE = {
    "type": "object",
    "description": "A phrase of the message catalogue, by key.",
    "properties": {"phrase": {"type": "string"}},
    "required": ["phrase"],
}
PARAM_ITEMS = {
    "type": "object",
    "description": "A list, each row rendered with item template `item` (or its own `_item`).",
    "properties": {
        "item": {"type": "string"},
        "sep": {"type": "string"},
        "list": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": {"oneOf": [*PARAM_SCALAR, PARAM_COUNT, PARAM_PHRASE]},
            },
        },
    },
    "required": ["item", "list"],
}


@extend_schema_field(
    {
        "type": "object",
        "additionalProperties": {"oneOf": [*PARAM_SCALAR, PARAM_COUNT, PARAM_PHRASE, PARAM_ITEMS]},
    }
)
class ProblemParamsField(serializers.DictField):
    """What a problem's message says, as data (rules_engine/deckrules/messages.py)."""
