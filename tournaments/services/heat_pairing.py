"""Pairing a round of a Swiss played in heats: each heat as its own Swiss, with its own
bye and the event's pairs to avoid inside it (RULES.md §8, Decipher 2003 Worlds; the
readings are in tournaments.rules.heats)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from django.utils.translation import gettext as _

from core.errors import ServiceError
from tournaments.models import Event
from tournaments.pairing import PairingPlayer, SwissPairing, pair_swiss
from tournaments.pairing.avoidance import Pair, explain_avoidance, pair_avoiding
from tournaments.pairing.groups import GroupedPairing, GroupImpossible, pair_in_groups
from tournaments.rules.heats import smallest_group
from tournaments.services.heats import group_count, group_of


def groups_of_players(event: Event, players: Sequence[str]) -> dict[str, int]:
    """Every player's heat; one not drawn yet (a re-pairing's check before his entry was
    stored) is placed as a late entry would be: in the smallest heat."""
    drawn = group_of(event)
    total = group_count(event)
    out = {p: drawn[p] for p in players if p in drawn}
    for pid in players:
        if pid not in out:
            sizes: dict[int, int] = {}
            for group in out.values():
                sizes[group] = sizes.get(group, 0) + 1
            out[pid] = smallest_group(sizes, total)
    return out


def pair_heats(
    event: Event,
    number: int,
    seed: int,
    players: list[PairingPlayer],
    avoid: Sequence[Pair],
) -> GroupedPairing:
    """The round of every heat; heat g is paired from the round's seed + g - 1, so the
    whole round is reproduced from its one seed."""
    groups = groups_of_players(event, [p.id for p in players])

    def one(members: list[PairingPlayer], group: int) -> SwissPairing:
        ids = {p.id for p in members}
        inside = [pair for pair in avoid if pair[0] in ids and pair[1] in ids]
        pair = partial(pair_swiss, round_number=number, seed=seed + group - 1)
        pairing = pair_avoiding(pair, members, inside)
        pairing.explanation_items = explain_avoidance(
            list(pairing.explanation_items), pairing.tables, inside, members
        )
        return pairing

    try:
        return pair_in_groups(players, groups, one, seed)
    except GroupImpossible as exc:
        raise ServiceError(
            _("Heat %(group)s: %(reason)s") % {"group": exc.group, "reason": str(exc)},
            code="pairing_impossible",
        )
