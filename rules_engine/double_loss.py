"""A double loss: the director's ruling on a table whose game was not played.

RULES.md §8 (CoE online events, Reading, a setting): "a table with no result at the
deadline is decided by the director: a double loss by default, or a result he enters".
It is no way a game ends, so every game system allows it: every player at the table loses
with 0 tournament points and nobody wins. A game not played is not rated (000 Part VI §3
"Ratings": only played games are rated), so it gives the ratings nothing.
"""

from __future__ import annotations

from rules_engine.scoring import DOUBLE_LOSS_BAND, DOUBLE_LOSS_KEY
from rules_engine.types import LOSS, GameResult, GameScore, Phrase, PlayerRef, Problem
from rules_engine.words import gettext_noop


def double_loss_problems(result: GameResult) -> list[Problem]:
    """A double loss names no winner and no score: the game was not played."""
    problems: list[Problem] = []
    if result.winner is not None:
        problems.append(
            Problem.about(
                "winner_not_allowed",
                gettext_noop(
                    "{winner!r} is reported as the winner but a double loss has no winner: "
                    "every player at the table loses (RULES.md §8)."
                ),
                "winner",
                winner=PlayerRef(result.winner),
            )
        )
    for i, seat in enumerate(result.seats, start=1):
        if seat.mps is not None:
            problems.append(
                Problem.about(
                    "mps_not_allowed",
                    gettext_noop(
                        "Seat {index} has a score ({mps}) but a double loss is a game not "
                        "played: leave the scores empty."
                    ),
                    f"seats[{i - 1}].mps",
                    index=i,
                    mps=seat.mps,
                )
            )
    return problems


def double_loss_score(result: GameResult, game: str) -> GameScore:
    """Every player loses with 0; no winner, nothing rated."""
    players = [s.player for s in result.seats]
    why = Phrase(
        gettext_noop(
            "no result by the window's deadline: the director's double loss, every player "
            "loses with 0 points"
        )
    )
    band = Phrase(DOUBLE_LOSS_BAND)
    return GameScore(
        points={p: 0 for p in players},
        outcome={p: LOSS for p in players},
        winner=None,
        band=str(band),
        band_words=band,
        band_key=DOUBLE_LOSS_KEY,
        time_called=result.time_called,
        rated=(),
        winners=(),
        player_bands={p: DOUBLE_LOSS_KEY for p in players},
        explanation=(str(why),),
        explanation_words=(why,),
        game=game,
    )
