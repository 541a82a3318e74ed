"""The audit trail names every field and action in the reader's language: no stored key
("reports_confirmed", "high_mps") reaches a person. One table of labels serves the
history page and the API (tournaments/words/audit_fields.py); a writer that stores a key
without a label fails here."""

from __future__ import annotations

import ast
import re
from typing import Any

from django.utils import translation

from audit.models import AuditEntry
from tests.tournaments.audit_trail import ROOT, is_record, sources, trail
from tournaments.models import Event, Penalty, PlayoffMatch, ResultChange, Round, Seat, Table
from tournaments.rules.result_flow import Action
from tournaments.services.events import EVENT_FIELDS
from tournaments.services.records.names import FIELDS as PLAYER_NAME_FIELDS
from tournaments.services.stage_plan import STAGE_FIELDS
from tournaments.templatetags.event_ui import field_words
from tournaments.words.audit import NESTED
from tournaments.words.audit_entries import AUDIT_ACTIONS, AUDIT_SENTENCES
from tournaments.words.audit_fields import (
    FIELD_LABELS,
    NAME_KEYED,
    SEAT_OUTCOMES,
    STATUS_WORDS,
    field_label,
)
from tournaments.words.audit_notes import SYSTEM_NOTES, note_words
from tournaments.words.labels import READING_LABELS

# Actions passed on by position or built from a value (record_drop, enter_player,
# playoff_games._settle, f"result_{action}", f"penalty_{kind}", f"round_{how}").
BUILT_ACTIONS = {
    "drop",
    "register",
    "walkin",
    "bulk_entry",
    "playoff_game",
    "playoff_game_decided",
    "admin-add",
    "admin-change",
    "admin-delete",
    *(f"result_{a}" for a in ResultChange.Action.values),
    f"result_{Action.MATCHING_REPORT}",
    *(f"penalty_{k}" for k in Penalty.Kind.values),
    "round_deleted",
    "round_repaired",
}
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def _dict_keys(node: ast.AST) -> set[str]:
    return {
        key.value
        for found in ast.walk(node)
        if isinstance(found, ast.Dict)
        for key in found.keys
        if isinstance(key, ast.Constant) and isinstance(key.value, str)
    }


def _snapshot_keys(function: ast.AST, call: ast.Call) -> set[str]:
    """The literal keys of a record() call's before and after, and of the dicts the
    function assigned to the names it passes as them."""
    keys: set[str] = set()
    for keyword in call.keywords:
        if keyword.arg not in ("before", "after"):
            continue
        keys |= _dict_keys(keyword.value)
        if isinstance(keyword.value, ast.Name):
            for node in ast.walk(function):
                if isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == keyword.value.id for t in node.targets
                ):
                    keys |= _dict_keys(node.value)
    return keys


def _module_strings(tree: ast.Module) -> dict[str, str]:
    """Module constants: NAME = "value" and A, B = "a", "b"."""
    out: dict[str, str] = {}
    for node in tree.body:
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            pairs = (
                zip(target.elts, node.value.elts, strict=False)
                if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                else [(target, node.value)]
            )
            for name, value in pairs:
                constant = isinstance(value, ast.Constant) and isinstance(value.value, str)
                if isinstance(name, ast.Name) and constant:
                    out[name.id] = value.value
    return out


