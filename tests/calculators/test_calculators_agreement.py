"""An independent, deliberately naive implementation of the scoring rules (Fractions,
sorting, no code shared with rules_engine) must agree with POST /api/rules/score/ and
/api/rules/free-council/ on every random result.

000 Part VI §3 "Scoring" and "Multi-player tournaments"; RULES.md §2 Readings;
003 Part II §1 "Marshalling point modifications"; RULES.md §4.4, §5.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# Hundreds of anonymous requests a test, from one address.
pytestmark = pytest.mark.usefixtures("visitors_not_throttled")

client = Client()


def band(winner: int, loser: int) -> tuple[int, int]:
    """000 Part VI §3 table; RULES.md §2: a loser on ≤ 0 counts as ratio ≥ 2."""
    if loser <= 0:
        return 6, 0
    r = Fraction(winner, loser)
    if r >= 2:
        return 6, 0
    if r >= Fraction(3, 2):
        return 5, 1
    return 4, 2


def reference_points(mps: dict[str, int]) -> dict[str, int]:
    values = sorted(set(mps.values()), reverse=True)
    if len(values) == 1:
        return {p: 3 for p in mps}
    top, below = values[0], values[1]  # next highest, or third place when the top is shared
    return {p: band(top, below)[0] if m == top else band(top, m)[1] for p, m in mps.items()}


def post(url: str, body: dict) -> tuple[int, dict]:
    response = client.post(url, json.dumps(body), content_type="application/json")
    return response.status_code, response.json()


mps_values = st.integers(-20, 60)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    game=st.sampled_from(["lore", "metw", "lotr-dice"]),
    values=st.lists(mps_values, min_size=2, max_size=2),
    round_number=st.integers(1, 8),
    time_called=st.booleans(),
)
def test_two_player_agrees(game, values, round_number, time_called):
    """000 Part VI §3 Scoring (two players)."""
    seats = [{"player": f"p{i}", "mps": m} for i, m in enumerate(values)]
    status, body = post(
        "/api/v1/rules/score/",
        {"game": game, "round": round_number, "seats": seats, "time_called": time_called},
    )
    assert status == 200, body
    assert body["points"] == reference_points({s["player"]: s["mps"] for s in seats})
    assert body["time_called"] is time_called
    assert body["bye_points"] == (6 if round_number == 1 else 5 if round_number == 2 else 4)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data(), game=st.sampled_from(["lore", "lotr-dice"]))
def test_pods_agree(data, game):
    """000 Part VI 'Multi-player tournaments'; RULES.md §2 (lotr-dice reading)."""
    low, high = (3, 5) if game == "lore" else (2, 4)
    n = data.draw(st.integers(low, high))
    values = data.draw(st.lists(st.integers(-5, 30), min_size=n, max_size=n))
    seats = [{"player": f"p{i}", "mps": m} for i, m in enumerate(values)]
    status, body = post("/api/v1/rules/score/", {"game": game, "multiplayer": True, "seats": seats})
    assert status == 200, body
    assert body["points"] == reference_points({s["player"]: s["mps"] for s in seats})


@settings(max_examples=200, deadline=None)
@given(
    values=st.lists(st.integers(-5, 30), min_size=2, max_size=2),
    claimed=st.sampled_from(["p0", "p1"]),
)
def test_reported_winner_is_checked(values, claimed):
    """RULES.md §2 Reading: a reported winner must have strictly more MPs."""
    seats = [{"player": f"p{i}", "mps": m} for i, m in enumerate(values)]
    status, body = post("/api/v1/rules/score/", {"game": "lore", "seats": seats, "winner": claimed})
    other = values[1 - int(claimed[1])]
    mine = values[int(claimed[1])]
    assert (status == 200) == (mine > other), body


CATEGORIES = ("character", "item", "faction", "ally", "kill", "miscellaneous")


def reference_council(a: dict, b: dict, reading: str) -> tuple[int, int]:
    def count(me: dict, them: dict) -> int:
        v = {c: me.get(c, 0) for c in CATEGORIES}
        for c in ("character", "item", "faction", "ally"):
            if them.get(c, 0) <= 0:
                v[c] *= 2
        # reduce the over-half category one point at a time until it fits
        for c in CATEGORIES:
            while v[c] > 0:
                positive = sum(x for x in v.values() if x > 0)
                limit = Fraction(positive, 2) if reading == "exact" else math.ceil(positive / 2)
                if v[c] <= limit:
                    break
                v[c] -= 1
        total = sum(v.values()) - them.get("revealed_duplicates", 0)
        return total - 5 if me.get("avatar_eliminated") else total

    return count(a, b), count(b, a)


side = st.fixed_dictionaries(
    {c: st.integers(-4, 14) for c in CATEGORIES},
    optional={"revealed_duplicates": st.integers(0, 4), "avatar_eliminated": st.booleans()},
)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(a=side, b=side, reading=st.sampled_from(["exact", "round-up"]))
def test_free_council_agrees(a, b, reading):
    """003 Part II §1; RULES.md §4.4 (CoE 10.3) and §5, both half-cap readings."""
    a = {"player": "A", **a}
    b = {"player": "B", **b}
    status, body = post("/api/v1/rules/free-council/", {"players": [a, b], "half_cap": reading})
    assert status == 200, body
    final_a, final_b = reference_council(a, b, reading)
    assert [p["final"] for p in body["players"]] == [final_a, final_b]
    expected = None if final_a == final_b else ("A" if final_a > final_b else "B")
    assert body["winner"] == expected
    assert body["score"]["points"] == reference_points({"A": final_a, "B": final_b})
