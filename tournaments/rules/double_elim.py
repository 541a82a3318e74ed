"""Double elimination as pure functions (RULES.md §8, Players' Council Worlds: "the top 8
play double elimination ... the upper bracket in one format, the lower bracket in the
other").

The field of ``n`` players fills an upper bracket of ``p`` places, the next power of two,
seeded as the standard bracket places them (1 v p, ...); the missing places are byes and
fall to the top seeds. A player who loses in the upper bracket drops into the lower
bracket; a player who loses there is out. The upper and lower champions meet in the
grand final; when the lower champion wins it and the event sets a reset, the two play
once more (the upper champion had not lost yet).

The lower bracket of ``p = 2**k`` places has rounds 1 .. 2(k-1). Its round 1 pairs the
losers of upper round 1 (slots 2j and 2j+1); its even round 2i meets the winners of its
round 2i-1 with the losers of upper round i+1, dropped in the standard order that keeps
early rematches apart: reversed for upper rounds 2, 4, ..., halves swapped for upper
rounds 3, 5, ... (**Reading**: the order the common bracket tools use). Its odd rounds
after the first pair its own winners.

Every match has a wave: the matches of one wave can be played at once and nobody plays
twice in a wave. A match is stored as (wave, slot); the wave is the playoff "stage".
Who plays whom is derived from the seeds and the winners decided so far (``resolve``),
so the bracket never holds a state its results do not explain.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Side = Literal["upper", "lower", "final"]
UPPER: Side = "upper"
LOWER: Side = "lower"
FINAL: Side = "final"
MIN_SIZE, MAX_SIZE = 2, 64

# A place that nobody will ever fill (a bye), as opposed to None: not known yet.
EMPTY = ""


def places(size: int) -> int:
    """The upper bracket's places: the smallest power of two holding ``size`` players."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"a double elimination has {MIN_SIZE} to {MAX_SIZE} players")
    return 1 << (size - 1).bit_length()


def seed_order(p: int) -> list[int]:
    """Seeds in the standard bracket's order: neighbours meet in the first round, and the
    top two seeds can meet only in the upper final."""
    order = [1]
    while len(order) < p:
        n = len(order) * 2
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return order


@dataclass(frozen=True, order=True)
class Key:
    """One match: its bracket side, its round on that side and its index in the round."""

    side: Side
    round: int
    index: int


def _rounds(p: int) -> int:
    return p.bit_length() - 1


def upper_round_size(p: int, r: int) -> int:
    return p >> r


