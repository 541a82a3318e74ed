"""The single-elimination top cut after the Swiss rounds, as pure functions.

The bracket is the usual one: seeds from the final Swiss standings, the best against
the worst (1 v 8, 4 v 5, 2 v 7, 3 v 6 for a top 8), so the top two seeds can meet only
in the final. The winners of slots 2k and 2k+1 of a stage meet in slot k of the next.
Final places: the champion, the finalist, then those eliminated in each earlier stage,
by their Swiss seed; everyone outside the cut keeps his Swiss place below them.

Who wins one playoff game is not decided here: the game's own rules decide it
(rules_engine.score_game), and a tie is replayed or decided by the director.
"""

from __future__ import annotations

from dataclasses import dataclass

CUT_SIZES = (2, 4, 8, 16, 32)


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket order: pairs of neighbours meet in the first stage."""
    if size not in (1, *CUT_SIZES):
        raise ValueError(f"a bracket has 2, 4, 8, 16 or 32 players, not {size}")
    order = [1]
    while len(order) < size:
        n = len(order) * 2
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return order


def stage_count(size: int) -> int:
    return size.bit_length() - 1


@dataclass(frozen=True)
class Pairing:
    stage: int
    slot: int
    high: str | None
    low: str | None
    high_seed: int | None
    low_seed: int | None


def first_stage(seeded: list[str]) -> list[Pairing]:
    """The first playoff stage from the players in Swiss order (seed 1 first)."""
    order = bracket_order(len(seeded))
    out = []
    for slot in range(len(order) // 2):
        a, b = order[2 * slot], order[2 * slot + 1]
        out.append(Pairing(1, slot, seeded[a - 1], seeded[b - 1], a, b))
    return out


def next_match(stage: int, slot: int) -> tuple[int, int, str]:
    """Where the winner of (stage, slot) plays next: stage, slot and side."""
    return stage + 1, slot // 2, "high" if slot % 2 == 0 else "low"


@dataclass(frozen=True)
class Played:
    """A playoff match as far as it went; winner None while undecided, or when
    ``nobody`` goes on from it (both players were ejected: both are out there)."""

    stage: int
    slot: int
    high: str | None
    low: str | None
    high_seed: int | None
    low_seed: int | None
    winner: str | None
    nobody: bool = False


def eliminated(match: Played) -> tuple[str, int] | None:
    """The loser of a decided match and his seed."""
    if match.winner is None or match.high is None or match.low is None:
        return None
    if match.winner == match.high:
        return match.low, match.low_seed or 0
    return match.high, match.high_seed or 0


def out_of(match: Played) -> list[tuple[str, int]]:
    """Who a decided match puts out, with his seed: its loser, or both players when
    nobody goes on from it."""
    if match.nobody:
        seats = ((match.high, match.high_seed), (match.low, match.low_seed))
        return [(p, seed or 0) for p, seed in seats if p]
    loser = eliminated(match)
    return [loser] if loser is not None else []


def final_places(swiss_order: list[str], matches: list[Played]) -> list[str]:
    """Everyone's final place: playoff players above the Swiss order.

    Players still in the playoff come first by seed (the champion alone once it is
    over), then the eliminated by the stage they reached (later first) and their seed.
    """
    if not matches:
        return list(swiss_order)
    seeds = {m.high: m.high_seed for m in matches if m.stage == 1 and m.high}
    seeds |= {m.low: m.low_seed for m in matches if m.stage == 1 and m.low}
    out: dict[str, tuple[int, bool, int]] = {}
    for match in matches:
        for player, seed in out_of(match):
            # Out with nobody going on (both ejected): below the others out there.
            out[player] = (match.stage, match.nobody, seed)
    alive = sorted((p for p in seeds if p not in out), key=lambda p: seeds[p] or 0)
    gone = sorted(out, key=lambda p: (-out[p][0], out[p][1], out[p][2]))
    cut = alive + gone
    rest = [p for p in swiss_order if p not in seeds]
    return cut + rest


def champion(matches: list[Played], size: int) -> str | None:
    final = [m for m in matches if m.stage == stage_count(size)]
    return final[0].winner if final else None


# How far a player went, counted from the end: the final is 0 stages from it.
STAGE_NAMES = {0: "final", 1: "semi_final", 2: "quarter_final", 3: "round_of_16"}


def stage_name(stage: int, size: int) -> str:
    """The stage's usual name (final, semi_final, quarter_final, round_of_16;
    "round_of_32" before them)."""
    return STAGE_NAMES.get(stage_count(size) - stage, "round_of_32")


def cut_size(matches: list[Played]) -> int:
    """The bracket's size, from its first stage (two players a match)."""
    return 2 * sum(1 for m in matches if m.stage == 1)


def reached(matches: list[Played]) -> dict[str, str]:
    """How far each playoff player went: "champion", or the name of the stage he lost."""
    size = cut_size(matches)
    out: dict[str, str] = {}
    for match in matches:
        for player, _seed in out_of(match):
            out[player] = stage_name(match.stage, size)
    won = champion(matches, size) if size else None
    if won is not None:
        out[won] = "champion"
    return out
