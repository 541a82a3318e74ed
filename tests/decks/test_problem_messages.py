"""Deck problems are data (code + params) rendered into words at the face, every word
through the translation catalogue (docs/deck-rules.md "Problem codes").

The engine renders English from the same templates (rules_engine/deckrules/messages.py);
the faces render code + params with Django's gettext. Checked over every list the tests
hold (published and real) plus hand-made decks breaking each rule.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from decks.labels import problem_text
from rules_engine.deckrules import (
    CardIndex,
    builtin_format,
    check_text,
    parse_decklist,
    records_from_json,
    validate,
)
from rules_engine.deckrules.messages import ITEMS, TEMPLATES, render

HERE = Path(__file__).resolve().parent
_PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def test_every_template_is_a_plain_named_format():
    """Only %(name)s placeholders (a translator may reorder them), no bare % signs."""
    for key, template in {**TEMPLATES, **ITEMS}.items():
        rest = _PLACEHOLDER.sub("", template)
        assert "%" not in rest, key


_INDEX: dict[str, CardIndex] = {}


def _index(card_data_dir: Path, game: str) -> CardIndex:
    if game not in _INDEX:
        folder = card_data_dir / game
        cards = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
        aliases_file = folder / "aliases.json"
        aliases = json.loads(aliases_file.read_text()) if aliases_file.exists() else None
        _INDEX[game] = CardIndex.build(game, records_from_json(game, cards, aliases))
    return _INDEX[game]


def _corpus(card_data_dir: Path) -> list:
    """Every problem the tests' lists raise: published lists, real files, broken decks."""
    problems = []
    for entry in json.loads((HERE / "published" / "manifest.json").read_text("utf-8")):
        game = entry["game"]
        fmt = builtin_format(game, entry["format"])
        text = (HERE / "published" / entry["file"]).read_text("utf-8")
        for player_type in {entry["player_type"], None}:
            v = check_text(text, game, fmt, _index(card_data_dir, game), player_type)
            problems += v.problems
            # The same list in a format it was not built for breaks other rules.
            other = "tower-block" if game == "lotr-tcg" else "coe-starter"
            problems += check_text(
                text, game, builtin_format(game, other), _index(card_data_dir, game), None
            ).problems
    # Hand-made decks breaking one rule each (tests/decks/test_published_decks.py).
    from tests.decks.test_published_decks import CASES

    for c in CASES:
        game, fmt_key, player_type, text = c.deck()
        problems += check_text(
            text, game, builtin_format(game, fmt_key), _index(card_data_dir, game), player_type
        ).problems
    problems += check_text(
        "Ring-bearer: Frodo, Son of Drogo\n1 Gandalf, The Grey Wizard\nprose line that is not "
        "a card at all, and goes on.\n# Hazards (3)\n1 Orc-patrol (TW)\n3 Nonsensia",
        "lotr-tcg",
        builtin_format("lotr-tcg", "open"),
        _index(card_data_dir, "lotr-tcg"),
    ).problems
    for path in (HERE / "real").iterdir():
        if path.suffix in (".md",):
            continue
        lotr = ("gemp", "lotrtcgwiki", "lotrjson", "article-cardshark")
        game = "lotr-tcg" if path.name.startswith(lotr) else "metw"
        deck = parse_decklist(path.read_text("utf-8"), game)
        fmt = builtin_format(game, "king-block" if game == "lotr-tcg" else "standard-2")
        problems += validate(deck, fmt, _index(card_data_dir, game), None).problems
    return problems


@pytest.mark.carddata
def test_every_problem_raised_has_a_template_its_params_fill(card_data_dir):
    problems = _corpus(card_data_dir)
    codes = {p.code for p in problems}
    assert len(codes) >= 45, sorted(codes)  # the corpus reaches nearly every rule
    for p in problems:
        assert render(p.code, p.params) == p.message != p.code, (p.code, p.params)


