"""Each reading of a list told to the player: the API's structured notices (the text as
written, the card read, the line, the kind) and the deck page, which says beside each line
how it was read ("read ‘Barow-wight’ as Barrow-wight") or that it was skipped."""

from __future__ import annotations

import pytest
from django.test import Client

from rules_engine.deckrules import builtin_format, parse_decklist, validate

pytestmark = pytest.mark.django_db

TYPED = (
    "// posted in the forum's deck thread\n"
    "My Ambusher deck for the weekend tournament, built around the dark hours.\n"
    "\n"
    "Hazards (7)\n"
    "3 Barow-wight\n"
    "1 DoN\n"
    "2 Cave drake\n"
    "\n"
    "I would play it again, it was great fun to shuffle every time.\n"
)


def test_every_reading_is_a_structured_notice_in_line_order(metw_index):
    v = validate(parse_decklist(TYPED, "metw"), builtin_format("metw", "coe"), metw_index)
    kinds = [(n["kind"], n["line"]) for n in v.notices]
    assert ("typo_read", 5) in kinds and ("nickname_read", 6) in kinds
    assert ("count_differs", 4) in kinds
    assert [n["line"] for n in v.notices] == sorted(n["line"] for n in v.notices)
    typo = next(n for n in v.notices if n["kind"] == "typo_read")
    assert (typo["text"], typo["card"]) == ("Barow-wight", "Barrow-wight")
    differs = next(n for n in v.notices if n["kind"] == "count_differs")
    assert (differs["declared"], differs["listed"]) == (7, 6)
    # A comment is skipped and said; prose before and after the list is said too, never
    # read as a card.
    assert {n["line"] for n in v.notices if n["kind"] == "ignored"} == {1}
    assert {n["line"] for n in v.notices if n["kind"] == "not_understood"} == {2, 9}


def test_the_api_returns_the_notices():
    r = Client().post(
        "/api/v1/decks/validate/",
        {"game": "metw", "format": "coe", "text": TYPED},
        content_type="application/json",
    )
    assert r.status_code == 200
    notices = r.json()["notices"]
    assert {
        "kind": "typo_read",
        "line": 5,
        "text": "Barow-wight",
        "card": "Barrow-wight",
    } in notices
    assert any(n["kind"] == "nickname_read" and n["card"] == "Doors of Night" for n in notices)


def test_the_deck_page_says_each_reading_beside_its_line():
    r = Client().post("/decks/check/", {"game": "metw", "format": "metw:coe", "text": TYPED})
    assert r.status_code == 200
    page = r.content.decode()
    assert "read ‘Barow-wight’ as Barrow-wight" in page
    assert "read the nickname ‘DoN’ as Doors of Night" in page
    # The comment is marked as skipped, the prose as not understood, beside each line.
    assert page.count("skipped: not read as a card") == 1
    # (prose: in the notes above the list, and beside each of its two lines)
    assert page.count("not understood, neither a card nor a heading") == 4


@pytest.mark.parametrize(
    ("game", "text", "words"),
    [
        # RULES.md §8 events take lists by the API: a letter pasted by mistake is refused
        # with a message that says what to paste, never a 500 or a verdict of nothing.
        (
            "metw",
            "Dear organisers, I cannot come to the tournament on Saturday.\n"
            "Please keep my place for the next one, and thank you for the invitation.\n",
            "does not look like a deck list",
        ),
        ("metw", '{"ringBearerId": "1R2", "freePeople": ["1C84"]}', "LOTR TCG deck file"),
        ("lotr-tcg", '{"Decks": {"a": {"DrawDeck": []}, "b": {"DrawDeck": []}}}', "2 decks"),
    ],
)
def test_a_text_that_is_no_deck_gets_a_clear_4xx(game, text, words):
    r = Client().post(
        "/api/v1/decks/validate/", {"game": game, "text": text}, content_type="application/json"
    )
    assert r.status_code == 400
    assert words in str(r.json())
