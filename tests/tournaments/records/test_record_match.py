"""Server records at a table that plays a match of best of N (RULES.md §8: "a match of
best of N games: the match winner is the first to win more than half; each game scored
by its game's own rules"; online events): one record is one game, the next of the match;
the answer says where the match stands; the record that decides the match reports it
whole (a player's report for the opponent to confirm, the staff's entry)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from tests.tournaments.helpers import user_of
from tests.tournaments.records.helpers import post, read, table_of
from tournaments.models import ServerRecord, Table
from tournaments.services.results.input import stored_game
from tournaments.services.results.match import game_input, match_with_game

pytestmark = pytest.mark.django_db
HERE = Path(__file__).parent
GEMP_NAMES = ("aragorn77", "saruman_fan")
# aragorn77 wins the first; saruman_fan wins the two others.
A_WINS = read("gemp_site9_built.xml")
B_WINS = read("gemp_concession_built.xml")
B_WINS_AGAIN = base64.b64encode((HERE / "gemp_ringbearer_dead_built.xml.gz").read_bytes()).decode()


def _gemp_match(**options):
    stage = {"kind": "swiss", "best_of": 3, "options": options}
    return table_of("lotr-tcg", GEMP_NAMES, field="gemp_name", stages=[stage])


def _ok(response):
    assert response.status_code == 200, response.content
    return response.json()


def test_each_record_fills_the_next_game_and_the_deciding_one_enters_the_match():
    director, event, table, a, b = _gemp_match()
    an, bn = a.player.display_name, b.player.display_name
    first = _ok(post(director, event, table, server="gemp", record=A_WINS))
    assert first["match"] == f"Game 1 of 3 recorded: {an} 1–0 {bn}."
    assert first["table"]["status"] == "pending"
    assert [g["won_by"] for g in first["table"]["games"]] == [a.pk]
    second = _ok(post(director, event, table, server="gemp", record=B_WINS))
    assert second["match"] == f"Game 2 of 3 recorded: {an} 1–1 {bn}."
    assert second["table"]["status"] == "pending"
    third = _ok(post(director, event, table, server="gemp", record=B_WINS_AGAIN))
    assert third["match"] == f"Game 3 of 3 recorded: {bn} wins the match 2–1."
    table.refresh_from_db()
    assert table.status == Table.Status.CONFIRMED and table.winner_id == b.pk
    assert [g.won_by_id for g in table.games.order_by("number")] == [a.pk, b.pk, b.pk]
    # The LOTR TCG table is win/loss (RULES.md §2 Reading): the match winner has the win.
    assert {s.registration_id: s.points for s in table.seats.all()} == {a.pk: 0, b.pk: 1}
    assert [r["game"] for r in ServerRecord.objects.order_by("pk").values_list(
        "reading", flat=True)] == [1, 2, 3]  # fmt: skip


def test_players_records_report_the_match_and_the_opponents_same_record_confirms_it():
    _director, event, table, a, b = _gemp_match()
    _ok(post(user_of(a), event, table, server="gemp", record=B_WINS))
    again = post(user_of(b), event, table, server="gemp", record=B_WINS)
    assert again.status_code == 400 and again.json()["code"] == "record_game_read"
    assert "already read as game 1" in again.json()["detail"]
    decided = _ok(post(user_of(b), event, table, server="gemp", record=B_WINS_AGAIN))
    assert decided["table"]["status"] == "reported"
    assert decided["match"].endswith("wins the match 2–0.")
    confirmed = _ok(post(user_of(a), event, table, server="gemp", record=B_WINS_AGAIN))
    assert confirmed["table"]["status"] == "confirmed"
    later = post(user_of(a), event, table, server="gemp", record=A_WINS)
    assert later.status_code == 400 and later.json()["code"] == "record_match_has_result"


def test_the_loser_chooses_and_the_answer_says_who():
    """PC Worlds (RULES.md §8): the loser of each game chooses the next game's format."""
    _director, event, table, a, b = _gemp_match(loser_chooses_format=True)
    body = _ok(post(user_of(b), event, table, server="gemp", record=A_WINS))
    assert body["match"].endswith(f"{b.player.display_name} chooses the next game's format.")
    # GEMP names the format as the event does ("Tower Block" is tower-block here).
    chosen = B_WINS.replace('format="PC-Fellowship"', 'format="Tower Block"')
    body = _ok(post(user_of(b), event, table, server="gemp", record=chosen))
    assert body["match"].endswith(f"{a.player.display_name} chooses the next game's format.")
    played = [(g["format"], g["chosen_by"]) for g in body["table"]["games"]]
    assert played == [("", None), ("tower-block", b.pk)]
    # A format the event does not have is kept as the round's, and the answer says so.
    unknown = _ok(post(user_of(a), event, table, server="gemp", record=B_WINS))
    assert "(PC-Fellowship) is none of this event's formats" in unknown["reading"][-1]
    assert unknown["table"]["status"] == "reported"


def _token(first: str, second: str, a_chars: int, b_chars: int, when: int) -> str:
    return json.dumps(
        {"score": {"x": {"character": a_chars}, "y": {"character": b_chars}},
         "players": {"x": first, "y": second}, "date": when}
    )  # fmt: skip


def test_a_metw_tie_left_to_the_director_stops_the_records_until_he_counts_it():
    names = ("ElrondOfImladris", "Lugdush")
    stage = {"kind": "swiss", "best_of": 3, "options": {"tie": "director"}}
    director, event, table, _a, _b = table_of("metw", names, stages=[stage])
    tie = _token(*names, 10, 10, 1741462095000)
    body = _ok(post(director, event, table, server="meccg-online", record=tie))
    assert "the director names the player it counts for" in body["match"]
    after = _token(*names, 20, 2, 1741462195000)
    refused = post(director, event, table, server="meccg-online", record=after)
    assert refused.status_code == 400 and refused.json()["code"] == "tie_for_director"
    table.refresh_from_db()
    assert table.status == Table.Status.PENDING and table.games.count() == 1
    assert table.games.get().council is not None  # the Free Council counted here, kept


def test_a_stored_game_is_reported_again_as_it_was_read_council_included():
    names = ("ElrondOfImladris", "Lugdush")
    stage = {"kind": "swiss", "best_of": 3}
    director, event, table, _a, _b = table_of("metw", names, stages=[stage])
    _ok(post(director, event, table, server="meccg-online", record=read("meccg_token_built.txt")))
    table.refresh_from_db()
    done = [stored_game(g) for g in table.games.all()]
    again = match_with_game(table, done[:0], game_input(done[0]), may_decide=True)
    assert again.games[0].same_result(done[0]) and again.games[0].council == done[0].council


def test_the_match_answer_is_in_spanish(settings):
    director, event, table, _a, _b = _gemp_match()
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(director)
    url = f"/api/v1/events/{event.slug}/tables/{table.pk}/record/"
    body = api.post(url, {"server": "gemp", "record": A_WINS}, format="json",
                    HTTP_ACCEPT_LANGUAGE="es").json()  # fmt: skip
    assert body["match"].startswith("Partida 1 de 3 registrada:")
    again = api.post(url, {"server": "gemp", "record": A_WINS}, format="json",
                     HTTP_ACCEPT_LANGUAGE="es").json()  # fmt: skip
    assert again["detail"] == "Este registro ya se leyó como la partida 1 de este enfrentamiento."
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
