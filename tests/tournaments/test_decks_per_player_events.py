"""Whole events with several lists per player, driven through the API (RULES.md §8): the
CoE's General Opponent championship (two lists, the one for the opponent's alignment,
the round robin final with the semi-final's lists) and the PC Worlds (a list per format,
each round in its format). The deck shown at every table is compared with an
independent reading (tests.tournaments.deck_oracle)."""

from __future__ import annotations

import random

import pytest

from decks.demo import LOTR_FELLOWSHIP, METW_COE_WIZARD
from decks.services import create_custom_format
from tests.tournaments.deck_oracle import consistent, deck_type, faces
from tests.tournaments.helpers import make_user
from tests.tournaments.test_stages_api import client_for, ok_body, preset_event
from tournaments.models import Event, Seat
from tournaments.rules.deck_choice import Pair

pytestmark = pytest.mark.django_db
TYPES = ("wizard", "ringwraith", "fallen-wizard", "balrog")
MINE = "/api/v1/decks/events/{slug}/decklists/mine/"


def _register_pairs(slug: str, rng: random.Random) -> dict[int, Pair]:
    """Every registered player submits his two lists; half of them play one alignment
    with both (the common case: the hazards differ), the rest any player types."""
    pairs = {}
    event = Event.objects.get(slug=slug)
    for i, reg in enumerate(event.registrations.select_related("player__user").order_by("pk")):
        api = client_for(reg.player.user)
        one = rng.choice(TYPES)
        types = (one, one) if i % 2 == 0 else (rng.choice(TYPES), rng.choice(TYPES))
        named = rng.choice(("vs-hero", "vs-minion"))
        for slot, player_type in zip(("vs-hero", "vs-minion"), types, strict=True):
            body = {
                "text": METW_COE_WIZARD,
                "player_type": player_type,
                "slot": slot,
                "faces_fallen_wizards": slot == named,
            }
            mine = ok_body(api.post(MINE.format(slug=slug), body, format="json"), 201)
            assert mine["slot"] == slot and mine["versions"][0]["number"] == 1
        pairs[reg.pk] = Pair(types[0], types[1], named)
    return pairs


def _expected(pairs: dict[int, Pair], a: int, b: int, recorded: dict[int, str]):
    """What the table must show for a and b: the recorded lists, else the one consistent
    pair, else every list each may play (reading: docs/decks-per-player.md)."""
    if recorded.get(a) and recorded.get(b):
        return {a: [recorded[a]], b: [recorded[b]]}
    fits = consistent(pairs[a], pairs[b])
    if len(fits) == 1:
        ((x, y),) = fits
        return {a: [x], b: [y]}
    if not fits:
        return {a: ["vs-hero", "vs-minion"], b: ["vs-hero", "vs-minion"]}
    return {a: sorted({x for x, _ in fits}), b: sorted({y for _, y in fits})}


def _play_round_checking_decks(api, slug, body, pairs, rng, shown):
    """Check every seat's deck, then enter a random result; where the table leaves the
    choice open, the report carries the lists played (one consistent choice)."""
    for table in body["tables"]:
        ids = [s["registration"] for s in table["seats"]]
        if table["is_bye"]:
            assert table["seats"][0]["deck"]["reason_code"] == "bye"
            continue
        a, b = ids
        want = _expected(pairs, a, b, {})
        for seat in table["seats"]:
            deck = seat["deck"]
            assert sorted(c["slot"] for c in deck["choices"]) == want[seat["registration"]]
            assert deck["known"] == (len(want[seat["registration"]]) == 1)
            assert deck["words"] and deck["reason"]
            shown.append(deck["reason_code"])
        scores = rng.sample(range(31), 2)
        seats = [{"registration": r, "mps": m} for r, m in zip(ids, scores, strict=True)]
        if not (table["seats"][0]["deck"]["known"] and table["seats"][1]["deck"]["known"]):
            fits = sorted(consistent(pairs[a], pairs[b]))
            x, y = rng.choice(fits) if fits else (rng.choice(want[a]), rng.choice(want[b]))
            seats[0]["deck_slot"], seats[1]["deck_slot"] = x, y
        url = f"/api/v1/events/{slug}/tables/{table['id']}/set/"
        after = ok_body(api.post(url, {"seats": seats}, format="json"))
        if "deck_slot" in seats[0]:
            got = {s["registration"]: s["deck"] for s in after["seats"]}
            assert got[a]["slot"] == seats[0]["deck_slot"] and got[a]["reason_code"] == "recorded"
            assert got[b]["slot"] == seats[1]["deck_slot"]


def _round(api, slug, number):
    return ok_body(api.get(f"/api/v1/events/{slug}/rounds/{number}/"))


