"""Several lists per registration (RULES.md §8): submitting each in its slot, its
checks, the list that also faces Fallen-wizards, the status over all lists, the deck
played at a table, recording it, the audit trail, the export and the pages."""

from __future__ import annotations

import pytest
from django.test import Client

from audit.models import AuditEntry
from core.errors import NotAllowed, ServiceError
from decks import services
from decks.demo import METW_COE_WIZARD
from decks.models import DeckList
from decks.played import deck_played
from tournaments import services as tournament_services
from tournaments.models import Registration, Round, Seat, Table
from tournaments.services.transfer.imports import import_event

pytestmark = pytest.mark.django_db


def reg(event, name):
    return Registration.objects.get(event=event, player__user__username=name)


@pytest.fixture
def go_event(metw_event):
    metw_event.decks_per_player = "general_opponent"
    metw_event.save()
    return metw_event


def submit_list(users, event, name, slot, player_type, faces=None):
    return services.submit_decklist(
        users[name], event, METW_COE_WIZARD, player_type, slot=slot, faces_fallen_wizards=faces
    )


def table_of(event, players=("alice", "bob")) -> Table:
    rnd = Round.objects.create(event=event, number=1, seed=1)
    table = Table.objects.create(round=rnd, number=1)
    for position, name in enumerate(players, start=1):
        Seat.objects.create(
            table=table, round=rnd, event=event, registration=reg(event, name), position=position
        )
    return table


def test_a_one_deck_event_keeps_its_one_list_and_refuses_a_slot(metw_event, users):
    version = services.submit_decklist(users["alice"], metw_event, METW_COE_WIZARD)
    assert version.decklist.slot == "" and version.legal
    with pytest.raises(ServiceError) as refused:
        submit_list(users, metw_event, "alice", "vs-hero", "wizard")
    assert refused.value.code == "bad_slot"


def test_each_list_of_the_pair_is_its_own_list_with_its_versions(go_event, users):
    """RULES.md §8: each list is submitted, judged, locked and published like any list."""
    with pytest.raises(ServiceError) as refused:
        services.submit_decklist(users["alice"], go_event, METW_COE_WIZARD)
    assert refused.value.code == "bad_slot" and "against hero" in refused.value.message
    submit_list(users, go_event, "alice", "vs-hero", "wizard")
    submit_list(users, go_event, "alice", "vs-hero", "wizard")
    submit_list(users, go_event, "alice", "vs-minion", "wizard")
    lists = {d.slot: d for d in DeckList.objects.filter(registration=reg(go_event, "alice"))}
    assert {s: d.versions.count() for s, d in lists.items()} == {"vs-hero": 2, "vs-minion": 1}
    _r, versions = services.my_decklist(users["alice"], go_event, "vs-hero")
    assert [v.number for v in versions] == [2, 1]
    entry = AuditEntry.objects.filter(action="decklist.submit").order_by("-pk").first()
    assert entry.after["slot"] == "vs-minion"
    rows = services.event_decklists(users["director"], go_event)
    assert [(r.registration.player.display_name, r.slot, r.version is not None) for r in rows] == [
        ("Alice", "vs-hero", True),
        ("Alice", "vs-minion", True),
        ("Bob", "vs-hero", False),
        ("Bob", "vs-minion", False),
    ]


def test_the_status_is_over_every_list_the_event_asks_for(go_event, users):
    submit_list(users, go_event, "alice", "vs-hero", "wizard")
    status = services.deck_status_for_event(go_event)[reg(go_event, "alice").pk]
    assert (status.submitted, status.legal) == (False, True)
    submit_list(users, go_event, "alice", "vs-minion", "ringwraith")  # hero cards: illegal
    status = services.deck_status_for_event(go_event)[reg(go_event, "alice").pk]
    assert status.submitted and status.legal is False and status.problems_count > 0
    assert reg(go_event, "alice") in services.illegal_decklists(go_event)


