"""Middle-earth: The Wizards (003): MPs at the Free Council, a One Ring win, or a
win because the other Wizard was eliminated or corrupted; both Wizards corrupted
means both lose (003 Part I §1). Two players only.
"""

from __future__ import annotations

from rules_engine.games._common import (
    decided_winner,
    forbid_winner,
    require_scores,
    require_winner,
    winner_has_most,
)
from rules_engine.games.base import GameSystem
from rules_engine.scoring import (
    BOTH_LOSE,
    BOTH_LOSE_BAND,
    ELIMINATION,
    ELIMINATION_BAND,
    one_ring_score,
    score_all_lose,
    score_by_mps,
    score_fixed_win,
)
from rules_engine.types import (
    BOTH_CORRUPTED,
    NORMAL,
    ONE_RING,
    WIZARD_ELIMINATED,
    GameResult,
    GameScore,
    Phrase,
    PlayerRef,
    Problem,
    ScoringSettings,
)
from rules_engine.words import gettext_noop


def check(result: GameResult, outcome: str, settings: ScoringSettings) -> list[Problem]:
    if outcome == ONE_RING:
        return require_winner(
            result,
            gettext_noop(
                "A One Ring win needs the player who destroyed The One Ring as the winner."
            ),
        )
    if outcome == WIZARD_ELIMINATED:
        return require_winner(
            result,
            gettext_noop(
                "A Wizard-eliminated win needs the winner: the player whose opponent's Wizard "
                "was eliminated or failed his corruption check."
            ),
        )
    if outcome == BOTH_CORRUPTED:
        return forbid_winner(
            result,
            gettext_noop(
                "both Wizards failed their corruption checks: no one wins, both players lose "
                "(003 Part I §1)."
            ),
        )
    return require_scores(result, SYSTEM) + winner_has_most(result, SYSTEM)


def score(result: GameResult, outcome: str, settings: ScoringSettings) -> GameScore:
    seats, time_called = result.seats, result.time_called
    if outcome == ONE_RING:
        winner = decided_winner(result)
        return one_ring_score(seats, winner, time_called=time_called, game=SYSTEM.key)
    if outcome == WIZARD_ELIMINATED:
        # RULES.md §2 Reading (METW): scored as ratio ≥ 2 unless the director sets otherwise.
        won, lost = settings.metw_elimination_points
        winner = decided_winner(result)
        return score_fixed_win(
            seats,
            winner,
            winner_points=won,
            loser_points=lost,
            band_key=ELIMINATION,
            band_label=Phrase.of(ELIMINATION_BAND, won=won, lost=lost),
            rating_points=won,
            time_called=time_called,
            game=SYSTEM.key,
            why=Phrase.of(
                gettext_noop(
                    "{player} wins: the opponent's Wizard was eliminated or corrupted "
                    "({won}–{lost}, the event's setting)"
                ),
                player=PlayerRef(winner),
                won=won,
                lost=lost,
            ),
        )
    if outcome == BOTH_CORRUPTED:
        return score_all_lose(
            seats,
            band_key=BOTH_LOSE,
            band_label=Phrase(BOTH_LOSE_BAND),
            time_called=time_called,
            game=SYSTEM.key,
            why=Phrase(
                gettext_noop(
                    "both Wizards failed their corruption checks: both players lose, 0 points each"
                )
            ),
        )
    return score_by_mps(seats, time_called=time_called, game=SYSTEM.key, unit=gettext_noop("MPs"))


SYSTEM = GameSystem(
    key="metw",
    name="METW",
    uses_mps=True,
    score_label="MPs",
    two_player_seats=(2, 2),
    multiplayer_seats=None,
    outcomes=(NORMAL, ONE_RING, WIZARD_ELIMINATED, BOTH_CORRUPTED),
    has_decks=True,
    order=2,
    default_outcome=NORMAL,
    outcome_labels={
        NORMAL: "Free Council (MPs counted)",
        ONE_RING: "The One Ring destroyed",
        WIZARD_ELIMINATED: "opponent's Wizard eliminated or corrupted",
        BOTH_CORRUPTED: "both Wizards corrupted (both lose)",
    },
    rulebook="003 Part I §1; 000 Part VI §3 Scoring; RULES.md §2 Readings",
    scoring_summary=(
        "MPs at the Free Council by the two-player ratio table (MPs may be negative: a loser "
        "on 0 or less counts as ratio ≥ 2). A Wizard eliminated or corrupted: 6–0 unless the "
        "event sets otherwise. Both Wizards corrupted: both lose, 0–0."
    ),
    check=check,
    score=score,
)