@pytest.mark.parametrize("seed", [3, 4])
def test_a_coe_general_opponent_event_shows_the_deck_each_player_plays_at_every_table(seed):
    """RULES.md §8 (CoE General Opponent): two lists per player, each round the one for
    the opponent's alignment (a Balrog counts as a minion: reading); the top 4's round
    robin is played with the semi-final's lists."""
    rng = random.Random(seed)
    api = client_for(make_user(f"go-td{seed}"))
    slug = preset_event(api, "coe-general-opponent", "metw", 8)
    event = ok_body(api.get(f"/api/v1/events/{slug}/"))
    assert event["decks_per_player"] == "general_opponent" and event["decklists_required"]
    pairs = _register_pairs(slug, rng)
    shown: list[str] = []
    number = 0
    while True:
        response = api.post(f"/api/v1/events/{slug}/rounds/pair/", {}, format="json")
        if response.status_code == 409:
            break
        number += 1
        _play_round_checking_decks(api, slug, ok_body(response, 201), pairs, rng, shown)
    ok_body(api.post(f"/api/v1/events/{slug}/stages/start/"))
    for _ in range(3):
        number += 1
        _play_round_checking_decks(api, slug, _round(api, slug, number), pairs, rng, shown)
        if number < 6:
            ok_body(api.post(f"/api/v1/events/{slug}/stages/pair/"), 201)
    assert number == 6 and "opponent" in shown
    # The lists were never changed: the final was played with the semi-final's lists.
    lists = ok_body(api.get(f"/api/v1/decks/events/{slug}/decklists/"))["results"]
    assert {(r["registration"], r["slot"]) for r in lists} == {
        (reg, slot) for reg in pairs for slot in ("vs-hero", "vs-minion")
    }
    assert all(r["version"]["number"] == 1 for r in lists)
    # Where some pair of lists fits, the ones recorded are for each other's alignment.
    recorded = Seat.objects.filter(event__slug=slug).exclude(deck_slot="")
    assert recorded.exists() == bool({"two_ways", "no_way"} & set(shown))
    for seat in recorded:
        other = seat.table.seats.exclude(pk=seat.pk).get()
        if consistent(pairs[seat.registration_id], pairs[other.registration_id]):
            played = deck_type(pairs[other.registration_id], other.deck_slot)
            assert faces(pairs[seat.registration_id], played) == seat.deck_slot


def _pc_formats(director) -> None:
    create_custom_format(director, "lotr-tcg", "fellowship-block", "PC Fellowship", {})
    create_custom_format(director, "lotr-tcg", "open", "PC Movie", {})


def test_a_pc_worlds_event_plays_each_round_with_the_list_of_its_format():
    """RULES.md §8 (PC Worlds): rounds use different formats, each with its own
    registered list, validated in its format; scores carry across."""
    director = make_user("pcd-td")
    api = client_for(director)
    slug = preset_event(api, "pc-worlds", "lotr-tcg", 16)
    _pc_formats(director)
    event = Event.objects.get(slug=slug)
    assert event.decks_per_player == "per_format"
    regs = list(event.registrations.select_related("player__user").order_by("pk"))
    first = client_for(regs[0].player.user)
    refused = first.post(
        MINE.format(slug=slug), {"text": LOTR_FELLOWSHIP, "slot": "standard"}, format="json"
    )
    assert refused.status_code == 400 and refused.json()["code"] == "bad_slot"
    for reg in regs:
        player = client_for(reg.player.user)
        for slot in ("pc-fellowship", "pc-movie"):
            body = {"text": LOTR_FELLOWSHIP, "slot": slot}
            mine = ok_body(player.post(MINE.format(slug=slug), body, format="json"), 201)
            # Each list is checked in its own format.
            assert mine["versions"][0]["format_key"] == slot
        slots = ok_body(player.get(MINE.format(slug=slug) + "?slot=pc-movie"))["slots"]
        assert [(s["slot"], s["submitted"]) for s in slots] == [
            ("pc-fellowship", True),
            ("pc-movie", True),
        ]
        assert [s["words"] for s in slots] == ["PC Fellowship deck", "PC Movie deck"]
    rng = random.Random(5)
    played = 0
    for number in range(1, 9):
        response = api.post(f"/api/v1/events/{slug}/rounds/pair/", {}, format="json")
        if response.status_code == 400 and response.json()["code"] == "pairing_impossible":
            break  # random results can leave no pairing without a rematch (RULES.md §3)
        body = ok_body(response, 201)
        played = number
        want = "pc-fellowship" if number % 2 else "pc-movie"
        page = ok_body(api.get(f"/api/v1/events/{slug}/rounds/{number}/tables/"))
        for table in [*body["tables"], *page["results"]]:
            if table["is_bye"]:
                continue
            for seat in table["seats"]:
                assert seat["deck"]["slot"] == want and seat["deck"]["reason_code"] == "format"
        for table in body["tables"]:
            if not table["is_bye"]:
                ids = [s["registration"] for s in table["seats"]]
                url = f"/api/v1/events/{slug}/tables/{table['id']}/set/"
                payload = {"seats": [{"registration": r} for r in ids], "winner": rng.choice(ids)}
                ok_body(api.post(url, payload, format="json"))
    assert played >= 4  # both formats, twice each
    # Scores carried across the format changes: every game counted once, win 1 / loss 0.
    rows = ok_body(api.get(f"/api/v1/events/{slug}/standings/"))["results"]
    assert sum(r["points"] for r in rows) == sum(r["wins"] + r["byes"] for r in rows)


