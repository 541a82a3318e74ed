"""Registration: self sign-up, walk-ins, check-in, late entry, drop and re-add."""

from __future__ import annotations

import pytest

from audit.models import AuditEntry
from core.errors import Conflict, NotAllowed, ServiceError
from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services
from tournaments.models import Event, Seat
from tournaments.permissions import is_director

pytestmark = pytest.mark.django_db


def test_create_event_defaults_and_director():
    """000 Part VI §3: each round runs one hour with fifteen minute breaks (the defaults)."""
    director = make_user("td")
    event = services.create_event(director, name="Spring Cup", game="lore")
    assert event.status == Event.Status.DRAFT
    assert (event.round_minutes, event.break_minutes) == (60, 15)
    assert event.slug == "spring-cup"
    assert services.create_event(director, name="Spring Cup", game="lore").slug == "spring-cup-2"
    assert is_director(director, event)
    assert not is_director(make_user(), event)
    assert is_director(make_user(staff=True), event)


def test_create_event_refuses_bad_input():
    director = make_user()
    with pytest.raises(ServiceError) as exc:
        services.create_event(director, name="X", game="chess")
    assert "Unknown game" in exc.value.message
    with pytest.raises(ServiceError) as exc:
        services.create_event(director, name="X", game="metw", multiplayer=True)
    assert "no multi-player" in exc.value.message
    with pytest.raises(ServiceError):
        services.create_event(director, name="X", game="lore", scoring_settings={"bogus": 1})
    with pytest.raises(NotAllowed):
        from django.contrib.auth.models import AnonymousUser

        services.create_event(AnonymousUser(), name="X", game="lore")


def test_register_self_needs_open_registration():
    director = make_user()
    event = make_event(director, open_=False)
    player = make_user()
    with pytest.raises(Conflict):
        services.register_self(player, event)
    services.open_registration(director, event)
    reg = services.register_self(player, event)
    assert reg.joined_round == 1 and reg.active
    with pytest.raises(Conflict):
        services.register_self(player, event)
    assert AuditEntry.objects.filter(
        object_type="tournaments.registration", action="register"
    ).exists()


def test_register_creates_player_for_user_without_one():
    director = make_user()
    event = make_event(director)
    user = make_user("nobody", player=False)
    reg = services.register_self(user, event)
    assert reg.player.user == user and reg.player.display_name == "nobody"


def test_walkin_creates_player_without_account_and_only_director_adds():
    director = make_user()
    event = make_event(director)
    reg = services.add_walkin(director, event, display_name="Galadriel", membership_number="42")
    assert reg.player.user is None and reg.player.membership_number == "42"
    with pytest.raises(NotAllowed):
        services.add_walkin(make_user(), event, display_name="Saruman")
    with pytest.raises(ServiceError):
        services.add_walkin(director, event, display_name="  ")


def test_check_in_by_director_or_self_only():
    director = make_user()
    event = make_event(director)
    (user, reg), (other, _) = register_users(event, 2)
    services.check_in(user, reg)
    reg.refresh_from_db()
    assert reg.checked_in
    with pytest.raises(NotAllowed):
        services.check_in(other, reg, checked_in=False)
    services.check_in(director, reg, checked_in=False)
    reg.refresh_from_db()
    assert not reg.checked_in


def test_drop_no_shows_before_round_one():
    director = make_user()
    event = make_event(director)
    pairs = register_users(event, 6)
    for user, reg in pairs[:5]:
        services.check_in(user, reg)
    assert services.drop_no_shows(director, event) == 1
    pairs[5][1].refresh_from_db()
    assert pairs[5][1].dropped and pairs[5][1].dropped_after_round == 0


