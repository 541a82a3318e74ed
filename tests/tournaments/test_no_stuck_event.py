"""No stuck event, ever: whatever the game, the seats and what happened
before, the director can record a result for any table, void one, pair the round again
or finish the event; when he may not, the refusal says why and what to do instead.

Events of every game (000 Part VI; RULES.md §2, §3, §6) are driven through random
director and player actions (Hypothesis chooses them); after each, every refusal must
name a way forward, and at the end the director must be able to finish the event from
wherever it stands by entering the missing results and finishing early.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.errors import ServiceError
from tests.tournaments.helpers import make_event, make_user, register_users, user_of
from tournaments import services
from tournaments.models import Event, Round, Table
from tournaments.services.director_options import director_options, option_words, way_forward
from tournaments.services.hands_on import repair_round_with_results, round_loss_preview
from tournaments.services.table_actions import DIRECTOR_REFUSALS

pytestmark = pytest.mark.django_db

# (game, multiplayer): every game, two-player and in pods where the game has them.
GAMES = [("metw", False), ("lotr-tcg", False), ("lore", False), ("lore", True), ("lotr-dice", True)]
ACTIONS = ["pair", "set", "report", "confirm", "void", "repair", "drop", "finish", "cancel"]


def result_for(event: Event, table: Table, variant: int) -> dict:
    """A result the rules accept for this table, varied by ``variant``."""
    rids = [s.registration_id for s in table.seats.order_by("position")]
    if event.game == "lotr-tcg":
        return {"mps": {r: None for r in rids}, "winner": rids[variant % len(rids)]}
    scores = [((variant + i) * 7) % 23 for i in range(len(rids))]
    if event.game == "lotr-dice" or event.multiplayer:
        scores = [max(s, 0) for s in scores]
    return {"mps": dict(zip(rids, scores, strict=True))}


def latest(event: Event) -> Round | None:
    return event.rounds.order_by("-number").first()


def pick(items: list, n: int):
    return items[n % len(items)] if items else None


def act(director, event: Event, action: str, n: int) -> None:
    """One action; a refusal is fine when it names a way forward."""
    rnd = latest(event)
    tables = list(rnd.tables.filter(is_bye=False).order_by("number")) if rnd else []
    table = pick(tables, n)
    try:
        if action == "pair":
            services.pair_next_round(director, event, seed=n)
        elif action == "set" and table is not None:
            services.director_set_result(director, table, **result_for(event, table, n))
        elif action == "report" and table is not None:
            seat = pick(list(table.seats.order_by("position")), n // 3)
            if seat.registration.player.user_id:
                services.report_result(
                    user_of(seat.registration), table, **result_for(event, table, n)
                )
        elif action == "confirm" and table is not None:
            services.confirm_result(director, table)
        elif action == "void" and table is not None:
            blocker = services.void_blocker(director, table)
            if blocker is not None:
                assert (
                    blocker.code in DIRECTOR_REFUSALS and blocker.problems[0]["params"] is not None
                )
            services.void_result(director, table)
        elif action == "repair" and rnd is not None:
            if services.repair_blocker(rnd) is None:
                services.repair_round(director, rnd, seed=n)
            else:
                lost = [r.table for r in round_loss_preview(rnd)]
                repair_round_with_results(director, rnd, lost)
        elif action == "drop":
            regs = list(event.registrations.filter(dropped=False, ejected=False).order_by("pk"))
            reg = pick(regs, n)
            # Before round 1 everyone may leave (the event is then cancelled, not stuck).
            if reg is not None and (len(regs) > 2 or rnd is None):
                services.drop(director, reg)
        elif action == "finish":
            services.finish_event(director, event, early=True)
        elif action == "cancel" and n % 7 == 0:
            services.cancel_event(director, event, reason="random walk")
    except ServiceError as exc:
        assert exc.message and "{" not in exc.message, exc.message
    event.refresh_from_db()


def assert_way_forward(event: Event) -> None:
    options = director_options(event)
    for option in options:
        if not option.allowed:
            assert option.instead, option
            words = option_words(option)
            assert words and "%(" not in words and "_" not in words.split(".")[0], words
    if event.status == Event.Status.RUNNING:
        assert way_forward(event) & {"pair", "finish", "finish_early", "enter_results"}
    if event.status == Event.Status.REGISTRATION:
        assert "cancel" in way_forward(event)


def finish_from_here(director, event: Event) -> None:
    """The way forward, taken: enter every missing result of the latest round, finish."""
    event.refresh_from_db()
    rnd = latest(event)
    if rnd is None:
        cancel_from_here(director, event)
        return
    for i, table in enumerate(rnd.tables.filter(is_bye=False).order_by("number")):
        if table.status != Table.Status.CONFIRMED:
            assert services.director_set_blocker(director, table) is None
            services.director_set_result(director, table, **result_for(event, table, i))
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.CLOSED
    assert {o.action for o in director_options(event) if o.allowed} >= {"finish_early"}
    services.finish_event(director, event, early=True)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    # After the event the director still corrects any result.
    table = rnd.tables.filter(is_bye=False).first()
    services.director_set_result(director, table, **result_for(event, table, 5))
    assert services.void_blocker(director, table).code == "event_finished_void"


def cancel_from_here(director, event: Event) -> None:
    """Before round 1 (everyone may have dropped) the way forward is to cancel: the event
    is then finished, marked cancelled and never rated (000 Part VI §3 "Sanctioning")."""
    finish = next(o for o in director_options(event) if o.action == "finish")
    assert not finish.allowed and "cancel" in finish.instead, finish
    with pytest.raises(ServiceError, match="cancel the event"):
        services.finish_event(director, event, early=True)
    services.cancel_event(director, event)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED and event.cancelled_at is not None
    assert not event.sanctioned
    assert not next(o for o in director_options(event) if o.action == "cancel").allowed


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    game=st.sampled_from(GAMES),
    players=st.integers(min_value=2, max_value=13),
    steps=st.lists(
        st.tuples(st.sampled_from(ACTIONS), st.integers(min_value=0, max_value=50)), max_size=14
    ),
    from_registration=st.booleans(),
)
def test_random_director_actions_never_leave_the_event_stuck(
    game, players, steps, from_registration
):
    name, multiplayer = game
    if multiplayer:
        players = max(players, 3)
    director = make_user()
    event = make_event(director, game=name, multiplayer=multiplayer, planned_rounds=3)
    register_users(event, players)
    assert_way_forward(event)
    if not from_registration:
        services.pair_next_round(director, event, seed=1)
    event.refresh_from_db()
    for action, n in steps:
        act(director, event, action, n)
        assert_way_forward(event)
        if event.status == Event.Status.FINISHED:
            return
    finish_from_here(director, event)


@pytest.mark.parametrize(("game", "multiplayer", "players"), [
    ("metw", False, 5), ("lotr-tcg", False, 2), ("lore", True, 13), ("lotr-dice", True, 13),
    ("lotr-dice", True, 5),
])  # fmt: skip
def test_void_reopens_a_closed_round_and_the_event_still_finishes(game, multiplayer, players):
    """A voided result takes its table back to "no result"; a closed round opens again
    and the next round waits for it (000 Part VI §3: a round ends when every result is in)."""
    director = make_user()
    event = make_event(director, game=game, multiplayer=multiplayer, planned_rounds=2)
    register_users(event, players)
    rnd = services.pair_next_round(director, event, seed=4)
    tables = list(rnd.tables.filter(is_bye=False))
    for i, table in enumerate(tables):
        services.director_set_result(director, table, **result_for(event, table, i))
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.CLOSED
    services.void_result(director, tables[0], note="wrong table")
    rnd.refresh_from_db()
    tables[0].refresh_from_db()
    assert rnd.status != Round.Status.CLOSED and tables[0].status == Table.Status.PENDING
    assert tables[0].changes.last().action == "void"
    refusal = next(o for o in director_options(event) if o.action == "pair")
    assert not refusal.allowed and "enter_results" in refusal.instead
    assert services.void_blocker(director, tables[0]).code == "nothing_to_void"
    services.pair_blocker(event)  # refuses: round 1 is open again
    finish_from_here(director, event)


def test_void_refusals_say_what_to_do_instead():
    director = make_user()
    event = make_event(director, game="metw", planned_rounds=3)
    register_users(event, 3)
    rnd = services.pair_next_round(director, event, seed=2)
    bye = rnd.tables.get(is_bye=True)
    assert services.void_blocker(director, bye).code == "bye_fixed"
    for table in rnd.tables.filter(is_bye=False):
        services.director_set_result(director, table, **result_for(event, table, 1))
    services.pair_next_round(director, event, seed=3)
    old = rnd.tables.filter(is_bye=False).first()
    blocker = services.void_blocker(director, old)
    assert blocker.code == "later_round_paired" and "Correct" in blocker.message
    player = event.registrations.first().player.user
    assert services.void_blocker(player, old).status_code == 403


def test_void_by_page_and_api_and_the_directors_options():
    from django.test import Client
    from rest_framework.test import APIClient

    director = make_user()
    event = make_event(director, game="metw", planned_rounds=2)
    register_users(event, 4)
    rnd = services.pair_next_round(director, event, seed=2)
    first, second = rnd.tables.filter(is_bye=False).order_by("number")
    for i, table in enumerate((first, second)):
        services.director_set_result(director, table, **result_for(event, table, i))
    page = Client()
    page.force_login(director)
    dashboard = page.get(f"/events/{event.slug}/manage/").content.decode()
    assert "Void this result" in dashboard
    first.refresh_from_db()
    page.post(
        f"/events/{event.slug}/tables/{first.pk}/void/",
        {"version": first.version, "note": "wrong table"},
    )
    first.refresh_from_db()
    assert first.status == Table.Status.PENDING
    dashboard = page.get(f"/events/{event.slug}/manage/").content.decode()
    assert "Instead: enter the missing results as director" in dashboard
    api = APIClient()
    api.force_authenticate(director)
    options = api.get(f"/api/v1/events/{event.slug}/director-options/").json()["options"]
    pair = next(o for o in options if o["action"] == "pair")
    assert not pair["allowed"] and "enter_results" in pair["instead"] and pair["words"]
    response = api.post(f"/api/v1/events/{event.slug}/tables/{first.pk}/void/", {}, format="json")
    assert response.status_code == 409
    assert "nothing_to_void" in response.content.decode(), response.content
    response = api.post(f"/api/v1/events/{event.slug}/tables/{second.pk}/void/", {}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "pending"
    player = APIClient()
    player.force_authenticate(event.registrations.first().player.user)
    assert player.get(f"/api/v1/events/{event.slug}/director-options/").status_code == 403
