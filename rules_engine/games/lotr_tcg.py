"""The Lord of the Rings TCG (001, 002): a winner (fellowship at site 9 with the
Ring-bearer alive, or last player left) and losers (Ring-bearer killed or
corrupted). No MPs and no draws; RULES.md §2 Reading: win 1, loss 0 (setting).
"""

from __future__ import annotations

from rules_engine.games._common import decided_winner, forbid_scores, require_winner
from rules_engine.games.base import GameSystem
from rules_engine.scoring import LOTR_TCG_WIN_BAND, WIN_BAND, score_fixed_win
from rules_engine.types import (
    LAST_PLAYER,
    NORMAL,
    RING_BEARER_CORRUPTED,
    RING_BEARER_KILLED,
    SITE_9,
    GameResult,
    GameScore,
    Phrase,
    PlayerRef,
    Problem,
    ScoringSettings,
)
from rules_engine.words import gettext_noop

# Whole sentences, not a "how" phrase glued after the name: word order differs by language.
HOW = {
    NORMAL: gettext_noop("{player} won: win {won}, every other player loses with 0"),
    SITE_9: gettext_noop(
        "{player} reached site 9 with the Ring-bearer alive: win {won}, every other player "
        "loses with 0"
    ),
    LAST_PLAYER: gettext_noop(
        "{player} was the last player left: win {won}, every other player loses with 0"
    ),
    RING_BEARER_KILLED: gettext_noop(
        "{player} won: the other Ring-bearer was killed: win {won}, every other player loses with 0"
    ),
    RING_BEARER_CORRUPTED: gettext_noop(
        "{player} won: the other Ring-bearer was corrupted: win {won}, every other player "
        "loses with 0"
    ),
}


def check(result: GameResult, outcome: str, settings: ScoringSettings) -> list[Problem]:
    return forbid_scores(
        result,
        SYSTEM,
        gettext_noop(
            "the LOTR TCG has no marshalling points; leave them empty and name the winner."
        ),
    ) + require_winner(
        result,
        gettext_noop(
            "A LOTR TCG game always has a winner (001 'Winning the game'): name him; "
            "there are no draws."
        ),
    )


def score(result: GameResult, outcome: str, settings: ScoringSettings) -> GameScore:
    winner = decided_winner(result)
    won = settings.lotr_tcg_win_points
    return score_fixed_win(
        result.seats,
        winner,
        winner_points=won,
        loser_points=0,
        band_key=WIN_BAND,
        band_label=Phrase.of(LOTR_TCG_WIN_BAND, won=won),
        rating_points=settings.lotr_tcg_rating_points,
        time_called=result.time_called,
        game=SYSTEM.key,
        why=Phrase.of(HOW[outcome], player=PlayerRef(winner), won=won),
    )


def bye(round_number: int, settings: ScoringSettings) -> int:
    # RULES.md §2 Reading (lotr-tcg): a bye scores as a win.
    return settings.lotr_tcg_win_points


SYSTEM = GameSystem(
    key="lotr-tcg",
    name="LOTR TCG",
    uses_mps=False,
    score_label="",
    two_player_seats=(2, 2),
    # RULES.md §1: "2 or more" (001 describes games of four or more players
    # without an upper bound); eight is the most any table of this organizer seats.
    multiplayer_seats=(2, 8),
    outcomes=(NORMAL, SITE_9, LAST_PLAYER, RING_BEARER_KILLED, RING_BEARER_CORRUPTED),
    has_decks=True,
    order=3,
    default_outcome=NORMAL,
    outcome_labels={
        NORMAL: "winner named (how not recorded)",
        SITE_9: "winner reached site 9",
        LAST_PLAYER: "winner was the last player left",
        RING_BEARER_KILLED: "loser's Ring-bearer killed",
        RING_BEARER_CORRUPTED: "loser's Ring-bearer corrupted",
    },
    rulebook="001 'Winning the game' / 'Losing the game'; RULES.md §2 Reading (lotr-tcg)",
    scoring_summary="Win 1, loss 0 (event setting); no draws; a bye scores as a win.",
    check=check,
    score=score,
    bye=bye,
)
