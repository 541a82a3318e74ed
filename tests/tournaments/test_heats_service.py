"""A Swiss in heats, its services, pages and document (RULES.md §8, Decipher 2003 Worlds:
"two parallel Swiss heats"): the draw and the moves before round 1 (audited), late
entries, each heat's standings on the page and in the API, export and import."""

from __future__ import annotations

import json

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient

from audit.models import AuditEntry
from core.errors import ServiceError
from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tests.tournaments.test_pages import browser, messages_of, post
from tournaments import extensions, services
from tournaments.models import Registration
from tournaments.services import heats, stage_plan
from tournaments.services.table_set import set_table
from tournaments.services.transfer.imports import import_event

pytestmark = pytest.mark.django_db

PLAN = [
    {"kind": "swiss", "rounds": 3, "groups": 2},
    {"kind": "single_elim", "advance": 2, "advance_per_group": True},
]


def _heated(players: int = 10, name: str = "td-heats"):
    director = make_user(name)
    event = make_event(director, game="metw", planned_rounds=3)
    stage_plan.set_stages(director, event, PLAN)
    register_users(event, players, prefix=f"{name}-p")
    return director, event


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_draw_by_rating_snakes_the_strongest_into_both_heats(monkeypatch):
    director, event = _heated(8)
    regs = list(event.registrations.order_by("pk"))
    ratings = {r.player_id: 2000 - i for i, r in enumerate(regs)}
    monkeypatch.setattr(extensions, "_rating_source", lambda game, ids: ratings)
    groups = heats.draw_groups(director, event, "rating")
    assert [groups[str(r.pk)] for r in regs] == [1, 2, 2, 1, 1, 2, 2, 1]
    entry = AuditEntry.objects.get(action="groups_draw")
    assert entry.after["method"] == "rating" and len(entry.after["groups"]["1"]) == 4


def test_a_random_draw_is_reproduced_from_its_seed():
    director, event = _heated(9)
    first = heats.draw_groups(director, event, "random", seed=77)
    again = heats.draw_groups(director, event, "random", seed=77)
    assert first == again
    assert sorted(list(first.values()).count(g) for g in (1, 2)) == [4, 5]


