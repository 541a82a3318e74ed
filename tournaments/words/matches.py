"""The words of a table's match of best of N (tournaments.rules.table_match): why the
games reported cannot be the match, and its games game by game (the audit trail)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.words.format_names import format_names, format_words


def match_problem_text(problem: dict[str, Any]) -> str:
    code = problem.get("code")
    if code == "no_games":
        return _("This table plays a match of several games: enter each game's result.")
    if code == "too_many_games":
        return _("A match has at most %(max)s games, replays included.") % problem
    if code == "after_decided":
        return (
            _(
                "Game %(game)s comes after the match was decided: the match ends as soon as a "
                "player has won more than half of its games."
            )
            % problem
        )
    if code == "tie_for_director":
        return (
            _(
                "Game %(game)s is tied: the director names the player it counts for, on the "
                "table's form."
            )
            % problem
        )
    if code == "undecided":
        return (
            ngettext(
                "The match is not decided yet: its winner needs %(need)s game won.",
                "The match is not decided yet: its winner needs %(need)s games won.",
                int(problem.get("need", 0)),
            )
            % problem
        )
    if code == "not_a_match":
        return _("This table plays one game: enter its result, not games.")
    if code == "two_players":
        return _("A match of several games is played by two players.")
    if code == "not_tied":
        return _("Game %(game)s was not tied: only a tied game is counted for a player.") % problem
    if code == "tie_replayed":
        return (
            _("Game %(game)s is tied: this stage replays a tied game, so it counts for nobody.")
            % problem
        )
    if code == "no_such_game":
        return _("Game %(game)s is not one of this table's games.") % problem
    if code == "invalid_format":
        return _("Game %(game)s: choose a format of this game.") % problem
    if code == "kept_game_changed":
        return (
            _(
                "Game %(game)s was already saved otherwise: only the director changes a "
                "saved game. Ask him if it is wrong."
            )
            % problem
        )
    if code == "kept_game_missing":
        return (
            _(
                "Game %(game)s is already saved: send the saved games as they are, then the "
                "next one. Only the director takes a saved game out."
            )
            % problem
        )
    return _("These games cannot be this table's match.")


def _game_line(
    game: dict[str, Any], names: dict[str, str], order: list[str], formats: dict[str, str]
) -> str:
    mps = game.get("mps") or {}
    scores = ", ".join(f"{names.get(r, r)} {mps[r]}" for r in order if mps.get(r) is not None)
    won_by, counted = game.get("won_by"), game.get("decided_for")
    if won_by is not None:
        end = _("won by %(name)s") % {"name": names.get(str(won_by), str(won_by))}
    elif counted is not None:
        end = _("tied, counted for %(name)s by the director") % {
            "name": names.get(str(counted), str(counted))
        }
    else:
        end = _("tied, replayed")
    line = _("Game %(n)s: %(end)s") % {"n": game.get("number"), "end": end}
    if scores:
        line += f" ({scores})"
    if game.get("format"):
        # A game's format by its name in the format registry, never its stored key.
        key = str(game["format"])
        line += " · " + _("format %(format)s") % {"format": format_words(key, formats)}
    return line


def match_game_lines(table: Any, games: list[dict[str, Any]]) -> list[str]:
    """A match's games in words, one line each, players by name."""
    seats = table.seats.select_related("registration__player").order_by("position")
    names = {str(s.registration_id): s.registration.player.display_name for s in seats}
    order = list(names)
    formats: dict[str, str] = {}
    if any(isinstance(g, dict) and g.get("format") for g in games):
        formats = format_names([table.round.event.game])
    return [_game_line(g, names, order, formats) for g in games if isinstance(g, dict)]


def match_progress_line(so_far: Any, names: dict[int, str]) -> str:
    """Where a match stands after the game just recorded (services.results.match's
    MatchSoFar): "Game 2 of 3 recorded: Ann 1–1 Bob." and who chooses the next format."""
    first, second = list(so_far.wins)[:2]
    data = {
        "n": so_far.number, "best_of": so_far.best_of,
        "first": names.get(first, ""), "second": names.get(second, ""),
        "a": so_far.wins[first], "b": so_far.wins[second],
    }  # fmt: skip
    if so_far.number <= so_far.best_of:
        head = _("Game %(n)s of %(best_of)s recorded") % data
    else:
        head = _("Game %(n)s recorded (a replay; best of %(best_of)s)") % data
    if so_far.winner is not None:
        won = {**data, "winner": names.get(so_far.winner, "")}
        score = max(data["a"], data["b"]), min(data["a"], data["b"])
        return _("%(head)s: %(winner)s wins the match %(won)s–%(lost)s.") % {
            **won,
            "head": head,
            "won": score[0],
            "lost": score[1],
        }
    line = _("%(head)s: %(first)s %(a)s–%(b)s %(second)s.") % {**data, "head": head}
    if so_far.awaiting_director:
        line += " " + _("The game was tied: the director names the player it counts for.")
    elif so_far.chooser is not None:
        line += " " + _("%(name)s chooses the next game's format.") % {
            "name": names.get(so_far.chooser, "")
        }
    return line
