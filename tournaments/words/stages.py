"""The stages' and presets' words at the face: preset names and summaries, stage kinds
and scorings, what the director does next, and the problems of a stage plan. The
services name them by code (tournaments.rules.presets, services.stages)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

PRESET_NAMES = {
    "rulebook": gettext_lazy("Rulebook event"),
    "coe-general-opponent": gettext_lazy("Council of Elrond “General Opponent” championship"),
    "coe-online": gettext_lazy("Council of Elrond online event"),
    "pc-worlds": gettext_lazy("Players' Council Worlds"),
    "gemp-league": gettext_lazy("GEMP-style league"),
    "decipher-2003": gettext_lazy("Decipher 2003 Worlds"),
    "dice-organizer": gettext_lazy("LOTR Dice: the organizer's event"),
}
PRESET_SUMMARIES = {
    "rulebook": gettext_lazy(
        "A Swiss of the rulebook's scoring and round count, then an optional top cut. The "
        "default for every game."
    ),
    "coe-general-opponent": gettext_lazy(
        "A Swiss semi-final, then the top 4 play a round robin in which tournament points "
        "start again from zero; ties break by head-to-head, then the semi-final rank. Each "
        "player registers two decks: one against hero, one against minion opponents."
    ),
    "coe-online": gettext_lazy(
        "A Swiss whose rounds are windows of a week ending at a stated time; players "
        "arrange their games within the window; live rounds last 2 hours."
    ),
    "pc-worlds": gettext_lazy(
        "An 8-round Swiss alternating two formats, each with its own deck, scores carried "
        "over (win 1, loss 0); the top 8 play double elimination, one format per bracket "
        "side, and a best-of-three final in which the loser chooses the next format."
    ),
    "gemp-league": gettext_lazy(
        "A league of series of 7 days: players report games against opponents they "
        "choose, a capped number per series, never the same opponent twice in a series. "
        "Win 2, loss 1; ties by opponents' win percentage."
    ),
    "decipher-2003": gettext_lazy(
        "Two parallel Swiss heats of 8 rounds; the top 8 of each go on to a top 16 single "
        "elimination of best-of-three matches."
    ),
    "dice-organizer": gettext_lazy(
        "No organized-play rules were ever published for the LOTR Dice Building Game: the "
        "pods, the scoring and the round count here are the organizer's choices."
    ),
}
KINDS = {
    "swiss": gettext_lazy("Swiss"),
    "round_robin": gettext_lazy("Round robin"),
    "single_elim": gettext_lazy("Single elimination"),
    "double_elim": gettext_lazy("Double elimination"),
    "league_series": gettext_lazy("League series"),
}
SCORINGS = {
    "game": gettext_lazy("the game's own table"),
    "win_loss": gettext_lazy("win 1, loss 0"),
    "league": gettext_lazy("win 2, loss 1"),
}


def preset_name(key: str) -> str:
    return str(PRESET_NAMES.get(key, key))


def preset_summary(key: str) -> str:
    return str(PRESET_SUMMARIES.get(key, ""))


def kind_label(kind: str) -> str:
    return str(KINDS.get(kind, kind))


def scoring_label(scoring: str) -> str:
    return str(SCORINGS.get(scoring, scoring))


def stage_line(kind: str, advance: int | None, per_group: bool = False) -> str:
    """ "Round robin of the top 4", or the kind alone when everyone plays it."""
    if not advance:
        return kind_label(kind)
    if per_group:
        return _("%(kind)s of the top %(n)s of each group") % {
            "kind": kind_label(kind),
            "n": advance,
        }
    return _("%(kind)s of the top %(n)s") % {"kind": kind_label(kind), "n": advance}


def heats_reading(draw: str, per_heat: int) -> str:
    """How the heats are drawn, paired and left (tournaments.rules.heats' readings)."""
    drawn = (
        _(
            "Players are dealt into the heats in a snake by rating (the unrated last): "
            "heats differ by one player at most and are equally strong."
        )
        if draw == "rating"
        else _("Players are dealt into the heats in a snake after a shuffle from a seed.")
    )
    paired = _(
        "Each heat is a Swiss of its own, with its own bye; nobody plays a player of "
        "another heat, and nobody has more than one bye in the event."
    )
    if not per_heat:
        return f"{drawn} {paired}"
    going = _(
        "The top %(n)s of each heat go on: the heat winners are the first seeds, ordered by "
        "points and then the tiebreaks (head-to-head cannot compare two heats), then the "
        "seconds, and so on."
    ) % {"n": per_heat}
    return f"{drawn} {paired} {going} {SWISS_BELOW}"


SWISS_BELOW = gettext_lazy(
    "Below those who went on, the final places follow the whole Swiss's standings: every "
    "heat together, by tournament points and then the tiebreaks, whatever the place in "
    "one's own heat."
)


def below_cut_text(note: dict[str, Any]) -> str:
    """How a finished event in heats placed the players below the cut, in words
    (services.heats.below_the_cut's code and numbers)."""
    if note["per_heat"]:
        went = _(
            "The top %(n)s of each of the %(heats)s heats went on to the %(stage)s, whose "
            "results decide their places."
        )
    else:
        went = _(
            "The top %(n)s of the whole Swiss went on to the %(stage)s, whose results decide "
            "their places."
        )
    numbers = {"n": note["advance"], "heats": note["heats"], "stage": kind_label(note["kind"])}
    numbers["stage"] = numbers["stage"].lower()
    return f"{went % numbers} {SWISS_BELOW}"


def next_step_text(step: dict[str, Any]) -> str:
    """What the director does next, from services.stages.next_step's code and data."""
    code = step["code"]
    line = stage_line(step.get("kind", ""), step.get("advance"), step.get("per_group", False))
    if code == "start_stage" and step.get("heats", 1) > 1 and step.get("per_group"):
        return _("Heats done: start the top %(total)s: %(kind)s, the top %(n)s of each heat.") % {
            "total": step["advance"] * step["heats"],
            "kind": kind_label(step["kind"]).lower(),
            "n": step["advance"],
        }
    if code == "start_stage":
        return _("%(done)s done: start the %(stage)s.") % {
            "done": kind_label(step["after"]),
            "stage": line[:1].lower() + line[1:],
        }
    if code == "pair_robin_round":
        return _("Round robin: pair its round %(n)s of %(total)s.") % {
            "n": step["number"],
            "total": step["total"],
        }
    if code == "robin_round_open":
        return _("Round robin: round %(n)s of %(total)s is being played.") % {
            "n": step["number"],
            "total": step["total"],
        }
    if code == "playoff_running":
        return _("The elimination bracket is being played: enter its matches.")
    if code == "stage_elsewhere":
        return _(
            "Next: the %(stage)s. It cannot be played on this site yet: skip it to finish "
            "the event."
        ) % {"stage": line[:1].lower() + line[1:]}
    if code == "league_running":
        if not step["series"]:
            return _("The league's first series has not started yet.")
        return _("League series %(n)s is running: players report their games.") % {
            "n": step["series"]
        }
    if code == "finish":
        return _("Every stage has been played: finish the event.")
    return ""


PLAN_PROBLEMS = {
    "no_stages": gettext_lazy("An event has at least one stage."),
    "too_many_stages": gettext_lazy("An event has at most %(max)s stages."),
    "unknown_kind": gettext_lazy("Stage %(position)s: choose a stage kind from the list."),
    "unknown_scoring": gettext_lazy("Stage %(position)s: choose a scoring from the list."),
    "unknown_tiebreak": gettext_lazy("Stage %(position)s: choose tiebreaks from the list."),
    "best_of": gettext_lazy(
        "Stage %(position)s: a match is best of an odd number of games, 1 to %(max)s."
    ),
    "rounds": gettext_lazy("Stage %(position)s: rounds are 1 to %(max)s."),
    "groups": gettext_lazy("Stage %(position)s: groups are 1 to %(max)s."),
    "groups_swiss": gettext_lazy(
        "Stage %(position)s: only the first stage, a two-player Swiss, is played in heats."
    ),
    "groups_fixed": gettext_lazy(
        "Round 1 has been paired: the number of heats can no longer change."
    ),
    "formats": gettext_lazy("Stage %(position)s: more round formats than rounds."),
    "first_stage": gettext_lazy(
        "The first stage is a Swiss or a league series: later stages take its top players."
    ),
    "league_alone": gettext_lazy("A league series is the event's only stage."),
    "follows_swiss": gettext_lazy(
        "Stage %(position)s: a round robin or an elimination bracket follows the Swiss directly."
    ),
    "elimination_last": gettext_lazy(
        "Stage %(position)s: an elimination bracket is the last stage."
    ),
    "advance": gettext_lazy(
        "Stage %(position)s: say how many players go on to it, %(low)s to %(high)s."
    ),
    "pods_swiss_only": gettext_lazy("A multi-player event is a Swiss of pods only."),
    "pods_one_game": gettext_lazy("A pod plays one game: matches of several games are for two."),
    "started": gettext_lazy("A later stage has started: the stages can no longer change."),
    "swiss_kind": gettext_lazy("Round 1 has been paired: the first stage stays a Swiss."),
}


def plan_problem_text(problem: dict[str, Any]) -> str:
    words = PLAN_PROBLEMS.get(problem["code"])
    if words is None:
        return _("The stages cannot be set as asked.")
    params = {k: v for k, v in problem.items() if k != "code"}
    return str(words) % params if params else str(words)


LEAGUE_PROBLEMS = {
    "same_player": gettext_lazy("A player cannot play himself."),
    "not_started": gettext_lazy("The league's first series has not started yet."),
    "repeat_opponent": gettext_lazy(
        "These two players have already played each other in this series: each game of a "
        "series is against a different opponent."
    ),
    "cap_reached": gettext_lazy(
        "%(name)s has played the %(cap)s games this series allows; the next series starts "
        "a new count."
    ),
}


def league_problem_text(problem: dict[str, Any]) -> str:
    """Why a league game cannot be reported (tournaments.rules.league.report_problem),
    with the player's name in ``name``."""
    words = LEAGUE_PROBLEMS.get(str(problem["code"]))
    if words is None:
        return _("This league game cannot be reported.")
    return str(words) % problem if "%(" in str(words) else str(words)
