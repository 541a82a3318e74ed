"""The event day driven through the API with a director, a co-director, two judges,
players and a visitor: penalties (listed by the staff, rescinded ones marked, in the
export and back through an import), an ejection lifted with the warning that caused
it, and deleting an event. RULES.md §3 "Warnings": two warnings for the same offense,
or any three, eject the player; rescinded warnings no longer count."""

from __future__ import annotations

import json

import pytest

from audit.models import AuditEntry
from tests.tournaments.helpers import (
    api_as,
    make_event,
    make_user,
    play_round,
    register_users,
    staff_cast,
)
from tournaments import services
from tournaments.models import Event, Penalty
from tournaments.services.transfer.imports import import_event
from tournaments.words.penalties import ejection_words

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    return staff_cast(6)


as_ = api_as


def url(event, tail: str = "") -> str:
    return f"/api/v1/events/{event.slug}/{tail}"


def warn(client, event, reg, offense="slow_play", kind="warning"):
    return client.post(
        url(event, "penalties/"),
        {"registration": reg.pk, "offense": offense, "kind": kind},
        format="json",
    )


def test_every_staff_member_lists_penalties_players_and_visitors_do_not(cast):
    event, people, regs = cast
    assert warn(as_(people["judge1"]), event, regs[1]).status_code == 201
    for who in ("director", "co", "judge1", "judge2"):
        answer = as_(people[who]).get(url(event, "penalties/"))
        assert answer.status_code == 200, who
        assert [p["registration"] for p in answer.json()["results"]] == [regs[1].pk]
    assert as_(people["player"]).get(url(event, "penalties/")).status_code == 403
    assert as_(people["visitor"]).get(url(event, "penalties/")).status_code in (401, 403)
    # The export carries the penalties for the staff only.
    assert "penalties" in as_(people["judge2"]).get(url(event, "export/")).json()
    assert "penalties" not in as_(people["player"]).get(url(event, "export/")).json()


def test_a_rescinded_warning_shows_rescinded_in_the_api_and_the_export(cast):
    event, people, regs = cast
    pk = warn(as_(people["judge1"]), event, regs[0]).json()["id"]
    rescinded = as_(people["director"]).post(
        url(event, "penalties/rescind/"), {"id": pk, "note": "wrong player"}, format="json"
    )
    assert rescinded.status_code == 200
    row = as_(people["judge2"]).get(url(event, "penalties/")).json()["results"][0]
    assert row["rescinded"] is True and row["rescission_note"] == "wrong player"
    assert row["rescinded_at"] is not None
    exported = as_(people["director"]).get(url(event, "export/")).json()["penalties"]
    assert exported[0]["rescinded"]["note"] == "wrong player"


def test_an_import_does_not_count_a_rescinded_warning_again(cast):
    """RULES.md §3 Warnings: a rescinded warning does not count toward an ejection, in
    the imported copy as in the original."""
    event, people, regs = cast
    director = people["director"]
    first = services.issue_penalty(director, regs[0], "slow_play")
    services.rescind_penalty(director, first.pk, "mistake")
    services.issue_penalty(director, regs[0], "slow_play")
    regs[0].refresh_from_db()
    assert not regs[0].ejected
    document = json.loads(json.dumps(services.export_event(event), default=str))
    copy = import_event(document, slug="imported-copy", replay_ratings=False)
    reg = copy.registrations.get(player__display_name=regs[0].player.display_name)
    standing = reg.penalties.filter(rescission__isnull=True)
    assert standing.count() == 1 and not reg.ejected
    # A further warning for the same offense is the second standing one: ejected.
    services.issue_penalty(copy.organizer, reg, "slow_play")
    reg.refresh_from_db()
    assert reg.ejected


def test_rescinding_the_warning_that_ejected_lifts_the_ejection(cast):
    """RULES.md §3 Warnings: two for the same offense eject; once one is rescinded the
    player has one standing warning and is not ejected (the lift is audited)."""
    event, people, regs = cast
    judge = as_(people["judge1"])
    warn(judge, event, regs[2])
    second = warn(judge, event, regs[2]).json()
    assert second["ejected"] is True
    rescind = as_(people["co"]).post(url(event, "penalties/rescind/"), {"id": second["id"]})
    assert rescind.status_code == 200
    regs[2].refresh_from_db()
    assert not regs[2].ejected and not regs[2].dropped
    automatic = regs[2].penalties.get(kind=Penalty.Kind.EJECTION)
    assert automatic.automatic and hasattr(automatic, "rescission")
    actions = list(AuditEntry.objects.filter(event=event).values_list("action", "actor__username"))
    assert ("eject_reversed", "co") in actions
    assert actions.count(("penalty_rescind", "co")) == 2