def test_a_one_deck_event_shows_no_deck_at_its_tables():
    """Events of one list per player are as they always were: no deck per seat."""
    api = client_for(make_user("one-td"))
    slug = preset_event(api, "rulebook", "metw", 4)
    body = ok_body(api.post(f"/api/v1/events/{slug}/rounds/pair/", {}, format="json"), 201)
    assert all(s["deck"] is None for t in body["tables"] for s in t["seats"])


def test_the_lists_asked_for_are_a_setting_checked_and_locked_with_round_1():
    """The General Opponent pair is a METW event's; the lists asked for cannot change once
    round 1 is paired (lists lock then, RULES.md §7)."""
    api = client_for(make_user("set-td"))
    body = {"name": "Open", "game": "lotr-tcg", "decks_per_player": "general_opponent"}
    refused = api.post("/api/v1/events/", body, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "invalid_event"
    bad = api.post("/api/v1/events/", {**body, "decks_per_player": "three"}, format="json")
    assert bad.status_code == 400
    slug = preset_event(api, "rulebook", "metw", 4)
    changed = api.patch(
        f"/api/v1/events/{slug}/", {"decks_per_player": "general_opponent"}, format="json"
    )
    assert ok_body(changed)["decks_per_player"] == "general_opponent"
    ok_body(api.post(f"/api/v1/events/{slug}/rounds/pair/", {}, format="json"), 201)
    locked = api.patch(f"/api/v1/events/{slug}/", {"decks_per_player": "one"}, format="json")
    assert locked.status_code == 409


def test_the_bracket_sides_take_the_pc_formats_added_after_the_preset_was_chosen():
    """RULES.md §8 (PC Worlds): one format per bracket side. The preset is chosen before
    the director adds the Council's formats; the double elimination still plays them."""
    from tests.tournaments.helpers import make_event, register_users
    from tournaments import services
    from tournaments.models import EventSettings
    from tournaments.services import stage_plan, stages

    director = make_user("pc-sides")
    event = make_event(director, game="lotr-tcg")
    stage_plan.apply_preset(director, event, "pc-worlds")
    settings = EventSettings.objects.get(event=event)
    assert (settings.playoff_upper_format, settings.playoff_lower_format) == ("", "")
    _pc_formats(director)
    register_users(event, 9)
    event.refresh_from_db()
    for n in range(event.planned_rounds):
        rnd = services.pair_next_round(director, event, seed=n + 1)
        for table in rnd.tables.filter(is_bye=False):
            first = table.seats.order_by("position").first()
            services.director_set_result(director, table, winner=first.registration_id)
    stages.start_stage(director, event)
    settings.refresh_from_db()
    assert (settings.playoff_upper_format, settings.playoff_lower_format) == (
        "pc-fellowship",
        "pc-movie",
    )
    # A bracket being played is no longer offered for skipping (the service refuses it).
    from django.test import Client

    page = Client()
    page.force_login(director)
    assert "Skip this stage" not in page.get(f"/events/{event.slug}/stages/").content.decode()


def test_the_dashboard_offers_one_button_to_start_the_bracket_stage():
    """After the PC Worlds' Swiss the dashboard offered "Start the next stage" and "Start
    the top cut (top 8)", two buttons for one thing; the stage's button stays."""
    from django.test import Client

    from tests.tournaments.helpers import make_event, register_users
    from tournaments import services
    from tournaments.services import stage_plan

    director = make_user("pc-one-button")
    event = make_event(director, game="lotr-tcg")
    stage_plan.apply_preset(director, event, "pc-worlds")
    register_users(event, 9)
    event.refresh_from_db()
    for n in range(event.planned_rounds):
        rnd = services.pair_next_round(director, event, seed=n + 1)
        for table in rnd.tables.filter(is_bye=False):
            first = table.seats.order_by("position").first()
            services.director_set_result(director, table, winner=first.registration_id)
    page = Client()
    page.force_login(director)
    dash = page.get(f"/events/{event.slug}/manage/").content.decode()
    assert "Start the next stage" in dash and 'id="start-top-cut"' not in dash
