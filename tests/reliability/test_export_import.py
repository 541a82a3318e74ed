"""Audit and recovery: an event exports to one JSON document and imports back
into an empty database with identical standings and ratings (a round trip)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client

from audit.models import AuditEntry
from ratings.models import PlayerRating, RatingEntry, ReplayJob
from tests.security.world import make_user
from tournaments import services
from tournaments.models import Event, Player, Registration, Round, Seat, Table
from tournaments.services.transfer.imports import import_event

pytestmark = pytest.mark.django_db

NAMES = ["Aragorn", "Boromir", "Celeborn", "Denethor", "Eowyn", "Faramir", "Gimli"]


def _play(director: Any, rnd: Round, users: dict[int, Any], number: int) -> None:
    """Results through every path: reports confirmed by the opponent, a matching second
    report, a dispute the director settles, and results the director enters."""
    for i, table in enumerate(rnd.tables.filter(is_bye=False).order_by("number")):
        seats = list(table.seats.order_by("position"))
        a, b = seats[0].registration_id, seats[1].registration_id
        mps = {a: 10 + 3 * i + number, b: 4 + i} if (i + number) % 2 else {a: 6, b: 15 + i}
        path = (i + number) % 4
        if path == 0:
            services.report_result(users[a], table, mps)
            services.confirm_result(users[b], table)
        elif path == 1:
            services.report_result(users[b], table, mps)
            services.report_result(users[a], table, mps)
        elif path == 2:
            services.report_result(users[a], table, mps)
            services.dispute_result(users[b], table, "not what happened")
            services.director_set_result(director, table, mps, note="settled")
        else:
            services.director_set_result(director, table, mps)


def approve_as_league_staff(event: Event) -> None:
    """Rated only once its league approved it."""
    from ratings.services import approval

    staff = get_user_model().objects.create_user(username=f"league-{event.pk}", password=None)
    staff.is_superuser = True
    staff.save(update_fields=["is_superuser"])
    approval.approve(staff, event.slug)


def build_finished_event() -> Event:
    director = make_user("td")
    event = services.create_event(
        director, name="Round Trip Open", game="lore", sanctioned=True, planned_rounds=3
    )
    services.open_registration(director, event)
    approve_as_league_staff(event)
    users = {}
    for name in NAMES:
        user = get_user_model().objects.create_user(username=name.lower(), password=None)
        Player.objects.create(user=user, display_name=name)
        users[services.register_self(user, event).pk] = user
    for reg in Registration.objects.filter(event=event)[:5]:
        services.check_in(director, reg)
    for number in (1, 2, 3):
        rnd = services.pair_next_round(director, event, seed=100 + number)
        _play(director, rnd, users, number)
        rnd.refresh_from_db()
        assert rnd.status == Round.Status.CLOSED
        if number == 1:
            victim = Registration.objects.get(event=event, player__display_name="Gimli")
            services.issue_penalty(director, victim, "slow_play", "slow in round 1")
        if number == 2:
            services.drop(
                director, Registration.objects.get(event=event, player__display_name="Eowyn")
            )
    return services.finish_event(director, event)


def standings_snapshot(event: Event) -> list[tuple[Any, ...]]:
    return [
        (r.rank, r.name, r.points, r.wins, r.losses, r.draws, r.byes, r.opponents_points,
         json.dumps(r.tiebreaks, sort_keys=True))
        for r in services.event_standings(event)
    ]  # fmt: skip


def ratings_snapshot(game: str) -> dict[str, Any]:
    current = sorted(
        (r.player.display_name, r.rating, r.peak, r.games)
        for r in PlayerRating.objects.filter(game=game).select_related("player")
    )
    ledger = sorted(
        (e.step, e.player.display_name, e.round_number, e.table.number if e.table else None,
         e.kind, e.before, e.change, e.after, e.result, e.points, e.own_points)
        for e in RatingEntry.objects.filter(game=game).select_related("player", "table")
    )  # fmt: skip
    return {"current": current, "ledger": ledger}


def wipe() -> None:
    """Empty every table an event lives in, as a fresh database would be."""
    for model in (RatingEntry, PlayerRating, ReplayJob, AuditEntry, Seat, Registration):
        model.objects.all().delete()
    for model in (Event, Player):
        model.objects.all().delete()
    get_user_model().objects.all().delete()
    for model in (Event, Registration, Round, Table, Seat, Player, RatingEntry, PlayerRating):
        assert not model.objects.exists(), model


def test_round_trip_gives_identical_standings_and_ratings(
    tmp_path: Path, django_capture_on_commit_callbacks
) -> None:
    event = build_finished_event()
    standings = standings_snapshot(event)
    ratings = ratings_snapshot("lore")
    assert len(standings) == 7 and ratings["ledger"], "the event must produce ratings"
    director = event.organizer
    client = Client()
    client.force_login(director)
    served = client.get(f"/api/v1/events/{event.slug}/export/")
    assert served.status_code == 200
    document = served.json()
    assert document["penalties"] and document["penalties"][0]["note"] == "slow in round 1"
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    username, slug = director.username, event.slug

    wipe()
    get_user_model().objects.create_user(username=username, password=None)
    call_command("import_event", str(path))

    imported = Event.objects.get(slug=slug)
    assert imported.status == Event.Status.FINISHED
    assert standings_snapshot(imported) == standings
    # an imported event is not rated until its league approves it again.
    assert ratings_snapshot("lore") == {"current": [], "ledger": []}
    assert services.sanctioning_status(imported).code == "awaiting_approval"
    with django_capture_on_commit_callbacks(execute=True):
        approve_as_league_staff(imported)
    assert ratings_snapshot("lore") == ratings
    assert imported.registrations.get(player__display_name="Gimli").penalties.count() == 1
    assert imported.registrations.get(player__display_name="Eowyn").dropped
    # Exporting the imported event gives the same document, ids aside.
    again = services.export_event(imported)
    for key in ("rounds", "standings"):
        assert _without_ids(again[key]) == _without_ids(document[key])


def _without_ids(value: Any) -> Any:
    if isinstance(value, dict):
        return {
            k: _without_ids(v)
            for k, v in value.items()
            if k not in ("registration", "winner", "id", "player_id")
        }
    if isinstance(value, list):
        return [_without_ids(v) for v in value]
    return value


def test_export_import_commands_round_trip(tmp_path: Path) -> None:
    event = build_finished_event()
    path = tmp_path / "backup.json"
    call_command("export_event", event.slug, output=str(path))
    copy = call_command  # the command under another slug, beside the original
    copy("import_event", str(path), slug="round-trip-copy", no_replay=True)
    assert standings_snapshot(Event.objects.get(slug="round-trip-copy")) == standings_snapshot(
        event
    )


def test_a_tampered_document_is_refused_whole(tmp_path: Path) -> None:
    """If the results in the document do not give its standings, nothing is imported."""
    event = build_finished_event()
    document = services.export_event(event)
    table = next(t for t in document["rounds"][0]["tables"] if not t["is_bye"])
    table["seats"][0]["points"] = (table["seats"][0]["points"] or 0) + 3
    before = (Event.objects.count(), Player.objects.count(), Seat.objects.count())
    with pytest.raises(Exception, match="standings"):
        import_event(document, slug="tampered")
    assert (Event.objects.count(), Player.objects.count(), Seat.objects.count()) == before


@pytest.mark.parametrize(
    "document",
    [{}, {"event": {}}, {"event": {"slug": "x"}, "registrations": 3}, []],
)
def test_malformed_documents_are_refused_with_a_message(tmp_path: Path, document: Any) -> None:
    make_user("someone")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CommandError):
        call_command("import_event", str(path), organizer=get_user_model().objects.first().username)
    assert not Event.objects.exists()


def test_importing_over_an_existing_slug_is_refused(tmp_path: Path) -> None:
    """Another event under the same slug (an older export, without the event's uid)."""
    event = build_finished_event()
    path = tmp_path / "e.json"
    call_command("export_event", event.slug, output=str(path))
    document = json.loads(path.read_text(encoding="utf-8"))
    del document["event"]["uid"]
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CommandError, match="exists already"):
        call_command("import_event", str(path))
