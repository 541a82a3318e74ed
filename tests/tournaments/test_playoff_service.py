"""The top cut (RULES.md §3 "Top cut", a setting outside the rulebook's texts): off by
default, seeded from the final Swiss standings, each game decided by the game's own
rules, a tie replayed or decided by the director."""

from __future__ import annotations

import pytest

from core.errors import Conflict, NotAllowed
from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services
from tournaments.models import EventSettings, PlayoffMatch

pytestmark = pytest.mark.django_db


def _play_tcg(director, rnd):
    for table in rnd.tables.filter(is_bye=False):
        first = table.seats.order_by("position").first()
        mps = {s.registration_id: None for s in table.seats.all()}
        services.director_set_result(director, table, mps, "site_9", first.registration_id)


def _swiss_done(game="lore", players=8, rounds=3, cut=4, tie="replay"):
    director = make_user("td")
    event = make_event(director, game=game, planned_rounds=rounds)
    register_users(event, players)
    if cut:
        services.set_top_cut(director, event, cut, tie)
    for n in range(rounds):
        rnd = services.pair_next_round(director, event, seed=10 + n)
        (_play_tcg if game == "lotr-tcg" else play_round)(director, rnd)
    return director, event


def _result(director, event, match, high, low, **kw):
    return services.report_playoff_result(director, event, match.pk, high, low, **kw)


def test_off_by_default():
    director, event = _swiss_done(cut=0)
    assert services.event_settings(event).top_cut == 0
    with pytest.raises(Conflict):
        services.start_playoff(director, event)


def test_seeded_from_final_swiss_standings_one_against_four():
    director, event = _swiss_done()
    swiss = [r.registration for r in services.event_standings(event)]
    matches = services.start_playoff(director, event)
    first = [m for m in matches if m.stage == 1]
    assert [(m.high, m.low) for m in first] == [(swiss[0], swiss[3]), (swiss[1], swiss[2])]
    final = next(m for m in matches if m.stage == 2)
    assert final.status == PlayoffMatch.Status.WAITING


def test_more_marshalling_points_win_and_advance_to_the_final():
    """LoRE: the player with more marshalling points wins the game (RULES.md §2)."""
    director, event = _swiss_done()
    services.start_playoff(director, event)
    semi1, semi2 = PlayoffMatch.objects.filter(event=event, stage=1).order_by("slot")
    _result(director, event, semi1, 8, 12)  # the 4th seed wins on MPs
    _result(director, event, semi2, 15, 3)
    final = PlayoffMatch.objects.get(event=event, stage=2)
    assert final.status == PlayoffMatch.Status.PENDING
    # Seed 2 is the better seed, so he is the "high" player of the final.
    assert (final.high_id, final.low_id) == (semi2.high_id, semi1.low_id)
    _result(director, event, final, 4, 20)
    places = [row.registration for _, row in services.final_standings(event)]
    assert places[0].pk == semi1.low_id
    assert places[1].pk == semi2.high_id
    assert {places[2].pk, places[3].pk} == {semi1.high_id, semi2.low_id}
    assert places[2].pk == semi1.high_id  # seed 1 above seed 3 among the semi-final losers


def test_a_tie_is_replayed_when_the_event_says_so():
    director, event = _swiss_done(cut=2)
    services.start_playoff(director, event)
    final = PlayoffMatch.objects.get(event=event)
    match = _result(director, event, final, 10, 10)
    assert match.status == PlayoffMatch.Status.PENDING and match.replays == 1
    match = _result(director, event, final, 10, 11)
    assert match.status == PlayoffMatch.Status.DONE and match.winner_id == final.low_id


def test_a_tie_is_decided_by_the_director_when_the_event_says_so():
    director, event = _swiss_done(cut=2, tie=EventSettings.TieRule.DIRECTOR)
    services.start_playoff(director, event)
    final = PlayoffMatch.objects.get(event=event)
    match = _result(director, event, final, 10, 10)
    assert match.status == PlayoffMatch.Status.TIED
    judge = make_user("judge")
    services.invite_staff(director, event, "judge", "judge")
    with pytest.raises(NotAllowed):
        services.decide_playoff_tie(judge, event, final.pk, final.high_id)
    match = services.decide_playoff_tie(director, event, final.pk, final.high_id)
    assert match.winner_id == final.high_id and match.decided_by_director


def test_lotr_tcg_playoff_game_goes_to_the_named_winner():
    """LOTR TCG has no marshalling points: the winner reaches site 9 (RULES.md §2)."""
    director, event = _swiss_done(game="lotr-tcg", cut=2)
    services.start_playoff(director, event)
    final = PlayoffMatch.objects.get(event=event)
    match = _result(director, event, final, None, None, outcome="site_9", winner=final.low_id)
    assert match.winner_id == final.low_id


def test_no_top_cut_for_multiplayer_events():
    director = make_user("td")
    event = make_event(director, multiplayer=True)
    with pytest.raises(Exception) as exc:
        services.set_top_cut(director, event, 4, "replay")
    assert getattr(exc.value, "code", "") == "multiplayer_cut"
