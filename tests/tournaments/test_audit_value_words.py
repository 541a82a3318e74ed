"""The audit trail's values that are keys or instants reach people in words: a penalty's
kind and offense, the game, the decks a player registers, and every stored time written
as the page writes times (in the event's zone, and the reader's). A writer that stores a
new instant as ISO text without naming its key in TIME_KEYS fails here."""

from __future__ import annotations

import ast
import re

from django.utils import translation
from rest_framework.test import APIClient

from audit.views import readable_diff
from tests.tournaments.audit_trail import is_record, sources, trail
from tournaments.models import Event
from tournaments.services.events import EVENT_FIELDS
from tournaments.words.audit_fields import TIME_KEYS
from tournaments.words.audit_notes import note_words

ISO = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}")


def _isoformat(node: ast.AST) -> bool:
    return any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "isoformat"
        for n in ast.walk(node)
    )


def _snapshots(function: ast.AST, call: ast.Call) -> list[ast.AST]:
    out: list[ast.AST] = []
    for keyword in call.keywords:
        if keyword.arg not in ("before", "after"):
            continue
        out.append(keyword.value)
        if isinstance(keyword.value, ast.Name):
            out += [
                node.value
                for node in ast.walk(function)
                if isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == keyword.value.id for t in node.targets)
            ]
    return out


def _instant_keys() -> dict[str, set[str]]:
    """Every key an audit record() stores a datetime.isoformat() under, with its files."""
    keys: dict[str, set[str]] = {}
    for path, tree in sources():
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef):
                continue
            for call in ast.walk(function):
                if not (isinstance(call, ast.Call) and is_record(call)):
                    continue
                for snapshot in _snapshots(function, call):
                    for found in ast.walk(snapshot):
                        if not isinstance(found, ast.Dict):
                            continue
                        for key, value in zip(found.keys, found.values, strict=True):
                            if isinstance(key, ast.Constant) and _isoformat(value):
                                keys.setdefault(str(key.value), set()).add(path.name)
    return keys


def test_every_instant_a_writer_stores_is_written_as_a_time():
    keys = _instant_keys()
    assert {"opens_at", "deadline", "started_at"} <= set(keys)
    dated = {f.name for f in Event._meta.get_fields() if f.get_internal_type() == "DateTimeField"}
    keys |= {k: {"events.EVENT_FIELDS"} for k in EVENT_FIELDS if k in dated}
    missing = {k: sorted(v) for k, v in keys.items() if k not in TIME_KEYS}
    assert not missing, f"name these instants in audit_fields.TIME_KEYS: {missing}"


def test_a_note_with_a_stored_instant_reads_as_a_time():
    assert not ISO.search(note_words("moved from 2025-11-10T04:59:00+00:00"))
    assert note_words("moved from 2025-11-10T04:59:00+00:00").startswith("moved from ")


def test_the_trail_in_spanish_shows_no_key_nor_iso_time(flows):
    (director, event), (director2, event2) = flows
    html = trail(director, event, "es") + trail(director2, event2, "es")
    changes = " ".join(re.findall(r'<ul class="diff">(.*?)</ul>', html, re.S))
    assert not ISO.search(changes), ISO.search(changes)
    assert "Fecha límite: — → " in changes and "Abre a las: — → " in changes
    assert "Tipo: — → Aviso por error técnico" in changes
    assert "Falta: — → juego lento" in changes
    assert "Listas de mazo por jugador: — → Un mazo por jugador" in changes
    assert "Juego: — → Middle-earth: The Wizards" in changes
    for key in ("→ warning", "slow play", "→ metw", "→ one<", "→ yes", "→ coe<"):
        assert key not in changes, key


def test_a_flag_reads_in_the_readers_language():
    with translation.override("es"):
        assert readable_diff({"dropped": False}, {"dropped": True})[0].after == "sí"


