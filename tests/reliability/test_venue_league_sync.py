"""A venue's laptop and a league's server hold the same event: the network between them
goes down in the middle of it, and the exports each side imports bring them back to one
event, with nothing duplicated and nothing lost (the event's uid, and each part's stable
key: entries' uids, round and table numbers, a penalty's entry, kind and time)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client

from tests.reliability.test_export_import import standings_snapshot, wipe
from tests.security.world import make_user
from tournaments import services
from tournaments.models import Event, Penalty, Player, Registration, Round, Seat, Table

pytestmark = pytest.mark.django_db

NAMES = ["Arwen", "Bilbo", "Celeborn", "Denethor", "Elrond", "Frodo", "Galadriel", "Haldir",
         "Isildur"]  # fmt: skip


def _play_round(director: Any, event: Event, number: int) -> Round:
    rnd = services.pair_next_round(director, event, seed=40 + number)
    for i, table in enumerate(rnd.tables.filter(is_bye=False).order_by("number")):
        a, b = table.seats.order_by("position").values_list("registration_id", flat=True)
        mps = {a: 12 + i + number, b: 5} if (i + number) % 2 else {a: 4, b: 9 + i}
        services.director_set_result(director, table, mps)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.CLOSED
    return rnd


def sync_document(event: Event) -> dict[str, Any]:
    # Through JSON, as the file travels between the two machines.
    return json.loads(json.dumps(services.export_event(event), default=str))


def _upload(client: Client, document: dict[str, Any]):
    content = json.dumps(document).encode()
    return client.post("/events/restore/", {"file": SimpleUploadedFile("e.json", content)})


def venue_event() -> tuple[Event, Any]:
    director = make_user("venue-td")
    event = services.create_event(director, name="Harrowdale Open", game="lore", planned_rounds=4)
    services.open_registration(director, event)
    for name in NAMES:
        services.add_walkin(director, event, display_name=name)
    return event, director


def _counts(event: Event) -> dict[str, int]:
    return {
        "events": Event.objects.count(),
        "walk-ins": Player.objects.filter(user__isnull=True).count(),
        "entries": Registration.objects.filter(event=event).count(),
        "rounds": Round.objects.filter(event=event).count(),
        "tables": Table.objects.filter(round__event=event).count(),
        "seats": Seat.objects.filter(event=event).count(),
        "penalties": Penalty.objects.filter(registration__event=event).count(),
    }


def test_a_network_cut_in_the_middle_of_an_event_ends_in_one_event(
    django_capture_on_commit_callbacks,
):
    event, director = venue_event()
    for number in (1, 2):
        _play_round(director, event, number)
    frodo = event.registrations.get(player__display_name="Frodo")
    services.issue_penalty(director, frodo, "slow_play", "slow in round 2")
    after_two = sync_document(event)
    # The network is down: the venue plays round 3 alone, drops a player, warns another.
    _play_round(director, event, 3)
    services.drop(director, event.registrations.get(player__display_name="Haldir"))
    services.issue_penalty(
        director, event.registrations.get(player__display_name="Bilbo"), "tardiness", "late"
    )
    after_three = sync_document(event)
    venue_standings = standings_snapshot(event)
    venue_counts = _counts(event)
    assert after_three["event"]["uid"] == after_two["event"]["uid"] == str(event.uid)

    # The league's server: the same director's account, none of the venue's rows.
    wipe()
    league = Client()
    league.force_login(get_user_model().objects.create_user(username="venue-td", password=None))
    assert _upload(league, after_two).status_code == 302
    synced = Event.objects.get()
    assert str(synced.uid) == after_two["event"]["uid"]
    assert synced.rounds.count() == 2
    # The league's staff warn a player on their side meanwhile: the venue's file lacks it.
    league_td = get_user_model().objects.get(username="venue-td")
    services.issue_penalty(
        league_td, synced.registrations.get(player__display_name="Celeborn"), "procedure", "league"
    )

    response = _upload(league, after_three)
    assert response.status_code == 302 and response["Location"] == f"/events/{synced.slug}/manage/"
    page = league.get(response["Location"]).content.decode()
    assert "1 round added" in page and "1 penalty added" in page

    assert Event.objects.count() == 1
    assert standings_snapshot(synced) == venue_standings
    expected = {**venue_counts, "penalties": venue_counts["penalties"] + 1}
    assert _counts(synced) == expected
    assert synced.registrations.get(player__display_name="Haldir").dropped
    assert synced.registrations.get(player__display_name="Celeborn").penalties.count() == 1

    # The same file again, and the older one after it, change nothing.
    _upload(league, after_three)
    page = league.get(f"/events/{synced.slug}/manage/").content.decode()
    assert "held nothing this site did not have" in page
    _upload(league, after_two)
    assert _counts(synced) == expected
    assert standings_snapshot(synced) == venue_standings

    # The league's export carries the same uids back: the venue would find its own rows.
    back = sync_document(synced)
    assert back["event"]["uid"] == after_three["event"]["uid"]
    assert {r["uid"] for r in back["registrations"]} == {
        r["uid"] for r in after_three["registrations"]
    }


def test_a_result_corrected_on_both_sides_keeps_the_newer_and_says_so(tmp_path):
    event, director = venue_event()
    for number in (1, 2):
        _play_round(director, event, number)
    document = sync_document(event)
    # A copy of the event stands for the league's (the command's copy under another slug
    # gets its own uid), so the venue's own event is corrected first, then the file
    # (older than that correction) is imported back into it.
    table = event.rounds.get(number=2).tables.filter(is_bye=False).order_by("number").first()
    a, b = table.seats.order_by("position").values_list("registration_id", flat=True)
    services.director_set_result(director, table, {a: 20, b: 0}, note="corrected at the venue")
    path = tmp_path / "e.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    out = tmp_path / "out.txt"
    with out.open("w") as stream:
        call_command("import_event", str(path), stdout=stream)
    said = out.read_text()
    assert f"Round 2, table {table.number}: the file's result differs and is older" in said
    table.refresh_from_db()
    assert table.seats.get(registration_id=a).mps == 20
    assert Event.objects.count() == 1

    # A newer export carrying the correction, into a site that still has the old result.
    newer = sync_document(event)
    old = next(t for t in document["rounds"][1]["tables"] if t["number"] == table.number)
    services.director_set_result(
        director, table, {s["registration"]: s["mps"] for s in old["seats"]}, note="undo"
    )
    newer_table = next(t for t in newer["rounds"][1]["tables"] if t["number"] == table.number)
    newer_table["changed_at"] = "2999-01-01T00:00:00+00:00"
    report = services_import(newer)
    assert ("result_replaced", {"round": 2, "table": table.number}) in report.conflicts
    assert table.seats.get(registration_id=a).mps == 20


def services_import(document: dict[str, Any]) -> Any:
    from tournaments.services.transfer.imports import import_document

    return import_document(document, replay_ratings=False)


def test_only_the_event_s_directors_may_update_it_from_a_file():
    event, director = venue_event()
    _play_round(director, event, 1)
    document = sync_document(event)
    document["registrations"].append({"id": 999, "player": "Intruder", "uid": None})
    before = _counts(event)
    stranger = Client()
    stranger.force_login(make_user("stranger"))
    response = _upload(stranger, document)
    assert response.status_code == 400
    assert "only its directors may update it" in response.content.decode()
    assert _counts(event) == before

    co_director = make_user("co")
    services.invite_staff(director, event, co_director.username, "co_director")
    client = Client()
    client.force_login(co_director)
    assert _upload(client, document).status_code == 302
    assert _counts(event)["entries"] == before["entries"] + 1
    assert Event.objects.count() == 1


def test_an_update_counts_against_the_walk_in_limit_before_any_work(settings):
    settings.LIMITS = {"walk_ins_per_event": 12}
    event, director = venue_event()
    document = sync_document(event)
    document["registrations"] += [
        {"id": 1000 + i, "player": f"Late {i}", "uid": None} for i in range(5)
    ]
    client = Client()
    client.force_login(director)
    response = _upload(client, document)
    assert response.status_code == 400
    assert event.registrations.count() == len(NAMES)


def test_a_top_cut_played_on_after_the_first_sync_comes_across_match_by_match():
    """RULES.md §3 "Top cut": the bracket the venue finished is the league's bracket."""
    from tests.reliability.test_export_import_playoff import final_places_of, played_bracket
    from tests.tournaments.helpers import make_event, play_round, register_users
    from tournaments.models import PlayoffMatch
    from tournaments.services.transfer.imports import import_document

    director = make_user("cut-venue")
    event = make_event(director, planned_rounds=3)
    register_users(event, 8)
    services.set_top_cut(director, event, 4, "director")
    for n in range(3):
        play_round(director, services.pair_next_round(director, event, seed=60 + n))
    services.start_playoff(director, event)
    semi1, semi2 = PlayoffMatch.objects.filter(event=event, stage=1).order_by("slot")
    services.report_playoff_result(director, event, semi1.pk, 8, 12)
    first = sync_document(event)  # one semi-final decided
    services.report_playoff_result(director, event, semi2.pk, 14, 9)
    final = PlayoffMatch.objects.get(event=event, stage=2)
    services.report_playoff_result(director, event, final.pk, 14, 6)
    event = services.finish_event(director, event)
    second = sync_document(event)
    bracket, places = played_bracket(event), final_places_of(event)

    PlayoffMatch.objects.all().delete()  # they protect their registrations from wipe()
    wipe()
    get_user_model().objects.create_user(username=first["event"]["organizer"], password=None)
    synced = import_document(first, replay_ratings=False).event
    assert synced.playoff_matches.filter(status="done").count() == 1
    report = import_document(second, replay_ratings=False)
    assert report.event == synced and not report.conflicts
    assert report.added["playoff_results"] == 2
    synced.refresh_from_db()
    assert synced.status == Event.Status.FINISHED
    assert played_bracket(synced) == bracket and final_places_of(synced) == places
    assert Event.objects.count() == 1 and PlayoffMatch.objects.count() == 3


