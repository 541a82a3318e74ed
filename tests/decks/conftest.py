"""Fixtures for the deck tests: the project's small card fixtures as pure indexes, users, events."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from rules_engine.deckrules import CardIndex, builtin_format, records_from_json

FIXTURES = Path(__file__).resolve().parents[2] / "decks" / "fixtures"


def _index(game: str, cards: str, aliases: str | None = None) -> CardIndex:
    data = json.loads((FIXTURES / cards).read_text(encoding="utf-8"))
    alias_map = json.loads((FIXTURES / aliases).read_text()) if aliases else None
    return CardIndex.build(game, records_from_json(game, data, alias_map))


@pytest.fixture(scope="session")
def metw_index() -> CardIndex:
    return _index("metw", "cards_metw_small.json")


@pytest.fixture(scope="session")
def lotr_index() -> CardIndex:
    return _index("lotr-tcg", "cards_lotr_small.json", "aliases_lotr_small.json")


@pytest.fixture(scope="session")
def lore_index() -> CardIndex:
    return _index("lore", "cards_lore.json")


@pytest.fixture
def coe():
    return builtin_format("metw", "coe")


@pytest.fixture
def users(db):
    # No passwords: the tests log in with force_login, and hashing five passwords costs seconds.
    User = get_user_model()
    names = ("director", "alice", "bob", "staff", "stranger")
    return {n: User.objects.create_user(n, password=None, is_staff=n == "staff") for n in names}


@pytest.fixture
def metw_event(users):
    from tournaments.models import Event, Player, Registration

    event = Event.objects.create(
        name="Council Cup",
        slug="council-cup",
        organizer=users["director"],
        game="metw",
        format_key="coe",
        decklists_required=True,
        deck_deadline=timezone.now() + timedelta(days=1),
        status=Event.Status.REGISTRATION,
    )
    for name in ("alice", "bob"):
        player = Player.objects.create(user=users[name], display_name=name.title())
        Registration.objects.create(event=event, player=player)
    return event


def start_round_one(event) -> None:
    """Lists lock when round 1 starts; only then may the director publish them."""
    from tournaments.models import Round

    Round.objects.create(event=event, number=1, seed=1)


_FULL: dict[str, CardIndex] = {}


@pytest.fixture
def full_indexes(card_data_dir) -> dict[str, CardIndex]:
    """Both full card indexes (../shared/data), built once per session (a second each)."""
    for game in ("metw", "lotr-tcg"):
        if game not in _FULL:
            folder = card_data_dir / game
            cards = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
            aliases_file = folder / "aliases.json"
            aliases = json.loads(aliases_file.read_text()) if aliases_file.exists() else None
            _FULL[game] = CardIndex.build(game, records_from_json(game, cards, aliases))
    return _FULL
