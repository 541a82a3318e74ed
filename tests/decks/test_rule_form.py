"""The new-format form's table rules in words ("No internal text"): alignments per
player type, the Balrog's limits, the Fallen-wizard Stage pool, starting characters and
banned cards per player type are labelled fields, not a box of internal keys."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from decks.models import Format
from decks.rule_form import form_values, rule_fields
from rules_engine.deckrules import BUILTIN_FORMATS, builtin_format

pytestmark = pytest.mark.django_db
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


@pytest.fixture
def director(metw_event, users):
    client = Client()
    client.force_login(users["director"])
    return client


def _shown(html: str) -> str:
    """What a reader sees: the text and the values in the boxes, not the field names."""
    values = " ".join(re.findall(r'<input[^>]*type="(?:text|number)"[^>]*value="([^"]*)"', html))
    boxes = " ".join(re.findall(r"<textarea[^>]*>([^<]*)</textarea>", html))
    return f"{re.sub(r'<[^>]*>', ' ', html)} {values} {boxes}"


def test_every_base_saved_unchanged_gives_back_its_rules(director):
    for n, fdef in enumerate(BUILTIN_FORMATS):
        html = director.get(f"/decks/formats/new/?base={fdef.game}:{fdef.key}").content.decode()
        assert not SNAKE.findall(_shown(html)), (fdef.key, SNAKE.findall(_shown(html)))
        assert "{" not in _shown(html).split("</h1>")[-1], fdef.key
        data = {"base": f"{fdef.game}:{fdef.key}", "name": f"Same {n}"}
        data.update(form_values(rule_fields(dict(fdef.rules))))
        director.post("/decks/formats/new/", data)
        assert Format.objects.get(key=f"same-{n}").rules == dict(fdef.rules), fdef.key


def test_table_rules_are_labelled_per_player_type(director):
    html = director.get("/decks/formats/new/?base=metw:coe").content.decode()
    # CoE 1.3.x: the Balrog's characters are Orcs or Trolls of mind 8 or less.
    assert "<legend>Balrog player&#x27;s limits</legend>" in html
    assert "most mind of a character</label>" in html
    assert "<legend>Ringwraith (minion)</legend>" in html
    assert "Fallen-wizard: Stage resources in the pool" in html
    assert "everyone else</label>" in html


def test_a_table_rule_changed_in_words_is_saved(director):
    coe = dict(builtin_format("metw", "coe").rules)
    data = {"base": "metw:coe", "name": "CoE changed"}
    data.update(form_values(rule_fields(coe)))
    data["rule-balrog_limits.max_character_mind"] = "9"
    data["rule-max_starting_characters.ringwraith"] = "7"
    # A Wizard's items: hero and dual only (the minion box unticked).
    data["rule-alignments.wizard.item"] = ["", "hero", "dual"]
    data["rule-fw_stage_pool.max_cards"] = "4"
    director.post("/decks/formats/new/", data)
    rules = Format.objects.get(key="coe-changed").rules
    assert rules["balrog_limits"]["max_character_mind"] == 9
    assert rules["balrog_limits"]["character_races"] == ["Orc", "Troll"]
    assert rules["max_starting_characters"] == {"default": 5, "ringwraith": 7}
    assert rules["alignments"]["wizard"]["item"] == ["hero", "dual"]
    assert rules["alignments"]["ringwraith"] == coe["alignments"]["ringwraith"]
    assert rules["fw_stage_pool"]["max_cards"] == 4


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("rule-balrog_limits.max_character_mind", "eight", "Balrog player&#x27;s limits"),
        ("rule-fw_stage_pool.stage_points", "-1", "Fallen-wizard: Stage resources in the pool"),
        ("rule-alignments.wizard.site", ["", "orc"], "Alignments allowed per player type"),
    ],
)
def test_a_wrong_table_value_is_refused_naming_the_rule(director, field, value, words):
    data = {"base": "metw:coe", "name": "Bad table"}
    data.update(form_values(rule_fields(dict(builtin_format("metw", "coe").rules))))
    data[field] = value
    r = director.post("/decks/formats/new/", data, follow=True)
    html = r.content.decode()
    assert r.status_code == 200
    assert words in html.split("</h1>")[0] or f"“{words}" in html, html[:3000]
    assert not Format.objects.filter(key="bad-table").exists()


def test_the_form_in_spanish_names_rules_parts_and_refusals_in_spanish(metw_event, users):
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    client.force_login(users["director"])
    html = client.get("/decks/formats/new/?base=metw:coe").content.decode()
    assert "<legend>Límites del jugador Balrog</legend>" in html
    assert "mente máxima de un personaje</label>" in html
    assert not SNAKE.findall(_shown(html))
    data = {"base": "metw:coe", "name": "Malo"}
    data.update(form_values(rule_fields(dict(builtin_format("metw", "coe").rules))))
    data["rule-copy_zones"] = ["", "hand"]
    html = client.post("/decks/formats/new/", data, follow=True).content.decode()
    assert "admite solo las entradas ofrecidas" in html


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_formats_page_names_the_parts_of_a_deck_in_words(metw_event, users, language):
    """The formats page lists each format's rules: the parts of a deck counted for copies
    by their names (the new-format form's), never their keys ("sideboard_fw"); a format
    by its name, not its key as well ("coe-starter")."""
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    text = re.sub(r"\s+", " ", _shown(client.get("/decks/formats/").content.decode()))
    assert not SNAKE.findall(text), SNAKE.findall(text)
    fallen = "Fallen-wizard sideboard" if language == "en" else "banquillo del Istar Caído"
    assert fallen in text
    assert "METW CoE tournament rules (starter game)" in text and "coe-starter" not in text
