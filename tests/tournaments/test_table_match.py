"""Matches of best of N at Swiss and round-robin tables (RULES.md §8: "a match of best
of N games: the match winner is the first to win more than half; each game scored by
its game's own rules"; "a tied game is replayed or decided as the stage sets"; PC
Worlds: "the loser of each game chooses the format of the following game")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from audit.models import AuditEntry
from core.errors import ServiceError
from rules_engine import GameResult, Seat, score_game
from tests.tournaments.helpers import make_event, make_user, register_users, user_of
from tournaments import services
from tournaments.rules import best_of as bo
from tournaments.rules import table_match as tm
from tournaments.services.stage_plan import set_stages

PLAYERS = ("a", "b")
game_results = st.lists(st.sampled_from(["a", "b", None]), max_size=12)


def _independent(best_of, winners):
    """The match by hand: count each player's wins; the first to more than half wins,
    and nothing may follow."""
    need = best_of // 2 + 1
    wins = {"a": 0, "b": 0}
    for i, w in enumerate(winners):
        if w is not None:
            wins[w] += 1
            if wins[w] == need:
                return w, i + 1
    return None, None


@given(st.sampled_from(bo.BEST_OF[1:]), game_results)
def test_the_match_goes_to_the_first_to_win_more_than_half(best_of, winners):
    """RULES.md §8: the match winner is the first to win more than half (ties replayed)."""
    games = [bo.Game(w) for w in winners]
    reading = tm.read_match(tm.MatchRules(best_of), PLAYERS, games)
    expected, at = _independent(best_of, winners)
    if not winners:
        assert reading.problem == {"code": "no_games"}
    elif expected is None:
        assert reading.problem == {"code": "undecided", "need": best_of // 2 + 1}
    elif at < len(winners):
        # No result is accepted after the match is decided.
        assert reading.problem == {"code": "after_decided", "game": at + 1}
    else:
        assert reading.problem is None and reading.winner == expected
        assert reading.wins[expected] == best_of // 2 + 1
        assert reading.wins[tm.bo.loser_of(expected, PLAYERS)] < best_of // 2 + 1


@given(st.sampled_from(bo.BEST_OF[1:]), game_results, st.sampled_from(["a", "b", None]))
def test_no_game_is_accepted_after_the_match_is_decided(best_of, winners, extra):
    games = [bo.Game(w) for w in winners]
    if tm.read_match(tm.MatchRules(best_of), PLAYERS, games).problem is not None:
        return
    more = tm.read_match(tm.MatchRules(best_of), PLAYERS, [*games, bo.Game(extra)])
    assert more.problem == {"code": "after_decided", "game": len(games) + 1}


@given(st.sampled_from(bo.BEST_OF[1:]), game_results)
def test_a_tie_left_to_the_director_waits_for_him(best_of, winners):
    """A tied game the stage leaves to the director is refused until he names a player."""
    games = [bo.Game(w) for w in winners]
    reading = tm.read_match(tm.MatchRules(best_of, tie=tm.DIRECTOR), PLAYERS, games)
    first_tie = next((i + 1 for i, w in enumerate(winners) if w is None), None)
    _, at = _independent(best_of, winners)
    if first_tie is not None and (at is None or first_tie <= at):
        assert reading.problem == {"code": "tie_for_director", "game": first_tie}


@given(st.integers(1, 4), st.integers(0, 3), st.sampled_from(["metw", "lore", "lotr-tcg"]))
def test_the_match_winner_always_scores_more_than_the_loser(need, lost, game):
    """The Reading of tournaments.rules.table_match: the game's own table (RULES.md §2) on
    the games won; the winner of the match is the winner of its one scored game."""
    lost = min(lost, need - 1)
    mps, winner = tm.match_scores({"a": need, "b": lost}, "a", game != "lotr-tcg")
    result = GameResult(
        game=game, seats=(Seat("a", mps["a"]), Seat("b", mps["b"])), round_number=1,
        multiplayer=False, outcome="normal", winner=winner, time_called=False,
    )  # fmt: skip
    score = score_game(result)
    assert score.points["a"] > score.points["b"] and score.outcome["a"] == "win"


def test_with_the_loser_choosing_each_game_is_in_the_losers_format_and_a_replay_keeps_it():
    rules = tm.MatchRules(3, loser_chooses=True)
    games = [bo.Game("a"), bo.Game(None), bo.Game("b"), bo.Game("a")]
    out = tm.game_formats(rules, PLAYERS, games, ["", "movie", "", "fel"], "fel")
    # Game 1 in the round's format; b lost it and chose game 2 (tied: replayed as game 3
    # in the same format, chosen by b); a lost game 3 and chose game 4.
    assert out == [("fel", None), ("movie", "b"), ("movie", "b"), ("fel", "a")]


# Through the services.

pytestmark_db = pytest.mark.django_db


def _event(game="metw", best_of=3, options=None, players=4, **fields):
    director = make_user()
    event = make_event(director, game=game, **fields)
    set_stages(director, event, [{"kind": "swiss", "best_of": best_of, "options": options or {}}])
    register_users(event, players)
    return director, services.pair_next_round(director, event)


def match_game(table, a_mps, b_mps, **extra):
    a, b = (s.registration_id for s in table.seats.order_by("position"))
    return {"mps": {a: a_mps, b: b_mps}, **extra}


@pytestmark_db
def test_a_metw_match_two_games_to_one_scores_as_a_ratio_of_two():
    """RULES.md §2's ratio table applied to the games won (table_match Reading); each
    game keeps its own points by the game's table."""
    director, rnd = _event()
    table = rnd.tables.filter(is_bye=False).first()
    games = [match_game(table, 20, 5), match_game(table, 3, 12), match_game(table, 15, 14)]
    table = services.director_set_result(director, table, games=games)
    seats = list(table.seats.order_by("position"))
    a, b = (str(s.registration_id) for s in seats)
    assert [s.mps for s in seats] == [2, 1]
    assert [s.points for s in seats] == [6, 0]
    assert [s.outcome for s in seats] == ["win", "loss"]
    assert [g.points for g in table.games.order_by("number")] == [
        {a: 6, b: 0}, {a: 0, b: 6}, {a: 4, b: 2},
    ]  # fmt: skip
    entry = AuditEntry.objects.filter(action="result_director").latest("pk")
    assert len(entry.after["games"]) == 3


