"""A METW result entered as the Free Council itself: counted by the engine with
the event's half-cap reading (003 Part II §1 "Marshalling point modifications"; RULES.md
§4.4 CoE 10.3, §5), scored by the MP-ratio table (000 Part VI §3), stored with the result
and its history, and accepted by the pages and the API."""

from __future__ import annotations

import pytest
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from core.errors import ServiceError
from rules_engine.free_council import CouncilInput, count_free_council
from tests.tournaments.helpers import make_event, make_user, register_users, user_of
from tournaments import services
from tournaments.models import ResultChange, Table
from tournaments.rules.council import council_lines, council_mps, count_council
from tournaments.words.results import dispute_words, table_council_lines

pytestmark = pytest.mark.django_db

# 003 Part II §1 worked example: Jessica 7/2/2/2/0/2, Jason 8/4/0/2/0/0 and Jason reveals
# Gwaihir, Legolas and Elrohir (3 of Jessica's unique cards in play) from his hand.
JESSICA = {"character": 7, "item": 2, "faction": 2, "ally": 2, "kill": 0, "miscellaneous": 2}
JASON = {"character": 8, "item": 4, "faction": 0, "ally": 2, "revealed_duplicates": 3}


def metw_table(**event_fields):
    director = make_user()
    event = make_event(director, game="metw", **event_fields)
    register_users(event, 2)
    rnd = services.pair_next_round(director, event, seed=3)
    table = rnd.tables.get(is_bye=False)
    a, b = [s.registration for s in table.seats.order_by("position")]
    return director, event, table, a, b


def council(a, b, first=JESSICA, second=JASON):
    return {"seats": [{"registration": a.pk, **first}, {"registration": b.pk, **second}]}


def points(table):
    return {s.registration_id: (s.mps, s.points) for s in table.seats.all()}


def test_rulebook_example_through_the_table_service():
    """003 Part II §1: "Jessica ends up with 14 MPs and Jason ends up with 12 MPs";
    14/12 < 1.5 → 4–2 (000 Part VI §3)."""
    director, _event, table, a, b = metw_table()
    services.director_set_result(director, table, council=council(a, b))
    table.refresh_from_db()
    assert points(table) == {a.pk: (14, 4), b.pk: (12, 2)}
    assert table.status == Table.Status.CONFIRMED
    jessica, jason = table.council["seats"]
    assert jessica["doubled"] == [{"category": "faction", "from": 2, "to": 4}]
    assert jessica["revealed_against"] == 3 and jessica["final"] == 14
    assert jason["capped"][0] | {} == {
        "category": "character", "from": 8, "to": 6, "total_before": 14, "total_after": 12
    }  # fmt: skip
    # The history keeps the council with the change.
    change = table.changes.get()
    assert change.after["council"] == table.council
    lines = table_council_lines(table)
    name_a = a.player.display_name
    assert any(name_a in line and "14" in line for line in lines)
    assert any("cut from 8 to 6" in line for line in lines)


def test_round_up_reading_of_the_event():
    """RULES.md §5 Reading "round-up": Jason keeps 7 of 13; 14/13 → 4–2 still, MPs differ."""
    director, _event, table, a, b = metw_table(scoring_settings={"half_cap": "round-up"})
    services.director_set_result(director, table, council=council(a, b))
    table.refresh_from_db()
    assert points(table) == {a.pk: (14, 4), b.pk: (13, 2)}
    assert table.council["half_cap"] == "round-up"


def test_avatar_eliminated_and_a_zero_council():
    """RULES.md §4.4 CoE: an eliminated avatar costs 5 after every other step; a 0–(−5)
    result scores as the engine scores negative MPs (000 Part VI §3)."""
    director, _event, table, a, b = metw_table()
    zero = {"character": 0}
    services.director_set_result(
        director, table, council=council(a, b, zero, zero | {"avatar_eliminated": True})
    )
    table.refresh_from_db()
    assert {k: v[0] for k, v in points(table).items()} == {a.pk: 0, b.pk: -5}
    assert table.council["seats"][1]["avatar_penalty"] == -5


