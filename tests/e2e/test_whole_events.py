"""Whole events through the API, checked against an independent reading of the rules.

events of 5 to 300 players with random results: no rematch, byes by the
rules, rounds by the table, every player's points after every round and the final
order exactly as the rules give them, pairing quality equal to an exact matching.
every rating after every round and every season peak equal to an independent
replay of the formula; the order results are entered in never matters; correcting an
old result gives the ledger a replay from scratch gives.

Sources: 000 Part VI §3 (Pairings, Scoring, Ratings, Multi-player tournaments),
RULES.md §2, §3, §6. The reference is tests/e2e/reference.py; the driver
tests/e2e/driver.py. The 300-player event runs with E2E_LARGE=1.
"""

from __future__ import annotations

import datetime as dt
import os
from collections import defaultdict
from typing import Any

import pytest
from django.db import transaction
from django.utils import timezone

from ratings.models import Season
from tests.conftest import clear_cache
from tests.e2e import reference as ref
from tests.e2e.driver import (
    EventLog,
    EventPlan,
    World,
    correct_result,
    make_director,
    product_ledger,
    reference_book,
    reference_ledger,
    run_event,
)

pytestmark = pytest.mark.django_db

LARGE = os.environ.get("E2E_LARGE") == "1"


@pytest.fixture
def world() -> World:
    w = World()
    w.director = make_director()
    return w


def _season(game: str) -> str:
    """Seasons have no create API (admin only); made through the model."""
    today = timezone.localdate()
    season = Season.objects.create(
        name=f"{game} season",
        slug=f"{game}-season",
        game=game,
        starts_on=today - dt.timedelta(days=30),
        ends_on=today + dt.timedelta(days=30),
    )
    return season.slug


# --------------------------------------------------------------------------- event checks


def pairing_problems(
    log: EventLog,
    rnd: Any,
    where: str,
    score: dict[str, int],
    met: dict[str, set[str]],
    had_bye: set[str],
    previous_pods: list[frozenset[str]],
) -> list[str]:
    """One round's pairing judged by the reference rules on the state before it."""
    problems: list[str] = []
    if log.multiplayer:
        problems += [
            f"{where}: {p}" for p in ref.pod_round_problems(rnd.pairable, rnd.tables, previous_pods)
        ]
        if rnd.bye is not None:
            problems.append(f"{where}: a bye in a multi-player round")
        return problems
    state = {u: ref.SwissState(score[u], frozenset(met[u]), u in had_bye) for u in rnd.pairable}
    tables = [(t[0], t[1]) for t in rnd.tables if len(t) == 2]
    if len(tables) != len(rnd.tables):
        problems.append(f"{where}: a table without exactly two players")
    problems += [
        f"{where}: {p}" for p in ref.swiss_round_problems(state, tables, rnd.bye, rnd.number)
    ]
    return problems


