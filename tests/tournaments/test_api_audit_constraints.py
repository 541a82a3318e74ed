"""The audit trail and the pairing constraints through the API, by role: the trail is
paged, filtered and in words (players named, never their entry numbers; a top-cut
result with its score; walk-ins' check-ins in it); pairs to avoid and fixed tables are
set by the director and read by the staff."""

from __future__ import annotations

import pytest

from tests.tournaments.helpers import api_as, make_event, make_user, register_users, staff_cast
from tournaments import services
from tournaments.services.table_set import set_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    return staff_cast(4)


as_ = api_as


def test_pairing_constraints_set_by_directors_read_by_the_staff(cast):
    event, people, regs = cast
    url = f"/api/v1/events/{event.slug}/pairing-constraints/"
    body = {
        "avoid_pairs": [{"a": regs[0].pk, "b": regs[1].pk}],
        "fixed_tables": [{"registration": regs[2].pk, "table": 3}],
    }
    for who in ("judge1", "player"):
        assert as_(people[who]).put(url, body).status_code == 403, who
    assert as_(people["visitor"]).put(url, body).status_code in (401, 403)
    answer = as_(people["co"]).put(url, body)
    assert answer.status_code == 200
    shown = as_(people["judge2"]).get(url).json()
    assert shown["avoid_pairs"] == [
        {
            "a": regs[0].pk,
            "b": regs[1].pk,
            "a_player": regs[0].player.display_name,
            "b_player": regs[1].player.display_name,
        }
    ]
    assert shown["fixed_tables"] == [
        {"registration": regs[2].pk, "player": regs[2].player.display_name, "table": 3}
    ]
    assert as_(people["player"]).get(url).status_code == 403
    # Bad input is a 400 with words, never a 500.
    same = as_(people["director"]).put(
        url, {"avoid_pairs": [{"a": regs[0].pk, "b": regs[0].pk}], "fixed_tables": []}
    )
    assert same.status_code == 400 and same.json()["code"] == "invalid_pair"
    twice = as_(people["director"]).put(
        url,
        {
            "avoid_pairs": [],
            "fixed_tables": [
                {"registration": regs[0].pk, "table": 2},
                {"registration": regs[1].pk, "table": 2},
            ],
        },
    )
    assert twice.status_code == 400 and twice.json()["code"] == "table_twice"
    assert as_(people["director"]).put(url, {"avoid_pairs": "x"}).status_code == 400


def test_the_audit_trail_reads_as_words_for_the_staff_only(cast):
    event, people, regs = cast
    director = people["director"]
    services.set_pairing_constraints(director, event, [[regs[0].pk, regs[1].pk]], {})
    walk_in = services.add_walkin(director, event, "Wanda Walker")
    services.pair_next_round(director, event, seed=2)
    url = f"/api/v1/events/{event.slug}/audit/"
    for who in ("player",):
        assert as_(people[who]).get(url).status_code == 403
    assert as_(people["visitor"]).get(url).status_code in (401, 403)
    rows = as_(people["judge1"]).get(url + "?page_size=100").json()["results"]
    text = repr(rows)
    constraints = next(r for r in rows if r["action"] == "pairing_constraints")
    assert constraints["sentence"] == "changed the pairs to avoid and the fixed tables"
    change = next(c for c in constraints["changes"] if c["field"] == "Pairs to avoid")
    assert change["after"] == f"{regs[0].player.display_name} and {regs[1].player.display_name}"
    paired = next(r for r in rows if r["action"] == "pair")
    assert "table 1:" in repr(paired["changes"])
    # Entry numbers never stand for players.
    assert f"[{regs[0].pk}, {regs[1].pk}]" not in text
    tables = next(c for c in paired["changes"] if c["field"] == "Tables")["after"]
    assert walk_in.player.display_name in tables and "[" not in tables
    # The walk-in's check-in at the door is in the trail, by the director.
    check_ins = as_(people["co"]).get(url + "?action=check_in").json()["results"]
    assert [r["sentence"] for r in check_ins] == ["checked in a player"]
    assert check_ins[0]["note"] == "checked in at the door"
    assert check_ins[0]["actor"] == director.player.display_name
    # Filters and pages.
    kinds = as_(people["judge2"]).get(url + "?kind=round").json()["results"]
    assert {r["action"] for r in kinds} == {"pair"}
    mine = as_(people["director"]).get(url + f"?actor={people['co'].pk}").json()
    assert mine["count"] == 0
    first = as_(people["director"]).get(url + "?page_size=2").json()
    assert len(first["results"]) == 2 and first["next"]
    assert as_(people["director"]).get(url + "?kind=nonsense").status_code == 400
    assert as_(people["director"]).get(url + "?actor=abc").status_code == 400


def test_a_top_cut_result_in_the_trail_shows_its_score():
    """RULES.md §2: in LoRE more marshalling points win; the trail shows the score."""
    from tournaments.models import PlayoffMatch

    director = make_user("cut-td")
    event = make_event(director, planned_rounds=2)
    register_users(event, 4)
    services.set_top_cut(director, event, 2, "replay")
    for n in range(2):
        rnd = services.pair_next_round(director, event, seed=5 + n)
        for table in rnd.tables.filter(is_bye=False):
            seats = list(table.seats.order_by("position"))
            services.director_set_result(
                director, table, {seats[0].registration_id: 20, seats[1].registration_id: 5}
            )
    services.start_playoff(director, event)
    final = PlayoffMatch.objects.get(event=event)
    services.report_playoff_result(director, event, final.pk, 8, 12)
    rows = as_(director).get(f"/api/v1/events/{event.slug}/audit/?kind=playoff").json()["results"]
    entry = next(r for r in rows if r["action"] == "playoff_result")
    high, low = final.high.player.display_name, final.low.player.display_name
    assert entry["sentence"] == "entered a top-cut result"
    assert entry["details"][0] == f"{high} 8 – 12 {low}; {low} wins"


def test_a_table_set_by_hand_mails_the_players_it_moved(django_capture_on_commit_callbacks):
    from django.core import mail

    director = make_user("mail-td")
    event = make_event(director)
    pairs = register_users(event, 4)
    for user, _reg in pairs:
        user.email = f"{user.username}@example.org"
        user.save(update_fields=["email"])
    rnd = services.pair_next_round(director, event, seed=1)
    t1 = [s.registration_id for s in rnd.tables.get(number=1).seats.all()]
    t2 = [s.registration_id for s in rnd.tables.get(number=2).seats.all()]
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        set_table(director, rnd, 1, [t1[0], t2[0]])
    told = sorted(m.to[0] for m in mail.outbox)
    assert told == sorted(u.email for u, r in pairs)
    assert all("replaces the earlier mail" in m.body for m in mail.outbox)
