"""Every refusal of a deck list, and every problem of a text that is no deck list, reaches
a reader in his language with no internal text (a game's key, a player type's key, a
Python repr, an exception's class).

Two guards: the refusals themselves, rendered in Spanish and English; and a scan of the
sources, so that a refusal written as an English literal in a service never comes back.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone, translation

from core.errors import ServiceError
from decks import services
from decks.cards import card_index
from decks.checking import MAX_UPLOAD_BYTES, export_text, read_upload, validate_text
from decks.demo import METW_COE_WIZARD
from decks.formats import get_format
from decks.labels import DECK_TEXT_ERRORS
from tests.decks.conftest import start_round_one
from tournaments.models import Registration

ROOT = Path(__file__).resolve().parents[2]
METW_DECK = "Pool\n1 Gandalf\n\nResources\n3 Orc-lieutenant\n"

# What a reader must never see: the engine's and the models' keys, Python's reprs.
INTERNAL = re.compile(
    r"'metw'|'lotr-tcg'|\bmetw\b|\blotr-tcg\b|\bringwraith\b|\bfallen-wizard\b"
    r"|Error\b|Exception\b|\{|\}|!r|%\("
)

# (what is wrong, the call that refuses it)
REFUSED_TEXTS: list[tuple[str, Callable[[], object]]] = [
    ("too long", lambda: validate_text("3 Wargs\n" * 30_000, "metw")),
    ("too many lines", lambda: validate_text("\n" * 2_100 + "3 Wargs", "metw")),
    ("not text", lambda: validate_text("3 Wargs\x00\x01\x02", "metw")),
    ("unknown file format", lambda: validate_text("<?xml version='1.0'?><x/>", "metw")),
    ("broken JSON", lambda: validate_text('{"name": "x", "pool": [', "metw")),
    ("broken OCTGN file", lambda: validate_text("<?xml version='1.0'?><deck><card", "metw")),
    ("XML that is no OCTGN deck", lambda: validate_text("<decks><card/></decks>", "metw")),
    ("other game's JSON", lambda: validate_text('{"DrawDeck": [], "RingBearer": "x"}', "metw")),
    ("JSON deck without cards", lambda: validate_text('{"pool": []}', "metw")),
    (
        "game record of two decks",
        lambda: validate_text('{"Decks": {"a": {"DeckName": "A"}, "b": {}}}', "lotr-tcg"),
    ),
    (
        "player type of another format",
        lambda: validate_text(METW_DECK, "metw", "starter", "balrog"),
    ),
    ("unknown player type", lambda: validate_text(METW_DECK, "metw", None, "necromancer")),
    ("not text at all", lambda: validate_text(42, "metw")),  # type: ignore[arg-type]
    ("no export", lambda: export_text(METW_DECK, "metw", None, None, "gemp")),
    ("unknown format", lambda: get_format("metw", "no-such-format")),
    ("unknown game", lambda: card_index("lotr-dice")),
    ("game without formats", lambda: get_format("lotr-dice", None)),
    ("file ending", lambda: read_upload(SimpleUploadedFile("deck.exe", b"3 Wargs"))),
    ("binary file", lambda: read_upload(SimpleUploadedFile("deck.txt", b"3 Wargs\x00"))),
    (
        "big file",
        lambda: read_upload(SimpleUploadedFile("deck.dck", b"x" * (MAX_UPLOAD_BYTES + 1))),
    ),
]


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    translation.activate(settings.LANGUAGE_CODE)


def _refusal(call: Callable[[], object], language: str) -> str:
    with translation.override(language), pytest.raises(ServiceError) as caught:
        call()
    return caught.value.message


def _assert_spanish(call: Callable[[], object]) -> None:
    english, spanish = _refusal(call, "en"), _refusal(call, "es")
    assert spanish != english, english
    for text in (english, spanish):
        assert not INTERNAL.search(text), text


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "call"), REFUSED_TEXTS, ids=[n for n, _c in REFUSED_TEXTS])
def test_a_refused_deck_text_is_explained_in_spanish(name: str, call: Callable[[], object]):
    _assert_spanish(call)


@pytest.mark.django_db
def test_the_submission_refusals_are_spanish(metw_event, users):
    alice = Registration.objects.get(event=metw_event, player__user=users["alice"])
    _assert_spanish(lambda: services.submit_decklist(users["stranger"], metw_event, METW_DECK))
    _assert_spanish(
        lambda: services.submit_decklist(users["bob"], metw_event, METW_DECK, registration=alice)
    )
    _assert_spanish(lambda: services.decklist_versions(users["bob"], alice))
    _assert_spanish(lambda: services.event_decklists(users["bob"], metw_event))
    _assert_spanish(lambda: services.publish_decklists(users["director"], metw_event))
    metw_event.deck_deadline = timezone.now() - timedelta(minutes=1)
    metw_event.save()
    _assert_spanish(lambda: services.submit_decklist(users["alice"], metw_event, METW_COE_WIZARD))
    start_round_one(metw_event)
    _assert_spanish(lambda: services.submit_decklist(users["alice"], metw_event, METW_COE_WIZARD))


# ------------------------------------------------------------------ the sources' guard

REFUSALS = {"ServiceError", "NotAllowed", "NotFound", "Conflict", "ValidationError"}


def _name(node: ast.AST) -> str:
    return node.id if isinstance(node, ast.Name) else getattr(node, "attr", "")


def _english(node: ast.AST) -> bool:
    """Words written in the source and not looked up: a literal, an f-string, a
    concatenation of them, or a literal ``%``-formatted; a dict or list of them."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _english(node.left) or (isinstance(node.op, ast.Add) and _english(node.right))
    if isinstance(node, ast.Dict):
        return any(_english(v) for v in node.values)
    if isinstance(node, ast.List):
        return any(_english(v) for v in node.elts)
    return False


def _english_refusals(app: str) -> list[str]:
    found = []
    for path in sorted((ROOT / app).rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and _name(node.func) in REFUSALS and node.args):
                continue
            if _english(node.args[0]):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


@pytest.mark.parametrize("app", ["decks", "tournaments", "ratings", "core"])
def test_no_refusal_is_written_in_english_in_the_source(app: str):
    """A refusal is a message for a person: it goes through the catalogue."""
    assert _english_refusals(app) == []


def test_every_reason_a_text_is_no_deck_list_has_words():
    """The engine says why as a code (its English message is for the logs); every code it
    raises has words at the face."""
    codes = set()
    for path in sorted((ROOT / "rules_engine" / "deckrules").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _name(node.func) == "DeckTextError":
                code = node.args[1] if len(node.args) > 1 else None
                assert isinstance(code, ast.Constant), f"{path.name}:{node.lineno} has no code"
                codes.add(code.value)
    codes.add("player_type_not_allowed")
    assert codes <= set(DECK_TEXT_ERRORS), codes - set(DECK_TEXT_ERRORS)