@pytestmark_db
def test_a_game_after_the_match_was_decided_is_refused_and_nothing_is_saved():
    director, rnd = _event()
    table = rnd.tables.filter(is_bye=False).first()
    games = [match_game(table, 20, 5), match_game(table, 20, 5), match_game(table, 5, 20)]
    with pytest.raises(ServiceError) as caught:
        services.director_set_result(director, table, games=games)
    assert caught.value.code == "after_decided"
    assert "Game 3" in caught.value.message
    table.refresh_from_db()
    assert table.status == "pending" and not table.games.exists()


@pytestmark_db
def test_a_match_needs_its_games_and_a_one_game_table_refuses_them():
    director, rnd = _event()
    table = rnd.tables.filter(is_bye=False).first()
    with pytest.raises(ServiceError) as caught:
        services.director_set_result(director, table, mps={})
    assert caught.value.code == "no_games"
    with pytest.raises(ServiceError) as caught:
        services.director_set_result(director, table, games=[match_game(table, 20, 5)])
    assert caught.value.code == "undecided"
    director, rnd = _event(best_of=1)
    table = rnd.tables.filter(is_bye=False).first()
    with pytest.raises(ServiceError) as caught:
        services.director_set_result(director, table, games=[match_game(table, 20, 5)])
    assert caught.value.code == "not_a_match"


@pytestmark_db
def test_a_tied_game_is_replayed_by_default():
    """RULES.md §8: a tied game is replayed (it counts for nobody)."""
    director, rnd = _event()
    table = rnd.tables.filter(is_bye=False).first()
    games = [match_game(table, 10, 10), match_game(table, 20, 5), match_game(table, 20, 5)]
    table = services.director_set_result(director, table, games=games)
    assert [s.mps for s in table.seats.order_by("position")] == [2, 0]
    assert table.games.order_by("number").first().won_by_id is None