def _action_values(node: ast.expr, constants: dict[str, str]) -> set[str]:
    """The actions an action= argument can be: a string, a module constant, either side
    of a conditional or an "or". An f-string is a family BUILT_ACTIONS lists; anything
    else (a request's parameter) names no action of its own."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Name):
        return {constants[node.id]} if node.id in constants else set()
    if isinstance(node, ast.IfExp):
        return _action_values(node.body, constants) | _action_values(node.orelse, constants)
    if isinstance(node, ast.BoolOp):
        return set().union(*(_action_values(v, constants) for v in node.values))
    return set()


def _written() -> tuple[dict[str, set[str]], dict[str, set[str]], dict[str, set[str]]]:
    """Every literal key written into an audit entry, every action named in a call's
    action= argument and every note a record() call writes, each with its files."""
    keys: dict[str, set[str]] = {}
    actions: dict[str, set[str]] = {}
    notes: dict[str, set[str]] = {}
    for path, tree in sources():
        where = str(path.relative_to(ROOT))
        constants = _module_strings(tree)
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef):
                continue
            for call in ast.walk(function):
                if not isinstance(call, ast.Call):
                    continue
                if is_record(call):
                    for key in _snapshot_keys(function, call):
                        keys.setdefault(key, set()).add(where)
                    for keyword in call.keywords:
                        if keyword.arg == "note":
                            for note in _action_values(keyword.value, {}) - {""}:
                                notes.setdefault(note, set()).add(where)
                for keyword in call.keywords:
                    if keyword.arg == "action":
                        for value in _action_values(keyword.value, constants):
                            actions.setdefault(value, set()).add(where)
    return keys, actions, notes


def _worded(action: str) -> bool:
    return action in AUDIT_ACTIONS or action in AUDIT_SENTENCES


def test_every_key_a_writer_stores_has_a_label():
    keys, _actions, _notes = _written()
    assert {"reports_confirmed", "high_mps", "tables_undone", "avoid_pairs"} <= set(keys)
    # Snapshots built from field lists rather than literal dicts.
    listed = {*EVENT_FIELDS, "status", *STAGE_FIELDS, *PLAYER_NAME_FIELDS}
    missing = {k: sorted(v) for k, v in keys.items() if k not in FIELD_LABELS}
    missing |= {k: ["a snapshot's field list"] for k in listed if k not in FIELD_LABELS}
    assert not missing, f"give these audit keys a label in audit_fields.py: {missing}"


def test_every_action_a_writer_records_has_words():
    _keys, actions, _notes = _written()
    assert {"round_deadline", "table_extra_time", "pause_clock"} <= set(actions)
    named = {a: sorted(v) for a, v in actions.items() if not _worded(a)}
    # Calls whose action= is no audit action (a result change's own, argparse's).
    named.pop("store_true", None)
    assert not named, f"give these audit actions words in audit_entries.py: {named}"
    assert sorted(a for a in BUILT_ACTIONS if not _worded(a)) == []


# Notes handed on by position (check_in_on_entry, record_drop) or kept in a variable.
PASSED_NOTES = {
    "checked in at the door",
    "checked in with the pasted list",
    "not checked in before round 1",
    "the warnings that ejected the player no longer reach the limit",
}


def test_every_note_a_service_writes_is_in_words():
    _keys, _actions, notes = _written()
    assert {"late entry", "checked in with everyone"} <= set(notes)
    missing = {n: sorted(v) for n, v in notes.items() if n not in SYSTEM_NOTES}
    assert not missing, f"give these notes words in audit_notes.py: {missing}"
    assert sorted(PASSED_NOTES - set(SYSTEM_NOTES)) == []
    with translation.override("es"):
        assert note_words("round 2 table 3") == "ronda 2, mesa 3"
        assert note_words("round 2") == "ronda 2"
        assert note_words("late entry") == "inscripción tardía"
        assert note_words("after round 1: confirmed by the director").startswith("después")
        assert note_words("se fue antes") == "se fue antes"  # a director's own words


def test_a_label_is_translated_and_a_nested_change_keeps_the_player_named():
    with translation.override("es"):
        assert field_label("reports_confirmed") == "Mesas cuyo resultado comunicado se confirmó"
        assert field_label("high_mps") == "PV de la mejor cabeza de serie"
        assert field_label("seat Ana: mps") == "Puesto de Ana: PV"
        assert field_label("tables: Ana_b") == "Mesas: Ana_b"  # a name, not a key
        assert field_words("tables_undone") == field_label("tables_undone")  # one rule
    assert field_label("seat Ana: mps") == "Seat of Ana: MPs"
    # A key from an older export still reads as words, never as the key.
    assert field_label("some_old_key") == "Some old key"


def test_every_status_a_model_stores_has_words():
    stored = {
        *Event.Status.values,
        *Round.Status.values,
        *Table.Status.values,
        *PlayoffMatch.Status.values,
    }
    assert sorted(stored - set(STATUS_WORDS)) == []
    assert set(Seat.Outcome.values) == set(SEAT_OUTCOMES)


def _fields(snapshot: Any) -> set[str]:
    """The keys readable_diff shows: top-level, a seat's, a nested dict's."""
    if not isinstance(snapshot, dict):
        return set()
    out = set(snapshot)
    for seat in snapshot.get("seats") or []:
        out |= set(seat)
    for key, value in snapshot.items():
        if isinstance(value, dict) and key not in (*NAME_KEYED, *NESTED, "fixed_tables"):
            out |= set(value)
    return out


def test_every_entry_the_main_flows_write_is_in_words(flows):
    entries = list(AuditEntry.objects.all())
    assert {"round_deadline", "result_deadline_confirm", "result_correction"} <= {
        e.action for e in entries
    }
    assert {"top_cut", "playoff_result", "penalty_warning", "drop", "update"} <= {
        e.action for e in entries
    }
    unworded = sorted({e.action for e in entries if not _worded(e.action)})
    assert unworded == []
    keys = set().union(*(_fields(e.before) | _fields(e.after) for e in entries))
    assert {"reports_confirmed", "high_mps", "mps", "round_minutes"} <= keys
    labelled = set(FIELD_LABELS) | set(READING_LABELS)
    assert sorted(keys - labelled) == []


def _changes(html: str) -> list[str]:
    """The Change column's field lines, without their markup."""
    lists = re.findall(r'<ul class="diff">(.*?)</ul>', html, re.S)
    return [re.sub(r"<[^>]+>", "", item) for block in lists for item in block.split("<li>")]


def test_the_history_page_in_spanish_names_the_fields_in_spanish(flows):
    """RULES.md §8: the deadline's confirmed reports and the director's correction."""
    (director, event), (director2, event2) = flows
    html = trail(director, event, "es")
    assert "Mesas cuyo resultado comunicado se confirmó: — → 1" in html
    assert "Mesas impugnadas: — → 2" in html
    assert "Al cierre del plazo:" in html
    assert "ronda 1, mesa 2" in html and "round 1 table" not in html
    assert re.search(r"Puesto de [^:<]+: PV: 20 → 18", html)
    # The values that are keys too: a table's status, a seat's outcome.
    assert "Estado: Comunicado, pendiente de confirmación → Confirmado" in html
    assert re.search(r"Puesto de [^:<]+: Desenlace: — → Victoria", html)  # no empty quotes
    for english in ("Reports confirmed", "Disputed tables", "Seat ", "Deadline rule", "→ win"):
        assert english not in html
    cut = trail(director2, event2, "es")
    assert "Fase final (top cut): — → 2" in cut and "Cabezas de serie: — → " in cut
    assert "Minutos por ronda: 60 → 50" in cut
    assert "Parejas que evitar: — → " in cut


def test_no_stored_key_shows_on_the_history_page_in_either_language(flows):
    for director, event in flows:
        for language in ("en", "es"):
            lines = _changes(trail(director, event, language))
            assert lines
            shown = [line for line in lines if SNAKE.search(line)]
            assert shown == [], (language, shown)
    english = _changes(trail(*flows[0], "en"))
    assert any(line.startswith("Tables whose report was confirmed: — → 1") for line in english)
