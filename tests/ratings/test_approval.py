"""A rated event moves its league's ratings only once the league's staff approved it
(000 Part VI §3 "Ratings" rates sanctioned tournaments, RULES.md §6)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from audit.models import AuditEntry
from ratings import services
from ratings.models import LeagueStaff, RatingEntry, Season
from ratings.services import approval
from tests.ratings.factories import BASE, finish, make_event, make_players, make_user, play_round

pytestmark = pytest.mark.django_db


def _season(day: date | None = None, slug: str = "lore-league") -> Season:
    day = day or BASE.date()
    return Season.objects.create(
        name=slug,
        slug=slug,
        game="lore",
        starts_on=day - timedelta(days=60),
        ends_on=day + timedelta(days=60),
    )


def _staff(season: Season, name: str = "steward") -> object:
    user = make_user(name)
    LeagueStaff.objects.create(user=user, season=season)
    return user


def _played(starts_at=BASE, approved: bool = True, players=None):
    """A sanctioned 6-player event with two closed rounds, finished."""
    players = players or make_players(6)
    event, regs = make_event(players, starts_at=starts_at, approved=approved)
    r = [regs[p.pk] for p in players]
    play_round(
        event, 1, [[(r[0], 20), (r[1], 5)], [(r[2], 18), (r[3], 9)], [(r[4], 12), (r[5], 11)]]
    )
    play_round(
        event, 2, [[(r[0], 20), (r[2], 3)], [(r[1], 15), (r[4], 10)], [(r[3], 16), (r[5], 7)]]
    )
    return finish(event), players


def _ledger() -> list[tuple]:
    return list(
        RatingEntry.objects.order_by("step", "player_id", "kind").values_list(
            "event_id", "round_number", "player_id", "kind", "before", "after"
        )
    )


def test_an_unapproved_event_moves_no_rating_and_says_it_waits(client):
    season = _season()
    event, _players = _played(approved=False)
    services.replay_game("lore")
    assert not RatingEntry.objects.filter(event=event).exists()
    assert services.compute_ledger("lore")[0] == []
    page = client.get(event.get_absolute_url()).content.decode()
    assert "Not rated" not in page  # the public page does not speak of the staff's wait
    client.force_login(event.organizer)
    page = client.get(f"/events/{event.slug}/manage/").content.decode()
    assert "Not rated yet:" in page and "approved it" in page
    client.logout()
    league = client.get(season.get_absolute_url()).content.decode()
    assert "Waiting for the league's approval" in league and event.name in league


def test_approving_later_rates_it_in_time_order_and_withdrawing_removes_it(
    django_capture_on_commit_callbacks,
):
    """The late approval of an earlier event gives the ledger every event would have had
    if approved from the start: the later event's ratings start from the earlier's."""
    season = _season()
    steward = _staff(season)
    early, players = _played(BASE, approved=False)
    late, _ = _played(BASE + timedelta(days=7), approved=True, players=players)
    services.replay_game("lore")
    only_late = _ledger()
    assert {row[0] for row in only_late} == {late.pk}

    with django_capture_on_commit_callbacks(execute=True):
        _row, job = approval.approve(steward, early.slug)
    assert job is not None
    job.refresh_from_db()
    assert job.status == "done"
    both = _ledger()
    assert both[0][0] == early.pk  # early's games come first
    # ... and the later event is rated from the ratings the early one left.
    assert [row for row in both if row[0] == late.pk] != only_late
    approval.approve(steward, early.slug)  # twice changes nothing
    assert _ledger() == both
    # The same as approving both before anything was rated.
    services.replay_game("lore")
    assert _ledger() == both

    with django_capture_on_commit_callbacks(execute=True):
        approval.withdraw(steward, early.slug)
    assert _ledger() == only_late
    actions = list(
        AuditEntry.objects.filter(event=early).order_by("at", "pk").values_list("action", "actor")
    )
    assert actions == [
        ("league approval", steward.pk),
        ("league approval withdrawn", steward.pk),
    ]


def test_only_the_leagues_staff_may_approve_api_answers_403_problem_json():
    season = _season()
    steward = _staff(season)
    other_league = _staff(_season(BASE.date() + timedelta(days=400), "next-year"), "outsider")
    event, _ = _played(approved=False)
    url = f"/api/v1/ratings/approvals/{event.slug}/"
    for user in (event.organizer, other_league, make_user("player")):
        c = Client()
        c.force_login(user)
        response = c.post(url, content_type="application/json")
        assert response.status_code == 403, (user, response.content)
        assert response["Content-Type"].startswith("application/problem+json")
    assert Client().post(url).status_code in (401, 403)
    assert not approval.approved_ids([event.pk])

    c = Client()
    c.force_login(steward)
    queue = c.get("/api/v1/ratings/approvals/").json()
    assert [row["event_slug"] for row in queue["results"]] == [event.slug]
    done = c.post(url, content_type="application/json").json()
    assert done["approved"] is True and done["approved_by"]
    assert done["approved_by"] != steward.username  # user names stay private
    assert c.get("/api/v1/ratings/approvals/").json()["count"] == 0
    assert c.delete(url).json()["approved"] is False
    assert c.post("/api/v1/ratings/approvals/no-such-event/").status_code == 404


def test_site_wide_permission_approves_any_league():
    event, _ = _played(approved=False)  # no season holds it
    officer = make_user("officer")
    officer.user_permissions.add(Permission.objects.get(codename="approve_event"))
    officer = type(officer).objects.get(pk=officer.pk)  # permissions are cached per instance
    assert approval.is_league_staff(officer, event)
    approval.approve(officer, event.slug)
    assert approval.approved_ids([event.pk]) == {event.pk}


def test_the_staffs_queue_page_approves_with_a_csrf_protected_post():
    season = _season()
    steward = _staff(season)
    event, _ = _played(approved=False)
    c = Client(enforce_csrf_checks=True)
    c.force_login(steward)
    page = c.get("/leagues/approvals/")
    assert page.status_code == 200 and event.name in page.content.decode()
    assert "1 event waiting" in c.get("/leagues/").content.decode()
    url = f"/leagues/approvals/{event.slug}/approve/"
    assert c.post(url).status_code == 403  # no CSRF token
    token = page.cookies["csrftoken"].value
    response = c.post(url, {"csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert approval.approved_ids([event.pk]) == {event.pk}
    after = c.get("/leagues/approvals/").content.decode()
    assert "Withdraw approval" in after and f"/leagues/approvals/{event.slug}/withdraw/" in after
    # A player without the role is sent away with a message, nothing changes.
    p = Client()
    p.force_login(make_user("nobody"))
    assert p.get("/leagues/approvals/").status_code == 302
    p.post(f"/leagues/approvals/{event.slug}/withdraw/")
    assert approval.approved_ids([event.pk]) == {event.pk}


@given(
    sanctioned=st.booleans(),
    multiplayer=st.booleans(),
    players=st.integers(0, 40),
    approved=st.booleans(),
)
def test_rated_only_when_sanctioned_at_the_minimum_and_approved(
    sanctioned: bool, multiplayer: bool, players: int, approved: bool
) -> None:
    """000 Part VI §3 "Sanctioning" (5 players, 12 multi-player) and the league's approval:
    each reason not to rate has its own code, and the approval is asked last."""
    from tournaments.services.sanctioning import sanctioning_for

    s = sanctioning_for(sanctioned, multiplayer, players, approved)
    meets = players >= (12 if multiplayer else 5)
    assert s.rated == (sanctioned and meets and approved)
    expected = (
        "not_sanctioned"
        if not sanctioned
        else "too_few_players"
        if not meets
        else "rated"
        if approved
        else "awaiting_approval"
    )
    assert s.code == expected


def test_the_league_page_lists_a_bounded_number_of_waiting_events(client, monkeypatch):
    monkeypatch.setattr(approval, "WAITING_SHOWN", 2)
    season = _season()
    events = [_played(starts_at=BASE + timedelta(days=i), approved=False)[0] for i in range(3)]
    shown, total = approval.waiting_in_season(season)
    assert shown == events[:2] and total == 3
    league = client.get(season.get_absolute_url()).content.decode()
    assert events[1].name in league and events[2].name not in league
    assert "and 1 more event" in league
