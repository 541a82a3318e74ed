"""Bulk entry: a pasted or uploaded list, previewed with duplicates and existing accounts
flagged, registered and checked in at once; removal of a registration before round 1."""

from __future__ import annotations

import pytest

from core.errors import Conflict, ServiceError
from tests.tournaments.helpers import make_event, make_user, register_users
from tournaments import services
from tournaments.models import Player, PlayerContact

pytestmark = pytest.mark.django_db

PASTED = """name,membership,email
Ana Ruiz,M-100,ana@example.org
Bo Lind
Ana Ruiz,M-100
Cleo Park;M-200;cleo@example.org
"""


def test_parse_csv_and_plain_lines():
    rows = services.parse_player_list(PASTED)
    assert [(r.name, r.membership_number, r.email) for r in rows] == [
        ("Ana Ruiz", "M-100", "ana@example.org"),
        ("Bo Lind", "", ""),
        ("Ana Ruiz", "M-100", ""),
        ("Cleo Park", "M-200", "cleo@example.org"),
    ]
    assert [r.line for r in rows] == [2, 3, 4, 5]
    with pytest.raises(ServiceError):
        services.parse_player_list("  \n\n")
    with pytest.raises(ServiceError):
        services.parse_player_list(",M-1,a@b.org")


def test_preview_flags_duplicates_accounts_and_registered_players():
    director = make_user("td")
    event = make_event(director)
    account = make_user("dana")
    account.email = "dana@example.org"
    account.save()
    services.add_walkin(director, event, "Eli Stone", "M-300")
    text = "Ana Ruiz\nana ruiz\nDana,,dana@example.org\nEli Stone,M-300\nFay,,not-an-address\n"
    flags = [(p.row.name, p.flags, p.will_add) for p in services.preview_player_list(event, text)]
    assert flags == [
        ("Ana Ruiz", [], True),
        ("ana ruiz", ["duplicate_in_list"], False),
        ("Dana", ["has_account"], True),
        ("Eli Stone", ["known_player", "already_registered"], False),
        ("Fay", ["bad_email"], True),
    ]


def test_register_list_checks_everyone_in_and_keeps_emails():
    director = make_user("td")
    event = make_event(director)
    regs = services.register_player_list(director, event, PASTED)
    assert [r.player.display_name for r in regs] == ["Ana Ruiz", "Bo Lind", "Cleo Park"]
    assert all(r.checked_in for r in regs)
    assert PlayerContact.objects.get(player__display_name="Cleo Park").email == "cleo@example.org"
    # Pasting the same list again adds nobody.
    assert services.register_player_list(director, event, PASTED) == []


def test_walkin_at_the_door_is_checked_in():
    director = make_user("td")
    event = make_event(director)
    reg = services.add_walkin(director, event, "Gil")
    assert reg.checked_in


def test_check_in_everyone_is_one_undoable_action():
    director = make_user("td")
    event = make_event(director)
    register_users(event, 3)
    action = services.check_in_everyone(director, event)
    assert event.registrations.filter(checked_in=True).count() == 3
    undone = services.undo_bulk_action(director, event, action.pk)
    assert len(undone) == 3
    assert not event.registrations.filter(checked_in=True).exists()


def test_remove_a_duplicate_walkin_before_round_one_only():
    director = make_user("td")
    event = make_event(director)
    dup = services.add_walkin(director, event, "Hal")
    services.remove_registration(director, event, dup.pk)
    assert not Player.objects.filter(display_name="Hal").exists()
    register_users(event, 4)
    services.pair_next_round(director, event, seed=1)
    reg = event.registrations.first()
    with pytest.raises(Conflict):
        services.remove_registration(director, event, reg.pk)