def test_the_api_takes_the_venue_s_exports_and_answers_what_it_did():
    from rest_framework.test import APIClient

    event, director = venue_event()
    _play_round(director, event, 1)
    after_one = sync_document(event)
    _play_round(director, event, 2)
    after_two = sync_document(event)
    wipe()
    client = APIClient()
    client.force_authenticate(get_user_model().objects.create_user(username="venue-td"))
    created = client.post("/api/v1/imports/", after_one, format="json")
    assert created.status_code == 201, created.content[:300]
    assert created.json()["created"] and created.json()["uid"] == after_one["event"]["uid"]
    updated = client.post("/api/v1/imports/", after_two, format="json")
    assert updated.status_code == 200
    body = updated.json()
    assert not body["created"] and body["slug"] == created.json()["slug"]
    assert body["added"]["rounds"] == 1 and "1 round added" in body["summary"]
    assert body["conflicts"] == []
    stranger = APIClient()
    stranger.force_authenticate(make_user("stranger"))
    refused = stranger.post("/api/v1/imports/", after_two, format="json")
    assert refused.status_code == 403
    assert refused["Content-Type"] == "application/problem+json"
    assert Event.objects.count() == 1
    assert client.post("/api/v1/imports/", [1, 2], format="json").status_code == 400


def _stages_of(event: Event) -> list[tuple[str, int | None, list[str]]]:
    """Each stage: its kind, the round it began at and who went on to it, by name."""
    names = dict(event.registrations.values_list("pk", "player__display_name"))
    return [
        (s.kind, s.first_round, [names[r] for r in s.seeds])
        for s in event.stages.order_by("position")
    ]