def test_naming_one_list_against_fallen_wizards_un_names_the_other(go_event, users):
    """RULES.md §8: the player says which of the two also faces Fallen-wizards."""
    submit_list(users, go_event, "alice", "vs-hero", "wizard", faces=True)
    submit_list(users, go_event, "alice", "vs-minion", "wizard", faces=True)
    named = dict(
        DeckList.objects.filter(registration=reg(go_event, "alice")).values_list(
            "slot", "faces_fallen_wizards"
        )
    )
    assert named == {"vs-hero": False, "vs-minion": True}
    submit_list(users, go_event, "alice", "vs-minion", "wizard")  # not said: left as it is
    assert DeckList.objects.get(
        registration=reg(go_event, "alice"), slot="vs-minion"
    ).faces_fallen_wizards


def test_the_deck_played_follows_the_opponents_alignment(go_event, users):
    """RULES.md §8: a Ringwraith (minion) opponent gets the list against minions; a
    Balrog counts as a minion (reading)."""
    submit_list(users, go_event, "alice", "vs-hero", "wizard")
    submit_list(users, go_event, "alice", "vs-minion", "wizard")
    submit_list(users, go_event, "bob", "vs-hero", "balrog")
    submit_list(users, go_event, "bob", "vs-minion", "balrog")
    table = table_of(go_event)
    assert deck_played(table, reg(go_event, "alice")).slots == ("vs-minion",)
    assert deck_played(table, reg(go_event, "bob")).slots == ("vs-hero",)


def test_undecided_tables_are_recorded_by_their_players_or_the_staff(go_event, users):
    """Reading (docs/decks-per-player.md): two pairs fit; the players record which."""
    for name in ("alice", "bob"):
        submit_list(users, go_event, name, "vs-hero", "ringwraith")
        submit_list(users, go_event, name, "vs-minion", "wizard")
    table = table_of(go_event)
    alice, bob = reg(go_event, "alice"), reg(go_event, "bob")
    assert deck_played(table, alice).code == "two_ways"
    with pytest.raises(NotAllowed):
        tournament_services.record_decks_played(users["stranger"], table, {alice.pk: "vs-hero"})
    with pytest.raises(ServiceError):
        tournament_services.record_decks_played(users["alice"], table, {alice.pk: "sideboard"})
    tournament_services.record_decks_played(users["alice"], table, {alice.pk: "vs-hero"})
    assert deck_played(table, alice).slots == ("vs-hero",)
    # Alice plays a Ringwraith list: Bob's is the one against minions.
    assert deck_played(table, bob).slots == ("vs-minion",)
    entry = AuditEntry.objects.get(action="decks_played")
    assert entry.after["decks_played"] == [[alice.pk, "vs-hero"], [bob.pk, ""]]


def test_the_export_carries_every_list_and_the_decks_recorded(go_event, users):
    for name in ("alice", "bob"):
        submit_list(users, go_event, name, "vs-hero", "ringwraith", faces=True)
        submit_list(users, go_event, name, "vs-minion", "wizard")
    table = table_of(go_event)
    alice = reg(go_event, "alice")
    tournament_services.record_decks_played(users["director"], table, {alice.pk: "vs-minion"})
    document = tournament_services.export_event(go_event)
    part = document["decks"]
    assert [(r["slot"], r["faces_fallen_wizards"]) for r in part["lists"]] == [
        ("vs-hero", True), ("vs-minion", False), ("vs-hero", True), ("vs-minion", False),
    ]  # fmt: skip
    assert part["played"] == [
        {"round": 1, "table": 1, "registration": alice.pk, "slot": "vs-minion"}
    ]
    copy = import_event(document, organizer=users["director"], slug="copy")
    assert copy.decks_per_player == "general_opponent"
    lists = DeckList.objects.filter(registration__event=copy).select_related("current_version")
    assert sorted((d.slot, d.current_version.player_type) for d in lists) == sorted(
        (r["slot"], r["player_type"]) for r in part["lists"]
    )
    assert list(
        Seat.objects.filter(event=copy).exclude(deck_slot="").values_list("deck_slot", flat=True)
    ) == ["vs-minion"]


