"""Top-cut games in the rating ledger (RULES.md §3 "Top cut": "Playoff games are rated like
any other game; the winner's bonus goes to the playoff winner"; §6 Ratings).

A decided playoff match is one game, scored by its game's own rules (the same engine
input as the tournaments' ``_winner_by_rules``) and rated with the formula of §6. It is
its own step of the ledger's timeline, at the moment it was decided, numbered as round
"Swiss rounds + stage" (the round number the engine scored it with). A tie the director
decided is rated as the game ended, a draw: who goes through is not a game result.
A tie that was replayed is rated once, as the game that decided the match (the earlier
tied game is kept in the audit trail only). A match of best of N (RULES.md §8) is rated
game by game, each its own step at the moment it was entered, all numbered as the match.

Readings of the bonus: when the event's final is decided, the champion (not the Swiss
leader) gets the winner's bonus, counting his playoff games; when a playoff began and its
final is undecided, nobody gets it yet; an event that never started its playoff keeps the
Swiss winners. The bonus comes after the final in the timeline.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db.models import Max

from ratings.services.loading import SeatData, TableData
from ratings.services.timeline import GAME_KIND, Step
from tournaments.models import EventSettings, PlayoffGame, PlayoffMatch, Round
from tournaments.rules import bracket
from tournaments.services.league_series import league_champions
from tournaments.services.robin_table import robin_champions

_FIELDS = (
    "pk", "event_id", "stage", "high_id", "low_id", "high_mps", "low_mps", "outcome",
    "winner_id", "decided_by_director", "decided_at",
)  # fmt: skip


def _swiss_rounds(event_ids: Iterable[int]) -> dict[int, int]:
    rows = Round.objects.filter(event_id__in=list(event_ids)).values("event_id")
    return {r["event_id"]: r["last"] for r in rows.annotate(last=Max("number"))}


def _game(row: dict[str, Any], swiss: int, step_id: int) -> tuple[Step, TableData]:
    number = swiss + row["stage"]
    at = row["decided_at"]
    # A game is its own step; its table is found under a negative id (round ids are > 0):
    # minus twice a one-game match's id, minus one more for a game of a best-of match.
    step = Step((at, row["event_id"], GAME_KIND, number), GAME_KIND, row["event_id"], at,
                step_id, number)  # fmt: skip
    table = TableData(
        id=None,
        round_id=-row["pk"],
        outcome=row["outcome"] or "normal",
        # The engine is given the winner the judge named, never the director's choice
        # after a tie: that game ended tied.
        winner_id=None if row["decided_by_director"] else row["winner_id"],
        time_called=False,
        seats=[
            SeatData(1, 0, row["high_id"], row["high_mps"]),
            SeatData(2, 0, row["low_id"], row["low_mps"]),
        ],
    )
    return step, table


def _best_of_games(matches: list[dict[str, Any]]) -> dict[int, list[dict[str, Any]]]:
    """The games of the best-of matches among ``matches``, as rows shaped like a one-game
    match's. A tie that was replayed counts for nobody and is not rated (as a replayed
    one-game tie); a tie the director settled is rated as the draw it was."""
    by_match: dict[int, list[dict[str, Any]]] = defaultdict(list)
    games = PlayoffGame.objects.filter(match_id__in=[m["pk"] for m in matches]).values(
        "pk", "match_id", "number", "high_mps", "low_mps", "outcome", "winner_id",
        "decided_for_id", "decided_at",
    )  # fmt: skip
    of = {m["pk"]: m for m in matches}
    for g in games:
        if g["winner_id"] is None and g["decided_for_id"] is None:
            continue
        m = of[g["match_id"]]
        by_match[m["pk"]].append(
            {**m, **{k: g[k] for k in ("high_mps", "low_mps", "outcome", "winner_id",
                                        "decided_at")},
             "decided_by_director": g["winner_id"] is None, "game_pk": g["pk"]}
        )  # fmt: skip
    return by_match


def playoff_games(**match_filter: Any) -> list[tuple[Step, TableData]]:
    """Every decided playoff match matched by ``match_filter`` as a ledger step and its
    one game, in timeline order."""
    rows = list(
        PlayoffMatch.objects.filter(
            status=PlayoffMatch.Status.DONE, decided_at__isnull=False, **match_filter
        ).values(*_FIELDS)
    )
    swiss = _swiss_rounds({r["event_id"] for r in rows})
    several = _best_of_games(rows)
    games = []
    for r in rows:
        at = swiss.get(r["event_id"], 0)
        if r["pk"] in several:
            games += [_game(g, at, -2 * g["game_pk"] - 1) for g in several[r["pk"]]]
        else:
            games.append(_game(r, at, -2 * r["pk"]))
    return sorted(games, key=lambda g: g[0].key)


def champions(event_ids: Iterable[int]) -> dict[int, tuple[list[int], datetime | None]]:
    """For each event with a playoff: the players who get the winner's bonus (the
    champion, once the final is decided and he is not ejected; nobody before) and when
    the final was decided. Events without a playoff are absent."""
    stages: dict[int, int] = defaultdict(int)
    rows = list(
        PlayoffMatch.objects.filter(event_id__in=list(event_ids)).values_list(
            "event_id", "stage", "winner__player_id", "winner__ejected", "decided_at", "status"
        )
    )
    for event_id, stage, *_ in rows:
        stages[event_id] = max(stages[event_id], stage)
    out: dict[int, tuple[list[int], datetime | None]] = {e: ([], None) for e in stages}
    for event_id, stage, player, ejected, at, status in rows:
        if stage == stages[event_id] and status == PlayoffMatch.Status.DONE:
            out[event_id] = ([] if ejected else [player], at)
    return out


def with_champions(winners: dict[int, list[int]], event_ids: Iterable[int]) -> dict[int, list[int]]:
    """The events' bonus winners with the playoff champion, the winner of a round robin
    stage or the top of a league's table (RULES.md §8), in place of the Swiss leaders."""
    event_ids = list(event_ids)
    out = dict(winners)
    out.update(robin_champions(event_ids))
    out.update(league_champions(event_ids))
    for event_id, (players, _at) in champions(event_ids).items():
        out[event_id] = players
    return out


def bonus_after_final(at: datetime, event_id: int, finals: dict[int, Any]) -> datetime:
    """The bonus's place in the timeline: never before the final it depends on."""
    decided = finals.get(event_id, ([], None))[1]
    return max(at, decided) if decided is not None else at


def playoff_stage(event_id: int, round_number: int | None) -> str | None:
    """The stage name (tournaments.rules.bracket.stage_name) of the playoff game a ledger row
    numbered ``round_number`` rates ("Swiss rounds + stage", as _game numbers it), or None
    when the row is a Swiss round's."""
    swiss = _swiss_rounds([event_id]).get(event_id, 0)
    if round_number is None or round_number <= swiss:
        return None
    stage = round_number - swiss
    matches = PlayoffMatch.objects.filter(event_id=event_id)
    double = EventSettings.objects.filter(
        event_id=event_id, playoff_kind=EventSettings.PlayoffKind.DOUBLE
    )
    if double.exists():
        # Double elimination: a wave mixes both sides of the bracket; the page names the kind.
        return "double_elimination" if matches.filter(stage=stage).exists() else None
    first = matches.filter(stage=1).count()
    if not first or stage > bracket.stage_count(2 * first):
        return None
    return bracket.stage_name(stage, 2 * first)