def test_player_report_then_matching_council_confirms_and_differing_disputes():
    _director, _event, table, a, b = metw_table()
    services.report_result(user_of(a), table, council=council(a, b))
    table.refresh_from_db()
    assert table.status == Table.Status.REPORTED and table.council
    # The opponent counts the same council: confirmed.
    services.report_result(user_of(b), table, council=council(a, b))
    table.refresh_from_db()
    assert table.status == Table.Status.CONFIRMED

    _director, _event, table, a, b = metw_table()
    services.report_result(user_of(a), table, council=council(a, b))
    # Typed MPs that agree with the count are the same result.
    services.report_result(user_of(b), table, {a.pk: 14, b.pk: 12})
    table.refresh_from_db()
    assert table.status == Table.Status.CONFIRMED

    _director, _event, table, a, b = metw_table()
    services.report_result(user_of(a), table, council=council(a, b))
    # Same finals reached from other totals is another council: the director looks at it.
    other = JASON | {"character": 6, "revealed_duplicates": 3}
    services.report_result(user_of(b), table, council=council(a, b, second=other))
    table.refresh_from_db()
    assert table.status == Table.Status.DISPUTED
    assert table.counter_report["council"]["seats"][1]["input"]["character"] == 6
    assert table.dispute_note == ""  # words are made at the face
    assert b.player.display_name in dispute_words(table)
    change = table.changes.filter(action=ResultChange.Action.DISPUTE).get()
    assert change.note == "" and change.after["counter_report"]["by"] == b.pk


def test_bad_council_is_refused_with_field_problems():
    director, _event, table, a, b = metw_table()
    with pytest.raises(ServiceError) as caught:
        services.director_set_result(
            director, table, council=council(a, b, JESSICA | {"character": "x"})
        )
    assert caught.value.problems[0]["field"] == "council.seats.0.character"
    with pytest.raises(ServiceError) as caught:
        services.director_set_result(director, table, {a.pk: 20, b.pk: 12}, council=council(a, b))
    assert caught.value.code == "council_mps_differ"
    table.refresh_from_db()
    assert table.status == Table.Status.PENDING and table.council is None


def test_plain_mps_after_a_council_clear_it():
    director, _event, table, a, b = metw_table()
    services.director_set_result(director, table, council=council(a, b))
    services.director_set_result(director, table, {a.pk: 20, b.pk: 5})
    table.refresh_from_db()
    assert table.council is None and points(table)[a.pk] == (20, 6)
    before, after = [c.after["council"] for c in table.changes.order_by("id")]
    assert before and after is None


def test_no_council_outside_metw():
    director = make_user()
    event = make_event(director, game="lore")
    register_users(event, 2)
    table = services.pair_next_round(director, event, seed=1).tables.get()
    a, b = [s.registration for s in table.seats.order_by("position")]
    with pytest.raises(ServiceError) as caught:
        services.director_set_result(director, table, council=council(a, b))
    assert caught.value.code == "invalid_council"


def _post(client: Client, url: str, data: dict):
    client.get("/events/")
    token = client.cookies["csrftoken"].value
    return client.post(url, {**data, "csrfmiddlewaretoken": token}, follow=True)


def test_result_page_counts_the_council_without_javascript():
    director, event, table, a, b = metw_table()
    client = Client(enforce_csrf_checks=True)
    client.force_login(user_of(a))
    page = client.get(f"/events/{event.slug}/me/").content.decode()
    assert "Count the Free Council" in page and f"council_{a.pk}_character" in page
    form = {"use_council": "on", "version": table.version, "outcome": "normal"}
    for reg, values in ((a, JESSICA), (b, JASON)):
        for key, value in values.items():
            form[f"council_{reg.pk}_{key}"] = str(value)
    form[f"mps_{a.pk}"] = ""  # the MP boxes are not read when the count is used
    _post(client, f"/events/{event.slug}/tables/{table.pk}/report/", form)
    table.refresh_from_db()
    assert table.status == Table.Status.REPORTED
    assert points(table) == {a.pk: (14, 4), b.pk: (12, 2)}
    # The opponent sees how it was counted before he confirms.
    other = Client()
    other.force_login(user_of(b))
    mine = other.get(f"/events/{event.slug}/me/").content.decode()
    assert "How the Free Council was counted" in mine and "cut from 8 to 6" in mine
    # The director's dashboard shows the history with the council in words; the slip too.
    director_client = Client()
    director_client.force_login(director)
    dashboard = director_client.get(f"/events/{event.slug}/manage/").content.decode()
    assert "cut from 8 to 6" in dashboard
    slips = director_client.get(f"/events/{event.slug}/rounds/1/slips/").content.decode()
    assert "cut from 8 to 6" in slips
    # A wrong number comes back as a message, not a 500.
    form[f"council_{a.pk}_item"] = "lots"
    form["version"] = table.version
    response = _post(client, f"/events/{event.slug}/tables/{table.pk}/report/", form)
    assert response.status_code == 200
    said = [str(m) for m in response.context["messages"]]
    assert any("whole number" in m for m in said), said