def check_event(log: EventLog) -> list[str]:
    """Every whole-event rule on one finished event; returns the problems found. Each
    round is judged on the results as they stood when it was paired and its standings
    read (a later correction does not make an earlier pairing wrong)."""
    problems: list[str] = []
    for rnd in log.rounds:
        where = f"{log.slug} round {rnd.number}"
        then = log.results_at(rnd.number)
        score: dict[str, int] = defaultdict(int)
        met: dict[str, set[str]] = defaultdict(set)
        had_bye: set[str] = set()
        previous_pods: list[frozenset[str]] = []
        for earlier in log.rounds[: rnd.number - 1]:
            for seats, result in zip(earlier.tables, then[earlier.number - 1], strict=True):
                points = result.score().points
                for u in seats:
                    score[u] += points[u]
                    met[u] |= set(seats) - {u}
                previous_pods.append(frozenset(seats))
            if earlier.bye is not None:
                score[earlier.bye] += ref.bye_points(earlier.number)
                had_bye.add(earlier.bye)
        # Pairing, judged on the state before the round.
        problems += pairing_problems(log, rnd, where, score, met, had_bye, previous_pods)
        # Scoring of every table as the API showed it when the round closed.
        by_id = {t["id"]: t for t in rnd.api_tables}
        for seats, result, table_id in zip(
            rnd.tables, then[rnd.number - 1], rnd.table_ids, strict=True
        ):
            expected = result.score()
            shown = {log.username_of(s["registration"]): s for s in by_id[table_id]["seats"]}
            got = {u: (s["points"], s["outcome"]) for u, s in shown.items()}
            want = {u: (expected.points[u], expected.outcome[u]) for u in seats}
            if got != want:
                problems.append(
                    f"{where}: table {result.mps} one_ring={result.one_ring}: {got} != {want}"
                )
            for u in seats:
                score[u] += expected.points[u]
        if rnd.bye is not None:
            bye_tables = [t for t in rnd.api_tables if t["is_bye"]]
            points = bye_tables[0]["seats"][0]["points"]
            if points != ref.bye_points(rnd.number):
                problems.append(f"{where}: bye scored {points}")
            score[rnd.bye] += ref.bye_points(rnd.number)
        # Standings after the round: everyone's points.
        got_points = {log.username_of(r["registration"]): r["points"] for r in rnd.standings}
        want_points = {u: score[u] for u in got_points}
        if got_points != want_points:
            diff = {
                u: (got_points[u], want_points[u])
                for u in got_points
                if got_points[u] != want_points[u]
            }
            problems.append(f"{where}: standings points (got, want) {diff}")
    # Rounds by the table, counting everyone still in and everyone who played.
    counted = log.counted_players()
    want_rounds = ref.rounds_for_players(len(counted), log.multiplayer)
    if len(log.rounds) != want_rounds or log.final["rounds_played"] != want_rounds:
        problems.append(
            f"{log.slug}: {len(log.rounds)} rounds for {len(counted)} players, want {want_rounds}"
        )
    last = len(log.rounds)
    return problems + final_problems(log, log.rounds[-1].standings, log.results_at(last))


def final_problems(
    log: EventLog, standings: list[dict[str, Any]], results: list[list[Any]] | None = None
) -> list[str]:
    """The final order and points (000 Part VI §3 Scoring; RULES.md §3 reading), from
    the current results unless others are given."""
    tables = log.played_tables(results)
    ranks = ref.final_standings(log.counted_players(), tables)
    points = {u: r.points for u, r in ref.records(ranks, tables).items()}
    got = {log.username_of(r["registration"]): (r["rank"], r["points"]) for r in standings}
    want = {u: (ranks[u], points[u]) for u in ranks}
    if got == want:
        return []
    diff = {u: (got.get(u), want.get(u)) for u in set(got) | set(want) if got.get(u) != want.get(u)}
    return [f"{log.slug}: final (rank, points) (got, want) {diff}"]


def check_ratings(world: World, game: str, season: str) -> list[str]:
    """the whole ledger (every rating after every round) and the season table."""
    problems: list[str] = []
    got, want = product_ledger(world, game), reference_ledger(world, game)
    if got != want:
        missing = [r for r in want if r not in got][:5]
        extra = [r for r in got if r not in want][:5]
        problems.append(f"ledger differs: reference-only {missing}; product-only {extra}")
    book = reference_book(world, game)
    url = f"/api/v1/ratings/seasons/{season}/standings/"
    table = world.api.call("get", url, None, {"page_size": 500})
    rows = {r["player_id"]: (r["rating"], r["peak"]) for r in table["results"]}
    first, last = (
        dt.date.fromisoformat(table["starts_on"]),
        dt.date.fromisoformat(table["ends_on"]),
    )
    events = {s.event.slug for s in world.timeline[game] if first <= s.event.date <= last}
    peaks = book.season_peaks(events)
    expected = {pid: (book.rating(pid), peaks[pid]) for pid in peaks}
    if rows != expected:
        diff = {
            p: (rows.get(p), expected.get(p))
            for p in set(rows) | set(expected)
            if rows.get(p) != expected.get(p)
        }
        problems.append(f"season (rating, peak) (got, want): {diff}")
    return problems


def _names(prefix: str, n: int) -> list[str]:
    return [f"{prefix}{i:03d}" for i in range(1, n + 1)]


# --------------------------------------------------------------------------- whole-event rules


SIZES = [
    pytest.param(5, "lore", False, id="5-lore"),
    pytest.param(6, "metw", False, id="6-metw"),
    pytest.param(8, "lore", True, id="8-lore-late-drop"),  # 8 + 2 late: 4 rounds, not 3
    pytest.param(9, "lore", True, id="9-lore-late-drop"),
    pytest.param(17, "metw", True, id="17-metw-late-drop"),
    pytest.param(24, "lore", False, id="24-lore"),
    pytest.param(40, "metw", False, id="40-metw"),
    pytest.param(
        300,
        "lore",
        False,
        id="300-lore",
        marks=pytest.mark.skipif(not LARGE, reason="300 players: set E2E_LARGE=1"),
    ),
]