@pytestmark_db
def test_a_tie_left_to_the_director_is_his_to_count_not_the_players():
    director, rnd = _event(options={"tie": "director"})
    table = rnd.tables.filter(is_bye=False).first()
    a, b = (s.registration_id for s in table.seats.order_by("position"))
    games = [match_game(table, 10, 10, counts_for=b), match_game(table, 5, 20)]
    with pytest.raises(ServiceError) as caught:
        services.report_result(user_of(table.seats.first().registration), table, games=games)
    assert caught.value.code == "tie_for_director"
    with pytest.raises(ServiceError) as caught:
        services.director_set_result(director, table, games=[match_game(table, 10, 10), *games[1:]])
    assert caught.value.code == "tie_for_director"
    table = services.director_set_result(director, table, games=games)
    assert [s.outcome for s in table.seats.order_by("position")] == ["loss", "win"]
    assert table.games.first().decided_for_id == b and a != b


@pytestmark_db
def test_players_report_and_confirm_a_match_and_a_different_one_disputes_it():
    _director, rnd = _event(game="lotr-tcg")
    table = rnd.tables.filter(is_bye=False).first()
    first, second = (s.registration for s in table.seats.order_by("position"))
    games = [{"winner": first.pk}, {"winner": second.pk}, {"winner": first.pk}]
    table = services.report_result(user_of(first), table, games=games)
    assert table.status == "reported"
    table = services.report_result(user_of(second), table, games=games)
    assert table.status == "confirmed"
    seats = list(table.seats.order_by("position"))
    assert [s.points for s in seats] == [1, 0]  # win 1, loss 0 (RULES.md §2 Reading)
    other = rnd.tables.filter(is_bye=False).exclude(pk=table.pk).first()
    a, b = (s.registration for s in other.seats.order_by("position"))
    services.report_result(user_of(a), other, games=[{"winner": a.pk}, {"winner": a.pk}])
    other = services.report_result(
        user_of(b), other, games=[{"winner": b.pk}, {"winner": a.pk}, {"winner": a.pk}]
    )
    assert other.status == "disputed" and len(other.counter_report["games"]) == 3


@pytestmark_db
def test_the_loser_chooses_the_next_games_format_where_the_stage_says_so():
    director = make_user()
    event = make_event(director, game="lotr-tcg")
    set_stages(
        director, event,
        [{"kind": "swiss", "best_of": 3, "round_formats": ["fellowship-block"],
          "options": {"loser_chooses_format": True}}],
    )  # fmt: skip
    register_users(event, 2)
    rnd = services.pair_next_round(director, event)
    table = rnd.tables.get()
    a, b = (s.registration_id for s in table.seats.order_by("position"))
    games = [{"winner": a, "format": "tower-block"}, {"winner": b, "format": "tower-block"},
             {"winner": b, "format": "fellowship-block"}]  # fmt: skip
    table = services.director_set_result(director, table, games=games)
    played = [(g.format_key, g.chosen_by_id) for g in table.games.order_by("number")]
    # Game 1 in the round's format whatever was typed; then the loser's choice.
    assert played == [("fellowship-block", None), ("tower-block", b), ("fellowship-block", a)]


@pytestmark_db
def test_a_pod_event_cannot_play_matches():
    director = make_user()
    event = make_event(director, game="lore", multiplayer=True)
    with pytest.raises(ServiceError) as caught:
        set_stages(director, event, [{"kind": "swiss", "best_of": 3}])
    assert any(p["code"] == "pods_one_game" for p in caught.value.problems)


@pytestmark_db
def test_single_game_tables_are_unchanged():
    director, rnd = _event(best_of=1)
    table = rnd.tables.filter(is_bye=False).first()
    table = services.director_set_result(director, table, match_game(table, 20, 5)["mps"])
    assert [s.points for s in table.seats.order_by("position")] == [6, 0]
    assert not table.games.exists()
    assert "games" not in services.table_snapshot(table)