def lower_round_size(p: int, j: int) -> int:
    """Matches in lower round ``j``: rounds 2i-1 and 2i both have p / 2**(i+1)."""
    return p >> ((j + 1) // 2 + 1)


def lower_rounds(p: int) -> int:
    return 2 * (_rounds(p) - 1)


def wave(p: int, key: Key) -> int:
    """When the match can be played: upper round 1 is wave 1, upper round r (r >= 2) is
    wave 2r-2, lower round 1 wave 2, lower round 2i wave 2i+1 and 2i+1 wave 2i+2; the
    grand final follows the last lower round, its reset follows it."""
    k = _rounds(p)
    if key.side == UPPER:
        return 1 if key.round == 1 else 2 * key.round - 2
    if key.side == LOWER:
        return key.round + 1
    return max(2 * k, 2) + key.round - 1


def layout(size: int, with_reset: bool = False) -> list[Key]:
    """Every match of the bracket in wave order (the reset last, when asked for)."""
    p = places(size)
    keys = [Key(UPPER, r, i) for r in range(1, _rounds(p) + 1) for i in range(p >> r)]
    keys += [
        Key(LOWER, j, i)
        for j in range(1, lower_rounds(p) + 1)
        for i in range(lower_round_size(p, j))
    ]
    keys.append(Key(FINAL, 1, 0))
    if with_reset:
        keys.append(Key(FINAL, 2, 0))
    return sorted(keys, key=lambda k: (wave(p, k), k))


def slots(size: int, with_reset: bool = True) -> dict[Key, tuple[int, int]]:
    """Each match's (wave, slot): slots number the matches of one wave from 0."""
    p = places(size)
    out: dict[Key, tuple[int, int]] = {}
    count: dict[int, int] = {}
    for key in layout(size, with_reset):
        w = wave(p, key)
        out[key] = (w, count.get(w, 0))
        count[w] = count.get(w, 0) + 1
    return out


def drop_index(p: int, upper_round: int, index: int) -> int:
    """Where the loser of upper match (upper_round, index), upper_round >= 2, lands in
    lower round 2(upper_round - 1): reversed or halves swapped, alternately."""
    m = p >> upper_round
    if upper_round % 2 == 0:
        return m - 1 - index
    half = m // 2
    return (index + half) % m if m > 1 else index


def _feeders(p: int, key: Key) -> tuple[tuple[Key, str], tuple[Key, str]] | None:
    """The two matches whose winner ("w") or loser ("l") fills this one; None for upper
    round 1, which the seeds fill."""
    k = _rounds(p)
    if key.side == UPPER:
        if key.round == 1:
            return None
        prev = key.round - 1
        return (Key(UPPER, prev, 2 * key.index), "w"), (Key(UPPER, prev, 2 * key.index + 1), "w")
    if key.side == LOWER:
        if key.round == 1:
            return (Key(UPPER, 1, 2 * key.index), "l"), (Key(UPPER, 1, 2 * key.index + 1), "l")
        if key.round % 2 == 1:
            prev = key.round - 1
            return (Key(LOWER, prev, 2 * key.index), "w"), (
                Key(LOWER, prev, 2 * key.index + 1),
                "w",
            )
        upper_round = key.round // 2 + 1
        dropped = next(
            i for i in range(p >> upper_round) if drop_index(p, upper_round, i) == key.index
        )
        return (Key(LOWER, key.round - 1, key.index), "w"), (Key(UPPER, upper_round, dropped), "l")
    if key.round == 2:
        return (Key(FINAL, 1, 0), "w"), (Key(FINAL, 1, 0), "l")
    upper_final = Key(UPPER, k, 0)
    if k == 1:  # two players: the loser of the only upper match is the lower champion
        return (upper_final, "w"), (upper_final, "l")
    return (upper_final, "w"), (Key(LOWER, lower_rounds(p), 0), "w")


@dataclass(frozen=True)
class Match:
    """A match as far as the results go: players None while not known, EMPTY for a bye."""

    key: Key
    wave: int
    slot: int
    high: str | None
    low: str | None
    high_seed: int | None
    low_seed: int | None
    winner: str | None
    bye: bool

    @property
    def nobody(self) -> bool:
        """Decided with nobody going on (both players were ejected): both are out."""
        return self.winner == EMPTY and not self.bye

    @property
    def loser(self) -> str | None:
        if self.winner is None:
            return None
        if self.bye or self.nobody:
            return EMPTY
        return self.low if self.winner == self.high else self.high

    @property
    def playable(self) -> bool:
        """Both players are known and the match waits for its result."""
        return bool(self.high) and bool(self.low) and self.winner is None


def resolve(seeded: list[str], winners: dict[Key, str], reset: bool = False) -> list[Match]:
    """The bracket from the players in seed order and the winners decided so far.

    A match with one player and a bye is won by the player (no game, no loss); the
    reset is in the answer only when it is played: the event sets it and the lower
    champion won the grand final."""
    size = len(seeded)
    p = places(size)
    seed_of = {pid: i for i, pid in enumerate(seeded, start=1)}
    where = slots(size)
    done: dict[Key, Match] = {}
    order = seed_order(p)
    for key in layout(size, with_reset=True):
        if key.side == FINAL and key.round == 2 and not _reset_played(done, reset):
            continue
        feed = _feeders(p, key)
        pair: list[str | None]
        if feed is None:
            a, b = order[2 * key.index], order[2 * key.index + 1]
            pair = [seeded[a - 1] if a <= size else EMPTY, seeded[b - 1] if b <= size else EMPTY]
        else:
            pair = [_out(done[m], what) for m, what in feed]
        done[key] = _match(key, where[key], pair, seed_of, winners.get(key))
    return list(done.values())


def _reset_played(done: dict[Key, Match], reset: bool) -> bool:
    final = done[Key(FINAL, 1, 0)]
    return reset and final.winner is not None and final.winner == final.low


def _out(match: Match, what: str) -> str | None:
    return match.winner if what == "w" else match.loser


def _match(
    key: Key, at: tuple[int, int], pair: list[str | None], seed_of: dict[str, int], won: str | None
) -> Match:
    a, b = pair
    if key.side != FINAL and a and b and seed_of[a] > seed_of[b]:
        a, b = b, a  # the better seed sits high, as in the single-elimination bracket
    if key.side == FINAL and key.round == 2:
        a, b = b, a  # the reset keeps the grand final's seats
    if a == EMPTY:
        a, b = b, a  # a player facing a bye sits high
    winner: str | None = None
    bye = b == EMPTY and a is not None
    if bye:
        winner = a  # a player (or nobody, EMPTY) goes on without a game
    elif a and b and won in (a, b, EMPTY):
        winner = won  # EMPTY: nobody goes on, and nobody drops to the lower bracket
    return Match(key, at[0], at[1], a, b, seed_of.get(a or ""), seed_of.get(b or ""), winner, bye)


def round_code(side: str, number: int, size: int) -> str:
    """A match's round for the face: upper_round, upper_final, lower_round, lower_final,
    grand_final or bracket_reset."""
    p = places(size)
    if side == FINAL:
        return "grand_final" if number == 1 else "bracket_reset"
    last = _rounds(p) if side == UPPER else lower_rounds(p)
    return f"{side}_{'final' if number == last else 'round'}"


def champion(matches: list[Match]) -> str | None:
    """The winner of the last match played, once the bracket is decided."""
    last = max(matches, key=lambda m: (m.key.side == FINAL, m.key.round))
    return (last.winner or None) if last.key.side == FINAL else None


def final_places(seeded: list[str], matches: list[Match]) -> list[str]:
    """The bracket's players in final place order: those still in by seed, then the
    eliminated by the wave of the match that put them out (later first) and their seed.
    The champion is first and the grand final's loser second once it is decided."""
    seed_of = {pid: i for i, pid in enumerate(seeded, start=1)}
    losses: dict[str, int] = {}
    out_at: dict[str, int] = {}
    for m in sorted(matches, key=lambda m: m.wave):
        if m.nobody:  # both ejected: out at once
            out_at.update({p: m.wave for p in (m.high, m.low) if p})
        lost = m.loser
        if not lost:
            continue
        losses[lost] = losses.get(lost, 0) + 1
        if losses[lost] >= 2:
            out_at[lost] = m.wave
    won = champion(matches)
    if won is not None:
        # Without a reset the upper champion is out after one loss, in the grand final.
        last = max(m.wave for m in matches)
        out_at.update({pid: last for pid in losses if pid != won and pid not in out_at})
    alive = sorted((s for s in seeded if s not in out_at), key=seed_of.__getitem__)
    gone = sorted(out_at, key=lambda s: (-out_at[s], seed_of[s]))
    return alive + gone


def reached(matches: list[Match]) -> dict[str, str]:
    """How far each eliminated player went: "champion", "final" (lost the grand final
    once the bracket is decided), "lower_final" (lost the last lower round) or
    "lower_bracket"."""
    out: dict[str, str] = {}
    last_lower = max((m.key.round for m in matches if m.key.side == LOWER), default=0)
    won = champion(matches)
    for m in matches:
        for lost in [p for p in (m.high, m.low) if p] if m.nobody else [m.loser]:
            if not lost or m.key.side == UPPER:
                continue
            if m.key.side == LOWER:
                out[lost] = "lower_final" if m.key.round == last_lower else "lower_bracket"
            elif won is not None:
                out[lost] = "final"
    if won:
        out[won] = "champion"
    return out
