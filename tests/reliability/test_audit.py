"""Audit and recovery: every change to a result, registration, penalty or deck
list is recorded (who, when, before, after) and visible to the event's director."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from audit.models import AuditEntry
from audit.views import readable_diff
from tests.security.world import World, build_world, lore_deck_text
from tournaments import services
from tournaments.words.people import public_name

pytestmark = pytest.mark.django_db


@pytest.fixture
def world() -> World:
    return build_world(players=4)


def _entries(obj: Any, action: str | None = None) -> list[AuditEntry]:
    qs = AuditEntry.objects.filter(object_type=obj._meta.label_lower, object_id=str(obj.pk))
    if action:
        qs = qs.filter(action=action)
    return list(qs.order_by("at", "pk"))


def _one(obj: Any, action: str, actor: Any) -> AuditEntry:
    entries = _entries(obj, action)
    assert len(entries) == 1, [(e.action, e.actor) for e in _entries(obj)]
    entry = entries[0]
    assert entry.actor == actor
    assert timezone.now() - entry.at < timedelta(minutes=5)
    assert entry.event_id is not None
    return entry


# --------------------------------------------------------------------------- results


def test_result_report_confirm_and_correction_are_recorded(world: World) -> None:
    w = world
    mine, theirs = w.registration.pk, w.opponent_registration.pk
    services.report_result(w.player, w.table, {mine: 20, theirs: 5})
    report = _one(w.table, "result_report", w.player)
    assert report.before["status"] == "pending"
    assert report.after["status"] == "reported"
    assert {s["registration"]: s["mps"] for s in report.after["seats"]} == {mine: 20, theirs: 5}

    services.confirm_result(w.opponent, w.table)
    confirm = _one(w.table, "result_confirm", w.opponent)
    assert (confirm.before["status"], confirm.after["status"]) == ("reported", "confirmed")

    services.director_set_result(w.director, w.table, {mine: 18, theirs: 9}, note="miscounted")
    fix = _one(w.table, "result_correction", w.director)
    assert {s["registration"]: s["mps"] for s in fix.before["seats"]} == {mine: 20, theirs: 5}
    assert {s["registration"]: s["mps"] for s in fix.after["seats"]} == {mine: 18, theirs: 9}
    assert fix.note == "miscounted"


def test_dispute_is_recorded(world: World) -> None:
    w = world
    services.report_result(
        w.opponent, w.table, {w.registration.pk: 5, w.opponent_registration.pk: 20}
    )
    services.dispute_result(w.player, w.table, "I won that game")
    entry = _one(w.table, "result_dispute", w.player)
    assert entry.after["status"] == "disputed"


# --------------------------------------------------------------------------- registrations


def test_registration_changes_are_recorded(world: World) -> None:
    w = world
    reg = services.register_self(w.stranger, w.open_event)
    created = _one(reg, "register", w.stranger)
    assert created.before is None and created.after["dropped"] is False

    services.check_in(w.stranger, reg)
    checked = _one(reg, "check_in", w.stranger)
    assert (checked.before["checked_in"], checked.after["checked_in"]) == (False, True)

    services.drop(w.director, reg, "left early")
    dropped = _one(reg, "drop", w.director)
    assert (dropped.before["dropped"], dropped.after["dropped"]) == (False, True)

    services.readd(w.director, reg)
    readded = _one(reg, "readd", w.director)
    assert (readded.before["dropped"], readded.after["dropped"]) == (True, False)

    walkin = services.add_walkin(w.director, w.open_event, "Tom Bombadil")
    assert _one(walkin, "walkin", w.director).after["player"] == "Tom Bombadil"


# --------------------------------------------------------------------------- penalties


def test_penalties_and_the_ejection_they_cause_are_recorded(world: World) -> None:
    w = world
    first = services.issue_penalty(w.director, w.registration, "slow_play", "tanking")
    entry = _one(first, "penalty_warning", w.director)
    assert entry.after["offense"] == "slow_play" and entry.after["note"] == "tanking"
    services.issue_penalty(w.director, w.registration, "slow_play", "again")
    ejection = _one(w.registration, "eject", w.director)
    assert (ejection.before["ejected"], ejection.after["ejected"]) == (False, True)


# --------------------------------------------------------------------------- deck lists


def test_deck_list_submissions_are_recorded_with_the_previous_version(world: World) -> None:
    from decks import services as decks

    w = world
    services.register_self(w.player, w.open_event)
    first = decks.submit_decklist(w.player, w.open_event, lore_deck_text())
    second = decks.submit_decklist(w.player, w.open_event, lore_deck_text() + "\n")
    decklist = first.decklist
    entries = _entries(decklist, "decklist.submit")
    assert [e.actor for e in entries] == [w.player, w.player]
    assert entries[0].before is None and entries[0].after["version"] == first.number
    assert entries[1].before["version"] == first.number
    assert entries[1].after["version"] == second.number
    assert all(e.event_id == w.open_event.pk for e in entries)


# --------------------------------------------------------------------------- the page


def test_the_director_sees_the_whole_trail_with_readable_changes(world: World) -> None:
    w = world
    mine, theirs = w.registration.pk, w.opponent_registration.pk
    services.director_set_result(w.director, w.table, {mine: 20, theirs: 5})
    services.director_set_result(w.director, w.table, {mine: 18, theirs: 5})
    services.issue_penalty(w.director, w.registration, "procedure", "forgot to draw")
    client = Client()
    client.force_login(w.director)
    page = client.get(f"/audit/events/{w.event.slug}/")
    assert page.status_code == 200
    html = page.content.decode()
    # People read actions in words, never the trail's keys.
    assert "corrected the result of" in html and "gave a player a warning" in html
    assert "result_correction" not in html and "penalty_warning" not in html
    name = w.registration.player.display_name
    assert f"Seat of {name}: MPs: 20 → 18" in html
    assert "forgot to draw" in html
    # Who did it, by the name others know him by (user names stay private).
    assert public_name(w.director) in html and public_name(w.director) != "—"
    only_penalties = client.get(f"/audit/events/{w.event.slug}/", {"kind": "penalty"})
    assert "gave a player a warning" in only_penalties.content.decode()
    assert "corrected the result of" not in only_penalties.content.decode()


@pytest.mark.parametrize("who", ["anonymous", "the_player", "another_player", "another_director"])
def test_nobody_else_sees_the_trail(world: World, who: str) -> None:
    client = Client()
    user = world.users()[who]
    if user is not None:
        client.force_login(user)
    assert client.get(f"/audit/events/{world.event.slug}/").status_code == 403


def test_staff_see_every_trail(world: World) -> None:
    client = Client()
    client.force_login(world.staff)
    assert client.get(f"/audit/events/{world.other_event.slug}/").status_code == 200


def test_readable_diff_lists_only_what_changed() -> None:
    before = {"status": "reported", "seats": [{"player": "Ann", "registration": 1, "mps": 20}]}
    after = {"status": "confirmed", "seats": [{"player": "Ann", "registration": 1, "mps": 20}]}
    changes = readable_diff(before, after)
    assert [(c.field, c.before, c.after) for c in changes] == [("status", "reported", "confirmed")]
    created = readable_diff(None, {"dropped": False})
    assert [(c.field, c.before, c.after) for c in created] == [("dropped", "—", "no")]
