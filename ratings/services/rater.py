"""The rater: pure rating of the ledger's steps on an in-memory ratings table.

It takes scored tables and the ratings held before each round, applies
``ratings.formula`` and produces ledger rows; it reads and writes no database, so the
live path (one round) and a replay (every round of a game system) rate alike.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Iterable
from datetime import date, datetime
from typing import NamedTuple

from ratings.formula import START_RATING, change_against, winner_bonus
from ratings.services.loading import EventInfo, TableData
from ratings.services.score_cache import ScoreCache
from ratings.services.timeline import Step
from rules_engine import InvalidResult

log = logging.getLogger("ratings.services")

GAME, BONUS = "game", "bonus"  # RatingEntry.Kind values


class LedgerRow(NamedTuple):
    """A ledger row before it is written (RatingEntry's columns, in this order)."""

    game: str
    step: int
    at: datetime
    event_date: date
    player_id: int
    event_id: int
    round_number: int | None
    table_id: int | None
    kind: str
    before: int
    change: int
    after: int
    result: str
    points: int
    own_points: int
    opponent_rating: float | None
    opponents: list[dict[str, int]]
    created_at: datetime


COLUMNS = LedgerRow._fields


class Rater:
    """Rates steps, keeping each player's current rating (``ratings``, by Player id)."""

    def __init__(
        self, game: str, ratings: dict[int, int], reg_player: dict[int, int], now: datetime
    ):
        self.game = game
        self.ratings = ratings
        self.reg_player = reg_player
        self.rows: list[LedgerRow] = []
        self.games_in_event: dict[tuple[int, int], int] = defaultdict(int)
        self.skipped = 0
        self.now = now
        self.scores = ScoreCache()

    def rate_round(
        self, step: Step, step_no: int, info: EventInfo, tables: Iterable[TableData]
    ) -> int:
        """Rate every table of a round from the ratings held before it; returns how many
        tables were rated."""
        pending: list[LedgerRow] = []
        rated_tables = 0
        for table in tables:
            rows = self._rate_table(step, step_no, info, table)
            if rows:
                rated_tables += 1
                pending.extend(rows)
        # All changes of the round were computed from the start; apply them now.
        for row in pending:
            self.ratings[row.player_id] = row.after
            self.games_in_event[(info.id, row.player_id)] += 1
        self.rows.extend(pending)
        return rated_tables

    def _rate_table(
        self, step: Step, step_no: int, info: EventInfo, table: TableData
    ) -> list[LedgerRow]:
        try:
            regs, scored = self.scores.score(table, info, step.round_number or 1)
        except InvalidResult as exc:
            # A closed round should hold only valid results; one that does not is
            # left unrated (live and in every replay alike) and reported.
            self.skipped += 1
            log.warning("table %s not rated: %s", table.id, exc)
            return []
        if not scored.rated:
            return []
        players = [self.reg_player[reg] for reg in regs]
        start = [self.ratings.get(pid, START_RATING) for pid in players]
        rows = []
        for rated in scored.rated:
            before = start[rated.seat]
            opp = [start[o] for o in rated.opponents]
            change = change_against(before, opp, rated.result, rated.points)
            rows.append(
                LedgerRow(
                    game=self.game,
                    step=step_no,
                    at=step.at,
                    event_date=info.event_date,
                    player_id=players[rated.seat],
                    event_id=info.id,
                    round_number=step.round_number,
                    table_id=table.id,
                    kind=GAME,
                    before=before,
                    change=change,
                    after=before + change,
                    result=rated.result,
                    points=rated.points,
                    own_points=scored.points[rated.seat],
                    opponent_rating=round(sum(opp) / len(opp), 2),
                    opponents=[{"player": players[o], "rating": start[o]} for o in rated.opponents],
                    created_at=self.now,
                )
            )
        return rows

    def rate_bonus(
        self, step: Step, step_no: int, info: EventInfo, winners: Iterable[int] | None
    ) -> None:
        """The tournament winner's bonus: one point per game he played in the event, to
        every player sharing first place (RULES.md §6 Reading; never an ejected one)."""
        for winner_player in sorted(set(winners or ())):
            self._rate_one_bonus(step, step_no, info, winner_player)

    def _rate_one_bonus(
        self, step: Step, step_no: int, info: EventInfo, winner_player: int
    ) -> None:
        games = self.games_in_event.get((info.id, winner_player), 0)
        bonus = winner_bonus(games)
        if bonus <= 0:
            return
        before = self.ratings.get(winner_player, START_RATING)
        self.ratings[winner_player] = before + bonus
        self.rows.append(
            LedgerRow(
                game=self.game,
                step=step_no,
                at=step.at,
                event_date=info.event_date,
                player_id=winner_player,
                event_id=info.id,
                round_number=None,
                table_id=None,
                kind=BONUS,
                before=before,
                change=bonus,
                after=before + bonus,
                result="",
                points=games,
                own_points=0,
                opponent_rating=None,
                opponents=[],
                created_at=self.now,
            )
        )