def test_rescinding_a_warning_keeps_an_ejection_the_others_still_reach(cast):
    """RULES.md §3 Warnings: any three eject; with four, one rescinded leaves three."""
    _event, people, regs = cast
    director = people["director"]
    first = services.issue_penalty(director, regs[3], "slow_play")
    services.issue_penalty(director, regs[3], "procedure")
    services.issue_penalty(director, regs[3], "tardiness")
    regs[3].refresh_from_db()
    assert regs[3].ejected
    services.rescind_penalty(director, first.pk)
    regs[3].refresh_from_db()
    assert not regs[3].ejected  # two different warnings remain: below both limits
    # A direct ejection is not lifted by rescinding a warning.
    warning = services.issue_penalty(director, regs[4], "conduct")
    services.issue_penalty(director, regs[4], "conduct", kind="ejection")
    services.rescind_penalty(director, warning.pk)
    regs[4].refresh_from_db()
    assert regs[4].ejected


def test_a_judges_ejection_is_recorded_as_the_judges(cast):
    event, people, regs = cast
    answer = warn(as_(people["judge2"]), event, regs[1], offense="conduct", kind="ejection")
    assert answer.status_code == 201
    regs[1].refresh_from_db()
    # Stored as the ladder's code naming the judge; worded for people.
    assert regs[1].ejection_reason.endswith(":Judge2")
    words = ejection_words(regs[1].ejection_reason)
    assert "judge Judge2" in words and "director" not in words
    entry = AuditEntry.objects.get(event=event, action="eject")
    assert entry.actor.username == "judge2"
    assert regs[1].penalties.get().issued_by.username == "judge2"


def test_the_owner_deletes_the_event_after_reading_what_it_does(cast):
    event, people, _regs = cast
    for who in ("co", "judge1", "player"):
        assert as_(people[who]).get(url(event, "delete/")).status_code == 403, who
        refused = as_(people[who]).post(url(event, "delete/"), {"confirm": event.name})
        assert refused.status_code == 403, who
    director = as_(people["director"])
    said = director.get(url(event, "delete/")).json()["consequences"]
    assert event.name in said and "6 entries" in said and "ratings" in said
    wrong = director.post(url(event, "delete/"), {"confirm": "something else"})
    assert wrong.status_code == 400 and wrong.json()["code"] == "confirm_name"
    assert director.post(url(event, "delete/"), {"confirm": event.name}).status_code == 204
    assert not Event.objects.filter(pk=event.pk).exists()
    entry = AuditEntry.objects.get(action="delete", actor__username="td")
    assert entry.event_id is None and entry.before["name"] == event.name


def test_deleting_a_rated_event_replays_its_ratings(django_capture_on_commit_callbacks):
    """RULES.md §6: ratings are built from the rated games in order; a deleted event's
    games leave the ledger and every later rating is computed again."""
    from ratings.models import EventApproval, RatingEntry, ReplayJob

    director = make_user("rated-td")
    event = make_event(director, sanctioned=True, planned_rounds=2)
    EventApproval.objects.create(event=event)
    register_users(event, 6)
    play_round(director, services.pair_next_round(director, event, seed=3))
    services.pair_next_round(director, event, seed=3)  # closes round 1: rated
    assert RatingEntry.objects.filter(event=event).exists()
    with django_capture_on_commit_callbacks(execute=True):
        services.delete_event(director, event, confirm=event.name)
    job = ReplayJob.objects.get()
    assert job.game == "lore" and "deleted" in job.reason and job.status == "done"
    assert not RatingEntry.objects.exists()


def test_the_delete_page_says_what_happens_and_keeps_a_wrong_name(cast):
    from django.test import Client

    event, people, _regs = cast
    page = Client()
    page.force_login(people["director"])
    assert b"/delete/" in page.get(f"/events/{event.slug}/manage/").content
    shown = page.get(f"/events/{event.slug}/delete/")
    assert shown.status_code == 200 and b"6 entries" in shown.content
    wrong = page.post(f"/events/{event.slug}/delete/", {"confirm": "Not it"})
    assert wrong.status_code == 400 and b'value="Not it"' in wrong.content
    assert b'id="delete-error"' in wrong.content
    co = Client()
    co.force_login(people["co"])
    assert co.post(f"/events/{event.slug}/delete/", {"confirm": event.name}).status_code == 302
    assert Event.objects.filter(pk=event.pk).exists()
    done = page.post(f"/events/{event.slug}/delete/", {"confirm": event.name})
    assert done.status_code == 302 and not Event.objects.filter(pk=event.pk).exists()