def test_stages_come_across_stage_by_stage_like_rounds():
    """RULES.md §8 (CoE Worlds): a Swiss, then the top 4 play a round robin. The venue
    starts the round robin after the first sync: the league's stage 2 takes its start
    (a stage both have is merged, not kept whole), a stage only the file has is added,
    and a stage set otherwise on the two sides keeps this site's and says so."""
    from tests.tournaments.helpers import make_event, play_round, register_users
    from tournaments.services import stage_plan
    from tournaments.services import stages as run
    from tournaments.services.transfer.imports import import_document
    from tournaments.words.sync import conflict_text, sync_summary

    director = make_user("robin-venue")
    event = make_event(director, game="metw", planned_rounds=3)
    stage_plan.apply_preset(director, event, "coe-general-opponent")
    register_users(event, 6)
    for n in range(3):
        play_round(director, services.pair_next_round(director, event, seed=70 + n))
    before_robin = sync_document(event)
    run.start_stage(director, event)
    play_round(director, event.rounds.order_by("-number").first())
    after_robin = sync_document(event)
    venue = _stages_of(event)
    assert venue[1][1] is not None and len(venue[1][2]) == 4

    wipe()
    get_user_model().objects.create_user(username=before_robin["event"]["organizer"])
    # The league first had the plan without its round robin (an older file).
    swiss_only = json.loads(json.dumps(before_robin))
    swiss_only["stages"]["plan"] = swiss_only["stages"]["plan"][:1]
    synced = import_document(swiss_only, replay_ratings=False).event
    assert [k for k, _r, _s in _stages_of(synced)] == ["swiss"]
    added = import_document(before_robin, replay_ratings=False)
    assert added.added["stages"] == 1 and not added.conflicts
    assert _stages_of(synced) == [venue[0], ("round_robin", None, [])]
    report = import_document(after_robin, replay_ratings=False)
    assert report.event == synced and not report.conflicts, report.conflicts
    assert report.added["stages_progress"] == 1
    assert "1 stage's progress taken in" in sync_summary(report.added)
    assert _stages_of(synced) == venue
    assert synced.rounds.count() == len(after_robin["rounds"])

    # The same file again: nothing new. A file whose round robin is set otherwise: kept.
    again = import_document(after_robin, replay_ratings=False)
    assert "stages_progress" not in again.added and not again.conflicts
    other = json.loads(json.dumps(after_robin))
    other["stages"]["plan"][1]["carry_points"] = not other["stages"]["plan"][1]["carry_points"]
    kept = import_document(other, replay_ratings=False)
    assert ("stage_kept", {"position": 2}) in kept.conflicts
    assert conflict_text("stage_kept", {"position": 2}) == (
        "Stage 2 is set otherwise in the file; this site's stage was kept."
    )
    assert _stages_of(synced) == venue
