"""LoRE (000): MPs per player, or a win by destroying The One Ring.

Two players, or 3–5 in a multi-player game (000 Part VI §2–3).
"""

from __future__ import annotations

from rules_engine.games._common import (
    decided_winner,
    require_scores,
    require_winner,
    winner_has_most,
)
from rules_engine.games.base import GameSystem
from rules_engine.scoring import one_ring_score, score_by_mps
from rules_engine.types import NORMAL, ONE_RING, GameResult, GameScore, Problem, ScoringSettings
from rules_engine.words import gettext_noop


def check(result: GameResult, outcome: str, settings: ScoringSettings) -> list[Problem]:
    if outcome == ONE_RING:
        return require_winner(
            result,
            gettext_noop(
                "A One Ring win needs the player who destroyed The One Ring as the winner."
            ),
        )
    return require_scores(result, SYSTEM) + winner_has_most(result, SYSTEM)


def score(result: GameResult, outcome: str, settings: ScoringSettings) -> GameScore:
    if outcome == ONE_RING:
        return one_ring_score(
            result.seats,
            decided_winner(result),
            time_called=result.time_called,
            game=SYSTEM.key,
        )
    return score_by_mps(
        result.seats, time_called=result.time_called, game=SYSTEM.key, unit=gettext_noop("MPs")
    )


SYSTEM = GameSystem(
    key="lore",
    name="LoRE",
    uses_mps=True,
    score_label="MPs",
    two_player_seats=(2, 2),
    multiplayer_seats=(3, 5),
    outcomes=(NORMAL, ONE_RING),
    has_decks=True,
    order=1,
    default_outcome=NORMAL,
    outcome_labels={NORMAL: "MPs counted", ONE_RING: "The One Ring destroyed"},
    rulebook="000 Part VI §3 Scoring; Multi-player tournaments",
    scoring_summary=(
        "By the ratio of the winner's MPs to the loser's: One Ring 7–0, ratio ≥ 2 6–0, "
        "1.5 ≤ ratio < 2 5–1, 1 < ratio < 1.5 4–2, tie 3–3. In a pod the winner is scored "
        "against the next highest and every other player against the winner."
    ),
    check=check,
    score=score,
)
