"""Which stored rows of a score group an update needs when only some players' later
tiebreak values moved (tournaments.standings.incremental): the parts of the group those
players are tied in (tied.py), found from the stored tiebreak values, so that the rest of
the group is never read.

Two players are in the same part after ``level`` tiebreaks exactly when their first
``level`` notes agree; a tiebreak other than head-to-head has the same value whatever
the part it is taken over, and it is stored with each row, so the rows whose stored
values equal the moved player's on those tiebreaks hold his part (exactly, unless
head-to-head split the group before: then a superset, sorted out by the notes). When the
part was split last by a tiebreak of a player's own (merge.py), only each member's place
and value are read, and the full rows of the buckets a moved player leaves or enters.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import NamedTuple

from . import StandingRow, id_order, resolve
from .merge import Merged, merge_part, merge_values
from .tiebreaks import Context, HeadToHead, Tiebreak
from .tied import Step, path, ranking_notes

Value = float | int
Key = tuple[bool, int]  # a score group: (ejected, points)
# A light row: (player, position, stored value of the slice's ``key``).
Light = tuple[str, int, Value]


class Slice(NamedTuple):
    """Stored rows of the score group ``group`` whose stored tiebreak values are
    ``equal`` ((key, value) pairs); with ``among``, only those whose value of ``key`` is
    one of them; ``light``: only each row's player, position and value of ``key``."""

    group: Key
    equal: tuple[tuple[str, Value], ...] = ()
    key: str = ""
    among: tuple[Value, ...] | None = None
    light: bool = False


@dataclass
class Stored:
    """The old rows an update was given: full rows by player, the players each full slice
    read (their rows are in ``rows``), the light rows of each light slice."""

    rows: dict[str, StandingRow] = field(default_factory=dict)
    slices: dict[Slice, list[str]] = field(default_factory=dict)
    lines: dict[Slice, list[Light]] = field(default_factory=dict)


def matches(values: Mapping[str, Value], wanted: Slice) -> bool:
    """Whether a stored row of the slice's group, by its stored tiebreak ``values``, is in
    the slice (what a reader's query asks)."""
    if any(values.get(k) != v for k, v in wanted.equal):
        return False
    return wanted.among is None or values.get(wanted.key) in wanted.among


def is_head_to_head(metric: Tiebreak) -> bool:
    return isinstance(getattr(metric, "metric", metric), HeadToHead)


class Part(NamedTuple):
    """A part to rank again: the level it was split at, the notes that lead to it, one
    touched player in it, and the slice holding it."""

    level: int
    prefix: list[Step]
    player: str
    full: Slice
    exact: bool  # the slice holds the part and nothing else


def chosen_parts(
    group: Key,
    moved: Mapping[str, int],
    rows: Mapping[str, StandingRow],
    chain: Sequence[Tiebreak],
) -> list[Part]:
    """For each touched player (``moved``: the first level his values moved), his part
    at that level, or at the level he stood alone; parts inside another left out (parts
    are nested or apart: one is inside another when the other's notes lead to it)."""
    wanted: list[tuple[int, list[Step], str]] = []
    for player, level in moved.items():
        steps = path(rows[player])
        level = min(level, len(steps))
        wanted.append((level, steps[:level], player))
    wanted.sort(key=lambda w: (w[0], w[2]))
    out: list[Part] = []
    for level, prefix, player in wanted:
        if any(prefix[: part.level] == part.prefix for part in out):
            continue
        equal = tuple(
            (chain[i].key, step[2])
            for i, step in enumerate(prefix)
            if step[0] != "not_used" and not is_head_to_head(chain[i])
        )
        exact = all(
            step[0] == "not_used" or not is_head_to_head(chain[i]) for i, step in enumerate(prefix)
        )
        out.append(Part(level, prefix, player, Slice(group, equal), exact))
    return out


def members_of(
    part: Part, read: Sequence[str], rows: Mapping[str, StandingRow], index: Mapping[str, int]
) -> list[str]:
    """The part's members among the rows its slice read, in their old order (``index``:
    each player's place in his group)."""
    found = [p for p in read if path(rows[p])[: part.level] == part.prefix]
    return sorted(found, key=index.__getitem__)


def mergeable(part: Part, rows: Mapping[str, StandingRow], chain: Sequence[Tiebreak]) -> bool:
    """Whether the part may be merged (merge.py): it was split last by a tiebreak of a
    player's own (so its notes hold no other player's value)."""
    if part.level != len(chain) - 1 or is_head_to_head(chain[part.level]):
        return False
    steps = path(rows[part.player])
    return len(steps) > part.level and steps[part.level][:2] == ("decides", chain[-1].key)


Settled = tuple[list[str], Merged]


def settle(
    part: Part,
    group: Key,
    index: Mapping[str, int],
    top: Callable[[int], bool],
    values: Mapping[str, Mapping[str, Value]],
    kept: Sequence[Tiebreak],
    ctx: Context,
    stored: Stored,
) -> Settled | Slice:
    """The part's members and what becomes of them: merged when it may be, else ranked
    again (``resolve``); or the slice of stored rows still needed for it. ``index``:
    each player's place in his group (``top``: whether a part starting there is first in
    the event); ``values``: the touched players' values now."""
    rows, level = stored.rows, part.level
    if part.full in stored.slices:
        members = members_of(part, stored.slices[part.full], rows, index)
        if mergeable(part, rows, kept) and not top(index[members[0]]):
            key = kept[level].key
            now = {p: values[p][key] if p in values else path(rows[p])[level][2] for p in members}
            before = {p: path(rows[p])[level][2] for p in members if p in values}
            merging = merge_values(members, now, before, kept[level].higher_is_better)
            if merging is not None:
                return members, merge_part(members, merging[0], now, merging[1], level, key, rows)
        notes = {p: ranking_notes(rows[p], level) for p in members}
        buckets = resolve(sorted(members, key=id_order), list(kept[level:]), ctx, notes)
        starts = accumulate((len(b) for b in buckets[:-1]), initial=0)
        return members, Merged(list(zip(starts, buckets, strict=True)), notes)
    if not (part.exact and mergeable(part, rows, kept)):
        return part.full
    key = kept[level].key
    light = part.full._replace(key=key, light=True)
    if light not in stored.lines:
        return light
    lines = sorted(stored.lines[light], key=lambda line: index[line[0]])
    members = [p for p, _pos, _v in lines]
    now = {p: values[p][key] if p in values else v for p, _pos, v in lines}
    before = {p: v for p, _pos, v in lines if p in values}
    merging = merge_values(members, now, before, kept[level].higher_is_better)
    if merging is None or top(index[members[0]]):
        return part.full
    among = light._replace(light=False, among=tuple(sorted(merging[1])))
    if among not in stored.slices:
        return among
    return members, merge_part(members, merging[0], now, merging[1], level, key, rows)
