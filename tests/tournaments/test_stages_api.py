"""Whole events of each finished preset, driven through the API with random results
(RULES.md §8), compared with an independent reading of the rules."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from rest_framework.test import APIClient

from audit.models import AuditEntry
from tests.tournaments.helpers import make_user
from tournaments import services
from tournaments.models import Event, PlayoffMatch

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def ok_body(response, status=200):
    assert response.status_code == status, response.content
    return response.json()


def _play_round(api, slug, round_body, rng, winner_only=False):
    """Enter a random result at every table; returns (a, b, a_points, b_points) per
    two-player game."""
    games = []
    for table in round_body["tables"]:
        if table["is_bye"]:
            continue
        ids = [s["registration"] for s in table["seats"]]
        if winner_only:  # LOTR TCG: the game names its winner, no score (RULES.md §2)
            body = {"seats": [{"registration": r} for r in ids], "winner": rng.choice(ids)}
        else:
            scores = rng.sample(range(31), len(ids))
            body = {
                "seats": [{"registration": r, "mps": m} for r, m in zip(ids, scores, strict=True)]
            }
        url = f"/api/v1/events/{slug}/tables/{table['id']}/set/"
        points = {
            s["registration"]: s["points"]
            for s in ok_body(api.post(url, body, format="json"))["seats"]
        }
        if len(ids) == 2:
            games.append((ids[0], ids[1], points[ids[0]], points[ids[1]]))
    return games


def preset_event(api, preset, game, players):
    body = {"name": f"{preset} event", "game": game, "preset": preset}
    event = ok_body(api.post("/api/v1/events/", body, format="json"), 201)
    slug = event["slug"]
    assert event["preset"] == preset
    ok_body(api.post(f"/api/v1/events/{slug}/open/"))
    for i in range(players):
        ok_body(
            client_for(make_user(f"{preset[:6]}{i}")).post(f"/api/v1/events/{slug}/register/"), 201
        )
    return slug


def _swiss(api, slug, rng, winner_only=False):
    played = 0
    while True:
        # A seed from the test's own generator, so that a failure can be replayed.
        body = {"seed": rng.randrange(2**31)}
        response = api.post(f"/api/v1/events/{slug}/rounds/pair/", body, format="json")
        if response.status_code == 409:
            assert response.json()["code"] == "all_rounds_played"
            return played
        _play_round(api, slug, ok_body(response, 201), rng, winner_only)
        played += 1


def _independent_robin(seeds, games):
    """RULES.md §8 (CoE): points from zero, then head-to-head among the tied, then the
    semi-final rank."""
    points = dict.fromkeys(seeds, 0)
    for a, b, pa, pb in games:
        points[a] += pa
        points[b] += pb
    tied = defaultdict(list)
    for s in seeds:
        tied[points[s]].append(s)
    h2h = dict.fromkeys(seeds, 0)
    for group in tied.values():
        for a, b, pa, pb in games:
            if a in group and b in group:
                h2h[a] += pa
                h2h[b] += pb
    return sorted(seeds, key=lambda s: (-points[s], -h2h[s], seeds.index(s)))


@pytest.mark.parametrize("seed", [1, 2])
def test_a_coe_general_opponent_event_runs_swiss_then_a_top_four_round_robin(seed):
    """RULES.md §8: the CoE Worlds is a Swiss semi-final, then the top 4 play a round
    robin (3 rounds) in which tournament points start again from zero; ties by
    head-to-head, then the semi-final rank (Reading)."""
    rng = random.Random(seed)
    director = make_user(f"coe-td{seed}")
    api = client_for(director)
    slug = preset_event(api, "coe-general-opponent", "metw", 8)
    plan = ok_body(api.get(f"/api/v1/events/{slug}/stages/"))
    assert [(s["kind"], s["advance"], s["carry_points"]) for s in plan["stages"]] == [
        ("swiss", None, True),
        ("round_robin", 4, False),
    ]
    _swiss(api, slug, rng)
    swiss_order = [
        r["registration"] for r in ok_body(api.get(f"/api/v1/events/{slug}/standings/"))["results"]
    ]
    step = ok_body(api.get(f"/api/v1/events/{slug}/stages/"))["next_step"]
    assert step["code"] == "start_stage"
    assert step["message"] == "Swiss done: start the round robin of the top 4."
    refused = api.post(f"/api/v1/events/{slug}/finish/", {}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "stage_not_played"
    ok_body(api.post(f"/api/v1/events/{slug}/stages/start/"))
    seeds = swiss_order[:4]
    robin_games = []
    met = set()
    for _ in range(3):
        rounds = ok_body(api.get(f"/api/v1/events/{slug}/rounds/"))
        number = (
            rounds[-1]["number"] if isinstance(rounds, list) else rounds["results"][-1]["number"]
        )
        body = ok_body(api.get(f"/api/v1/events/{slug}/rounds/{number}/"))
        seated = [s["registration"] for t in body["tables"] for s in t["seats"]]
        assert sorted(seated) == sorted(seeds)
        games = _play_round(api, slug, body, rng)
        for a, b, _pa, _pb in games:
            assert frozenset((a, b)) not in met
            met.add(frozenset((a, b)))
        robin_games += games
        if len(met) < 6:
            ok_body(api.post(f"/api/v1/events/{slug}/stages/pair/"), 201)
    assert len(met) == 6
    table = ok_body(api.get(f"/api/v1/events/{slug}/stages/2/crosstable/"))
    assert [r["registration"] for r in table["standings"]] == _independent_robin(seeds, robin_games)
    assert sum(r["points"] for r in table["standings"]) == sum(
        pa + pb for _a, _b, pa, pb in robin_games
    )
    assert ok_body(api.get(f"/api/v1/events/{slug}/stages/"))["next_step"]["code"] == "finish"
    finished = ok_body(api.post(f"/api/v1/events/{slug}/finish/", {}, format="json"))
    assert finished["status"] == "finished"


def test_presets_are_listed_with_their_sources():
    """RULES.md §8: each preset is documented with its source."""
    listed = ok_body(client_for().get("/api/v1/event-presets/"))["results"]
    keys = [p["key"] for p in listed]
    assert keys == [
        "rulebook", "coe-general-opponent", "coe-online", "pc-worlds", "gemp-league",
        "decipher-2003", "dice-organizer",
    ]  # fmt: skip
    for preset in listed:
        assert preset["name"] and preset["summary"] and preset["source"]
    assert "RULES.md §8" in listed[1]["source"]


def test_a_preset_for_another_game_is_refused_and_an_unknown_one_is_a_field_error():
    api = client_for(make_user("td-wrong"))
    body = {"name": "X", "game": "lore", "preset": "pc-worlds"}
    response = api.post("/api/v1/events/", body, format="json")
    assert response.status_code == 400 and response.json()["code"] == "preset_game"
    response = api.post("/api/v1/events/", {**body, "preset": "nope"}, format="json")
    assert response.status_code == 400 and "preset" in response.content.decode()


def test_a_stage_left_unplayed_can_be_skipped_on_purpose_and_it_is_audited():
    """The service refuses to finish while a configured stage has not been played, unless
    the director skips it (audited)."""
    rng = random.Random(5)
    director = make_user("skip-td")
    api = client_for(director)
    slug = preset_event(api, "coe-general-opponent", "metw", 6)
    _swiss(api, slug, rng)
    assert client_for(make_user("outsider")).post(
        f"/api/v1/events/{slug}/stages/2/skip/"
    ).status_code in (403, 404)
    plan = ok_body(api.post(f"/api/v1/events/{slug}/stages/2/skip/"))
    assert plan["stages"][1]["skipped_at"] is not None
    assert plan["next_step"]["code"] == "finish"
    assert AuditEntry.objects.filter(action="stage_skip").exists()
    assert ok_body(api.post(f"/api/v1/events/{slug}/finish/", {}, format="json"))["status"] == (
        "finished"
    )


def test_events_without_a_preset_have_no_stages_and_finish_as_before():
    rng = random.Random(3)
    api = client_for(make_user("plain-td"))
    event = ok_body(
        api.post("/api/v1/events/", {"name": "Plain", "game": "lore"}, format="json"), 201
    )
    slug = event["slug"]
    assert event["preset"] == "rulebook"
    ok_body(api.post(f"/api/v1/events/{slug}/open/"))
    for i in range(6):
        ok_body(client_for(make_user(f"plain{i}")).post(f"/api/v1/events/{slug}/register/"), 201)
    _swiss(api, slug, rng)
    plan = ok_body(api.get(f"/api/v1/events/{slug}/stages/"))
    assert plan["stages"] == [] and plan["next_step"] is None
    assert ok_body(api.post(f"/api/v1/events/{slug}/finish/", {}, format="json"))["status"] == (
        "finished"
    )


@pytest.mark.parametrize(
    ("preset", "game", "players", "rounds", "multiplayer"),
    [
        ("rulebook", "lore", 9, 4, False),  # 000 Part VI §3: 9-16 players, 4 rounds
        ("coe-online", "metw", 6, 3, False),
        ("dice-organizer", "lotr-dice", 12, 2, True),  # pods: half the rounds (RULES.md §3)
    ],
)
def test_a_swiss_preset_runs_a_whole_event(preset, game, players, rounds, multiplayer):
    """RULES.md §8: the rulebook event (the default), the CoE online event and the Dice
    organizer's event are one Swiss each; the event finishes after its last round."""
    rng = random.Random(players)
    api = client_for(make_user(f"{preset}-td"))
    slug = preset_event(api, preset, game, players)
    event = ok_body(api.get(f"/api/v1/events/{slug}/"))
    assert event["multiplayer"] is multiplayer
    plan = ok_body(api.get(f"/api/v1/events/{slug}/stages/"))
    assert [s["kind"] for s in plan["stages"]] == ["swiss"]
    assert _swiss(api, slug, rng) == rounds
    assert plan["next_step"] is None
    assert ok_body(api.post(f"/api/v1/events/{slug}/finish/", {}, format="json"))["status"] == (
        "finished"
    )


