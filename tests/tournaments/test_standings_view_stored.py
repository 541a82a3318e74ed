"""The standings page may read the closed rounds' rows from the stored snapshot, never
other standings than the recomputation: 000 Part VI §3 "Scoring", the standings after N
rounds rank exactly those rounds' results (a confirmed result of the running round must
not slip in), in the reader's language."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.tournaments.helpers import make_event, make_user, play_round, play_table, register_users
from tests.tournaments.snapshot_check import line
from tournaments import services

pytestmark = pytest.mark.django_db


def _lines(rows):
    return [line(r) for r in rows]


def _third_round_paired(players: int):
    director = make_user("td")
    event = make_event(director)
    register_users(event, players)
    for seed in (1, 2):
        play_round(director, services.pair_next_round(director, event, seed=seed))
    return director, event, services.pair_next_round(director, event, seed=3)


@pytest.fixture
def second_round_paired():
    return _third_round_paired(8)  # even: nothing of round 3 counts yet; ties to explain


def test_a_bye_in_the_running_round_already_counts_so_it_is_kept_out():
    """A bye is confirmed when it is paired: the snapshot counts it, "after 2 rounds" not;
    those come from the stored closed-rounds stage."""
    _director, event, _rnd = _third_round_paired(9)
    stored = services.standings_view(event, stored=True)
    computed = services.standings_view(event)
    assert not isinstance(stored.rows, list)
    assert _lines(stored.rows) == _lines(computed.rows)
    assert stored.provisional_round == 3


def test_closed_rounds_come_from_the_snapshot_and_equal_the_recomputation(second_round_paired):
    _director, event, _rnd = second_round_paired
    computed = services.standings_view(event)
    stored = services.standings_view(event, stored=True)
    assert not isinstance(stored.rows, list)  # a query: the page reads one page of it
    assert stored.closed_rounds == computed.closed_rounds == 2
    assert _lines(stored.rows) == _lines(computed.rows)
    assert [r.registration.pk for r in stored.rows] == [r.registration.pk for r in computed.rows]
    assert any(r.explanation for r in stored.rows)


def test_a_confirmed_result_of_the_running_round_is_kept_out(second_round_paired):
    director, event, rnd = second_round_paired
    play_table(director, rnd.tables.filter(is_bye=False).first())
    stored = services.standings_view(event, stored=True)
    computed = services.standings_view(event)
    # The snapshot counts that result; the page "after 2 rounds" must not: it reads the
    # stored standings of the closed rounds.
    assert not isinstance(stored.rows, list)
    assert _lines(stored.rows) == _lines(computed.rows)
    assert stored.provisional_round == 3 and _lines(stored.provisional) == _lines(
        computed.provisional
    )


def test_another_language_gets_its_own_explanations(second_round_paired):
    """The snapshot keeps explanations as items: a Spanish reader gets the stored rows,
    put in Spanish words, equal to a recomputation in Spanish."""
    _director, event, _rnd = second_round_paired
    services.snapshot_state(event)  # built in the site's language
    with translation.override("es"):
        stored = services.standings_view(event, stored=True)
        computed = services.standings_view(event)
        assert not isinstance(stored.rows, list)  # read from the snapshot
        assert _lines(stored.rows) == _lines(computed.rows)
        words = " ".join(r.explanation for r in stored.rows)
    assert "empatado" in words, words


def test_signed_in_page_shows_the_stored_rows(client, second_round_paired):
    director, event, _rnd = second_round_paired
    client.force_login(director)
    page = client.get(f"/events/{event.slug}/standings/").content.decode()
    first = services.standings_view(event).rows[0]
    assert first.name in page and "After 2 closed rounds" in page


def test_the_provisional_rows_come_from_the_snapshot(second_round_paired):
    """With round 3 running and one of its results confirmed, the snapshot holds exactly
    the provisional standings: the page reads them, a page at a time, never recomputed."""
    director, event, rnd = second_round_paired
    play_table(director, rnd.tables.filter(is_bye=False).first())
    stored = services.standings_view(event, stored=True)
    computed = services.standings_view(event)
    assert not isinstance(stored.provisional, list)
    assert _lines(stored.provisional) == _lines(computed.provisional)


def test_the_provisional_table_is_paged(client, monkeypatch, second_round_paired):
    director, event, rnd = second_round_paired
    play_table(director, rnd.tables.filter(is_bye=False).first())
    monkeypatch.setattr("tournaments.views.public.STANDINGS_PER_PAGE", 3)
    first = client.get(f"/events/{event.slug}/standings/").content.decode()
    assert "provisional_page=2" in first and "Page 1 of 3" in first
    last = client.get(f"/events/{event.slug}/standings/?provisional_page=3").content.decode()
    provisional = services.standings_view(event).provisional
    assert provisional[-1].name in last.split("Provisional")[1]
    assert provisional[0].name not in last.split("Provisional")[1]


def test_the_standings_api_speaks_the_readers_language(second_round_paired):
    """The stored rows keep their explanation as items: the API puts them in the words of
    each reader (Accept-Language), English and Spanish from the same snapshot."""
    from django.test import Client

    _director, event, _rnd = second_round_paired
    url = f"/api/v1/events/{event.slug}/standings/"
    english = Client().get(url).json()["results"]
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es").get(url).json()["results"]
    assert [r["registration"] for r in english] == [r["registration"] for r in spanish]
    assert any("tied on" in r["explanation"] for r in english)
    assert any("empatado" in r["explanation"] for r in spanish)
    assert not any("tied on" in r["explanation"] for r in spanish)


def test_a_result_of_the_running_round_leaves_the_closed_stage_alone(second_round_paired):
    """Only a change to a closed round, a player or the event rebuilds the standings after
    the closed rounds; the running round's results do not (000 Part VI §3)."""
    from tournaments.models import StandingsSnapshot, StandingsSnapshotRow

    director, event, rnd = second_round_paired
    tables = list(rnd.tables.filter(is_bye=False).order_by("number"))
    play_table(director, tables[0])
    services.standings_view(event, stored=True)
    header = StandingsSnapshot.objects.get(event=event)
    assert header.closed_stage_rounds == 2 and not header.closed_stale
    closed_ids = list(
        StandingsSnapshotRow.objects.filter(event=event, stage=1).values_list("id", "position")
    )
    play_table(director, tables[1])
    assert not StandingsSnapshot.objects.get(event=event).closed_stale
    view = services.standings_view(event, stored=True)
    assert (
        list(
            StandingsSnapshotRow.objects.filter(event=event, stage=1).values_list("id", "position")
        )
        == closed_ids
    )  # not rewritten
    assert _lines(view.rows) == _lines(services.standings_view(event).rows)
    # A correction of a closed round's result does move them (a round two back is
    # unlocked first, on purpose).
    first = event.rounds.get(number=1)
    services.unlock_round_edits(director, first)
    closed_table = first.tables.filter(is_bye=False).first()
    play_table(director, closed_table, [5, 20])
    assert StandingsSnapshot.objects.get(event=event).closed_stale
    view = services.standings_view(event, stored=True)
    assert _lines(view.rows) == _lines(services.standings_view(event).rows)