def test_the_pages_show_the_deck_of_each_seat(go_event, users):
    for name in ("alice", "bob"):
        submit_list(users, go_event, name, "vs-hero", "wizard")
        submit_list(users, go_event, name, "vs-minion", "wizard")
    client = Client()
    client.force_login(users["alice"])
    submit = client.get(f"/decks/events/{go_event.slug}/submit/?slot=vs-minion").content.decode()
    assert "Deck against minion opponents" in submit and 'name="faces_fallen_wizards"' in submit
    table_of(go_event)
    go_event.status = "running"
    go_event.save()
    page = client.get(f"/events/{go_event.slug}/pairings/").content.decode()
    assert "Deck against hero opponents" in page
    mine = client.get(f"/events/{go_event.slug}/me/").content.decode()
    assert "Your deck here" in mine and "Deck against hero opponents" in mine
    slips = Client()
    slips.force_login(users["director"])
    printed = slips.get(f"/events/{go_event.slug}/rounds/1/slips/").content.decode()
    assert printed.count("Deck against hero opponents") == 2


def test_the_director_enters_each_list_at_the_venue_and_the_event_page_says_so(go_event, users):
    director = Client()
    director.force_login(users["director"])
    bob = reg(go_event, "bob")
    url = f"/decks/events/{go_event.slug}/at-the-venue/"
    form = director.get(url).content.decode()
    assert 'name="slot"' in form and "Deck against minion opponents" in form
    body = {"registration": bob.pk, "slot": "vs-minion", "player_type": "wizard",
            "text": METW_COE_WIZARD, "faces_fallen_wizards": "on"}  # fmt: skip
    assert director.post(url, body).status_code == 302
    entered = DeckList.objects.get(registration=bob, slot="vs-minion")
    assert entered.faces_fallen_wizards and entered.current_version.legal
    page = director.get(f"/events/{go_event.slug}/").content.decode()
    assert "Two decks: one against hero opponents, one against minion opponents" in page


