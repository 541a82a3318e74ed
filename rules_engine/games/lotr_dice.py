"""The Lord of the Rings Dice Building Game (004): Glory per player when the
players reach the Grey Havens; if Sauron corrupts enough cards every player
loses. 2–4 players. RULES.md §2 Reading: Glory is scored like MPs with the
multi-player ratio rules; a Sauron win is 0 points and a loss for everyone.
"""

from __future__ import annotations

from rules_engine.games._common import (
    forbid_scores,
    forbid_winner,
    require_scores,
    winner_has_most,
)
from rules_engine.games.base import GameSystem
from rules_engine.scoring import SAURON, SAURON_BAND, score_all_lose, score_by_mps
from rules_engine.types import (
    GLORY,
    SAURON_WON,
    GameResult,
    GameScore,
    Phrase,
    Problem,
    ScoringSettings,
)
from rules_engine.words import gettext_noop


def check(result: GameResult, outcome: str, settings: ScoringSettings) -> list[Problem]:
    if outcome == SAURON_WON:
        why = gettext_noop(
            "a Glory result in a game Sauron won: every player loses and no Glory is counted "
            "(004); leave Glory empty."
        )
        return forbid_scores(result, SYSTEM, why) + forbid_winner(
            result, gettext_noop("Sauron won: every player loses (004).")
        )
    return require_scores(result, SYSTEM) + winner_has_most(result, SYSTEM)


def score(result: GameResult, outcome: str, settings: ScoringSettings) -> GameScore:
    if outcome == SAURON_WON:
        return score_all_lose(
            result.seats,
            band_key=SAURON,
            band_label=Phrase(SAURON_BAND),
            time_called=result.time_called,
            game=SYSTEM.key,
            why=Phrase(
                gettext_noop("Sauron corrupted enough cards: every player loses, 0 points each")
            ),
        )
    return score_by_mps(
        result.seats, time_called=result.time_called, game=SYSTEM.key, unit=gettext_noop("Glory")
    )


SYSTEM = GameSystem(
    key="lotr-dice",
    name="LOTR Dice",
    uses_mps=True,
    score_label="Glory",
    two_player_seats=(2, 2),
    multiplayer_seats=(2, 4),
    outcomes=(GLORY, SAURON_WON),
    has_decks=False,
    order=4,
    default_outcome=GLORY,
    outcome_labels={GLORY: "Grey Havens reached (Glory counted)", SAURON_WON: "Sauron won"},
    rulebook="004 (Glory, Sauron); RULES.md §2 Reading (lotr-dice)",
    scoring_summary=(
        "Glory scored like MPs with the multi-player ratio rules (winner against the next "
        "highest, others against the winner). Sauron won: 0 for every player, a loss for all."
    ),
    check=check,
    score=score,
)
