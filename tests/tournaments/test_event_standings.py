"""event_standings: the stored results handed to the standings module, with names attached.

(The file name avoids test_standings*, which the pairing engineer owns for the pure module.)
"""

from __future__ import annotations

import pytest

from tests.tournaments.helpers import make_event, make_user, play_table
from tournaments import services

pytestmark = pytest.mark.django_db


def seats(table):
    return [s.registration for s in table.seats.order_by("position")]


def test_points_wld_byes_and_who_is_listed():
    """000 Part VI §3: most tournament points first; a bye scores 6 in round 1."""
    director = make_user()
    event = make_event(director)
    regs = [services.add_walkin(director, event, display_name=n) for n in "ABCDE"]
    no_show = services.add_walkin(director, event, display_name="Ghost")
    services.drop(director, no_show)
    rnd = services.pair_next_round(director, event, seed=4)
    for table in rnd.tables.filter(is_bye=False):
        play_table(director, table, [20, 5])
    rows = services.event_standings(event)
    names = [r.name for r in rows]
    assert "Ghost" not in names and sorted(names) == list("ABCDE")
    by_name = {r.name: r for r in rows}
    bye_reg = rnd.tables.get(is_bye=True).seats.get().registration
    assert by_name[bye_reg.player.display_name].points == 6
    assert by_name[bye_reg.player.display_name].byes == 1
    winners = [seats(t)[0] for t in rnd.tables.filter(is_bye=False)]
    for w in winners:
        assert by_name[w.player.display_name].points == 6
        assert by_name[w.player.display_name].wins == 1
    assert [r.points for r in rows] == sorted((r.points for r in rows), reverse=True)
    assert all(r.registration is not None for r in rows)
    # A player who drops after playing stays in the standings with his points.
    loser = seats(rnd.tables.filter(is_bye=False).first())[1]
    services.drop(director, loser)
    assert loser.player.display_name in [r.name for r in services.event_standings(event)]
    assert len(regs) == 5


def test_unconfirmed_results_do_not_count():
    director = make_user()
    event = make_event(director)
    for n in "ABCD":
        services.add_walkin(director, event, display_name=n)
    rnd = services.pair_next_round(director, event, seed=4)
    assert all(r.points == 0 for r in services.event_standings(event))
    play_table(director, rnd.tables.first(), [20, 5])
    assert sorted(r.points for r in services.event_standings(event)) == [0, 0, 0, 6]


def test_the_event_chooses_its_tiebreak_chain():
    director = make_user()
    event = make_event(director, tiebreaks=["opponents_win_pct", "wins"])
    assert services.tiebreaks_for(event) == ["opponents_win_pct", "wins"]
    for n in "ABCD":
        services.add_walkin(director, event, display_name=n)
    rnd = services.pair_next_round(director, event, seed=4)
    for table in rnd.tables.all():
        play_table(director, table, [20, 5])
    rows = services.event_standings(event)
    assert "opponents_win_pct" in rows[0].tiebreaks
    default = make_event(director)
    assert services.tiebreaks_for(default) == ["head_to_head", "fewer_losses", "opponents_points"]
    from core.errors import ServiceError

    with pytest.raises(ServiceError):
        make_event(director, tiebreaks=["coin_flip"])


def test_explanations_name_players_not_ids():
    """The standings module explains by id (structured items); the page reads names."""
    director = make_user()
    event = make_event(director)
    for n in ("Frodo", "Sam", "Merry", "Pippin"):
        services.add_walkin(director, event, display_name=n)
    rnd = services.pair_next_round(director, event, seed=4)
    for table in rnd.tables.filter(is_bye=False):
        play_table(director, table, [20, 5])
    rows = services.event_standings(event)
    top = rows[0]
    assert top.explanation_items and top.explanation
    other = rows[1].name
    assert other in top.explanation
    assert str(rows[1].registration.pk) not in top.explanation.replace(other, "")
