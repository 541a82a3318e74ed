"""A player's own report of a best-of-N match that is not decided yet (RULES.md §8): the
games played so far are kept on the table (still pending, nothing confirmed, the
standings unchanged), the opponent sees them and adds the next; a kept game is the
director's to change; the report that decides the match is the normal report for the
other player to confirm. Through the service, the player's page and the API."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from audit.models import AuditEntry
from core.errors import NotAllowed, ServiceError
from tests.tournaments.helpers import api_as, make_event, make_user, register_users, user_of
from tournaments import services
from tournaments.models import ResultChange, Table
from tournaments.services.stage_plan import set_stages

pytestmark = pytest.mark.django_db


def _event(options=None, players=4):
    director = make_user()
    event = make_event(director, game="metw")
    set_stages(director, event, [{"kind": "swiss", "best_of": 3, "options": options or {}}])
    register_users(event, players)
    rnd = services.pair_next_round(director, event)
    table = rnd.tables.filter(is_bye=False).order_by("number").first()
    first, second = (s.registration for s in table.seats.order_by("position"))
    return director, event, table, first, second


def _game(first, second, a, b, **extra):
    return {"mps": {first.pk: a, second.pk: b}, **extra}


def _points(event):
    return {pk: r.score for pk, r in services.player_records(event).items()}


def test_a_player_reports_game_one_and_the_table_keeps_it_pending():
    _director, event, table, first, second = _event()
    standings = _points(event)
    one = _game(first, second, 20, 5)
    table = services.report_result(user_of(first), table, games=[one])
    table.refresh_from_db()
    assert table.status == Table.Status.PENDING and table.games.count() == 1
    assert table.reported_by_id is None and table.confirmed_by_id is None
    assert table.reported_by_registration_id is None
    assert [s.points for s in table.seats.all()] == [None, None]
    assert _points(event) == standings
    change = table.changes.latest("pk")
    assert change.action == ResultChange.Action.REPORT and change.after["status"] == "pending"
    entry = AuditEntry.objects.filter(action="result_games_so_far_reported").get()
    assert len(entry.after["games"]) == 1
    # The opponent adds game 2, the kept game sent as it is: one all, still pending.
    two = _game(first, second, 4, 16)
    table = services.report_result(user_of(second), table, games=[one, two])
    table.refresh_from_db()
    assert table.status == Table.Status.PENDING and table.games.count() == 2
    assert _points(event) == standings
    # Game 3 decides: the normal report, for the other player to confirm.
    three = _game(first, second, 18, 9)
    table = services.report_result(user_of(first), table, games=[one, two, three])
    assert table.status == Table.Status.REPORTED and table.reported_by_registration_id == first.pk
    table = services.confirm_result(user_of(second), table)
    assert table.status == Table.Status.CONFIRMED and table.games.count() == 3
    assert [s.mps for s in table.seats.order_by("position")] == [2, 1]


def test_a_kept_game_is_the_directors_to_change():
    director, _ev, table, first, second = _event()
    one = _game(first, second, 20, 5)
    services.report_result(user_of(first), table, games=[one])
    # Neither player changes game 1, nor leaves it out, his own report included.
    for user in (user_of(second), user_of(first)):
        with pytest.raises(ServiceError) as caught:
            services.report_result(user, table, games=[_game(first, second, 5, 20)])
        assert caught.value.code == "kept_game_changed"
        assert caught.value.problems[0]["game"] == 1
        assert "only the director changes" in caught.value.message
    with pytest.raises(ServiceError) as caught:
        services.report_result(
            user_of(second), table,
            games=[_game(first, second, 5, 20), *[_game(first, second, 5, 20)] * 2],
        )  # fmt: skip
    assert caught.value.code == "kept_game_changed"  # a deciding report too
    with pytest.raises(ServiceError) as caught:
        services.report_result(user_of(second), table, games=[])
    assert caught.value.code == "no_games"
    table.refresh_from_db()
    assert table.games.count() == 1 and table.games.get().won_by_id == first.pk
    # The director does change it; the players then go on from his game.
    services.director_enter_result(director, table, games=[_game(first, second, 5, 20)])
    table = services.report_result(
        user_of(first), table, games=[_game(first, second, 5, 20), _game(first, second, 20, 1)]
    )
    assert table.games.count() == 2 and table.status == Table.Status.PENDING


def test_a_kept_game_left_out_is_refused_and_the_same_games_again_change_nothing():
    _director, _ev, table, first, second = _event()
    one, two = _game(first, second, 20, 5), _game(first, second, 20, 5)
    services.report_result(user_of(first), table, games=[one])
    table.refresh_from_db()
    version, changes = table.version, table.changes.count()
    again = services.report_result(user_of(second), table, games=[one], version=version)
    again.refresh_from_db()
    assert again.version == version and again.changes.count() == changes
    # A page sent twice: the second one is stale, and says so.
    services.report_result(user_of(first), table, games=[one, _game(first, second, 3, 9)])
    with pytest.raises(ServiceError) as caught:
        services.report_result(user_of(second), table, games=[one, two], version=version)
    assert caught.value.code == "stale"
    # One game sent where two are kept: it would take game 2 out.
    with pytest.raises(ServiceError) as caught:
        services.report_result(user_of(second), table, games=[one])
    assert caught.value.code == "kept_game_missing" and caught.value.problems[0]["game"] == 2


def test_only_the_players_at_the_table_report_its_games():
    _director, _ev, table, first, second = _event()
    other = table.round.tables.filter(is_bye=False).exclude(pk=table.pk).first()
    stranger = other.seats.first().registration
    with pytest.raises(NotAllowed):
        services.report_result(user_of(stranger), table, games=[_game(first, second, 20, 5)])
    with pytest.raises(NotAllowed):
        services.report_result(make_user("visitor"), table, games=[_game(first, second, 20, 5)])
    assert not table.games.exists()


def test_a_tie_the_director_counted_stays_his_and_a_players_tie_waits_for_him():
    director, _ev, table, first, second = _event(options={"tie": "director"})
    tie = _game(first, second, 10, 10)
    # A player cannot count a tie; he may report it as played, and the match waits.
    with pytest.raises(ServiceError) as caught:
        services.report_result(user_of(first), table, games=[{**tie, "counts_for": first.pk}])
    assert caught.value.code == "tie_for_director"
    services.report_result(user_of(first), table, games=[tie])
    with pytest.raises(ServiceError) as caught:
        services.report_result(user_of(second), table, games=[tie, _game(first, second, 20, 5)])
    assert caught.value.code == "tie_for_director" and caught.value.problems[0]["game"] == 1
    # The director counts it; the players' form has no field for his count: kept as counted.
    services.director_enter_result(director, table, games=[{**tie, "counts_for": second.pk}])
    table = services.report_result(user_of(first), table, games=[tie, _game(first, second, 20, 5)])
    assert table.status == Table.Status.PENDING
    table = services.report_result(
        user_of(second), table, games=[tie, _game(first, second, 20, 5), _game(first, second, 1, 9)]
    )
    assert table.status == Table.Status.REPORTED
    assert table.games.order_by("number").first().decided_for_id == second.pk
    assert [s.mps for s in table.seats.order_by("position")] == [1, 2]


def test_a_standing_report_is_not_replaced_by_games_so_far():
    _director, _ev, table, first, second = _event()
    decided = [_game(first, second, 20, 5), _game(first, second, 20, 5)]
    services.report_result(user_of(first), table, games=decided)
    with pytest.raises(ServiceError) as caught:
        services.report_result(user_of(first), table, games=decided[:1])
    assert caught.value.code == "undecided"


# The player's page.


def _post(client, event, table, games, version):
    post = {"version": str(version)}
    for n, (a, b) in enumerate(games, start=1):
        first, second = (s.registration_id for s in table.seats.order_by("position"))
        post |= {f"g{n}_mps_{first}": str(a), f"g{n}_mps_{second}": str(b)}
    url = reverse("table-action", args=[event.slug, table.pk, "report"])
    return client.post(url, post, follow=True).content.decode()


def test_the_players_page_reports_the_games_so_far_and_shows_them_to_the_opponent(client):
    _director, event, table, first, second = _event()
    client.force_login(user_of(first))
    page = _post(client, event, table, [(20, 5)], table.version)
    assert "Games played so far saved: the match is not decided yet." in page
    table.refresh_from_db()
    assert table.status == Table.Status.PENDING and table.games.count() == 1
    client.force_login(user_of(second))
    page = client.get(reverse("my-event", args=[event.slug])).content.decode()
    assert 'id="games-so-far"' in page
    assert f"Game 1: won by {first.player.display_name}" in page
    assert "Game 1 (saved)" in page and f'name="g1_mps_{first.pk}" value="20"' in page
    assert "Report the result" in page  # the opponent adds the next game on the same form
    # A changed game 1 comes back refused at that game, with what was typed.
    page = _post(client, event, table, [(5, 20), (3, 9)], table.version)
    game1 = page[page.index("Game 1 (saved)</legend>") :]
    game1 = game1[: game1.index("</fieldset>")]
    assert "Not saved:" in game1 and "only the director changes a saved game" in game1
    assert f'name="g1_mps_{first.pk}" value="5" aria-describedby="refused-{table.pk}"' in game1
    assert f'name="g2_mps_{first.pk}" value="3"' in page
    # The next game added: one all.
    page = _post(client, event, table, [(20, 5), (3, 9)], table.version)
    assert "Games played so far saved" in page
    table.refresh_from_db()
    assert table.games.count() == 2 and table.status == Table.Status.PENDING
    # The same games again: nothing new.
    page = _post(client, event, table, [(20, 5), (3, 9)], table.version)
    assert "No new game: the games played so far are unchanged." in page
    # The deciding game: the normal report.
    page = _post(client, event, table, [(20, 5), (3, 9), (2, 19)], table.version)
    assert "Result reported: waiting for your opponent to confirm." in page
    table.refresh_from_db()
    assert table.status == Table.Status.REPORTED


def test_the_players_page_in_spanish(client):
    _director, event, table, first, second = _event()
    client.force_login(user_of(first))
    url = reverse("table-action", args=[event.slug, table.pk, "report"])
    post = {"version": str(table.version), f"g1_mps_{first.pk}": "20", f"g1_mps_{second.pk}": "5"}
    page = client.post(url, post, follow=True, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    try:
        assert "Partidas jugadas hasta ahora guardadas" in page
        assert "Enfrentamiento en curso" in page
        post[f"g1_mps_{first.pk}"] = "1"
        page = client.post(url, {**post, "version": str(table.version + 1)}, follow=True,
                           HTTP_ACCEPT_LANGUAGE="es").content.decode()  # fmt: skip
        assert "solo el director cambia una partida guardada" in page
    finally:
        translation.activate("en")


# The API.


def _seats(first, second, a, b):
    return {"seats": [{"registration": first.pk, "mps": a}, {"registration": second.pk, "mps": b}]}


def test_the_api_report_keeps_the_games_so_far():
    _director, event, table, first, second = _event()
    url = f"/api/v1/events/{event.slug}/tables/{table.pk}/report/"
    one, two = _seats(first, second, 20, 5), _seats(first, second, 20, 7)
    answer = api_as(user_of(first)).post(url, {"games": [one]}, format="json")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["status"] == "pending" and len(body["games"]) == 1
    assert body["games"][0]["won_by"] == first.pk
    # The opponent reads them on the table, and cannot change them.
    shown = api_as(user_of(second)).get(f"/api/v1/events/{event.slug}/tables/{table.pk}/")
    assert len(shown.json()["games"]) == 1
    refused = api_as(user_of(second)).post(
        url, {"games": [_seats(first, second, 5, 20)]}, format="json"
    )
    assert refused.status_code == 400 and refused.json()["code"] == "kept_game_changed"
    outsider = api_as(make_user("outsider")).post(url, {"games": [one, two]}, format="json")
    assert outsider.status_code == 403
    done = api_as(user_of(second)).post(url, {"games": [one, two]}, format="json").json()
    assert done["status"] == "reported" and len(done["games"]) == 2
    confirm = f"/api/v1/events/{event.slug}/tables/{table.pk}/confirm/"
    assert api_as(user_of(first)).post(confirm, {}, format="json").json()["status"] == "confirmed"
