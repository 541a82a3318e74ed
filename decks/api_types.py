"""Schema types of the deck-list API's JSON: format rule values, verdict counts, the
cards a list resolved to and the candidates of an ambiguous line."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

# A format's rule value: a number, a name, a switch, a list of them, or tables of those up
# to three levels deep (alignments: player type → card kind → alignments, preferences).
# Each level is a named schema (organizer.schema.postprocess): generators type each.
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


class CandidateSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    set = serializers.CharField()
    alignment = serializers.CharField(required=False)


class DeckCardSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    count = serializers.IntegerField()
    name = serializers.CharField()
    id = serializers.CharField()
    set = serializers.CharField()
    type = serializers.CharField()
    zone = serializers.CharField()