def test_api_accepts_a_council_and_answers_400_with_fields():
    director, event, table, a, b = metw_table()
    api = APIClient()
    api.force_authenticate(director)
    url = f"/api/v1/events/{event.slug}/tables/{table.pk}/set/"
    bad = council(a, b, JESSICA | {"character": 5000})
    response = api.post(url, {"council": bad}, format="json")
    assert response.status_code == 400, response.content
    assert "council" in response.content.decode()
    response = api.post(url, {"council": council(a, b), "note": "counted"}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["council"]["seats"][0]["final"] == 14
    assert {s["registration"]: s["points"] for s in body["seats"]} == {a.pk: 4, b.pk: 2}
    detail = api.get(f"/api/v1/events/{event.slug}/tables/{table.pk}/").json()
    assert detail["changes"][-1]["after"]["council"]["half_cap"] == "exact"


def test_dashboard_names_a_differing_report_in_words():
    director, event, table, a, b = metw_table()
    services.report_result(user_of(a), table, council=council(a, b))
    services.report_result(user_of(b), table, {a.pk: 10, b.pk: 12})
    client = Client()
    client.force_login(director)
    page = client.get(f"/events/{event.slug}/manage/").content.decode()
    name = b.player.display_name
    assert f"Other report, by {name}: {a.player.display_name} 10, {name} 12" in page
    assert "differing report" not in page and "&#x27;mps&#x27;" not in page


category = st.integers(min_value=-30, max_value=60)
seat_values = st.fixed_dictionaries(
    {c: category for c in ("character", "item", "faction", "ally", "kill", "miscellaneous")}
    | {
        "revealed_duplicates": st.integers(min_value=0, max_value=9),
        "avatar_eliminated": st.booleans(),
    }
)


@settings(max_examples=60, deadline=None)
@given(first=seat_values, second=seat_values, half_cap=st.sampled_from(["exact", "round-up"]))
def test_stored_council_is_the_engines_count_and_reads_in_words(first, second, half_cap):
    """RULES.md §5: the table stores exactly the engine's count (003 Part II §1), and its
    words name both players and their final MPs, with no key or placeholder left."""
    rows = [{"registration": 1, **first}, {"registration": 2, **second}]
    stored = count_council(rows, half_cap)
    engine = count_free_council(
        CouncilInput("1", **first), CouncilInput("2", **second), half_cap=half_cap
    )
    assert council_mps(stored) == {1: engine.players[0].final, 2: engine.players[1].final}
    lines = council_lines(stored, {1: "Jessica", 2: "Jason"})
    assert f"Jessica: {engine.players[0].final} MPs" in lines
    assert f"Jason: {engine.players[1].final} MPs" in lines
    assert not any("%(" in line or "_" in line for line in lines)


def test_api_player_report_and_matching_council_confirms():
    _director, event, table, a, b = metw_table()
    base = f"/api/v1/events/{event.slug}/tables/{table.pk}/"
    first, second = APIClient(), APIClient()
    first.force_authenticate(user_of(a))
    second.force_authenticate(user_of(b))
    response = first.post(base + "report/", {"council": council(a, b)}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "reported"
    # Typed MPs that contradict the count: 400 naming the field.
    response = second.post(
        base + "report/",
        {"seats": [{"registration": a.pk, "mps": 15}], "council": council(a, b)},
        format="json",
    )
    assert response.status_code == 400 and "council_mps_differ" in response.content.decode()
    response = second.post(base + "report/", {"council": council(a, b)}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "confirmed"
    # A council of three rows is refused by the serializer, with the field named.
    three = council(a, b)
    three["seats"].append({"registration": a.pk})
    response = first.post(base + "report/", {"council": three}, format="json")
    assert response.status_code == 400 and "council" in response.content.decode()


def test_export_and_import_keep_the_council():
    """The breakdown is part of the result: an exported event imports with it, its
    registrations renumbered."""
    from tournaments.services.transfer.imports import import_event

    director, event, table, a, b = metw_table()
    services.director_set_result(director, table, council=council(a, b))
    document = services.export_event(event)
    imported = import_event(document, organizer=director, slug="council-copy", replay_ratings=False)
    copy = Table.objects.get(round__event=imported, is_bye=False)
    ids = {s.registration.player.display_name: s.registration_id for s in copy.seats.all()}
    assert [s["registration"] for s in copy.council["seats"]] == [
        ids[a.player.display_name],
        ids[b.player.display_name],
    ]
    assert council_mps(copy.council) == {
        ids[a.player.display_name]: 14,
        ids[b.player.display_name]: 12,
    }
    broken = services.export_event(event)
    broken["rounds"][0]["tables"][0]["council"]["seats"][0]["registration"] = 999_999
    with pytest.raises(ServiceError):
        import_event(broken, organizer=director, slug="council-broken", replay_ratings=False)
