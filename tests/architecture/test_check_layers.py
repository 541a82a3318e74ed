"""scripts/check_layers.py: the import graph between apps (imports inside functions
counted), upward imports and module sizes are found on a small tree of apps."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "check_layers.py"


@pytest.fixture(scope="module")
def layers():
    spec = importlib.util.spec_from_file_location("check_layers", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_an_import_inside_a_function_makes_a_cycle(layers, tmp_path):
    write(tmp_path, "tournaments/views.py", "def f():\n    from decks.services import x\n")
    write(tmp_path, "decks/services.py", "from tournaments.models import Event\n")
    problems, graph = layers.check(tmp_path)
    assert graph["tournaments"] == {"decks"} and graph["decks"] == {"tournaments"}
    assert "import cycle between apps: decks -> tournaments -> decks" in problems
    assert any(p.startswith("tournaments/views.py:2: tournaments") for p in problems)


def test_a_lower_app_importing_a_higher_one_is_refused(layers, tmp_path):
    write(tmp_path, "audit/views.py", "import tournaments.models\n")
    problems, _ = layers.check(tmp_path)
    assert problems == [
        "audit/views.py:1: audit (layer 2) imports tournaments (layer 3): "
        "only lower layers may be imported"
    ]


def test_downward_imports_and_tests_are_fine_but_long_modules_are_not(layers, tmp_path):
    write(tmp_path, "ratings/services.py", "from tournaments import services\n")
    write(tmp_path, "ratings/tests/test_long.py", "x = 1\n" * 500)
    write(tmp_path, "ratings/migrations/0001_initial.py", "x = 1\n" * 500)
    assert layers.check(tmp_path)[0] == []
    write(tmp_path, "ratings/big.py", "x = 1\n" * 401)
    assert layers.check(tmp_path)[0] == ["ratings/big.py: 401 lines (at most 400)"]


def test_cycles_through_three_apps_are_found_once(layers):
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert layers.find_cycles(graph) == [["a", "b", "c"]]


def test_a_cycle_inside_an_app_counts_imports_inside_functions(layers, tmp_path):
    write(tmp_path, "ratings/__init__.py", "")
    write(tmp_path, "ratings/league.py", "def f():\n    from ratings.ledger import g\n")
    write(tmp_path, "ratings/ledger.py", "from ratings import league\n")
    problems = layers.inner_check(tmp_path)
    assert problems == [
        "import cycle inside an app: ratings.league -> ratings.ledger -> ratings.league"
    ]


def test_a_lower_layer_inside_an_app_may_not_import_a_higher_one(layers, tmp_path):
    write(tmp_path, "tournaments/__init__.py", "")
    write(tmp_path, "tournaments/rules/__init__.py", "")
    write(tmp_path, "tournaments/rules/bracket.py", "from tournaments.models import Event\n")
    write(tmp_path, "tournaments/models.py", "from tournaments.views import page\n")
    write(tmp_path, "tournaments/views.py", "from tournaments.models import Event\n")
    problems = layers.inner_check(tmp_path)
    assert any("tournaments.rules.bracket imports tournaments.models" in p for p in problems)
    assert any("tournaments.models imports tournaments.views" in p for p in problems)
    assert not any(p.startswith("tournaments/views.py") for p in problems)


def test_a_private_name_of_another_module_is_refused(layers, tmp_path):
    write(tmp_path, "decks/__init__.py", "")
    write(tmp_path, "decks/cards.py", "def _index():\n    return 1\n")
    write(tmp_path, "decks/views.py", "from decks.cards import _index\n")
    assert layers.inner_check(tmp_path) == [
        "decks/views.py:1: imports the private _index of decks.cards"
    ]
