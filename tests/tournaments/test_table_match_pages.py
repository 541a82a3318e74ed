"""A match of best of N entered on the pages (RULES.md §8): the table's result form on
the dashboard and the results grid take one row per game; a refused match comes back
with what was typed and its reason."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.helpers import make_event, make_user, register_users
from tournaments import services
from tournaments.models import Table
from tournaments.services.stage_plan import set_stages

pytestmark = pytest.mark.django_db


@pytest.fixture
def paired(client):
    director = make_user("td-match")
    client.force_login(director)
    event = make_event(director, game="metw")
    set_stages(director, event, [{"kind": "swiss", "best_of": 3}])
    register_users(event, 4)
    rnd = services.pair_next_round(director, event)
    return event, list(rnd.tables.filter(is_bye=False).order_by("number"))


def _seats(table):
    return list(table.seats.order_by("position").values_list("registration_id", flat=True))


def test_the_dashboard_form_shows_a_row_per_game_and_saves_the_match(client, paired):
    event, tables = paired
    table = tables[0]
    page = client.get(reverse("event-dashboard", args=[event.slug]))
    assert page.status_code == 200
    assert "A match of best of 3" in page.content.decode()
    a, b = _seats(table)
    url = reverse("table-action", args=[event.slug, table.pk, "set"])
    post = {"version": str(table.version), f"g1_mps_{a}": "20", f"g1_mps_{b}": "5",
            f"g2_mps_{a}": "4", f"g2_mps_{b}": "16", f"g3_mps_{a}": "18",
            f"g3_mps_{b}": "12"}  # fmt: skip
    response = client.post(url, post)
    assert response.status_code in (200, 302)
    table.refresh_from_db()
    assert table.status == Table.Status.CONFIRMED and table.games.count() == 3
    assert list(table.seats.order_by("position").values_list("points", flat=True)) == [6, 0]


def test_the_dashboard_form_saves_a_match_not_decided_yet_as_its_games_so_far(client, paired):
    event, tables = paired
    table = tables[1]
    a, b = _seats(table)
    url = reverse("table-action", args=[event.slug, table.pk, "set"])
    post = {"version": str(table.version), f"g1_mps_{a}": "20", f"g1_mps_{b}": "5"}
    page = client.post(url, post, follow=True).content.decode()
    assert f"Games of table {table.number} saved: the match is not decided yet" in page
    assert "Not saved" not in page
    table.refresh_from_db()
    assert table.status == Table.Status.PENDING and table.games.count() == 1
    assert "Match in progress: the games played so far are saved." in page
    assert f'name="g1_mps_{a}" value="20"' in page  # the form shows the game stored
    # Only the game that decides the match completes the table.
    post = {**post, "version": str(table.version), f"g2_mps_{a}": "18", f"g2_mps_{b}": "3"}
    client.post(url, post)
    table.refresh_from_db()
    assert table.status == Table.Status.CONFIRMED and table.games.count() == 2


def test_a_refused_game_keeps_what_was_typed_with_its_reason_at_that_game(client, paired):
    event, tables = paired
    table = tables[1]
    a, b = _seats(table)
    url = reverse("table-action", args=[event.slug, table.pk, "set"])
    post = {"version": str(table.version), f"g1_mps_{a}": "20", f"g1_mps_{b}": "5",
            f"g2_mps_{a}": "20", f"g2_mps_{b}": "5", f"g3_mps_{a}": "5",
            f"g3_mps_{b}": "20"}  # fmt: skip
    client.post(url, post)
    table.refresh_from_db()
    assert table.status == Table.Status.PENDING and not table.games.exists()
    page = client.get(reverse("event-dashboard", args=[event.slug])).content.decode()
    row = page[page.index(f'id="t{table.pk}"') :]
    game3 = row[row.index("Game 3</legend>") :]
    game3 = game3[: game3.index("</fieldset>")]
    assert "Game 3 comes after the match was decided" in game3
    assert f'name="g3_mps_{a}" value="5" aria-describedby="refused-{table.pk}"' in game3
    assert f'name="g1_mps_{a}" value="20"' in page


def test_the_results_grid_saves_matches_game_by_game(client, paired):
    event, tables = paired
    post = {}
    for table in tables:
        a, b = _seats(table)
        p = f"t{table.pk}-"
        post |= {f"{p}version": str(table.version), f"{p}g1_mps_{a}": "20", f"{p}g1_mps_{b}": "5",
                 f"{p}g2_mps_{a}": "20", f"{p}g2_mps_{b}": "5"}  # fmt: skip
    page = client.get(reverse("results-grid", args=[event.slug, 1]))
    assert "Best of 3" in page.content.decode()
    response = client.post(reverse("results-grid", args=[event.slug, 1]), post)
    assert response.status_code == 302
    for table in tables:
        table.refresh_from_db()
        assert table.status == Table.Status.CONFIRMED and table.games.count() == 2
    # Typed again as stored: nothing changes.
    again = client.post(reverse("results-grid", args=[event.slug, 1]), post, follow=True)
    assert "Nothing changed" in again.content.decode()


def test_the_audit_trail_says_a_matchs_games_in_words(client, paired):
    event, tables = paired
    table = tables[0]
    a, b = _seats(table)
    director = event.organizer
    games = [{"mps": {a: 9, b: 9}}, {"mps": {a: 20, b: 5}}, {"mps": {a: 20, b: 5}}]
    services.director_set_result(director, table, games=games)
    html = client.get(f"/audit/events/{event.slug}/?kind=result").content.decode()
    name = table.seats.get(registration_id=a).registration.player.display_name
    assert "Game 1: tied, replayed" in html
    assert f"Game 3: won by {name}" in html
    assert "won_by" not in html  # words, not the stored data


def test_the_director_sets_a_stages_matches_on_the_stages_page(client):
    director = make_user("td-stage-match")
    client.force_login(director)
    event = make_event(director, game="lotr-tcg")
    set_stages(director, event, [{"kind": "swiss"}])
    url = reverse("stage-action", args=[event.slug, "match"])
    page = client.get(reverse("event-stages", args=[event.slug])).content.decode()
    assert "Match length" in page
    client.post(url, {"position": "1", "best_of": "3", "tie": "director", "loser_chooses": "on"})
    stage = event.stages.get(position=1)
    assert stage.best_of == 3
    assert stage.options["tie"] == "director" and stage.options["loser_chooses_format"]
    page = client.get(reverse("event-stages", args=[event.slug])).content.decode()
    assert "A tied game counts for the player the director names." in page
    bad = client.post(url, {"position": "1", "best_of": "2", "tie": "replay"}, follow=True)
    assert "a match is best of an odd number of games" in bad.content.decode()
    assert event.stages.get().best_of == 3
    register_users(event, 2)
    services.pair_next_round(director, event)
    refused = client.post(url, {"position": "1", "best_of": "1", "tie": "replay"}, follow=True)
    assert "can no longer change" in refused.content.decode()
    assert event.stages.get().best_of == 3


def test_the_pairings_say_games_won_at_a_match_table(client, paired):
    event, tables = paired
    table = tables[0]
    a, b = _seats(table)
    games = [{"mps": {a: 20, b: 5}}, {"mps": {a: 3, b: 20}}, {"mps": {a: 20, b: 5}}]
    services.director_set_result(event.organizer, table, games=games)
    page = client.get(reverse("event-pairings", args=[event.slug])).content.decode()
    assert "2 games won" in page and "1 game won" in page


def test_the_result_slips_have_a_column_per_game(client, paired):
    event, _tables = paired
    page = client.get(reverse("print-slips", args=[event.slug, 1])).content.decode()
    assert "Best of 3: one column per game" in page
    assert "Game 3</th>" in page