def test_the_api_trail_gives_the_same_words(flows):
    director, event = flows[0]
    api = APIClient()
    api.force_authenticate(director)
    trail = api.get(f"/api/v1/events/{event.slug}/audit/", HTTP_ACCEPT_LANGUAGE="es").json()
    rows = trail["results"] if isinstance(trail, dict) else trail
    values = [v for row in rows for c in row["changes"] for v in (c["before"], c["after"])]
    assert not [v for v in values if ISO.search(v) or v in ("metw", "one", "yes", "coe")]


def test_a_format_reads_as_the_registrys_name(db):
    """An event's format in the trail by the name the format registry gives it (the deck
    app's formats), never its key ("coe"), on the page and through the API; its tiebreaks
    and scoring settings in words (not JSON), in the reader's language."""
    from tests.tournaments.helpers import make_event, make_user

    director = make_user()
    settings = {"half_cap": "round-up", "metw_elimination_points": [5, 1]}
    event = make_event(director, game="metw", format_key="coe", tiebreaks=["wins"],
                       scoring_settings=settings)  # fmt: skip
    changes = " ".join(
        re.findall(r'<ul class="diff">(.*?)</ul>', trail(director, event, "en"), re.S)
    )
    assert "Format: — → METW CoE tournament rules (short game)" in changes
    assert "→ coe<" not in changes and "{" not in changes and "&quot;" not in changes
    assert "Description: — → —" in changes
    spanish = " ".join(
        re.findall(r'<ul class="diff">(.*?)</ul>', trail(director, event, "es"), re.S)
    )
    assert "Desempates: — → victorias<" in spanish
    assert (
        "Reglas de puntuación: — → Límite de la mitad del Concilio Libre de METW: redondear "
        "hacia arriba; METW, Istar eliminado (puntos ganador–perdedor): 5, 1<"
    ) in spanish
    api = APIClient()
    api.force_authenticate(director)
    rows = api.get(f"/api/v1/events/{event.slug}/audit/").json()
    rows = rows["results"] if isinstance(rows, dict) else rows
    after = {c["after"] for row in rows for c in row["changes"] if c["field"] == "Format"}
    assert after == {"METW CoE tournament rules (short game)"}


def test_a_stage_plan_and_a_preset_read_in_words(db):
    """The stages entry words the plan (its kinds, matches, formats by their names) and
    the preset entry the preset's name, never the stored structure or keys."""
    from tests.tournaments.helpers import make_event, make_user
    from tournaments.services.stage_plan import apply_preset, set_stages

    director = make_user()
    event = make_event(director, game="lotr-tcg")
    swiss = {"kind": "swiss", "best_of": 3, "rounds": 2, "options": {"tie": "director"},
             "round_formats": ["fellowship-block", "tower-block"]}  # fmt: skip
    set_stages(director, event, [swiss, {"kind": "single_elim", "advance": 4}])
    apply_preset(director, make_event(director, game="lotr-tcg", name="Worlds"), "pc-worlds")
    english = trail(director, event, "en")
    assert (
        "Stages: — → Swiss · 2 rounds · Best of 3 · A tied game counts for the player the "
        "director names. · Formats by round: Fellowship block, Tower block; Single "
        "elimination of the top 4"
    ) in re.sub(r"\s+", " ", english)
    spanish = re.sub(r"\s+", " ", trail(director, event, "es"))
    assert "Fases: — → Suizo · 2 rondas · Al mejor de 3" in spanish
    worlds = re.sub(r"\s+", " ", trail(director, Event.objects.get(name="Worlds"), "en"))
    worlds = worlds.replace("&#x27;", "'")
    assert "Preset: Rulebook event → Players' Council Worlds" in worlds
    for text in (english, spanish, worlds):
        changes = " ".join(re.findall(r'<ul class="diff">(.*?)</ul>', text, re.S))
        assert not re.search(r"\b[a-z]+_[a-z]+\b|fellowship-block|pc-worlds|\{", changes)
