"""Submitting, locking, deadlines, publication and who sees what ("Submission")."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from audit.models import AuditEntry
from core.errors import Conflict, NotAllowed
from decks import services
from decks.demo import METW_COE_WIZARD
from tests.decks.conftest import start_round_one
from tournaments.models import Registration, Round

pytestmark = pytest.mark.django_db
ILLEGAL = METW_COE_WIZARD.replace("3 Orc-lieutenant (TW)", "4 Orc-lieutenant (TW)").replace(
    "3 Orc-patrol (TW)", "2 Orc-patrol (TW)"
)


def reg(event, name):
    return Registration.objects.get(event=event, player__user__username=name)


def test_submit_and_resubmit_keeps_every_version(metw_event, users):
    v1 = services.submit_decklist(users["alice"], metw_event, ILLEGAL)
    v2 = services.submit_decklist(users["alice"], metw_event, METW_COE_WIZARD)
    assert (v1.number, v1.legal, v1.problems_count) == (1, False, 1)
    assert (v2.number, v2.legal) == (2, True)
    registration, versions = services.my_decklist(users["alice"], metw_event)
    assert [v.number for v in versions] == [2, 1] and registration.decklists.get(
        slot=""
    ).current_version == v2
    assert AuditEntry.objects.filter(action="decklist.submit").count() == 2


def test_status_for_director_and_illegal_flag(metw_event, users):
    services.submit_decklist(users["alice"], metw_event, ILLEGAL)
    status = services.deck_status_for_event(metw_event)
    a, b = status[reg(metw_event, "alice").pk], status[reg(metw_event, "bob").pk]
    assert (a.submitted, a.legal, a.problems_count, a.version) == (True, False, 1, 1)
    assert (b.submitted, b.legal) == (False, None)
    assert a.url.startswith("/decks/events/council-cup/")
    assert services.illegal_decklists(metw_event) == [reg(metw_event, "alice")]


def test_deadline_refuses_with_a_message(metw_event, users):
    metw_event.deck_deadline = timezone.now() - timedelta(seconds=1)
    metw_event.save()
    with pytest.raises(Conflict, match="deadline"):
        services.submit_decklist(users["alice"], metw_event, METW_COE_WIZARD)


def test_submission_exactly_at_the_deadline_is_in(metw_event, users, monkeypatch):
    deadline = timezone.now() + timedelta(seconds=5)
    metw_event.deck_deadline = deadline
    metw_event.save()
    monkeypatch.setattr(services.timezone, "now", lambda: deadline)
    assert (
        services.submit_decklist(users["alice"], metw_event, METW_COE_WIZARD).submitted_at
        == deadline
    )
    monkeypatch.setattr(services.timezone, "now", lambda: deadline + timedelta(microseconds=1))
    with pytest.raises(Conflict):
        services.submit_decklist(users["alice"], metw_event, METW_COE_WIZARD)


def test_lists_lock_when_round_one_exists(metw_event, users):
    assert not services.decklists_locked(metw_event)
    Round.objects.create(event=metw_event, number=1, seed=1)
    assert services.decklists_locked(metw_event)
    with pytest.raises(Conflict, match="locked"):
        services.submit_decklist(users["alice"], metw_event, METW_COE_WIZARD)


def test_only_registered_players_submit_their_own(metw_event, users):
    with pytest.raises(NotAllowed, match="not registered"):
        services.submit_decklist(users["stranger"], metw_event, METW_COE_WIZARD)
    with pytest.raises(NotAllowed, match="own"):
        services.submit_decklist(
            users["bob"], metw_event, METW_COE_WIZARD, registration=reg(metw_event, "alice")
        )
    # The director may enter a list for a player (e.g. from paper).
    v = services.submit_decklist(
        users["director"], metw_event, METW_COE_WIZARD, registration=reg(metw_event, "alice")
    )
    assert v.decklist.registration == reg(metw_event, "alice")


def test_visibility_before_and_after_publication(metw_event, users):
    services.submit_decklist(users["alice"], metw_event, METW_COE_WIZARD)
    alice = reg(metw_event, "alice")
    assert services.can_view_decklist(users["alice"], alice)
    assert services.can_view_decklist(users["director"], alice)
    assert services.can_view_decklist(users["staff"], alice)
    assert not services.can_view_decklist(users["bob"], alice)
    assert not services.can_view_decklist(users["stranger"], alice)
    with pytest.raises(NotAllowed):
        services.event_decklists(users["bob"], metw_event)
    with pytest.raises(NotAllowed):
        services.publish_decklists(users["bob"], metw_event)
    with pytest.raises(Conflict):  # before round 1 players could still copy them
        services.publish_decklists(users["director"], metw_event)
    start_round_one(metw_event)
    services.publish_decklists(users["director"], metw_event)
    assert services.can_view_decklist(users["stranger"], reg(metw_event, "alice"))
    assert len(services.event_decklists(users["stranger"], metw_event)) == 2


def test_custom_format_for_directors_only(metw_event, users):
    with pytest.raises(NotAllowed):
        services.create_custom_format(users["alice"], "metw", "coe", "Alice's", {})
    row = services.create_custom_format(
        users["director"],
        "metw",
        "coe",
        "Council Cup rules",
        {"extra_banned": ["Twilight"], "sideboard_max": 20},
    )
    assert (
        row.based_on.key == "coe"
        and row.rules["banned"] == ["Twilight"]
        and row.rules["sideboard_max"] == 20
    )
    v = services.validate_text(METW_COE_WIZARD, "metw", row.key)
    assert v.codes() == ["banned"]
    from core.errors import ServiceError

    with pytest.raises(ServiceError, match="no rule"):
        services.create_custom_format(users["director"], "metw", "coe", "X", {"nonsense": 1})
    with pytest.raises(ServiceError, match="Not card names"):
        services.create_custom_format(
            users["director"], "metw", "coe", "Y", {"extra_banned": ["Nocard"]}
        )


def test_custom_format_changes_part_of_a_rule_table(metw_event, users):
    """A director changes one entry of a table-valued rule (a player type's ban list, a
    Balrog limit) and keeps the rest; a value of the wrong shape is refused, never stored."""
    from core.errors import ServiceError

    row = services.create_custom_format(
        users["director"],
        "metw",
        "coe",
        "Mind nine",
        {
            "balrog_limits": {"max_character_mind": 9},
            "banned_by_player_type": {"wizard": ["Dodge"]},
        },
    )
    limits = row.rules["balrog_limits"]
    assert limits["max_character_mind"] == 9 and limits["character_races"] == ["Orc", "Troll"]
    assert "Bade to Rule" in row.rules["banned_by_player_type"]["balrog"]
    v = services.validate_text(METW_COE_WIZARD, "metw", row.key, "wizard")
    assert v.codes() == ["banned_for_player_type"]
    # docs/deck-rules.md: a director who lets Balrog players hold hero items (Aiglos).
    aiglos = services.create_custom_format(
        users["director"],
        "metw",
        "coe",
        "Balrog items",
        {"alignments": {"balrog": {"item": ["minion", "hero", "dual"]}}},
    )
    balrog = aiglos.rules["alignments"]["balrog"]
    assert balrog["item"] == ["minion", "hero", "dual"] and balrog["character"] == [
        "minion",
        "balrog",
    ]
    for bad in (
        {"fw_stage_pool": {"stage_points": "three"}},
        {"balrog_limits": ["Orc"]},
        {"banned_by_player_type": {"wizard": "Dodge"}},
    ):
        with pytest.raises(ServiceError, match="is a table"):
            services.create_custom_format(users["director"], "metw", "coe", "Bad", bad)


def test_format_choices_for_the_event_form(db):
    keys = [k for k, _ in services.format_choices("metw")]
    assert keys[:5] == ["starter", "standard-2", "standard-3", "standard-4", "coe"]
    assert [k for k, _ in services.format_choices("lore")] == ["lore"]


def test_a_refused_rule_value_is_explained_in_the_readers_words(metw_event, users):
    """A flag rule is "yes or no" and a table rule's example is its value in words, in the
    reader's language: never Python's True/False, JSON's true/false or a rule's key."""
    from django.utils import translation

    from core.errors import ServiceError

    director = users["director"]
    with translation.override("es"), pytest.raises(ServiceError) as flag:
        services.create_custom_format(director, "metw", "coe", "Z", {"havens_exempt": "x"})
    assert "sí o no" in flag.value.message and "havens_exempt" not in flag.value.message
    with pytest.raises(ServiceError) as table:
        services.create_custom_format(
            director, "metw", "coe", "W", {"max_starting_characters": "six"}
        )
    message = table.value.message
    assert "is a table" in message and "{" not in message and '"default"' not in message
