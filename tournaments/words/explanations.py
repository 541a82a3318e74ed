"""A round's explanation in words: the structured items the pairing stored (and the
director's hand changes), rendered with the players' names at the face.

Round.explanation holds JSON items (a "code", registration ids as strings, numbers);
rounds stored before that hold plain lines, which are shown as they are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Registration, Round
from tournaments.pairing import render_pairing_explanation
from tournaments.pairing.hand_notes import RENDERERS
from tournaments.pairing.swiss import PROOF

HAND_SWAP = "swapped_by_hand"

Item = Mapping[str, Any]


def hand_swap_item(
    a: Registration, b: Registration, tables: tuple[int, int], rematches: int, gap: int
) -> dict[str, Any]:
    """The director swapped two players by hand (stored with the round's explanation)."""
    return {
        "code": HAND_SWAP,
        "players": [str(a.pk), str(b.pk)],
        "tables": list(tables),
        "rematches": rematches,
        "gap": gap,
    }


def _mentioned(value: Any, out: set[str]) -> None:
    """Player ids in the items: the only strings they hold besides their codes."""
    if isinstance(value, str):
        if value.isdigit():
            out.add(value)
    elif isinstance(value, Mapping):
        for key, inner in value.items():
            if key != "code":
                _mentioned(inner, out)
    elif isinstance(value, Iterable):
        for inner in value:
            _mentioned(inner, out)


def names_for(event_id: int, items: Sequence[Item | str]) -> dict[str, str]:
    """The names of the event's players the items mention (not every player)."""
    wanted: set[str] = set()
    _mentioned([i for i in items if not isinstance(i, str)], wanted)
    if not wanted:
        return {}
    rows = Registration.objects.filter(event_id=event_id, pk__in=[int(w) for w in wanted])
    return {str(pk): name for pk, name in rows.values_list("pk", "player__display_name")}


def _hand_swap(item: Item, names: Mapping[str, str]) -> str:
    a, b = (names.get(p, p) for p in item["players"])
    ta, tb = item["tables"]
    return _(
        "Changed by hand: %(a)s (table %(ta)s) and %(b)s (table %(tb)s) swapped; "
        "rematches %(rematches)s, largest score gap %(gap)s."
    ) % {"a": a, "b": b, "ta": ta, "tb": tb, "rematches": item["rematches"], "gap": item["gap"]}


def proof_line(item: Item) -> str:
    """Why the round is the closest pairing possible (pairing/bound.py), in words."""
    values = {
        "k": item["odd_groups"],
        "bound": item["bound"],
        "cost": item["cost"],
        "groups": item["conflicted_groups"],
        "players": item["conflicted_players"],
    }
    method = item.get("method")
    if method == "bound" and values["k"] == 0:
        return _("Optimal: every score group could be paired inside itself, and this round is.")
    if method == "bound":
        return (
            ngettext(
                "Optimal: %(k)s score group had an odd number of players above it, so it had to "
                "send one player one group down, which costs at least %(bound)s (the total squared "
                "score gap), and this round costs exactly that.",
                "Optimal: %(k)s score groups had an odd number of players above them, each sent "
                "one player one group down, which costs at least %(bound)s (the total squared "
                "score gap), and this round costs exactly that.",
                values["k"],
            )
            % values
        )
    if method == "conflicted":
        return (
            ngettext(
                "Optimal: exact matching of the conflicted groups. Earlier games blocked "
                "%(groups)s score group (%(players)s players), which were matched exactly; the "
                "round costs %(cost)s (the total squared score gap) against a bound of "
                "%(bound)s without rematches, and the games already played prove that no "
                "pairing costs less.",
                "Optimal: exact matching of the conflicted groups. Earlier games blocked "
                "%(groups)s score groups (%(players)s players), which were matched exactly; the "
                "round costs %(cost)s (the total squared score gap) against a bound of "
                "%(bound)s without rematches, and the games already played prove that no "
                "pairing costs less.",
                values["groups"],
            )
            % values
        )
    if method == "exact":
        return (
            _(
                "Optimal: exact matching of all players. The round costs %(cost)s (the total "
                "squared score gap); without rematches it could have cost %(bound)s."
            )
            % values
        )
    return (
        _(
            "Closest pairing found: the round costs %(cost)s (the total squared score gap) "
            "against a bound of %(bound)s without rematches; not proven to be the closest."
        )
        % values
    )


def explanation_lines(items: Sequence[Item | str], names: Mapping[str, str]) -> list[str]:
    """Items in words, one line each, in the stored order."""
    lines: list[str] = []
    for item in items or ():
        if not isinstance(item, str) and item.get("code") == HAND_SWAP:
            lines.append(_hand_swap(item, names))
        elif not isinstance(item, str) and item.get("code") == PROOF:
            lines.append(proof_line(item))
        elif not isinstance(item, str) and item.get("code") in RENDERERS:
            lines.append(RENDERERS[item["code"]](item, names))
        else:
            lines.extend(render_pairing_explanation([item], names))
    return lines


def round_explanation(rnd: Round) -> list[str]:
    """A round's explanation in words, players by name."""
    items = list(rnd.explanation or [])
    return explanation_lines(items, names_for(rnd.event_id, items))


def round_proof(rnd: Round) -> str:
    """Why the round's pairing is the closest possible, in words; "" when the round holds
    no such proof (paired by hand, by pods, or before proofs were stored)."""
    for item in rnd.explanation or ():
        if not isinstance(item, str) and item.get("code") == PROOF:
            return proof_line(item)
    return ""
