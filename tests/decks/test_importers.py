"""manage.py import_cards / import_formats: idempotent, bulk, clear errors."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from decks.models import Card, Format
from decks.services import card_index, card_source
from tests.decks.conftest import FIXTURES

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_import_is_idempotent_and_updates(tmp_path):
    path = FIXTURES / "cards_metw_small.json"
    data = json.loads(path.read_text())
    assert "created" in run("import_cards", "metw", str(path))
    n = Card.objects.filter(game="metw").count()
    assert n == len(data)
    out = run("import_cards", "metw", str(path))
    assert f"0 created, 0 updated, {n} unchanged" in out
    data[0]["name"] = data[0]["name"] + " Renamed"
    changed = tmp_path / "cards.json"
    changed.write_text(json.dumps(data))
    assert "0 created, 1 updated" in run("import_cards", "metw", str(changed))
    assert Card.objects.filter(game="metw").count() == n
    assert Card.objects.get(game="metw", card_id=data[0]["id"]).name.endswith("Renamed")


def test_imported_cards_replace_the_fixture_in_the_index():
    assert card_source("lotr-tcg") == "fixture"
    run(
        "import_cards",
        "lotr-tcg",
        str(FIXTURES / "cards_lotr_small.json"),
        "--aliases",
        str(FIXTURES / "aliases_lotr_small.json"),
    )
    assert card_source("lotr-tcg") == "database"
    assert card_index("lotr-tcg").by_id["1_290"].name == "Frodo, Son of Drogo"
    assert card_index("lotr-tcg").by_id["51_23"].rules_identity == "1_23"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"a": 1}', "Expected a JSON list"),
        ('[{"id": "TW-1"}]', "missing name, type, set"),
        ("[]", "holds no cards"),
        (
            '[{"id": "TW-1", "name": "A", "type": "hazard", "set": "METW"}, {"id": "TW-1", "name": "B", "type": "hazard", "set": "METW"}]',
            "appears twice",
        ),
    ],
)
def test_malformed_file_gives_a_clear_error(tmp_path, content, message):
    bad = tmp_path / "cards.json"
    bad.write_text(content)
    with pytest.raises(CommandError, match=message):
        run("import_cards", "metw", str(bad))
    assert not Card.objects.exists()


def test_missing_file_and_bad_url():
    with pytest.raises(CommandError, match="No file at"):
        run("import_cards", "metw", "/nonexistent/cards.json")
    with pytest.raises(CommandError, match="Could not download"):
        run("import_cards", "metw", "http://127.0.0.1:9/cards.json")


def test_import_formats_from_gemp_shape(tmp_path):
    data = {
        "King Block": {
            "code": "king_block",
            "sets": ["7", "8", "10"],
            "site_rule": "KING",
            "restricted": ["7_49"],
            "banned": [],
            "min_draw_deck": 60,
            "max_copies_per_title": 4,
        },
        "Open": {"code": "open", "sets": ["1", "2"], "site_rule": "SHADOWS", "banned": ["1_1"]},
    }
    path = tmp_path / "formats.json"
    path.write_text(json.dumps(data))
    assert "2 created" in run("import_formats", "lotr-tcg", str(path))
    assert "0 created, 0 updated, 2 unchanged" in run("import_formats", "lotr-tcg", str(path))
    king = Format.objects.get(game="lotr-tcg", key="gemp-king-block")
    assert king.rules["restricted"] == ["7_49"] and king.source == "community"
    path.write_text(json.dumps({"X": {"sets": ["1"], "site_rule": "NOPE"}}))
    with pytest.raises(CommandError, match="unknown site rule"):
        run("import_formats", "lotr-tcg", str(path))


def test_builtin_formats_exist_after_migrate():
    keys = set(Format.objects.filter(builtin=True).values_list("game", "key"))
    assert {
        ("metw", "starter"),
        ("metw", "standard-2"),
        ("metw", "standard-3"),
        ("metw", "standard-4"),
        ("metw", "coe"),
        ("lore", "lore"),
    } <= keys
    assert {k for g, k in keys if g == "lotr-tcg"} == {
        "fellowship-block",
        "tower-block",
        "king-block",
        "war-of-the-ring-block",
        "open",
        "standard",
    }