def _api(user):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_api_records_the_decks_played_and_the_report_carries_them(go_event, users):
    """Reading (docs/decks-per-player.md): the decks played travel with the result report,
    or on their own; bad input is a 4xx with a code, never a 500."""
    for name in ("alice", "bob"):
        submit_list(users, go_event, name, "vs-hero", "ringwraith")
        submit_list(users, go_event, name, "vs-minion", "wizard")
    table = table_of(go_event)
    go_event.status = "running"
    go_event.save()
    alice, bob = reg(go_event, "alice"), reg(go_event, "bob")
    url = f"/api/v1/events/{go_event.slug}/tables/{table.pk}/"
    shown = _api(users["alice"]).get(url).json()["seats"]
    assert [s["deck"]["reason_code"] for s in shown] == ["two_ways", "two_ways"]
    assert [c["slot"] for c in shown[0]["deck"]["choices"]] == ["vs-hero", "vs-minion"]
    body = {"decks": [{"registration": alice.pk, "slot": "vs-sideboard"}]}
    refused = _api(users["alice"]).post(url + "decks/", body, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "bad_slot"
    stranger = _api(users["stranger"]).post(url + "decks/", body, format="json")
    assert stranger.status_code in (403, 404)
    report = {
        "seats": [
            {"registration": alice.pk, "mps": 20, "deck_slot": "vs-minion"},
            {"registration": bob.pk, "mps": 10},
        ]
    }
    done = _api(users["alice"]).post(url + "report/", report, format="json")
    assert done.status_code == 200, done.content
    decks = {s["registration"]: s["deck"] for s in done.json()["seats"]}
    assert (decks[alice.pk]["slot"], decks[alice.pk]["reason_code"]) == ("vs-minion", "recorded")
    # Alice played her Wizard list: Bob's is the one against heroes.
    assert (decks[bob.pk]["slot"], decks[bob.pk]["reason_code"]) == ("vs-hero", "opponent")


def test_a_refused_report_records_no_deck(go_event, users):
    for name in ("alice", "bob"):
        submit_list(users, go_event, name, "vs-hero", "ringwraith")
        submit_list(users, go_event, name, "vs-minion", "wizard")
    table = table_of(go_event)
    go_event.status = "running"
    go_event.save()
    alice = reg(go_event, "alice")
    url = f"/api/v1/events/{go_event.slug}/tables/{table.pk}/report/"
    bad = {"seats": [{"registration": alice.pk, "mps": -5000, "deck_slot": "vs-hero"}]}
    assert _api(users["alice"]).post(url, bad, format="json").status_code == 400
    assert not Seat.objects.exclude(deck_slot="").exists()


def test_the_overview_and_the_published_lists_name_each_list(go_event, users):
    submit_list(users, go_event, "alice", "vs-hero", "wizard")
    submit_list(users, go_event, "alice", "vs-minion", "wizard")
    director = Client()
    director.force_login(users["director"])
    overview = director.get(f"/decks/events/{go_event.slug}/").content.decode()
    assert "Alice · Deck against hero opponents" in overview
    assert "Alice · Deck against minion opponents" in overview
    alice = reg(go_event, "alice").pk
    sheet = director.get(f"/decks/events/{go_event.slug}/sheet/{alice}/?slot=vs-minion")
    assert sheet.status_code == 200
    assert director.get(f"/decks/events/{go_event.slug}/sheet/{alice}/").status_code == 404


def test_a_game_servers_record_is_compared_with_the_list_played_at_its_table(go_event, users):
    """The cards a server recorded are compared with the list played there (one known
    list), never with a list the table does not say he played."""
    from tournaments.extensions import registered_cards

    submit_list(users, go_event, "alice", "vs-hero", "wizard")
    submit_list(users, go_event, "alice", "vs-minion", "wizard")
    submit_list(users, go_event, "bob", "vs-hero", "wizard")
    submit_list(users, go_event, "bob", "vs-minion", "wizard")
    table = table_of(go_event)
    alice = reg(go_event, "alice")
    cards = registered_cards(alice, table)
    listed = DeckList.objects.get(registration=alice, slot="vs-hero").current_version
    assert cards and sum(cards.values()) == sum(r["count"] for r in listed.parsed["cards"])
    assert registered_cards(alice) is None  # no table: which of his lists is not known


def test_the_player_types_offered_on_the_deck_pages_are_in_the_reader_s_language(go_event, users):
    """The choices were the engine's English labels, untranslated on the Spanish pages."""
    player = Client(HTTP_ACCEPT_LANGUAGE="es")
    player.force_login(users["alice"])
    submit = player.get(f"/decks/events/{go_event.slug}/submit/?slot=vs-hero").content.decode()
    assert "Istar (héroe)" in submit and "Wizard (hero)" not in submit
    director = Client(HTTP_ACCEPT_LANGUAGE="es")
    director.force_login(users["director"])
    venue = director.get(f"/decks/events/{go_event.slug}/at-the-venue/").content.decode()
    assert "Istar (héroe)" in venue and "Wizard (hero)" not in venue


def test_a_round_format_the_site_does_not_know_is_said_on_the_deck_page_not_a_500(users):
    """The PC Worlds preset's rounds use formats a director adds as custom formats
    (RULES.md §8); before he does, a player opening his list page got a server error."""
    from tournaments.services import stage_plan

    event = stage_plan.create_event_from_preset(
        users["director"], "pc-worlds", name="Minas Tirith Worlds", game="lotr-tcg"
    )
    event = tournament_services.open_registration(users["director"], event)
    tournament_services.register_self(users["alice"], event)
    player = Client()
    player.force_login(users["alice"])
    response = player.get(f"/decks/events/{event.slug}/submit/", follow=True)
    assert response.status_code == 200
    said = [str(m) for m in response.context["messages"]]
    assert any("the director adds it as a custom format" in m for m in said)
