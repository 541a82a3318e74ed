"""Pairs to avoid inside the pairing and a table set by hand ("Hands-on pairings";
RULES.md §7: the director decides, the software keeps the rules of 000 Part VI §3).

Pairs to avoid are an event setting outside the rulebook: the pairing keeps them apart as
if the two had met, but they never count as played (opponents' points are unchanged)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audit.models import AuditEntry
from core.errors import Conflict, ServiceError
from tests.tournaments.helpers import make_event, make_user, play_round, play_table, register_users
from tournaments import services
from tournaments.models import Seat
from tournaments.pairing import PairingPlayer, pair_swiss
from tournaments.pairing.avoidance import explain_avoidance, pair_avoiding, seated_together
from tournaments.services.table_set import plan_table, set_table, table_set_cost
from tournaments.words import explanations
from tournaments.words.explanations import round_explanation

pytestmark = pytest.mark.django_db


def _tables(rnd):
    out = {}
    for seat in Seat.objects.filter(round=rnd, is_bye=False).order_by("table__number", "position"):
        out.setdefault(seat.table.number, []).append(seat.registration_id)
    return out


def _table_of(rnd):
    return {r: t for t, ids in _tables(rnd).items() for r in ids}


# ------------------------------------------------------------------ pairs to avoid


def test_round_one_never_seats_a_pair_to_avoid_together():
    """Round 1 is random (000 Part VI §3); with every seed the pair stays apart."""
    for seed in range(12):
        director = make_user()
        event = make_event(director)
        regs = [r for _, r in register_users(event, 6)]
        services.set_pairing_constraints(director, event, [[regs[0].pk, regs[1].pk]], {})
        rnd = services.pair_next_round(director, event, seed=seed)
        where = _table_of(rnd)
        assert where[regs[0].pk] != where[regs[1].pk]
        rnd.refresh_from_db()
        assert rnd.explanation[-1] == {"code": "avoid_pairs_kept", "count": 1}
        assert "kept apart" in round_explanation(rnd)[-1]


def test_a_pair_to_avoid_does_not_count_as_played():
    """Opponents' points come from games played only (000 Part VI §3 tiebreaks)."""
    director = make_user()
    event = make_event(director, planned_rounds=3)
    regs = [r for _, r in register_users(event, 4)]
    services.set_pairing_constraints(director, event, [[regs[0].pk, regs[1].pk]], {})
    rnd = services.pair_next_round(director, event, seed=3)
    records = services.rounds.player_records(event)
    assert str(regs[1].pk) not in records[regs[0].pk].opponents
    play_round(director, rnd)
    second = services.pair_next_round(director, event, seed=4)
    assert _table_of(second)[regs[0].pk] != _table_of(second)[regs[1].pk]
    records = services.rounds.player_records(event)
    met = {str(r) for ids in _tables(rnd).values() for r in ids if regs[0].pk in ids}
    met |= {str(r) for ids in _tables(second).values() for r in ids if regs[0].pk in ids}
    assert records[regs[0].pk].opponents == met - {str(regs[0].pk)}


def test_two_players_left_are_paired_anyway_and_the_round_says_so():
    director = make_user()
    event = make_event(director, planned_rounds=2)
    regs = [r for _, r in register_users(event, 2)]
    services.set_pairing_constraints(director, event, [[regs[0].pk, regs[1].pk]], {})
    rnd = services.pair_next_round(director, event, seed=1)
    assert sorted(_tables(rnd)[1]) == sorted([regs[0].pk, regs[1].pk])
    rnd.refresh_from_db()
    item = rnd.explanation[-1]
    assert item["code"] == "avoid_pairs_not_kept"
    assert item["pairs"] == [sorted([str(regs[0].pk), str(regs[1].pk)])]
    assert regs[0].player.display_name in round_explanation(rnd)[-1]


def test_pods_keep_a_pair_to_avoid_apart_and_do_not_call_it_a_rematch():
    """Pods (000 Part VI "Multi-player tournaments"): 8 LoRE players sit in two pods of 4."""
    director = make_user()
    event = make_event(director, multiplayer=True)
    regs = [r for _, r in register_users(event, 8)]
    pair = [regs[2].pk, regs[5].pk]
    services.set_pairing_constraints(director, event, [pair], {})
    rnd = services.pair_next_round(director, event, seed=7)
    where = _table_of(rnd)
    assert where[pair[0]] != where[pair[1]]
    rnd.refresh_from_db()
    codes = [i["code"] for i in rnd.explanation]
    assert "repeated_opponents" not in codes and codes[-1] == "avoid_pairs_kept"


