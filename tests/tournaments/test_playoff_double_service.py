"""Double elimination run in the playoff services, pages and API (RULES.md §8, Players'
Council Worlds: the top 8 play double elimination, a format per bracket side; reading:
no bracket reset unless the event sets it)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from audit.models import AuditEntry
from core.errors import ServiceError
from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services
from tournaments.models import EventSettings, PlayoffMatch
from tournaments.services.playoff import playoff_reached

pytestmark = pytest.mark.django_db
DOUBLE = EventSettings.PlayoffKind.DOUBLE


def _swiss_done(cut=5, reset=False, players=8, rounds=3):
    director = make_user("td")
    event = make_event(director, planned_rounds=rounds)
    register_users(event, players)
    services.set_top_cut(director, event, cut, "replay", kind=DOUBLE, reset=reset)
    for n in range(rounds):
        play_round(director, services.pair_next_round(director, event, seed=10 + n))
    return director, event


def _play_all(director, event, high_wins=True):
    """LoRE: more marshalling points win (RULES.md §2); the high seat wins or loses."""
    for _ in range(40):
        match = event.playoff_matches.filter(status=PlayoffMatch.Status.PENDING).first()
        if match is None:
            return
        mps = (12, 5) if high_wins else (5, 12)
        services.report_playoff_result(director, event, match.pk, *mps)
    raise AssertionError("the playoff never ended")


def test_a_top_five_gives_byes_to_the_top_three_and_crowns_a_champion():
    """RULES.md §8: any field size, byes to the top seeds; the champion is first."""
    director, event = _swiss_done(cut=5)
    swiss = [r.registration for r in services.event_standings(event)]
    services.start_playoff(director, event)
    byes = event.playoff_matches.filter(status=PlayoffMatch.Status.BYE, side="upper")
    assert sorted(m.high_seed for m in byes) == [1, 2, 3]
    assert all(m.winner_id == m.high_id and m.low_id is None for m in byes)
    first = event.playoff_matches.get(status=PlayoffMatch.Status.PENDING, side_round=1)
    assert (first.high_id, first.low_id) == (swiss[3].pk, swiss[4].pk)
    _play_all(director, event)
    places = [row.registration for _, row in services.final_standings(event)]
    assert places[0] == swiss[0]  # the high seat always won: seed 1 never lost
    assert set(places[:5]) == set(swiss[:5])
    assert places[5:] == swiss[5:]
    reached = playoff_reached(event)
    assert reached[str(swiss[0].pk)] == "champion"
    assert sorted(reached.values()).count("final") == 1
    assert services.finish_blocker(event) is None


def test_the_reset_is_played_when_the_lower_champion_wins_the_grand_final():
    """RULES.md §8 reading: the grand final is replayed only when the event sets a reset."""
    director, event = _swiss_done(cut=4, reset=True)
    services.start_playoff(director, event)
    _play_all(director, event, high_wins=True)
    assert not event.playoff_matches.filter(side="final", side_round=2).exists()
    final = event.playoff_matches.get(side="final")
    assert final.winner_id == final.high_id


def test_lower_champion_forces_the_reset():
    director, event = _swiss_done(cut=4, reset=True)
    services.start_playoff(director, event)
    for _ in range(10):
        match = event.playoff_matches.filter(status=PlayoffMatch.Status.PENDING).first()
        if match is None:
            break
        # The lower bracket's player wins the grand final; the high seat wins elsewhere.
        low_wins = match.side == "final" and match.side_round == 1
        services.report_playoff_result(
            director, event, match.pk, *((5, 12) if low_wins else (12, 5))
        )
    reset = event.playoff_matches.get(side="final", side_round=2)
    grand = event.playoff_matches.get(side="final", side_round=1)
    assert (reset.high_id, reset.low_id) == (grand.high_id, grand.low_id)
    assert reset.status == PlayoffMatch.Status.DONE
    places = services.final_standings(event)
    assert places[0][1].registration.pk == reset.winner_id


def test_settings_are_checked_and_audited():
    director = make_user("td")
    event = make_event(director)
    with pytest.raises(ServiceError):
        services.set_top_cut(director, event, 65, "replay", kind=DOUBLE)
    with pytest.raises(ServiceError):
        services.set_top_cut(director, event, 4, "replay", kind="triple")
    settings = services.set_top_cut(director, event, 6, "director", kind=DOUBLE, reset=True)
    assert (settings.top_cut, settings.playoff_kind, settings.playoff_reset) == (6, DOUBLE, True)
    entry = AuditEntry.objects.filter(action="top_cut").latest("pk")
    assert entry.after["playoff_kind"] == DOUBLE


def test_api_sets_starts_and_reads_a_double_elimination():
    director, event = _swiss_done(cut=0)
    client = APIClient()
    client.force_authenticate(director)
    base = f"/api/v1/events/{event.slug}/playoff"
    answer = client.post(
        f"{base}/settings/",
        {"top_cut": 6, "playoff_tie": "replay", "playoff_kind": "double", "playoff_reset": True},
        format="json",
    )
    assert answer.status_code == 200, answer.json()
    assert client.post(f"{base}/start/").status_code == 201
    bracket = client.get(f"/api/v1/events/{event.slug}/bracket/").json()
    assert bracket["playoff_kind"] == "double"
    sides = {m["side"] for m in bracket["matches"]}
    assert sides == {"upper", "lower", "final"}
    bye = next(m for m in bracket["matches"] if m["status"] == "bye")
    assert bye["round"]["code"] == "upper_round"
    bad = client.post(
        f"{base}/settings/",
        {"top_cut": 99, "playoff_tie": "replay", "playoff_kind": "double"},
        format="json",
    )
    assert bad.status_code in (400, 409)


def test_bracket_page_shows_both_sides():
    director, event = _swiss_done(cut=4)
    services.start_playoff(director, event)
    page = APIClient()
    page.force_login(director)
    html = page.get(reverse("event-bracket", args=[event.slug])).content.decode()
    assert "Upper bracket" in html and "Lower bracket" in html and "Grand final" in html


def test_bracket_page_in_spanish():
    """Every word of the double-elimination bracket is translated."""
    from django.test import Client

    director, event = _swiss_done(cut=5)
    services.start_playoff(director, event)
    html = Client(HTTP_ACCEPT_LANGUAGE="es").get(reverse("event-bracket", args=[event.slug]))
    text = html.content.decode()
    assert "Cuadro de ganadores" in text and "Cuadro de perdedores" in text
    assert "Gran final" in text and "pasa sin jugar" in text


def test_projector_shows_the_bracket_without_forms():
    """The bracket on the wall (RULES.md §8 double elimination): both sides, no forms."""
    director, event = _swiss_done(cut=4)
    services.start_playoff(director, event)
    page = APIClient()
    page.force_login(director)
    html = page.get(reverse("projector-bracket", args=[event.slug])).content.decode()
    assert "Upper bracket" in html and "Lower bracket" in html and "<form" not in html


def test_a_refused_setting_keeps_what_was_typed_with_the_error_beside_it(client):
    director = make_user("td")
    event = make_event(director)
    client.force_login(director)
    typed = {"top_cut": "3", "kind": "single", "tie": "replay", "best_of": "3", "reset": "1"}
    answer = client.post(reverse("playoff-action", args=[event.slug, "settings"]), typed)
    assert answer.status_code == 400
    html = answer.content.decode()
    assert (
        'id="top_cut-error"' in html and "The top cut is none, 2, 4, 8, 16 or 32 players." in html
    )
    assert '<option value="3" selected>' in html and 'name="reset" value="1" checked' in html
    assert services.event_settings(event).top_cut == 0
    typed["kind"] = "double"
    answer = client.post(reverse("playoff-action", args=[event.slug, "settings"]), typed)
    assert answer.status_code == 302 and services.event_settings(event).top_cut == 3


@pytest.mark.parametrize(
    ("action", "body"),
    [("result", {"match": "x", "winner": "1"}), ("decide", {"match": "", "winner": "nobody"})],
)
def test_a_garbled_match_or_winner_is_refused_with_a_message_not_a_500(client, action, body):
    """Bad input gives a clear refusal (STYLE.md): the form's hidden fields were read
    with int() and a garbled post was a server error."""
    director, event = _swiss_done(cut=4)
    services.start_playoff(director, event)
    client.force_login(director)
    url = reverse("playoff-action", args=[event.slug, action])
    response = client.post(url, body, follow=True)
    assert response.status_code == 200
    assert [str(m) for m in response.context["messages"]]


def test_the_final_standings_say_the_playoff_placed_the_first_players(client):
    """RULES.md §3 "Top cut": the champion is the playoff winner; the standings page
    said only the Swiss order above the playoff's places."""
    director, event = _swiss_done(cut=4)
    services.start_playoff(director, event)
    _play_all(director, event)
    services.finish_event(director, event)
    page = client.get(reverse("event-standings", args=[event.slug])).content.decode()
    assert "places come first, then everyone else in the Swiss order" in page
