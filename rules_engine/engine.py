"""The engine's front door: check a result, score it, score a bye."""

from __future__ import annotations

from dataclasses import replace

from rules_engine.checking import check_result, check_round, check_settings, resolve_outcome
from rules_engine.double_loss import double_loss_score
from rules_engine.ejection import EJECTION, ejection_problems, ejection_score
from rules_engine.registry import get_game
from rules_engine.scoring import BYE, BYE_BAND, bye_points_for_round
from rules_engine.types import (
    DOUBLE_LOSS,
    WIN,
    GameResult,
    GameScore,
    InvalidResult,
    Phrase,
    PlayerRef,
    ScoringSettings,
)
from rules_engine.words import gettext_noop


def score_game(result: GameResult, settings: ScoringSettings | None = None) -> GameScore:
    """Tournament points for one game; raises InvalidResult if it cannot happen.

    A time-called game (000 Part VI §3 "Other rules": stopped after the break and
    scored by the MPs at that moment) is scored exactly like a finished one and
    keeps its flag, so standings and reports can show it.
    """
    settings = settings or ScoringSettings()
    if result.outcome == EJECTION:
        return _ejection(result, settings)
    check_result(result, settings)
    game = get_game(result.game)
    outcome = resolve_outcome(result, game)
    if outcome == DOUBLE_LOSS:
        return replace(double_loss_score(result, game.key), outcome_key=outcome)
    if game.score is None:
        raise ValueError(f"the game system {game.key!r} has no scorer")
    score = game.score(result, outcome, settings)
    return replace(score, time_called=result.time_called, game=game.key, outcome_key=outcome)


def _ejection(result: GameResult, settings: ScoringSettings) -> GameScore:
    """A game its loser left by being ejected: no MPs to check, only its two seats."""
    game = get_game(result.game)
    problems = ejection_problems(result) + check_round(result.round_number)
    if problems:
        raise InvalidResult(problems)
    return replace(ejection_score(result, game, settings), time_called=result.time_called)


def bye_points(game: str, round_number: int, settings: ScoringSettings | None = None) -> int:
    """000 Part VI §3: a bye gives 6 in round 1, 5 in round 2, 4 later; for the
    LOTR TCG a bye scores as a win (RULES.md §2 Reading)."""
    settings = settings or ScoringSettings()
    system = get_game(game)
    problems = check_round(round_number) + check_settings(settings)
    if problems:
        raise InvalidResult(problems)
    if system.bye is not None:
        return system.bye(round_number, settings)
    return bye_points_for_round(round_number)


def bye_score(
    game: str, player: str, round_number: int, settings: ScoringSettings | None = None
) -> GameScore:
    """The GameScore of a bye: the player wins with bye_points; byes are not rated
    (000 Part VI §3 "Ratings": only played games are rated)."""
    points = bye_points(game, round_number, settings)
    band = Phrase.of(BYE_BAND, round=round_number, points=points)
    why = Phrase.of(
        gettext_noop("{player} has the bye in round {round}: {points} points"),
        player=PlayerRef(player),
        round=round_number,
        points=points,
    )
    return GameScore(
        points={player: points},
        outcome={player: WIN},
        winner=player,
        band=str(band),
        band_words=band,
        band_key=BYE,
        time_called=False,
        rated=(),
        winners=(player,),
        player_bands={player: BYE},
        explanation=(str(why),),
        explanation_words=(why,),
        game=get_game(game).key,
    )
