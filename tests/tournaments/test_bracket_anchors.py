"""On a phone the bracket page is thousands of pixels tall: saving a playoff game or
deciding a tie comes back to that match, and the dashboard's table result form to its
table's row."""

from __future__ import annotations

import pytest

from tests.tournaments.helpers import make_event, make_user, register_users
from tests.tournaments.test_playoff_best_of import final_of_two
from tournaments import services
from tournaments.models import PlayoffMatch

pytestmark = pytest.mark.django_db


def test_a_bracket_result_and_a_tie_decision_come_back_to_their_match(client):
    director, event, match = final_of_two(tie="director")
    client.force_login(director)
    url = f"/events/{event.slug}/bracket/"
    assert f'id="match-{match.pk}"' in client.get(url).content.decode()
    form = {"match": match.pk, "high_mps": "10", "low_mps": "10", "outcome": "normal"}
    response = client.post(url + "result/", form)
    assert response.status_code == 302 and response["Location"] == f"{url}#match-{match.pk}"
    match.refresh_from_db()
    assert match.status == PlayoffMatch.Status.TIED
    response = client.post(url + "decide/", {"match": match.pk, "winner": match.low_id})
    assert response["Location"] == f"{url}#match-{match.pk}"
    # A refused game (a garbled match) still comes back to the page, not to a 500.
    response = client.post(url + "result/", {**form, "match": "x"})
    assert response.status_code == 302 and response["Location"] == url


def test_the_dashboard_result_form_comes_back_to_its_tables_row(client):
    director = make_user("td-anchor")
    event = make_event(director, planned_rounds=2)
    register_users(event, 4)
    rnd = services.pair_next_round(director, event, seed=1)
    table = rnd.tables.filter(is_bye=False).first()
    a, b = (s.registration_id for s in table.seats.order_by("position"))
    client.force_login(director)
    dash = f"/events/{event.slug}/manage/"
    response = client.post(
        f"/events/{event.slug}/tables/{table.pk}/set/",
        {f"mps_{a}": "20", f"mps_{b}": "8", "outcome": "normal", "next": dash + "?tables_page=1"},
    )
    assert response["Location"] == f"{dash}?tables_page=1#t{table.pk}"
    assert f'id="t{table.pk}"' in client.get(dash).content.decode()
