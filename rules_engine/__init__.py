"""The rules of the Middle-earth card games as pure functions (no Django here).

Game systems and their registry, result checking, tournament scoring and the
METW Free Council count. Deck rules live in ``rules_engine.deckrules``, imported
by whoever needs them (not from here, to keep this import light).
"""

from rules_engine.checking import check_result, find_problems
from rules_engine.engine import bye_points, bye_score, score_game
from rules_engine.games.base import GameSystem
from rules_engine.registry import GAME_SYSTEMS, get_game, register
from rules_engine.scoring import BANDS, RATIO_TABLE, ratio_band
from rules_engine.types import (
    GameResult,
    GameScore,
    InvalidResult,
    Problem,
    RatedGame,
    ScoringSettings,
    Seat,
    UnknownGame,
)

__all__ = [
    "BANDS",
    "GAME_SYSTEMS",
    "RATIO_TABLE",
    "GameResult",
    "GameScore",
    "GameSystem",
    "InvalidResult",
    "Problem",
    "RatedGame",
    "ScoringSettings",
    "Seat",
    "UnknownGame",
    "bye_points",
    "bye_score",
    "check_result",
    "find_problems",
    "get_game",
    "ratio_band",
    "register",
    "score_game",
]
