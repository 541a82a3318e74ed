"""The shape of a standings explanation item: why a row stands where it does, as a code
with its data (tiebreak keys, values, player ids as strings), JSON-serialisable so the
standings snapshot stores it as it is and the face puts it into words
(`tournaments.standings.explain`)."""

from __future__ import annotations

from typing import Required, TypedDict


class StandingItem(TypedDict, total=False):
    code: Required[str]  # tied, shared_rank, shares_first, ejected, not_used, still_tied, decides
    points: int  # "tied": the tournament points the group shares
    count: int  # how many others share the points or the rank
    players: list[str]  # "shared_rank": the others, in small groups only
    tiebreak: str  # the tiebreak's key
    value: float | int  # this player's value of it
    group: int  # "decides": the size of the tied group the tiebreak splits
    shown: list[list[str | float | int]]  # "decides": [id, value] of each, in small groups
