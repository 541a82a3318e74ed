"""Formats from outside the code: GEMP's community formats and a director's custom ones."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from rules_engine.deckrules.cards import LOTR_TCG
from rules_engine.deckrules.formatdef import SITE_RULES, FormatDef, slugify_key

GEMP_KEYS = (
    "sets",
    "banned",
    "restricted",
    "limit2",
    "limit3",
    "always_valid",
    "restricted_names",
    "site_rule",
    "min_draw_deck",
    "max_copies_per_title",
    "fp_shadow_must_be_equal",
    "ring_required",
    "map_required",
    "errata_sets",
    "rule_of_four",
)


class FormatDataError(ValueError):
    pass


def format_from_gemp(name: str, data: Mapping[str, Any]) -> FormatDef:
    """A community format from one entry of lotr-tcg/formats.json (GEMP lotrFormats)."""
    if not isinstance(data, Mapping):
        raise FormatDataError(f"Format {name!r}: expected an object, got {type(data).__name__}.")
    missing = [k for k in ("sets", "site_rule") if k not in data]
    if missing:
        raise FormatDataError(f"Format {name!r}: missing {', '.join(missing)}.")
    rules: dict[str, Any] = {k: copy.deepcopy(data[k]) for k in GEMP_KEYS if k in data}
    for list_key in ("sets", "banned", "restricted", "limit2", "limit3", "always_valid"):
        value = rules.get(list_key, [])
        if not isinstance(value, list):
            raise FormatDataError(f"Format {name!r}: {list_key} must be a list.")
        rules[list_key] = [str(v) for v in value]
    if rules["site_rule"] not in SITE_RULES:
        raise FormatDataError(f"Format {name!r}: unknown site rule {rules['site_rule']!r}.")
    try:
        rules["min_draw_deck"] = int(rules.get("min_draw_deck", 60))
        rules["max_copies_per_title"] = int(rules.get("max_copies_per_title", 4))
    except (TypeError, ValueError):
        raise FormatDataError(f"Format {name!r}: deck sizes must be numbers.")
    rules.setdefault("fp_shadow_must_be_equal", True)
    rules.setdefault("ring_required", True)
    rules["ring_bearer_draw_copies"] = max(0, rules["max_copies_per_title"] - 1)
    rules["site_count"] = 9
    rules["max_sites_per_shadow_number"] = 3
    code = str(data.get("code") or slugify_key(name))
    return FormatDef(
        key="gemp-" + slugify_key(name),
        game=LOTR_TCG,
        name=f"{name} (community)",
        rules=rules,
        description=str(data.get("site_rule_description") or ""),
        source="GEMP lotrFormats (Players Council)",
        extra={"code": code, "order": data.get("order")},
    )


def _merged(base: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(dict(base))
    for k, v in changes.items():
        if isinstance(out.get(k), dict) and isinstance(v, Mapping):
            out[k] = _merged(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out


def derive_format(
    base: FormatDef, key: str, name: str, changes: Mapping[str, Any], description: str = ""
) -> FormatDef:
    """A custom format: the base's rules with `changes` applied.

    List values named ``extra_banned`` / ``extra_restricted`` are added to the base's
    lists instead of replacing them, which is what "Standard plus our own ban list" needs.
    """
    rules = copy.deepcopy(dict(base.rules))
    for k, v in changes.items():
        if k == "extra_banned":
            rules["banned"] = sorted({*rules.get("banned", []), *map(str, v)})
        elif k == "extra_restricted":
            rules["restricted"] = sorted({*rules.get("restricted", []), *map(str, v)})
        elif isinstance(rules.get(k), dict) and isinstance(v, Mapping):
            # A custom format changes part of a table (one player type's ban list, one limit,
            # one card kind of one player type) and keeps the rest, so the validator always
            # finds every key it reads.
            rules[k] = _merged(rules[k], v)
        else:
            rules[k] = copy.deepcopy(v)
    return FormatDef(
        key=key,
        game=base.game,
        name=name,
        rules=rules,
        description=description or f"Based on {base.name}.",
        source=base.source,
        based_on=base.key,
    )