def test_a_re_paired_round_keeps_fixed_tables():
    director = make_user()
    event = make_event(director)
    regs = [r for _, r in register_users(event, 8)]
    services.set_pairing_constraints(director, event, [], {str(regs[3].pk): 4})
    rnd = services.pair_next_round(director, event, seed=1)
    assert regs[3].pk in _tables(rnd)[4]
    rnd = services.repair_round(director, rnd, seed=2)
    assert regs[3].pk in _tables(rnd)[4]


def _players(n, met):
    return [
        PairingPlayer(str(i), f"P{i}", 0, frozenset(str(o) for o in met.get(i, ())))
        for i in range(n)
    ]


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(2, 9),
    raw=st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=6),
    seed=st.integers(0, 1000),
)
def test_pairing_keeps_every_pair_apart_whenever_some_pairing_does(n, raw, seed):
    """Independent check by brute force over every perfect matching of a small round 2."""
    pairs = sorted({tuple(sorted((str(a), str(b)))) for a, b in raw if a != b and max(a, b) < n})
    players = _players(n, {})
    result = pair_avoiding(lambda given: pair_swiss(given, 2, seed), players, pairs)
    ids = [p.id for p in players]
    seated = [p for t in result.tables for p in t] + ([result.bye] if result.bye else [])
    assert sorted(seated) == sorted(ids)
    broken = seated_together(result.tables, pairs)

    def matchings(left):
        if len(left) <= 1:
            yield []
            return
        first = left[0]
        for other in left[1:]:
            rest = [x for x in left if x not in (first, other)]
            for m in matchings(rest):
                yield [(first, other), *m]

    def clean_exists():
        avoid = {frozenset(p) for p in pairs}
        byes = ids if n % 2 else [None]
        for bye in byes:
            left = [i for i in ids if i != bye]
            if any(all(frozenset(t) not in avoid for t in m) for m in matchings(left)):
                return True
        return False

    assert bool(broken) == (not clean_exists())
    items = explain_avoidance([], result.tables, pairs, players)
    if pairs:
        assert items[-1]["code"] == ("avoid_pairs_not_kept" if broken else "avoid_pairs_kept")


# ------------------------------------------------------------------ set a table by hand


def _two_rounds(n=8):
    director = make_user("td")
    event = make_event(director, planned_rounds=4)
    regs = [r for _, r in register_users(event, n)]
    first = services.pair_next_round(director, event, seed=5)
    play_round(director, first)
    second = services.pair_next_round(director, event, seed=6)
    return director, event, regs, first, second


def test_set_table_previews_the_rematch_and_moves_the_displaced_players():
    director, event, _regs, first, second = _two_rounds()
    a, b = _tables(first)[1]  # they met in round 1
    before = _tables(second)
    target = next(t for t in before if a not in before[t] and b not in before[t])
    cost = table_set_cost(event, second, target, [a, b])
    assert (min(a, b), max(a, b)) in cost.rematches and not cost.free
    assert _tables(second) == before  # a preview changes nothing
    displaced = before[target]
    set_table(director, second, target, [a, b])
    after = _tables(second)
    assert sorted(after[target]) == sorted([a, b])
    # The two who sat there took the seats a and b left, one each.
    assert sorted(r for t in after for r in after[t]) == sorted(
        r for t in before for r in before[t]
    )
    assert {_table_of(second)[d] for d in displaced} == {
        {r: t for t, ids in before.items() for r in ids}[x] for x in (a, b)
    }
    second.refresh_from_db()
    item = second.explanation[-1]
    assert item["code"] == "table_set_by_hand" and item["rematches"] == len(cost.rematches)
    assert f"table {target} set to" in round_explanation(second)[-1]
    entry = AuditEntry.objects.get(action="pairing_set_table")
    assert entry.actor == director and entry.after["rematches"] == len(cost.rematches)


def test_set_table_flags_a_pair_to_avoid_and_a_fixed_table_left():
    director, event, _regs, _first, second = _two_rounds()
    tables = _tables(second)
    x, y = tables[1][0], tables[2][0]
    services.set_pairing_constraints(director, event, [[x, y]], {str(tables[2][1]): 2})
    cost = table_set_cost(event, second, 2, [x, y])
    assert cost.avoided == [(min(x, y), max(x, y))]
    assert cost.fixed_moved == [(tables[2][1], 2)]
    swap = services.swap_cost(event, second, tables[1][1], y)  # the swap preview flags it too
    assert swap.avoided == [(min(x, y), max(x, y))]


def test_set_table_refuses_a_wrong_size_a_stranger_and_a_round_with_results():
    director, _event, _regs, _first, second = _two_rounds()
    tables = _tables(second)
    with pytest.raises(ServiceError):
        plan_table(second, 1, [tables[1][0]])
    with pytest.raises(ServiceError):
        plan_table(second, 1, [tables[1][0], tables[1][0]])
    with pytest.raises(ServiceError):
        set_table(director, second, 1, tables[1])  # no change
    outsider = make_user("outsider")
    with pytest.raises(Exception) as exc:
        set_table(outsider, second, 1, [tables[1][0], tables[2][0]])
    assert getattr(exc.value, "status", 403) == 403
    play_table(director, second.tables.get(number=3))
    with pytest.raises(Conflict):
        set_table(director, second, 1, [tables[1][0], tables[2][0]])


