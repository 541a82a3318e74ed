"""An ejected player's open table. RULES.md §3 "Warnings" (two for the same offense, or
any three, eject; cheating at once) and its Reading (an ejected player is dropped from
later pairings, his played games stand) are silent on the game he is playing; the
project's reading (rules_engine.ejection, docs/directors-guide.md "Rule readings"): that
game is lost by him and won in full by his opponent, not rated, audited, correctable."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from audit.models import AuditEntry
from core.errors import ServiceError
from rules_engine.ejection import EJECTION
from tests.tournaments.helpers import make_event, make_user, play_table, register_users
from tournaments import services
from tournaments.models import Table
from tournaments.services.transfer.imports import import_event
from tournaments.words.audit_entries import entry_sentence
from tournaments.words.problems import stored_band_words

pytestmark = pytest.mark.django_db


@pytest.fixture
def running():
    director = make_user("td")
    event = make_event(director)
    register_users(event, 6)
    rnd = services.pair_next_round(director, event, seed=5)
    tables = list(rnd.tables.filter(is_bye=False).order_by("number"))
    return director, event, rnd, tables


def seats(table):
    return [s.registration for s in table.seats.order_by("position")]


def test_the_ejected_players_open_game_is_lost_by_him(running):
    director, event, _rnd, tables = running
    ejected, opponent = seats(tables[0])
    services.issue_penalty(director, ejected, "cheating")
    table = Table.objects.get(pk=tables[0].pk)
    assert table.status == Table.Status.CONFIRMED
    assert table.outcome == EJECTION and table.winner_id == opponent.pk
    points = {s.registration_id: (s.points, s.outcome) for s in table.seats.all()}
    # The full ordinary win of an MP game: ratio ≥ 2, 6–0 (RULES.md §2).
    assert points == {opponent.pk: (6, "win"), ejected.pk: (0, "loss")}
    assert services.player_records(event)[opponent.pk].score == 6
    # The other tables are not touched.
    for other in tables[1:]:
        other.refresh_from_db()
        assert other.status == Table.Status.PENDING
    # Audited, in words, with both players named.
    entry = AuditEntry.objects.get(action="result_ejection")
    assert entry.actor == director
    assert entry.after["ejected"] == ejected.player.display_name
    assert entry.after["winner"] == opponent.player.display_name
    assert "ejected player's unfinished game" in entry_sentence(entry)
    with translation.override("es"):
        assert "expulsión" in stored_band_words(table.band)
    assert "ejection" in stored_band_words(table.band)


def test_a_played_or_reported_game_stands(running):
    """RULES.md §3 Reading: his played games stand (and a reported one is the director's)."""
    director, _event, _rnd, tables = running
    a, _b = seats(tables[0])
    play_table(director, tables[0], [5, 20])
    c, _d = seats(tables[1])
    services.report_result(
        c.player.user, tables[1], {r.pk: m for r, m in zip(seats(tables[1]), [9, 3], strict=True)}
    )
    services.issue_penalty(director, a, "cheating")
    services.issue_penalty(director, c, "cheating")
    tables[0].refresh_from_db()
    tables[1].refresh_from_db()
    assert tables[0].outcome == "normal" and tables[0].winner_id is None
    assert tables[1].status == Table.Status.REPORTED
    assert not AuditEntry.objects.filter(action="result_ejection").exists()


def test_the_director_can_correct_it(running):
    director, _event, _rnd, tables = running
    ejected, opponent = seats(tables[0])
    services.issue_penalty(director, ejected, "slow_play")
    services.issue_penalty(director, ejected, "slow_play")  # the second one ejects
    table = services.director_set_result(director, tables[0], {ejected.pk: 12, opponent.pk: 10})
    assert table.outcome == "normal"
    assert sorted(table.seats.values_list("points", flat=True)) == [2, 4]


def test_nobody_decides_a_game_by_an_ejection_that_did_not_happen(running):
    director, _event, _rnd, tables = running
    _a, b = seats(tables[0])
    with pytest.raises(ServiceError) as refused:
        services.director_set_result(director, tables[0], outcome=EJECTION, winner=b.pk)
    assert refused.value.code == "not_ejected"


def test_the_players_card_and_pairings_say_it_in_words(client, running):
    director, event, _rnd, tables = running
    ejected, opponent = seats(tables[0])
    services.issue_penalty(director, ejected, "cheating")
    client.force_login(opponent.player.user)
    page = client.get(reverse("event-pairings", args=[event.slug])).content.decode()
    assert "won by the opponent&#x27;s ejection (6–0)" in page or "ejection (6–0)" in page


def test_lifting_the_ejection_reopens_the_table(running):
    """RULES.md §3: rescinded warnings no longer count; the ejection they caused is lifted,
    and the game it decided waits for its result again."""
    director, _event, _rnd, tables = running
    ejected, _opponent = seats(tables[0])
    services.issue_penalty(director, ejected, "slow_play")
    second = services.issue_penalty(director, ejected, "slow_play")
    tables[0].refresh_from_db()
    assert tables[0].outcome == EJECTION
    services.rescind_penalty(director, second.pk, "misread the clock")
    ejected.refresh_from_db()
    tables[0].refresh_from_db()
    assert not ejected.ejected
    assert tables[0].status == Table.Status.PENDING and tables[0].outcome == "normal"


def test_the_api_shows_and_takes_the_outcome(running):
    director, event, _rnd, tables = running
    ejected, opponent = seats(tables[0])
    api = APIClient()
    api.force_authenticate(director)
    base = f"/api/v1/events/{event.slug}/tables/"
    refused = api.post(
        base + f"{tables[1].pk}/set/",
        {"outcome": EJECTION, "winner": seats(tables[1])[0].pk},
        format="json",
    )
    assert refused.status_code == 400 and refused.json()["code"] == "not_ejected"
    services.issue_penalty(director, ejected, "cheating")
    shown = api.get(base + f"{tables[0].pk}/").json()
    assert shown["outcome"] == EJECTION and shown["winner"] == opponent.pk
    # Voided and entered again by the director, as any result.
    api.post(base + f"{tables[0].pk}/void/", {}, format="json")
    again = api.post(
        base + f"{tables[0].pk}/set/", {"outcome": EJECTION, "winner": opponent.pk}, format="json"
    )
    assert again.status_code == 200, again.content


def test_the_results_grid_keeps_the_decided_row_as_it_is(client, running):
    director, event, _rnd, tables = running
    ejected, opponent = seats(tables[0])
    services.issue_penalty(director, ejected, "cheating")
    client.force_login(director)
    url = reverse("results-grid", args=[event.slug, 1])
    page = client.get(url).content.decode()
    assert "Lost by the ejected player" in page
    prefix = f"t{tables[0].pk}-"
    post = {
        f"{prefix}mps-{ejected.pk}": "",
        f"{prefix}mps-{opponent.pk}": "",
        f"{prefix}outcome": EJECTION,
        f"{prefix}winner": str(opponent.pk),
    }
    response = client.post(url, post)
    assert response.status_code == 302  # sent back as shown: nothing refused, nothing changed
    tables[0].refresh_from_db()
    assert tables[0].outcome == EJECTION


def test_an_export_carries_the_decided_game_back_in(running):
    director, event, _rnd, tables = running
    ejected, opponent = seats(tables[0])
    services.issue_penalty(director, ejected, "cheating")
    document = services.export_event(event)
    imported = import_event(document, organizer=director, slug="rivendell-again")
    table = Table.objects.get(round__event=imported, round__number=1, number=tables[0].number)
    assert table.outcome == EJECTION
    points = {s.registration.player.display_name: s.points for s in table.seats.all()}
    assert points == {opponent.player.display_name: 6, ejected.player.display_name: 0}