@pytest.mark.parametrize(("size", "game", "late"), SIZES)
def test_whole_swiss_event(world: World, size: int, game: str, late: bool) -> None:
    """000 Part VI §3: a whole two-player event, every rule checked after every round;
    then every rating and season peak (000 Part VI §3 Ratings, RULES.md §6)."""
    season = _season(game)
    players = _names("p", size)
    plan = EventPlan(game=game, players=players, seed=1000 + size)
    if late:
        # Two late entries before round 2, one drop after round 2 (RULES.md §7).
        plan.late = {2: [f"late{size}a", f"late{size}b"]}
        plan.drops = {2: [players[0]]}
    log = run_event(world, plan, f"Open {size}")
    assert check_event(log) == []
    assert check_ratings(world, game, season) == []
    assert not world.shared_wins, world.shared_wins


def test_multiplayer_event(world: World) -> None:
    """000 Part VI §3 Multi-player tournaments: pods of 3–5 with the most 4s, never the
    same four twice, half the rounds; scoring and ratings by RULES.md §2 and §6."""
    season = _season("lore")
    # 24 players: 5 rounds by the table, so 3 multi-player rounds. A late entry makes 25
    # (a pod of 5) in round 2; a drop after it leaves 24 for round 3.
    plan = EventPlan(game="lore", players=_names("m", 24), seed=77, multiplayer=True)
    plan.late = {2: ["mlate"]}
    plan.drops = {2: ["m001"]}
    log = run_event(world, plan, "Council of the Wise")
    assert check_event(log) == []
    assert check_ratings(world, "lore", season) == []


def test_unsanctioned_event_is_not_rated(world: World) -> None:
    """000 Part VI §3 Ratings: "Each player in a sanctioned tournament will get rating
    points"; RULES.md §6: only sanctioned events are rated. The event itself still
    follows every tournament rule."""
    season = _season("metw")
    log = run_event(world, EventPlan("metw", _names("u", 7), seed=3, sanctioned=False), "Casual")
    assert check_event(log) == []
    assert product_ledger(world, "metw") == []
    assert check_ratings(world, "metw", season) == []


def test_ratings_reach_the_limits_over_a_season(world: World) -> None:
    """000 Part VI §3 Ratings: "Each win can gain you no more than ten points, but no
    less than one. Likewise, each loss ...". Four events of the same six players, the
    stronger usually winning 6–0, spread the ratings; in a fifth his wins are 4–2, so a
    win over a player 40 below gains less than one and the limits cut the changes.
    Every rating and the season peaks still match the reference."""
    season = _season("lore")
    players = _names("s", 6)
    strength = {p: i for i, p in enumerate(players)}
    for k in range(5):
        plan = EventPlan("lore", players, seed=900 + k, strength=strength, trouble=False)
        plan.loser_mps = 14 if k == 4 else None
        log = run_event(world, plan, f"League night {k + 1}")
        assert check_event(log) == []
    assert check_ratings(world, "lore", season) == []
    assert reference_book(world, "lore").clamped >= 3, "the limits were never reached"


def test_season_peak_is_the_seasons_own(world: World) -> None:
    """000 Part VI §3: "the player's rating is considered to be the highest rating he
    achieved in the relevant season". An event dated before the season moves ratings
    (its peaks are not the season's); the season's event then sets the peaks."""
    season = _season("metw")
    players = _names("q", 6)
    strength = {p: i for i, p in enumerate(players)}
    earlier = timezone.now() - dt.timedelta(days=90)
    plan = EventPlan("metw", players, seed=61, starts_at=earlier, strength=strength)
    run_event(world, plan, "Last year")
    run_event(world, EventPlan("metw", list(reversed(players)), seed=62), "This year")
    assert check_ratings(world, "metw", season) == []
    book = reference_book(world, "metw")
    assert book.season_peaks() != book.season_peaks({"this-year"}), "no case to tell apart"


# --------------------------------------------------------------------------- entry order