@pytest.mark.parametrize("players", list(itertools.permutations(range(4), 2))[:6])
def test_plan_is_a_permutation_of_the_seats(players):
    _director, _event, _regs, _first, second = _two_rounds()
    tables = _tables(second)
    flat = [r for t in sorted(tables) for r in tables[t]]
    chosen = [flat[players[0] * 2], flat[players[1] * 2 + 1]]
    plan = plan_table(second, 3, chosen)
    assert sorted(plan.after[3]) == sorted(chosen)
    assert sorted(r for ids in plan.after.values() for r in ids) == sorted(flat)
    assert all(len(plan.after[t]) == len(tables[t]) for t in tables)


def test_pages_a_pair_set_on_the_settings_page_is_kept_apart_and_explained(client):
    """The director enters the pair on the pairing-settings page, pairs from the dashboard,
    and the dashboard's "how this round was paired" says what happened."""
    from django.urls import reverse

    director = make_user("td")
    event = make_event(director, planned_rounds=2)
    regs = [r for _, r in register_users(event, 2)]
    client.force_login(director)
    client.post(
        reverse("pairing-constraints", args=[event.slug]),
        {"pair_a": regs[0].pk, "pair_b": regs[1].pk},
    )
    assert services.event_settings(event).avoid_pairs == [sorted([regs[0].pk, regs[1].pk])]
    client.post(reverse("director-action", args=[event.slug, "pair"]))
    dashboard = client.get(reverse("event-dashboard", args=[event.slug])).content.decode()
    assert "No pairing keeps every pair to avoid apart" in dashboard
    hub = client.get(reverse("event-hub", args=[event.slug])).content.decode()
    assert "1 pair to avoid is seated together" in hub
    assert reverse("round-table-set", args=[event.slug, 1]) in hub


# ------------------------------------------------ a Swiss pair-down caused by a pair to avoid


def _pp(pid, score, met=()):
    return PairingPlayer(pid, pid.upper(), score, frozenset(met))


def _swiss_with(players, avoid, seed=5):
    pairing = pair_avoiding(lambda ps: pair_swiss(ps, round_number=2, seed=seed), players, avoid)
    return explain_avoidance(list(pairing.explanation_items), pairing.tables, avoid, players)


def test_a_pair_down_caused_by_a_pair_to_avoid_is_told_as_such():
    """000 Part VI §3: players are paired with the same score when they can be; here the
    two leaders could play each other (they never met) but are a pair to avoid."""
    players = [_pp("1", 6), _pp("2", 6), _pp("3", 0), _pp("4", 0)]
    items = _swiss_with(players, [("1", "2")])
    down = [i for i in items if i["code"] in ("paired_down", "paired_down_avoiding")]
    assert len(down) == 2
    assert all(i["code"] == "paired_down_avoiding" for i in down)
    assert all(i["kept_apart"] == [["1", "2"]] for i in down)
    lines = explanations.explanation_lines(down, {"1": "Ana", "2": "Bo"})
    assert all("because of a pair to avoid" in line and "Ana and Bo" in line for line in lines)
    assert not any("everyone closer" in line for line in lines)


def test_a_pair_down_caused_by_a_real_rematch_keeps_its_reason():
    """The two leaders really met: that, not the (unrelated) pair to avoid, pairs them down."""
    players = [
        _pp("1", 6, {"2"}), _pp("2", 6, {"1"}), _pp("3", 0), _pp("4", 0), _pp("5", 0),
        _pp("6", 0),
    ]  # fmt: skip
    items = _swiss_with(players, [("5", "6")])
    codes = [i["code"] for i in items]
    assert "paired_down_avoiding" not in codes
    assert [i.get("reason") for i in items if i["code"] == "paired_down"] == ["rematch"] * 2


def test_service_round_two_explains_the_avoided_leaders():
    director = make_user()
    event = make_event(director, planned_rounds=3)
    register_users(event, 4)
    play_round(director, services.pair_next_round(director, event, seed=2))
    top = services.event_standings(event)
    leaders = [top[0].registration.pk, top[1].registration.pk]
    assert top[0].points == top[1].points > top[2].points  # two winners, two losers
    services.set_pairing_constraints(director, event, [leaders], {})
    rnd = services.pair_next_round(director, event, seed=3)
    assert _table_of(rnd)[leaders[0]] != _table_of(rnd)[leaders[1]]
    text = " ".join(round_explanation(rnd))
    assert "because of a pair to avoid" in text and "everyone closer" not in text