@pytestmark_db
def test_a_format_the_game_does_not_know_is_refused():
    director = make_user()
    event = make_event(director, game="lotr-tcg")
    set_stages(director, event, [{"kind": "swiss", "best_of": 3,
                                  "options": {"loser_chooses_format": True}}])  # fmt: skip
    register_users(event, 2)
    table = services.pair_next_round(director, event).tables.get()
    a, b = (s.registration_id for s in table.seats.order_by("position"))
    games = [{"winner": a}, {"winner": a, "format": "no-such-format"}]
    with pytest.raises(ServiceError) as caught:
        services.director_set_result(director, table, games=games)
    assert caught.value.code == "invalid_format" and b != a


@pytestmark_db
def test_a_match_survives_export_and_import():
    import json

    from tournaments.services.transfer.imports import import_event

    director, rnd = _event(options={"tie": "director"})
    table = rnd.tables.filter(is_bye=False).first()
    a = table.seats.order_by("position").first().registration_id
    games = [
        match_game(table, 9, 9, counts_for=a),
        match_game(table, 5, 20),
        match_game(table, 20, 5),
    ]
    services.director_set_result(director, table, games=games)
    document = json.loads(json.dumps(services.export_event(rnd.event)))
    copy = import_event(document, organizer=director, slug="match-copy", replay_ratings=False)
    copied = copy.rounds.get(number=1).tables.get(number=table.number)
    old = [services.stored_game(g).as_json() for g in table.games.all()]
    new = [services.stored_game(g).as_json() for g in copied.games.all()]
    names = {r.pk: r.player.display_name for r in copy.registrations.all()}
    old_names = {r.pk: r.player.display_name for r in rnd.event.registrations.all()}
    assert [names[g["decided_for"]] if g["decided_for"] else None for g in new] == [
        old_names[g["decided_for"]] if g["decided_for"] else None for g in old
    ]
    assert [(g["band"], g["format"], sorted(g["mps"].values())) for g in new] == [
        (g["band"], g["format"], sorted(g["mps"].values())) for g in old
    ]
    assert services.table_snapshot(copied)["games"][2]["won_by"] in names


@pytestmark_db
def test_a_round_robin_of_best_of_three_counts_each_match_once():
    """RULES.md §8 (CoE Worlds: a top-4 round robin, points from zero) with matches of
    best of three: the crosstable counts the match by its Reading (6–0 at 2–0)."""
    from tournaments.services import stages as run
    from tournaments.services.stage_plan import set_stage_match

    director = make_user()
    event = make_event(director, game="metw", planned_rounds=3)
    set_stages(director, event, [{"kind": "swiss"},
                                 {"kind": "round_robin", "advance": 4, "carry_points": False}])  # fmt: skip
    set_stage_match(director, event, 2, 3, "replay", False)
    register_users(event, 6)
    for _ in range(3):
        rnd = services.pair_next_round(director, event)
        for table in rnd.tables.filter(is_bye=False):
            assert services.match_rules(table).best_of == 1
            services.director_set_result(director, table, match_game(table, 20, 5)["mps"])
    run.start_stage(director, event)
    robin_round = event.rounds.order_by("-number").first()
    for table in robin_round.tables.all():
        assert services.match_rules(table).best_of == 3
        services.director_set_result(
            director, table, games=[match_game(table, 20, 5), match_game(table, 20, 5)]
        )
    table = run.robin_table(event, 2)
    assert sorted(r.points for r in table.rows) == [0, 0, 6, 6]


@pytestmark_db
def test_the_match_length_is_fixed_once_round_1_is_paired():
    director, rnd = _event()
    with pytest.raises(ServiceError) as caught:
        set_stages(director, rnd.event, [{"kind": "swiss", "best_of": 1}])
    assert caught.value.code == "match_started"
    set_stages(director, rnd.event, [{"kind": "swiss", "best_of": 3, "rounds": 4}])
