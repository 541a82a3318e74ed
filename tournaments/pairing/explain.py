"""Pairing explanations in words, from the structured items the pairing returns.

`SwissPairing.explanation_items` and `PodPairing.explanation_items` are lists of dicts
(a "code", player ids, scores, counts): JSON-serialisable, so a Round stores them as they
are and a page renders them with `render_pairing_explanation(items, names)` in the reader's
language. Strings stored by older versions (plain lines) are shown as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.conf import settings
from django.utils import translation

_SHOWN_GROUPS = 12
_SHOWN_PAIRS = 10


def _(message: str) -> str:
    """gettext, usable outside a configured Django project (benchmarks, scripts)."""
    return translation.gettext(message) if settings.configured else message


def ngettext(singular: str, plural: str, n: int) -> str:
    if settings.configured:
        return translation.ngettext(singular, plural, n)
    return singular if n == 1 else plural


def _points(n: int) -> str:
    return ngettext("%(n)s point", "%(n)s points", n) % {"n": n}


def render_pairing_explanation(
    items: Sequence[Mapping[str, Any] | str], names: Mapping[str, str]
) -> list[str]:
    """One line per item, in plain words, players by name (`names`: id -> name)."""

    def name(pid: str) -> str:
        return names.get(pid, pid)

    lines: list[str] = []
    for item in items:
        if isinstance(item, str):  # a line stored before explanations were structured
            lines.append(item)
            continue
        render = _RENDERERS.get(str(item.get("code")))
        if render is not None:
            lines.append(render(item, name))
    return lines


Namer = Callable[[str], str]


def _random_round(item: Mapping[str, Any], name: Namer) -> str:
    return ngettext(
        "Round %(round)s, seed %(seed)s: %(players)s player paired at random from the seed "
        "(the first round is paired at random).",
        "Round %(round)s, seed %(seed)s: %(players)s players paired at random from the seed "
        "(the first round is paired at random).",
        item["players"],
    ) % {"round": item["round"], "seed": item["seed"], "players": item["players"]}


def _score_groups(item: Mapping[str, Any], name: Namer) -> str:
    groups = [tuple(g) for g in item["groups"]]
    shown = [
        _("%(points)s ×%(count)s") % {"points": _points(s), "count": c}
        for s, c in groups[:_SHOWN_GROUPS]
    ]
    if len(groups) > _SHOWN_GROUPS:
        shown.append(_("… %(n)s more") % {"n": len(groups) - _SHOWN_GROUPS})
    return _(
        "Round %(round)s, seed %(seed)s: %(players)s players on %(count)s different scores: "
        "%(groups)s."
    ) % {
        "round": item["round"],
        "seed": item["seed"],
        "players": item["players"],
        "count": len(groups),
        "groups": ", ".join(shown),
    }


def _listed(pairs: Sequence[Sequence[Any]], name: Namer) -> str:
    return ", ".join(f"{name(pid)} ({_points(s)})" for pid, s in pairs)


def _bye(item: Mapping[str, Any], name: Namer) -> str:
    who = {"name": name(item["player"]), "score": _points(item["score"])}
    reason = item.get("reason")
    if reason == "random":
        return _("Bye: %(name)s, drawn at random (the first-round bye is random).") % who
    if reason == "passed_over":
        text = _(
            "Bye: %(name)s (%(score)s). Lower-scored players without a bye were passed over "
            "(%(others)s), because without them the others could not all be paired without "
            "a rematch."
        ) % {**who, "others": _listed(item.get("passed_over", []), name)}
    else:
        text = (
            _(
                "Bye: %(name)s (%(score)s), the lowest score among the players who have not had "
                "a bye."
            )
            % who
        )
        if item.get("tied", 0) > 1:
            text += " " + _("%(tied)s players were tied on that score; the seed chose.") % {
                "tied": item["tied"]
            }
    if item.get("had_bye"):
        text += " " + _("Already had a bye, so not again: %(players)s.") % {
            "players": _listed(item["had_bye"], name)
        }
    return text


def _same_score(item: Mapping[str, Any], name: Namer) -> str:
    return _("Everybody plays an opponent on the same score.")


def _summary(item: Mapping[str, Any], name: Namer) -> str:
    if not item.get("proven", True):
        return ngettext(
            "%(n)s player plays someone on a different score, as close in score as the "
            "pairing could find without rematches.",
            "%(n)s players play someone on a different score, as close in score as the "
            "pairing could find without rematches.",
            item["floaters"],
        ) % {"n": item["floaters"]}
    return ngettext(
        "%(n)s player plays someone on a different score: the closest pairing possible "
        "without rematches.",
        "%(n)s players play someone on a different score: the closest pairing possible "
        "without rematches.",
        item["floaters"],
    ) % {"n": item["floaters"]}


def _rematch_avoided(item: Mapping[str, Any], name: Namer) -> str:
    high, low = item["scores"]
    met = "; ".join(
        _("%(a)s and %(b)s") % {"a": name(a), "b": name(b)} for a, b in item.get("met", [])
    )
    if high == low:
        text = _("Earlier games stop some players on %(score)s from playing each other.") % {
            "score": _points(high)
        }
    else:
        text = _(
            "Earlier games stop some players between %(high)s and %(low)s from playing the "
            "closest opponent."
        ) % {"high": _points(high), "low": _points(low)}
    if met:
        text += " " + _("Already met: %(pairs)s.") % {"pairs": met}
    return text


def _paired_down(item: Mapping[str, Any], name: Namer) -> str:
    (a, b), (sa, sb) = item["players"], item["scores"]
    values = {"a": name(a), "b": name(b), "high": _points(sa), "low": _points(sb)}
    if item.get("reason") == "rematch":
        return (
            _(
                "%(a)s (%(high)s) is paired down to %(b)s (%(low)s): everyone closer in score "
                "has already played one of them, or is needed at another table."
            )
            % values
        )
    return (
        _(
            "%(a)s (%(high)s) is paired down to %(b)s (%(low)s): the players on %(high)s "
            "could not all be paired among themselves, and %(low)s is the closest score left."
        )
        % values
    )


def _more_paired_down(item: Mapping[str, Any], name: Namer) -> str:
    return ngettext(
        "… and %(n)s more table between different scores.",
        "… and %(n)s more tables between different scores.",
        item["count"],
    ) % {"n": item["count"]}


def _no_rematch(item: Mapping[str, Any], name: Namer) -> str:
    return _("No two players meet a second time.")


def _pods_shape(item: Mapping[str, Any], name: Namer) -> str:
    shape = ", ".join(
        ngettext("%(count)s pod of %(size)s", "%(count)s pods of %(size)s", c)
        % {"count": c, "size": s}
        for s, c in item["sizes"]
    )
    return _(
        "Round %(round)s, seed %(seed)s: %(players)s players in %(pods)s pods (%(shape)s), "
        "with as many 4-player pods as the game allows."
    ) % {
        "round": item["round"],
        "seed": item["seed"],
        "players": item["players"],
        "pods": item["pods"],
        "shape": shape,
    }


def _pods_random(item: Mapping[str, Any], name: Namer) -> str:
    return _("The first round seats players at random.")


def _pods_by_score(item: Mapping[str, Any], name: Namer) -> str:
    return _("Players are seated by score, so pod-mates have scores as close as possible.")


def _pods_swaps(item: Mapping[str, Any], name: Namer) -> str:
    return ngettext(
        "%(n)s swap between pods avoids repeated opponents.",
        "%(n)s swaps between pods avoid repeated opponents.",
        item["count"],
    ) % {"n": item["count"]}


def _no_repeat_four(item: Mapping[str, Any], name: Namer) -> str:
    return _("No pod holds four players who have already played together in one pod.")


def _repeated_opponents(item: Mapping[str, Any], name: Namer) -> str:
    pairs = item["pairs"]
    shown = "; ".join(
        _("pod %(pod)s: %(a)s and %(b)s") % {"pod": t, "a": name(a), "b": name(b)}
        for t, a, b in pairs[:_SHOWN_PAIRS]
    )
    return ngettext(
        "%(n)s pair of players meets again (no seating avoids it): %(pairs)s.",
        "%(n)s pairs of players meet again (no seating avoids it): %(pairs)s.",
        item["count"],
    ) % {"n": item["count"], "pairs": shown + ("; …" if item["count"] > len(pairs) else "")}


def _nobody_meets_again(item: Mapping[str, Any], name: Namer) -> str:
    return _("Nobody meets a previous opponent.")


def _stage_group(item: Mapping[str, Any], name: Namer) -> str:
    return ngettext(
        "Heat %(group)s (%(players)s player), paired as a Swiss of its own:",
        "Heat %(group)s (%(players)s players), paired as a Swiss of its own:",
        item["players"],
    ) % {"group": item["group"], "players": item["players"]}


_RENDERERS: dict[str, Callable[[Mapping[str, Any], Namer], str]] = {
    "stage_group": _stage_group,
    "random_round": _random_round,
    "score_groups": _score_groups,
    "bye": _bye,
    "same_score": _same_score,
    "pairing_summary": _summary,
    "rematch_avoided": _rematch_avoided,
    "paired_down": _paired_down,
    "more_paired_down": _more_paired_down,
    "no_rematch": _no_rematch,
    "pods_shape": _pods_shape,
    "pods_random": _pods_random,
    "pods_by_score": _pods_by_score,
    "pods_swaps": _pods_swaps,
    "no_repeat_four": _no_repeat_four,
    "repeated_opponents": _repeated_opponents,
    "nobody_meets_again": _nobody_meets_again,
}


def impossible_swiss(code: str, round_number: int, players: int, stuck: Sequence[str] = ()) -> str:
    """The director's message when a Swiss round cannot be paired, and what to do."""
    values = {"round": round_number, "n": players, "prev": round_number - 1}
    hint = (
        " " + _("Consider ending the event after round %(prev)s.") % values
        if round_number > 1
        else ""
    )
    if code == "too_few":
        return (
            _("Round %(round)s cannot be paired: a round needs at least 2 players and %(n)s left.")
            % values
        )
    if code == "all_had_bye":
        return (
            _(
                "Round %(round)s cannot be paired: there is an odd number of players (%(n)s), "
                "every one of them has already had a bye, and nobody may get two byes. Add or "
                "drop a player."
            )
            % values
            + hint
        )
    if code == "everyone_met":
        text = _(
            "No pairing without a rematch exists for round %(round)s: %(n)s players remain and "
            "every pair has already met."
        )
    elif code == "no_pairing_with_bye":
        text = _(
            "No pairing without a rematch exists for round %(round)s: %(n)s players remain, and "
            "whichever eligible player gets the bye, the others cannot all be paired without "
            "repeating an earlier game."
        )
    else:
        text = _(
            "No pairing without a rematch exists for round %(round)s: %(n)s players remain and "
            "every way of pairing them repeats an earlier game."
        )
    text = text % values
    if stuck:
        text += " " + _("Already played everyone: %(names)s.") % {"names": ", ".join(stuck)}
    return text + hint


def impossible_pods(code: str, round_number: int, players: int, sizes: Sequence[int]) -> str:
    """The director's message when a multi-player round cannot be seated, and what to do."""
    values = {
        "round": round_number,
        "n": players,
        "sizes": ", ".join(str(s) for s in sizes),
        "prev": round_number - 1,
    }
    if code == "sizes":
        return (
            ngettext(
                "%(n)s player cannot be seated in pods of the sizes this game allows "
                "(%(sizes)s players). Add a player.",
                "%(n)s players cannot be split into pods of the sizes this game allows "
                "(%(sizes)s players). Add or drop a player.",
                players,
            )
            % values
        )
    text = _(
        "No pods exist for round %(round)s: with %(n)s players the pods must be %(sizes)s, "
        "and every such seating puts four players together who already shared a pod (the "
        "same four players never play together twice)."
    )
    hint = _(" Consider ending the event after round %(prev)s.") if round_number > 1 else ""
    return (text + hint) % values