# English that only templates say; card names and numbers (the data) never do.
_TEMPLATE_WORDS = [
    r"\bline \d",
    r"\(set ",
    r"\bat most\b",
    r"\bbetween\b",
    r"\bnot exactly\b",
    r"specific to",
    r"\(mind \d",
    r"with Shadow number",
    r"\btwice\b",
    r"\bno site\b",
    r"no race",
    r"under “",
    r"\bis a \w+ card\b",
    r"\b(hero|minion|balrog|fallen-wizard) (character|resource|site|hazard)\b",
]


@pytest.mark.carddata
def test_every_word_of_a_message_goes_through_the_catalogue(card_data_dir):
    """Rendered with a "translation" that keeps only the placeholders of every template and
    item template (and counts as bare numbers), what is left is data — card names,
    numbers, format names — with no word of English: every word is in the catalogue."""

    def placeholders_only(text: str) -> str:
        return " ".join(f"%({name})s" for name in _PLACEHOLDER.findall(text))

    for p in _corpus(card_data_dir):
        data_only = render(p.code, p.params, placeholders_only, lambda word, n: str(n))
        assert data_only is not None, p.code
        for pattern in _TEMPLATE_WORDS:
            assert not re.search(pattern, data_only), (p.code, pattern, data_only)


@pytest.mark.django_db
def test_the_face_renders_from_code_and_params_in_the_readers_language():
    """The page and API render a stored problem from code + params, not the stored English:
    a problem whose stored message is stale still reads right, in the active language."""
    stored = {
        "code": "resources_count",
        "params": {"resources": {"n": 29, "word": "resource"}, "min": 30, "max": 50},
        "message": "an old English message",
    }
    with translation.override("en"):
        assert problem_text(stored) == "29 resources in the play deck: between 30 and 50."
    # Every counted noun of the engine has its plural forms at the face.
    from decks.labels import COUNT_WORDS
    from rules_engine.deckrules.messages import WORDS

    assert set(COUNT_WORDS) == set(WORDS)
    with translation.override("en"):
        for word, (one, many) in WORDS.items():
            assert str(COUNT_WORDS[word] % {"n": 1}) == f"1 {one}"
            assert str(COUNT_WORDS[word] % {"n": 7}) == f"7 {many}"
    # A code without a template keeps the engine's message rather than showing the code.
    assert problem_text({"code": "future_rule", "params": {}, "message": "Words."}) == "Words."


@pytest.mark.django_db
def test_no_problem_code_or_slug_on_the_deck_page():
    """A Fallen-wizard list breaking several rules: the page names the player type and the
    problems in words; no problem code, count key or player-type slug appears."""
    text = (
        "Pool:\n1 Gandalf (WH)\n3 Orc-lieutenant (TW)\nPlay deck:\n4 Orc-lieutenant\n"
        "Wizard Staff Nonsense\nSites:\n2 Rivendell (TW)\n"
    )
    html = Client().post("/decks/check/", {"format": "metw:coe", "text": text}).content.decode()
    body = html.split('class="card verdict"', 1)[-1].split("</section>", 1)[0]
    assert "Not legal" in body
    codes = {k.split(":")[0] for k in TEMPLATES}
    shown = [c for c in codes if re.search(rf"\b{c}\b", body)]
    assert not shown, shown
    for slug in ("play_deck", "pool_mind", "sideboard_fw", "fallen-wizard</", "player_type"):
        assert slug not in body, slug


@given(
    name=st.text(min_size=1, max_size=60).filter(lambda s: s.strip()),
    line=st.integers(min_value=1, max_value=2000),
    suggestions=st.lists(st.text(min_size=1, max_size=30), max_size=3),
)
def test_any_card_name_renders_as_data_never_as_format(name, line, suggestions):
    """A player's text ("100% Orc", "%(line)s") goes into a message as data: rendering never
    fails and never reinterprets it (RULES.md §4: every unknown name is reported)."""
    params = {"line": line, "name": name}
    if suggestions:
        params |= {"variant": "suggest", "suggestions": " / ".join(suggestions)}
    text = render("unknown_card", params)
    assert text is not None and name in text and str(line) in text