def test_a_player_is_moved_before_round_1_only_and_it_is_audited():
    director, event = _heated(8)
    api = _api(director)
    url = f"/api/v1/events/{event.slug}/heats/"
    drawn = api.post(url + "draw/", {"method": "random", "seed": 5}, format="json").json()
    reg = drawn["heats"][0]["players"][0]
    moved = api.post(url + "move/", {"registration": reg, "heat": 2}, format="json")
    assert moved.status_code == 200 and reg in moved.json()["heats"][1]["players"]
    assert AuditEntry.objects.filter(action="group_move").count() == 1
    bad = api.post(url + "move/", {"registration": reg, "heat": 3}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_group"
    assert (
        api.post(url + "move/", {"registration": 99999, "heat": 1}, format="json").status_code
        == 404
    )
    outsider = _api(make_user("heat-outsider"))
    assert outsider.post(
        url + "move/", {"registration": reg, "heat": 1}, format="json"
    ).status_code in (403, 404)
    assert outsider.post(url + "draw/", {"method": "rating"}, format="json").status_code in (
        403,
        404,
    )
    services.pair_next_round(director, event, seed=1)
    late = api.post(url + "move/", {"registration": reg, "heat": 1}, format="json")
    assert late.status_code == 409 and late.json()["code"] == "groups_fixed"
    assert api.post(url + "draw/", {"method": "rating"}, format="json").status_code == 409


def test_round_1_draws_the_heats_and_a_late_entry_joins_the_smallest():
    director, event = _heated(9)
    rnd = services.pair_next_round(director, event, seed=3)
    groups = heats.group_of(event)
    assert sorted(list(groups.values()).count(g) for g in (1, 2)) == [4, 5]
    for table in rnd.tables.filter(is_bye=False):
        a, b = (str(s.registration_id) for s in table.seats.all())
        assert groups[a] == groups[b]
    assert rnd.tables.filter(is_bye=True).count() == 1  # the odd heat's bye
    play_round(director, rnd)
    ((_user, late),) = register_users(event, 1, prefix="late")
    late.joined_round = 2
    late.save(update_fields=["joined_round"])
    services.pair_next_round(director, event, seed=4)
    late.refresh_from_db()
    assert late.stage_group == min((1, 2), key=lambda g: list(groups.values()).count(g))
    assert AuditEntry.objects.filter(action="group_join").exists()


def test_a_plan_with_heats_anywhere_but_a_first_swiss_is_refused():
    director, event = _heated(4)
    bad = [{"kind": "swiss", "rounds": 3}, {"kind": "round_robin", "advance": 4, "groups": 2}]
    with pytest.raises(ServiceError) as refused:
        stage_plan.set_stages(director, event, bad)
    assert "groups_swiss" in [p["code"] for p in refused.value.problems]


def test_each_heats_standings_are_on_the_page_and_the_heats_come_back_from_a_document():
    director, event = _heated(8)
    for n in range(3):
        rnd = services.pair_next_round(director, event, seed=10 + n)
        play_round(director, rnd)
    tables = heats.group_standings(event)
    assert [t.group for t in tables] == [1, 2]
    assert sum(len(t.rows) for t in tables) == 8
    page = browser(director).get(f"/events/{event.slug}/stages/").content.decode()
    assert "Heat 1" in page and "Heat 2" in page and "in the cut" in page
    said = "Heats done: start the top 4: single elimination, the top 2 of each heat."
    assert said in page
    assert said in browser(director).get(f"/events/{event.slug}/manage/").content.decode()
    standings = browser(director).get(f"/events/{event.slug}/standings/").content.decode()
    assert "The Swiss is played in 2 heats: this table puts them together." in standings
    response = post(browser(director), f"/events/{event.slug}/stages/start/", {})
    assert "The next stage has started." in messages_of(response)
    seeds = [m.high_id for m in event.playoff_matches.filter(stage=1).order_by("slot")]
    winners = {int(t.rows[0].player) for t in tables}
    assert set(seeds) == winners  # the heat winners are seeds 1 and 2
    document = json.loads(json.dumps(services.export_event(event)))
    copy = import_event(document, organizer=director, slug="heats-copy", replay_ratings=False)
    mine = dict(event.registrations.values_list("player__display_name", "stage_group"))
    theirs = dict(copy.registrations.values_list("player__display_name", "stage_group"))
    assert mine == theirs and None not in mine.values()
    assert Registration.objects.filter(event=copy, stage_group__isnull=True).count() == 0


@pytest.fixture
def back_to_english():
    yield
    translation.activate(django_settings.LANGUAGE_CODE)


def test_the_heats_in_spanish(back_to_english):
    director, event = _heated(8, "td-heats-es")
    services.pair_next_round(director, event, seed=2)
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    client.force_login(director)
    page = client.get(f"/events/{event.slug}/stages/").content.decode()
    assert "Grupo 1" in page and "2 grupos" in page
    assert "Cada grupo es un suizo propio, con su propio bye" in page
    api = APIClient(HTTP_ACCEPT_LANGUAGE="es")
    api.force_authenticate(director)
    url = f"/api/v1/events/{event.slug}/heats/move/"
    refused = api.post(url, {"registration": 1, "heat": 1}, format="json").json()
    assert "los grupos ya no pueden cambiar" in refused["detail"]


def test_a_swap_or_a_table_set_by_hand_never_seats_two_heats_together():
    director, event = _heated(8, "td-heats-hand")
    rnd = services.pair_next_round(director, event, seed=6)
    groups = heats.group_of(event)
    tables = [[s.registration_id for s in t.seats.order_by("position")] for t in rnd.tables.all()]
    one = next(t for t in tables if groups[str(t[0])] == 1)
    two = next(t for t in tables if groups[str(t[0])] == 2)
    with pytest.raises(ServiceError) as refused:
        services.swap_players(director, rnd, one[0], two[0])
    assert refused.value.code == "mixed_heats"
    with pytest.raises(ServiceError) as refused:
        set_table(director, rnd, 1, [one[0], two[1]])
    assert refused.value.code == "mixed_heats"
    same = [t for t in tables if groups[str(t[0])] == 1]
    services.swap_players(director, rnd, same[0][0], same[1][0])  # inside one heat: fine


def test_a_round_of_three_heats_shows_each_odd_heats_bye_on_every_page():
    """Two odd heats, two byes in one round (one per heat, RULES.md §8 heats)."""
    director, event = _heated(10, "td-heats-three")
    stage_plan.set_stages(director, event, [{"kind": "swiss", "rounds": 3, "groups": 3}])
    rnd = services.pair_next_round(director, event, seed=8)
    byes = [t.seats.get().registration for t in rnd.tables.filter(is_bye=True)]
    assert len(byes) == 2
    assert len({heats.group_of(event)[str(r.pk)] for r in byes}) == 2
    client = browser(director)
    for url in ("pairings/", "rounds/1/print/", "projector/pairings/"):  # a bye has no slip
        page = client.get(f"/events/{event.slug}/{url}").content.decode()
        assert all(r.player.display_name in page for r in byes), url
    play_round(director, rnd)
    rnd.refresh_from_db()
    assert rnd.status == "closed"


def test_the_number_of_heats_changes_before_round_1_only():
    director, event = _heated(9, "td-heats-count")
    heats.draw_groups(director, event, "random", seed=1)
    stage_plan.set_stages(director, event, [{"kind": "swiss", "rounds": 3, "groups": 3}])
    assert heats.group_of(event) == {}  # drawn again for three heats
    services.pair_next_round(director, event, seed=2)
    assert set(heats.group_of(event).values()) == {1, 2, 3}
    with pytest.raises(ServiceError) as refused:
        stage_plan.set_stages(director, event, [{"kind": "swiss", "rounds": 3, "groups": 2}])
    assert refused.value.code == "stages_started"