def test_a_pc_worlds_runs_its_swiss_in_two_formats_then_its_double_elimination():
    """RULES.md §8 (PC Worlds): an 8-round Swiss, formats alternating, win 1 / loss 0;
    the top 8 play a double elimination (the event's top cut, with the loser choosing the
    next game's format and a best-of-three final), and the event cannot finish before it
    is played unless the director skips it."""
    rng = random.Random(8)
    api = client_for(make_user("pc-td"))
    # 16 players: after k < 8 rounds each still has 15 - k >= 8 = 16/2 unmet opponents,
    # so a round without a rematch always exists (Dirac); 10 players can run out of them.
    slug = preset_event(api, "pc-worlds", "lotr-tcg", 16)
    swiss, bracket = ok_body(api.get(f"/api/v1/events/{slug}/stages/"))["stages"]
    assert swiss["rounds"] == 8 and swiss["scoring"] == "win_loss"
    assert swiss["round_formats"] == ["pc-fellowship", "pc-movie"] * 4
    assert bracket["kind"] == "double_elim" and bracket["advance"] == 8
    assert bracket["options"]["loser_chooses_format"] is True
    event = Event.objects.get(slug=slug)
    settings = event.settings
    assert (settings.top_cut, settings.playoff_kind) == (8, "double")
    assert settings.loser_chooses_format and settings.final_best_of == 3
    assert _swiss(api, slug, rng, winner_only=True) == 8
    step = ok_body(api.get(f"/api/v1/events/{slug}/stages/"))["next_step"]
    assert step["code"] == "start_stage", step
    refused = api.post(f"/api/v1/events/{slug}/finish/", {}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "stage_not_played"
    assert api.post(f"/api/v1/events/{slug}/stages/start/").status_code in (200, 201)
    assert PlayoffMatch.objects.filter(event=event).exists()
    step = ok_body(api.get(f"/api/v1/events/{slug}/stages/"))["next_step"]
    assert step["code"] == "playoff_running"
    director = event.organizer
    for _ in range(60):  # the higher seat wins every game (LOTR TCG: the winner only)
        match = PlayoffMatch.objects.filter(event=event, status="pending").first()
        if match is None:
            break
        services.report_playoff_result(director, event, match.pk, None, None, winner=match.high_id)
    assert not PlayoffMatch.objects.filter(event=event, status="pending").exists()
    assert ok_body(api.get(f"/api/v1/events/{slug}/stages/"))["next_step"]["code"] == "finish"
    assert ok_body(api.post(f"/api/v1/events/{slug}/finish/", {}, format="json"))["status"] == (
        "finished"
    )


def test_a_decipher_2003_event_keeps_its_heats_and_top_16_as_data():
    """RULES.md §8 (Decipher 2003): two heats of 8 rounds, the top 8 of each to a top 16
    best of three (the event's top cut); it starts once the heats are played (the whole
    event: test_heats_event)."""
    api = client_for(make_user("dec-td"))
    slug = preset_event(api, "decipher-2003", "lotr-tcg", 6)
    swiss, bracket = ok_body(api.get(f"/api/v1/events/{slug}/stages/"))["stages"]
    assert (swiss["rounds"], swiss["groups"]) == (8, 2)
    assert (bracket["kind"], bracket["advance"], bracket["advance_per_group"]) == (
        "single_elim", 8, True,
    )  # fmt: skip
    assert bracket["best_of"] == 3
    response = api.post(f"/api/v1/events/{slug}/stages/start/")
    assert response.status_code == 409 and response.json()["code"] == "swiss_open"
    cut = ok_body(api.get(f"/api/v1/events/{slug}/bracket/"))
    assert (cut["top_cut"], cut["playoff_best_of"], cut["final_best_of"]) == (16, 3, 3)


def test_the_stage_plan_is_changed_through_the_api_and_bad_plans_are_refused():
    director = make_user("plan-td")
    api = client_for(director)
    slug = preset_event(api, "rulebook", "metw", 5)
    bad = {"stages": [{"kind": "round_robin"}, {"kind": "single_elim"}]}
    response = api.put(f"/api/v1/events/{slug}/stages/", bad, format="json")
    assert response.status_code == 400
    codes = [p["code"] for p in response.json()["problems"]]
    assert "first_stage" in codes and "advance" in codes
    good = {"stages": [{"kind": "swiss", "rounds": 3}, {"kind": "round_robin", "advance": 4}]}
    plan = ok_body(api.put(f"/api/v1/events/{slug}/stages/", good, format="json"))
    assert [s["kind"] for s in plan["stages"]] == ["swiss", "round_robin"]
    assert ok_body(api.get(f"/api/v1/events/{slug}/"))["planned_rounds"] == 3
    outsider = client_for(make_user("plan-outsider"))
    response = outsider.put(f"/api/v1/events/{slug}/stages/", good, format="json")
    assert response.status_code in (403, 404)
    assert AuditEntry.objects.filter(action="stages").count() >= 2


def test_a_preset_is_chosen_again_by_changing_the_event_before_round_1():
    api = client_for(make_user("patch-td"))
    slug = preset_event(api, "rulebook", "metw", 4)
    body = {"preset": "coe-general-opponent", "round_minutes": 75}
    event = ok_body(api.patch(f"/api/v1/events/{slug}/", body, format="json"))
    assert event["preset"] == "coe-general-opponent" and event["format_key"] == "coe"
    assert event["round_minutes"] == 75
    kinds = [s["kind"] for s in ok_body(api.get(f"/api/v1/events/{slug}/stages/"))["stages"]]
    assert kinds == ["swiss", "round_robin"]
    wrong = api.patch(f"/api/v1/events/{slug}/", {"preset": "gemp-league"}, format="json")
    assert wrong.status_code == 400 and wrong.json()["code"] == "preset_game"


def test_the_swiss_stage_cannot_have_fewer_rounds_than_were_paired():
    rng = random.Random(4)
    api = client_for(make_user("fewer-td"))
    slug = preset_event(api, "rulebook", "lore", 6)
    _play_round(
        api,
        slug,
        ok_body(api.post(f"/api/v1/events/{slug}/rounds/pair/", {}, format="json"), 201),
        rng,
    )
    _play_round(
        api,
        slug,
        ok_body(api.post(f"/api/v1/events/{slug}/rounds/pair/", {}, format="json"), 201),
        rng,
    )
    body = {"stages": [{"kind": "swiss", "rounds": 1}]}
    response = api.put(f"/api/v1/events/{slug}/stages/", body, format="json")
    assert response.status_code == 409 and response.json()["code"] == "fewer_rounds"
    body = {"stages": [{"kind": "round_robin", "advance": 4}]}
    response = api.put(f"/api/v1/events/{slug}/stages/", body, format="json")
    assert response.status_code == 400  # the first stage is a Swiss or a league
