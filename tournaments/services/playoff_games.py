"""The games of a playoff match of best of N (RULES.md §8): each game recorded as the
game's own rules scored it, the match state from tournaments.rules.best_of, the format of
each game (the bracket side's, or chosen by the loser of the previous game when the event
says so). A match of one game keeps its result on the match, exactly as before."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import ServiceError
from core.types import AnyUser
from tournaments.extensions import format_choices
from tournaments.models import Event, EventSettings, PlayoffGame, PlayoffMatch
from tournaments.rules import best_of as bo
from tournaments.rules import bracket
from tournaments.services import playoff_double


def is_final(match: PlayoffMatch, settings: EventSettings) -> bool:
    """The grand final (and its reset) in double elimination; the last stage otherwise."""
    if playoff_double.is_double(settings):
        return match.side == PlayoffMatch.Side.FINAL
    return settings.top_cut > 1 and match.stage == bracket.stage_count(settings.top_cut)


def best_of(match: PlayoffMatch, settings: EventSettings) -> int:
    return settings.final_best_of if is_final(match, settings) else settings.playoff_best_of


def side_format(match: PlayoffMatch, settings: EventSettings) -> str:
    return playoff_double.side_format(match, settings) if playoff_double.is_double(settings) else ""


def games_of(match: PlayoffMatch) -> list[PlayoffGame]:
    return list(match.games.order_by("number"))


def _pure(games: list[PlayoffGame]) -> list[bo.Game]:
    return [
        bo.Game(
            str(g.winner_id) if g.winner_id else None,
            str(g.decided_for_id) if g.decided_for_id else None,
        )
        for g in games
    ]


def _players(match: PlayoffMatch) -> tuple[str, str]:
    return str(match.high_id), str(match.low_id)


def match_state(match: PlayoffMatch, settings: EventSettings) -> bo.State:
    return bo.state(
        best_of(match, settings), _players(match), _pure(games_of(match)), settings.playoff_tie
    )


def next_game(match: PlayoffMatch, settings: EventSettings) -> dict[str, Any]:
    """What the next game is: its number, its format when it is set (the side's, or the
    tied game's for a replay) and who chooses it when the loser does (a registration
    id), for the pages and the API."""
    games = games_of(match)
    pure = _pure(games)
    replay = bo.replayed_format(pure, [g.format_key for g in games])
    chooser = bo.chooser(_players(match), pure) if settings.loser_chooses_format else None
    fixed = replay if replay is not None else (None if chooser else side_format(match, settings))
    return {
        "number": len(games) + 1,
        "format": fixed,
        "chosen_by": int(chooser) if chooser and replay is None else None,
    }


def _format_for(match: PlayoffMatch, settings: EventSettings, wanted: str) -> tuple[str, Any]:
    """The format the game is recorded in, and who chose it."""
    ahead = next_game(match, settings)
    if ahead["format"] is not None:
        return ahead["format"], None
    known = {key for key, _label in format_choices(match.event.game)}
    if wanted and known and wanted not in known:
        raise ServiceError(_("Choose a format of this game."), code="invalid_format")
    return wanted, ahead["chosen_by"]


def record_game(
    actor: AnyUser,
    event: Event,
    settings: EventSettings,
    match: PlayoffMatch,
    scored: tuple[int | None, int | None, str, str | None],
    format_key: str = "",
) -> str | None:
    """Record the next game of a best-of match (its MPs, end and the winner the game's
    rules gave; None for a tie). Returns the match's winner once he has won more than
    half of the games; until then the match waits for its next game, or for the
    director after a tie the event leaves to him."""
    high_mps, low_mps, outcome, winner = scored
    fmt, chosen_by = _format_for(match, settings, format_key)
    game = PlayoffGame.objects.create(
        match=match,
        number=len(games_of(match)) + 1,
        high_mps=high_mps,
        low_mps=low_mps,
        outcome=outcome,
        winner_id=int(winner) if winner else None,
        format_key=fmt,
        chosen_by_id=chosen_by,
        decided_at=timezone.now(),
    )
    match.high_mps, match.low_mps, match.outcome = high_mps, low_mps, outcome
    return _settle(actor, event, settings, match, game, "playoff_game")


def decide_tied_game(
    actor: AnyUser, event: Event, settings: EventSettings, match: PlayoffMatch, winner_id: int
) -> str | None:
    """The director names the player a tied game counts for; returns the match's winner
    once there is one."""
    game = games_of(match)[-1]
    game.decided_for_id = int(winner_id)
    game.save(update_fields=["decided_for"])
    return _settle(actor, event, settings, match, game, "playoff_game_decided")


def _settle(
    actor: AnyUser,
    event: Event,
    settings: EventSettings,
    match: PlayoffMatch,
    game: PlayoffGame,
    action: str,
) -> str | None:
    state = match_state(match, settings)
    audit.record(
        actor=actor,
        obj=match,
        action=action,
        event=event,
        after={
            "game": game.number,
            "high_mps": game.high_mps,
            "low_mps": game.low_mps,
            "outcome": game.outcome,
            "winner": game.winner.player.display_name if game.winner else None,
            "counts_for": game.decided_for.player.display_name if game.decided_for else None,
            "format": game.format_key,
            "wins": [state.wins[p] for p in _players(match)],
        },
    )
    if state.winner is None:
        match.status = (
            PlayoffMatch.Status.TIED if state.awaiting_director else PlayoffMatch.Status.PENDING
        )
        match.save()
    return state.winner
