"""A game left unfinished because one of its players was ejected from the tournament.

000 Part VI §3: two warnings for the same offense, or any three, eject the player, and
obvious cheating ejects at once; the text says nothing of the game he is playing then.
**Reading (RULES.md §3):** an ejection ends his tournament at once, so his unfinished
game is not played on: he loses it and his opponent wins it with the game's full
ordinary win (ratio ≥ 2, 6–0, in a game scored by marshalling points or Glory, as for a
METW Wizard eliminated; a win in the LOTR TCG). It is not rated: ratings count games
played to their end, as byes are not rated. Only a two-player game is decided this way;
in a multi-player game the others play on and the director enters their result.
"""

from __future__ import annotations

from dataclasses import replace

from rules_engine.games.base import GameSystem
from rules_engine.scoring import EJECTION_BAND, ratio_band, score_fixed_win
from rules_engine.types import GameResult, GameScore, Phrase, PlayerRef, Problem, ScoringSettings
from rules_engine.words import gettext_noop

EJECTION = "ejection"


def ejection_problems(result: GameResult) -> list[Problem]:
    """Why a game cannot be decided by an ejection: it needs two seats and the winner
    (the player still in the tournament) among them."""
    players = [s.player for s in result.seats]
    if result.multiplayer or len(players) != 2:
        return [
            Problem.about(
                "ejection_two_players",
                gettext_noop("Only a two-player game is decided by an ejection."),
                "outcome",
            )
        ]
    if result.winner not in players:
        return [
            Problem.about(
                "ejection_winner",
                gettext_noop("A game decided by an ejection needs its winner: the other player."),
                "winner",
            )
        ]
    return []


def ejection_score(result: GameResult, game: GameSystem, settings: ScoringSettings) -> GameScore:
    """The ejected player's unfinished game: lost by him, won in full by his opponent."""
    winner = str(result.winner)
    if game.uses_mps:
        band = ratio_band(1, 0)  # the loser's MPs do not count: "twice nothing" (RULES.md §2)
        won, lost = band.winner_points, band.loser_points
    else:
        won, lost = (game.bye(result.round_number, settings) if game.bye else 1), 0
    loser = next(s.player for s in result.seats if s.player != winner)
    score = score_fixed_win(
        result.seats,
        winner,
        winner_points=won,
        loser_points=lost,
        band_key=EJECTION,
        band_label=Phrase.of(EJECTION_BAND, won=won, lost=lost),
        rating_points=0,
        time_called=result.time_called,
        game=game.key,
        why=Phrase.of(
            gettext_noop(
                "{loser} was ejected from the tournament before the game ended: "
                "{player} wins it ({won}–{lost})"
            ),
            loser=PlayerRef(loser),
            player=PlayerRef(winner),
            won=won,
            lost=lost,
        ),
    )
    return replace(score, rated=(), outcome_key=EJECTION)
