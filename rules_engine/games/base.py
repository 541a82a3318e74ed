"""What one game system is: the shape of its results and how they are scored.

A game module under ``rules_engine/games/`` defines one ``SYSTEM`` of this type;
the registry finds it by itself, so a fifth game is one new module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rules_engine.types import DOUBLE_LOSS, GameResult, GameScore, Problem, ScoringSettings
from rules_engine.words import gettext_noop

# Rulings open to every game system, beside the ways its games end (RULES.md §8).
RULINGS = {DOUBLE_LOSS: gettext_noop("double loss (no result by the deadline)")}

# (result, resolved outcome, settings) -> problems; (result, outcome, settings) -> score
Checker = Callable[[GameResult, str, ScoringSettings], list[Problem]]
Scorer = Callable[[GameResult, str, ScoringSettings], GameScore]


@dataclass(frozen=True)
class GameSystem:
    key: str
    name: str
    uses_mps: bool
    score_label: str
    two_player_seats: tuple[int, int]
    multiplayer_seats: tuple[int, int] | None
    outcomes: tuple[str, ...]
    has_decks: bool
    # Additions beside the contract:
    order: int = 100  # position in menus and in GAME_SYSTEMS
    default_outcome: str = "normal"  # what "normal" means for this game
    outcome_labels: dict[str, str] = field(default_factory=dict, compare=False)
    rulebook: str = ""  # where the result rules come from, shown on the calculator page
    scoring_summary: str = ""
    check: Checker | None = field(default=None, compare=False, repr=False)
    score: Scorer | None = field(default=None, compare=False, repr=False)
    # Points a bye gives in a round; None means the MP table (6/5/4 by round).
    bye: Callable[[int, ScoringSettings], int] | None = field(
        default=None, compare=False, repr=False
    )

    def seat_range(self, multiplayer: bool) -> tuple[int, int] | None:
        return self.multiplayer_seats if multiplayer else self.two_player_seats

    def resolve_outcome(self, outcome: str) -> str:
        return self.default_outcome if outcome == "normal" else outcome

    def allows(self, outcome: str) -> bool:
        return outcome == "normal" or outcome in self.outcomes or outcome in RULINGS

    def label(self, outcome: str) -> str:
        if outcome in RULINGS:
            return RULINGS[outcome]
        return self.outcome_labels.get(outcome, str(outcome).replace("_", " "))