def test_late_entry_joins_next_round_at_zero_points():
    """late entry joins at 0 points for later rounds."""
    director = make_user()
    event = make_event(director)
    register_users(event, 6)
    rnd = services.pair_next_round(director, event, seed=1)
    late_user = make_user()
    late = services.register_self(late_user, event)
    assert late.joined_round == 2
    assert not Seat.objects.filter(registration=late).exists()
    play_round(director, rnd)
    # Everyone else has played round 1; the late entry starts round 2 on 0 points.
    assert services.player_records(event)[late.pk].score == 0
    assert max(r.score for r in services.player_records(event).values()) == 6
    rnd2 = services.pair_next_round(director, event, seed=2)
    assert Seat.objects.filter(registration=late, round=rnd2).exists()
    # Late walk-in while round 2 runs joins round 3.
    walkin = services.add_walkin(director, event, display_name="Tom Bombadil")
    assert walkin.joined_round == 3


def test_drop_keeps_results_and_readd_returns_to_pairings():
    """a drop is out of later pairings, played results stand; the director re-adds."""
    director = make_user()
    event = make_event(director)
    pairs = register_users(event, 6)
    rnd = services.pair_next_round(director, event, seed=3)
    play_round(director, rnd)
    user, reg = pairs[0]
    services.drop(user, reg)
    reg.refresh_from_db()
    assert reg.dropped and reg.dropped_after_round == 1
    points_before = services.player_records(event)[reg.pk].score
    with pytest.raises(Conflict):
        services.drop(user, reg)
    rnd2 = services.pair_next_round(director, event, seed=4)
    assert not Seat.objects.filter(round=rnd2, registration=reg).exists()
    assert services.player_records(event)[reg.pk].score == points_before
    with pytest.raises(NotAllowed):
        services.readd(user, reg)
    services.readd(director, reg)
    reg.refresh_from_db()
    assert reg.active and reg.dropped_after_round is None
    play_round(director, rnd2)
    rnd3 = services.pair_next_round(director, event, seed=5)
    assert Seat.objects.filter(round=rnd3, registration=reg).exists()
    actions = set(
        AuditEntry.objects.filter(
            object_type="tournaments.registration", object_id=str(reg.pk)
        ).values_list("action", flat=True)
    )
    assert {"register", "drop", "readd"} <= actions


def test_other_player_cannot_drop_me():
    director = make_user()
    event = make_event(director)
    (_, reg), (other, _) = register_users(event, 2)
    with pytest.raises(NotAllowed):
        services.drop(other, reg)


def test_sanctioning_minimum():
    """000 Part VI §3: sanctioned needs at least 5 players; 12 for multi-player."""
    director = make_user()
    event = make_event(director, sanctioned=True)
    register_users(event, 4)
    status = services.sanctioning_status(event)
    assert not status.meets_minimum and status.minimum == 5 and "1 more" in status.message
    register_users(event, 1)
    assert services.sanctioning_status(event).meets_minimum
    multi = make_event(director, multiplayer=True)
    register_users(multi, 11)
    assert services.sanctioning_status(multi).minimum == 12
    assert not services.sanctioning_status(multi).meets_minimum
    register_users(multi, 1)
    assert services.sanctioning_status(multi).meets_minimum


@pytest.mark.parametrize(
    ("players", "rounds", "multiplayer"),
    [
        (5, 3, False),
        (8, 3, False),
        (9, 4, False),
        (16, 4, False),
        (17, 5, False),
        (33, 6, False),
        (12, 2, True),
        (17, 3, True),
    ],
)
def test_rounds_by_the_table_and_override(players, rounds, multiplayer):
    """000 Part VI §3: 5–8 players 3 rounds, 9–16 4, 17–32 5, 33–64 6; multi-player half, rounded up."""
    director = make_user()
    event = make_event(director, multiplayer=multiplayer)
    for i in range(players):
        services.add_walkin(director, event, display_name=f"W{i}")
    assert services.rounds_total(event) == rounds
    services.update_event(director, event, planned_rounds=2)
    event.refresh_from_db()
    assert services.rounds_total(event) == 2