def _ratings_by_name(world: World, game: str) -> dict[tuple[Any, ...], tuple[int, int, int]]:
    name_of = {p.player_id: u for u, p in world.people.items()}
    return {(name_of[r[0]], r[2], r[3]): (r[4], r[5], r[6]) for r in product_ledger(world, game)}


def test_entry_order_never_changes_ratings(world: World) -> None:
    """RULES.md §6 Reading: a round's games are rated from start-of-round ratings, so the
    same event with its results entered in another order (reversed; all reported first
    and confirmed in a shuffled order) gives identical ratings."""
    outcomes = []
    for order in ("table", "reverse", "batched"):
        sid = transaction.savepoint()
        run = World(director=world.director)
        plan = EventPlan(game="metw", players=_names("o", 11), seed=4242, order=order)
        log = run_event(run, plan, "Order test")
        pairings = [(r.number, r.tables, r.bye) for r in log.rounds]
        assert check_ratings(run, "metw", _season("metw")) == []
        outcomes.append((pairings, _ratings_by_name(run, "metw")))
        transaction.savepoint_rollback(sid)
        clear_cache()  # league tables are cached by ledger version, which rolled back too
    (pairings, ratings), *others = outcomes
    for other_pairings, other_ratings in others:
        assert other_pairings == pairings, "same seeds must pair alike (precondition)"
        assert other_ratings == ratings


# --------------------------------------------------------------------------- corrections


def test_correcting_an_old_result_equals_a_replay(
    world: World, django_capture_on_commit_callbacks: Any
) -> None:
    """RULES.md §6 + §7: a director's correction of a closed round's result (here round 1
    of the first of two events whose players overlap) gives exactly the ledger a replay
    from scratch gives, and the reference's replay with the corrected result."""
    season = _season("lore")
    first = run_event(world, EventPlan("lore", _names("c", 9), seed=5), "Spring")
    second = run_event(world, EventPlan("lore", _names("c", 14)[5:], seed=6), "Summer")
    assert check_ratings(world, "lore", season) == []
    before = product_ledger(world, "lore")

    with django_capture_on_commit_callbacks(execute=True):
        correct_result(world, first, 1, 0)
    after = product_ledger(world, "lore")
    assert after != before, "the correction changed nothing: the test proves nothing"
    for log in (first, second):
        now = world.api.call(
            "get", f"/api/v1/events/{log.slug}/standings/", None, {"page_size": 500}
        )["results"]
        assert final_problems(log, now) == []
    assert check_ratings(world, "lore", season) == []

    # The product's own replay from scratch gives the same ledger again.
    with django_capture_on_commit_callbacks(execute=True):
        job = world.api.call("post", "/api/v1/ratings/replay/", world.td(), {"game": "lore"})
    job = world.api.call("get", f"/api/v1/ratings/jobs/{job['id']}/", world.td())
    assert job["status"] == "done", job
    assert product_ledger(world, "lore") == after


def test_correction_while_an_event_runs(
    world: World, django_capture_on_commit_callbacks: Any
) -> None:
    """RULES.md §6 + §7: the director corrects results of closed rounds while play goes
    on (an earlier event's round 2, and this event's round 1 after its round 2). The
    rounds that follow are paired on the corrected points and rated live; at the end
    the ledger equals the reference's replay from scratch, and the product's own."""
    season = _season("metw")
    first = run_event(world, EventPlan("metw", _names("r", 8), seed=11), "Winter")

    def correct(log: EventLog, rnd: Any) -> None:
        if rnd.number == 2:
            with django_capture_on_commit_callbacks(execute=True):
                correct_result(world, first, 2, 1)
                correct_result(world, log, 1, 0)

    second = run_event(world, EventPlan("metw", _names("r", 12)[2:], seed=12), "Thaw", correct)
    assert second.corrections and first.corrections
    assert check_event(second) == []
    now = world.api.call(
        "get", f"/api/v1/events/{first.slug}/standings/", None, {"page_size": 500}
    )["results"]
    assert final_problems(first, now) == []
    assert check_ratings(world, "metw", season) == []
    live = product_ledger(world, "metw")
    with django_capture_on_commit_callbacks(execute=True):
        world.api.call("post", "/api/v1/ratings/replay/", world.td(), {"game": "metw"})
    assert product_ledger(world, "metw") == live
