"""A list's "Format:" line: it chooses the format when the player chose none, and
a list naming another format than the one chosen is told so — a notice, never an error.

001 "Formats": a LOTR TCG deck is built for one format; a GEMP deck page names it
("Format: King Standard", tests/decks/real/gemp-page-starter-minas-tirith.txt).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.test import Client

from decks import services
from decks.demo import LOTR_FELLOWSHIP
from decks.importers import import_formats
from rules_engine.deckrules import BUILTIN_FORMATS, format_from_gemp, parse_decklist
from rules_engine.deckrules.formats import match_format_name

REAL = Path(__file__).resolve().parent / "real"


def test_the_gemp_page_names_its_format():
    text = (REAL / "gemp-page-starter-minas-tirith.txt").read_text(encoding="utf-8")
    assert parse_decklist(text, "lotr-tcg").declared_format == "King Standard"
    assert parse_decklist(LOTR_FELLOWSHIP, "lotr-tcg").declared_format is None


@pytest.mark.parametrize(
    ("declared", "key"),
    [
        ("Fellowship Block", "fellowship-block"),
        ("fellowship-block", "fellowship-block"),
        ("TOWER BLOCK", "tower-block"),
        ("Open", "open"),
        ("King Standard", None),  # a GEMP format: known only once GEMP's formats are loaded
        ("Chess", None),
        ("", None),
    ],
)
def test_a_format_name_matches_case_and_punctuation_aside(declared, key):
    found = match_format_name(declared, BUILTIN_FORMATS)
    assert (found.key if found else None) == key


def test_gemp_names_and_codes_name_the_community_format():
    king = format_from_gemp(
        "King Standard", {"code": "rotk_sta", "sets": ["7"], "site_rule": "KING"}
    )
    assert match_format_name("King Standard", [king]) is king
    assert match_format_name("rotk_sta", [king]) is king
    # The rulebook's block comes first when both are known by that name.
    fotr = format_from_gemp("Fellowship Block", {"sets": ["1"], "site_rule": "FELLOWSHIP"})
    assert match_format_name("Fellowship Block", [*BUILTIN_FORMATS, fotr]).key == "fellowship-block"


def _notices(verdict) -> dict[str, dict]:
    return {p.code: p.params for p in verdict.problems if p.code.startswith("format_")}


@pytest.mark.django_db
def test_no_format_chosen_the_lists_format_line_chooses():
    v = services.validate_text("Format: Tower Block\n" + LOTR_FELLOWSHIP, "lotr-tcg", None)
    assert v.format_key == "tower-block"
    assert _notices(v) == {"format_from_list": {"declared": "Tower Block", "format": "Tower block"}}
    assert all(p.severity == "warning" for p in v.problems if p.code.startswith("format_"))


@pytest.mark.django_db
def test_a_chosen_format_stays_and_the_list_naming_another_is_told():
    v = services.validate_text(
        "Format: Tower Block\n" + LOTR_FELLOWSHIP, "lotr-tcg", "fellowship-block"
    )
    assert v.format_key == "fellowship-block"
    assert v.legal, v.codes()
    assert _notices(v) == {
        "format_differs": {
            "declared": "Tower Block",
            "format": "Fellowship block",
            "named": "Tower block",
        }
    }
    same = services.validate_text(
        "Format: Fellowship Block\n" + LOTR_FELLOWSHIP, "lotr-tcg", "fellowship-block"
    )
    assert _notices(same) == {}


@pytest.mark.django_db
def test_a_format_not_known_here_is_named_and_the_default_checked():
    v = services.validate_text("Format: Chess960\n" + LOTR_FELLOWSHIP, "lotr-tcg", None)
    assert v.format_key == "fellowship-block"
    assert _notices(v) == {"format_unknown": {"declared": "Chess960", "format": "Fellowship block"}}


@pytest.mark.django_db
@pytest.mark.carddata
def test_a_gemp_format_loaded_from_gemps_file_is_chosen_by_the_deck_page(card_data_dir):
    data = json.loads((card_data_dir / "lotr-tcg" / "formats.json").read_text(encoding="utf-8"))
    import_formats("lotr-tcg", data)
    text = (REAL / "gemp-page-starter-minas-tirith.txt").read_text(encoding="utf-8")
    v = services.validate_text(text, "lotr-tcg", None)
    assert v.format_key == "gemp-king-standard"
    assert "format_from_list" in v.codes(None)


@pytest.mark.django_db
def test_api_and_page_say_it_in_words_from_code_and_params():
    body = (
        Client()
        .post(
            "/api/v1/decks/validate/",
            {"game": "lotr-tcg", "text": "Format: Tower Block\n" + LOTR_FELLOWSHIP},
            content_type="application/json",
        )
        .json()
    )
    assert body["format"] == "tower-block"
    notice = next(p for p in body["problems"] if p["code"] == "format_from_list")
    assert notice["params"] == {"declared": "Tower Block", "format": "Tower block"}
    assert notice["message"] == "The list says “Format: Tower Block”: checked as Tower block."
    html = (
        Client()
        .post(
            "/decks/check/",
            {"format": "lotr-tcg:", "text": "Format: Tower Block\n" + LOTR_FELLOWSHIP},
        )
        .content.decode()
    )
    assert "checked as Tower block" in html
    assert "format_from_list" not in html
