"""The new-format form: one labelled field per rule of the base format, a table rule (one
entry per player type, the Balrog's limits …) as a fieldset of labelled parts, and the
posted form read back into the rules a director changed. The reader sees names in words
only (``decks.rule_names``); the internal keys travel in the fields' ``name`` attributes."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from core.errors import ServiceError
from decks.labels import ALIGNMENT_NAMES, PLAYER_TYPE_NAMES
from decks.rule_names import RULE_CHOICES, TABLE_WORDS, ZONE_NAMES, rule_name

# Lists whose entries come from a fixed set: offered as labelled check boxes, not typed.
LIST_OPTIONS = {
    "player_types": PLAYER_TYPE_NAMES,
    "agents_are_characters_for": PLAYER_TYPE_NAMES,
    "fw_repeatable_sites": PLAYER_TYPE_NAMES,
    "copy_zones": ZONE_NAMES,
    "alignments": ALIGNMENT_NAMES,
}
SEP = "."


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if value is None or isinstance(value, int):
        return "int"
    if isinstance(value, list):
        return "list"
    if isinstance(value, str):
        return "text"
    return "table"


def _word(key: str) -> str:
    name = TABLE_WORDS.get(key) or PLAYER_TYPE_NAMES.get(key) or ALIGNMENT_NAMES.get(key)
    return str(name) if name is not None else key.replace("_", " ").replace("-", " ")


def _options(key: str, value: Any) -> dict[str, Any] | None:
    """The fixed entries a list rule takes, when every base entry is one of them."""
    options = LIST_OPTIONS.get(key)
    if options is None or not all(isinstance(v, str) and v in options for v in value):
        return None
    return options


def _shown(value: Any, kind: str) -> str:
    if kind == "bool":
        return "yes" if value else "no"
    if kind == "list":
        return "\n".join(str(v) for v in value)
    if value is None:
        return ""
    return str(value)


def _leaf(key: str, field: str, label: str, value: Any, posted: Any, n: int) -> dict[str, Any]:
    kind = _kind(value)
    options = _options(key, value) if kind == "list" else None
    shown: Any = _shown(value, kind)
    if options is not None:
        shown = list(value)
        if posted is not None and field in posted:
            shown = [v for v in posted.getlist(field) if v]
    elif posted is not None and field in posted:
        shown = posted.get(field, "")
    choices = [(v, str(label)) for v, label in RULE_CHOICES.get(key, {}).items()]
    if kind != "text" or value not in dict(choices):
        choices = []
    return {
        "choices": choices,
        "options": [(v, str(name)) for v, name in (options or {}).items()],
        "id": f"id_rule_{n}",
        "field": field,
        "name": label,
        "kind": "pick" if options is not None else kind,
        "value": shown,
    }


def _table(key: str, value: dict[str, Any], posted: Any, n: int) -> dict[str, Any]:
    groups: list[dict[str, Any]] = []
    loose: list[dict[str, Any]] = []
    for i, (sub, part) in enumerate(value.items()):
        field = f"rule-{key}{SEP}{sub}"
        if isinstance(part, dict):
            fields = [
                _leaf(key, f"{field}{SEP}{s}", _word(s), v, posted, n * 1000 + i * 50 + j)
                for j, (s, v) in enumerate(part.items())
                if not isinstance(v, dict)
            ]
            groups.append({"legend": _word(sub), "fields": fields})
        else:
            loose.append(_leaf(key, field, _word(sub), part, posted, n * 1000 + i))
    if loose:
        groups.insert(0, {"legend": "", "fields": loose})
    return {"field": f"rule-{key}", "name": rule_name(key), "kind": "table", "groups": groups}


def rule_fields(rules: dict[str, Any], posted: Any = None) -> list[dict[str, Any]]:
    """One labelled field per rule of the base format (a table rule: a fieldset of
    labelled parts), the posted values kept on a redisplay."""
    rows = []
    for n, (key, value) in enumerate(sorted(rules.items(), key=lambda kv: rule_name(kv[0]))):
        if isinstance(value, dict):
            rows.append(_table(key, value, posted, n + 1))
        else:
            rows.append(_leaf(key, f"rule-{key}", rule_name(key), value, posted, n))
    return rows


def form_values(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The values the form posts as shown (what a browser sends for an unchanged form)."""
    out: dict[str, Any] = {}
    for row in rows:
        if row["kind"] == "table":
            out[row["field"]] = "shown"
            for group in row["groups"]:
                out.update(form_values(group["fields"]))
        elif row["kind"] == "pick":
            # The form's hidden empty entry: a list with every box unticked is still posted.
            out[row["field"]] = ["", *row["value"]]
        else:
            out[row["field"]] = row["value"]
    return out


def _refused(key: str, part: str, message: Any) -> ServiceError:
    rule = rule_name(key) + (f" ({part})" if part else "")
    return ServiceError(message % {"rule": rule}, "bad_rule")


def _parsed(key: str, part: str, value: Any, posted: Any, field: str) -> Any:
    kind = _kind(value)
    if kind == "list" and _options(key, value) is not None:
        picked = posted.getlist(field) if hasattr(posted, "getlist") else posted.get(field, [])
        picked = [p for p in ([picked] if isinstance(picked, str) else picked) if p]
        options = _options(key, value) or {}
        if any(p not in options for p in picked):
            raise _refused(key, part, _("“%(rule)s” takes only the entries offered."))
        # The base's own order is kept (a reader may take the first entry as preferred).
        kept = [v for v in value if v in picked]
        return kept + [p for p in options if p in picked and p not in kept]
    raw = str(posted.get(field, "")).strip()
    if kind == "bool":
        return raw == "yes"
    if kind == "int":
        if not raw:
            return None
        if not raw.isdigit() or int(raw) > 10_000:
            raise _refused(
                key,
                part,
                _("“%(rule)s” takes a whole number from 0 to 10000, or nothing for no limit."),
            )
        return int(raw)
    if kind == "list":
        return [v.strip() for v in raw.splitlines() if v.strip()]
    if raw != value and raw not in RULE_CHOICES.get(key, {raw: ""}):
        raise _refused(key, part, _("“%(rule)s” takes one of the values offered."))
    return raw


def _table_value(key: str, value: dict[str, Any], posted: Any, field: str, part: str) -> Any:
    out: dict[str, Any] = {}
    for sub, v in value.items():
        name = f"{field}{SEP}{sub}"
        words = f"{part}: {_word(sub)}" if part else _word(sub)
        if isinstance(v, dict):
            out[sub] = _table_value(key, v, posted, name, words)
        elif name in posted:
            out[sub] = _parsed(key, words, v, posted, name)
        else:
            out[sub] = v
    return out


def changed_rules(rules: dict[str, Any], posted: Any) -> dict[str, Any]:
    """The rules whose posted fields differ from the base format's value (the service then
    checks each changed value's kind). A rule the form did not post stays the base's."""
    out: dict[str, Any] = {}
    for key, value in rules.items():
        field = f"rule-{key}"
        if field not in posted:
            continue
        if isinstance(value, dict):
            new = _table_value(key, value, posted, field, "")
        else:
            new = _parsed(key, "", value, posted, field)
        if new != value:
            out[key] = new
    return out
