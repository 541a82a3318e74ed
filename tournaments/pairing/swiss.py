"""Two-player Swiss pairing (000 Part VI §3 "Pairings").

The rulebook: round 1 is random; later rounds pair "someone with the same score ...
or as close as possible"; the same two players never meet twice; with an odd count the
lowest-scored player gets the bye, the round-1 bye is random and nobody gets two byes.

"As close as possible" is read as a lexicographic optimum over all rematch-free pairings:
  1. fewest *floaters* (players paired with someone on a different score), then
  2. smallest total score difference over all tables.
That is a minimum-cost perfect matching. Solving it on the full graph is O(n^3) (too slow
for 10,000+ players), so it is solved in three layers:

* Fast path. Without the no-rematch rule the optimum is known in closed form: every score
  group with an even number of players pairs inside itself, and the groups with an odd
  number are taken top-down in pairs (1st with 2nd, 3rd with 4th, ...), each sending one
  player to the other. No pairing can have fewer floaters or a smaller total difference
  (a group with an odd count must send out at least one player; points on a line are
  matched cheapest consecutively). The fast path builds exactly that shape while avoiding
  rematches (greedy matching inside each group, repaired by swaps). If it succeeds, the
  result equals that lower bound and is therefore *proven optimal*.
* Small events (at most FULL_EXACT_LIMIT players) whose fast path is blocked are solved
  exactly on the full graph (rustworkx's blossom algorithm: ~20 ms for 256 players). An
  exact matching without a perfect result is the proof that no rematch-free pairing
  exists (PairingImpossible).
* Larger events: windows. Each blocked place (typically the few leaders late in an event)
  is widened to the nearest big score group (>= WINDOW_BIG_GROUP players) at a cut with
  an even number of players above it; the window is solved exactly, the rest by the fast
  path. Only CORE_SAMPLE players of a big group enter the exact matching: the rest of a
  big group pairs inside itself in any order, so the sample decides who floats.
* Last resort: the same sampled "core" over all score groups, then the full graph.
Windows and core are not proven optimal; tests and benchmarks/bench_pairing.py compare
them with the exact full-graph optimum (same floaters, same total difference every time
so far). `SwissPairing.proven_optimal` and `.method` say which case a round was.

Determinism: players are first sorted by id, then ranked by a shuffle from the seed; every
choice between equally good options follows that rank, so a round is reproduced from its
seed regardless of the input order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from .common import PairingImpossible, PairingPlayer, max_weight_matching

FULL_EXACT_LIMIT = 256  # rustworkx solves a dense 256-player round exactly in ~20 ms
_MAX_LISTED = 40  # explanation lines listing floaters, so huge events stay readable
_FLOAT_TRIES = 8  # candidates tried per odd group before falling back
CORE_SAMPLE = 16  # players of a big score group kept in the exact core fallback
WINDOW_BIG_GROUP = 40  # a score group this big bounds a fallback window (see _windows)


@dataclass
class SwissPairing:
    tables: list[tuple[str, str]]  # table 1 first (highest scores first)
    bye: str | None
    explanation: list[str]
    seed: int
    floaters: int  # players paired outside their score group
    score_difference: int  # sum over tables of |score a - score b|
    proven_optimal: bool = False  # True when the result is certainly a lexicographic optimum
    method: str = field(default="")  # how it was solved: "fast", "window", "core", "exact"


def pair_swiss(players: Sequence[PairingPlayer], round_number: int, seed: int) -> SwissPairing:
    """Pair one Swiss round. Raises PairingImpossible with a message for the director."""
    return _SwissRound(players, round_number, seed, FULL_EXACT_LIMIT).run()


def _pts(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _group(score: int) -> str:
    return f"{score}-point group"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class _SwissRound:
    def __init__(
        self,
        players: Sequence[PairingPlayer],
        round_number: int,
        seed: int,
        full_exact_limit: int,
    ) -> None:
        ordered = sorted(players, key=lambda p: p.id)
        index: dict[str, int] = {}
        for i, p in enumerate(ordered):
            if p.id in index:
                raise ValueError(f"player id {p.id!r} appears twice")
            index[p.id] = i
        self.round_number = round_number
        self.seed = seed
        self.full_exact_limit = full_exact_limit
        self.ids = [p.id for p in ordered]
        self.names = [p.name or p.id for p in ordered]
        self.random_round = round_number <= 1
        # Round 1 is random (000 Part VI §3), so scores must not group anybody.
        self.score = [0 if self.random_round else p.score for p in ordered]
        self.had_bye = [p.had_bye for p in ordered]
        # Ids, not indices: converting 10,000 opponent sets costs more than the pairing.
        self.opp = [p.opponents for p in ordered]
        perm = list(range(len(ordered)))
        random.Random(seed).shuffle(perm)
        self.rank = [0] * len(ordered)
        for pos, i in enumerate(perm):
            self.rank[i] = pos
        self.method = "fast"
        self.blocked: list[str] = []

    # ------------------------------------------------------------------ driver
    def run(self) -> SwissPairing:
        n = len(self.ids)
        r = self.round_number
        if n < 2:
            raise PairingImpossible(
                f"Round {r} cannot be paired: a Swiss round needs at least 2 players and "
                f"{_plural(n, 'player')} {'is' if n == 1 else 'are'} left."
            )
        active = sorted(range(n), key=self.rank.__getitem__)
        bye: int | None = None
        skipped: list[int] = []
        if n % 2:
            candidates = sorted(
                (i for i in range(n) if not self.had_bye[i]),
                key=lambda i: (self.score[i], self.rank[i]),
            )
            if not candidates:
                raise PairingImpossible(
                    f"Round {r} cannot be paired: there is an odd number of players ({n}) and "
                    "every one of them has already had a bye, and no player may get two byes "
                    "(000 Part VI §3). Add or drop a player"
                    + (f", or end the event after round {r - 1}." if r > 1 else ".")
                )
            solution = None
            for c in candidates:
                solution = self._solve([i for i in active if i != c])
                if solution is not None:
                    bye = c
                    break
                skipped.append(c)
            if solution is None:
                raise PairingImpossible(self._impossible_message(active, odd=True))
        else:
            solution = self._solve(active)
            if solution is None:
                raise PairingImpossible(self._impossible_message(active, odd=False))
        pairs, reasons, proven = solution
        return self._result(pairs, reasons, proven, bye, skipped, n)

    # ---------------------------------------------------------------- solving
    def _solve(
        self, active: list[int]
    ) -> tuple[list[tuple[int, int]], dict[tuple[int, int], str], bool] | None:
        """A rematch-free perfect matching of `active`, or None if none exists."""
        self.blocked = []  # a rejected bye candidate's notes must not leak into the result
        self.method = "fast"
        score = self.score
        groups: list[list[int]] = []
        for i in sorted(active, key=lambda i: (-score[i], self.rank[i])):
            if groups and score[groups[-1][0]] == score[i]:
                groups[-1].append(i)
            else:
                groups.append([i])
        cache: dict[tuple[int, int], list[tuple[int, int]] | None] = {}
        pairs, reasons, failures = self._fast(groups, cache, set())
        if not failures:
            return pairs, reasons, True
        self.blocked = self._blocked_lines(groups, failures)
        if len(active) <= self.full_exact_limit:
            self.method = "exact"
            found = self._exact(active)
            return None if found is None else (found, self._core_reasons(found), True)
        windowed = self._windows(groups, cache, failures)
        if windowed is not None:
            self.method = "window"
            return windowed[0], windowed[1], False
        self.method = "core"
        found = self._core(groups)
        if found is None:  # the sampled core was too tight: decide on everybody
            self.method = "exact"
            found = self._exact(active)
        proven = self.method == "exact"
        return None if found is None else (found, self._core_reasons(found), proven)

    def _fast(
        self,
        groups: list[list[int]],
        cache: dict[tuple[int, int], list[tuple[int, int]] | None],
        skip: set[int],
    ) -> tuple[list[tuple[int, int]], dict[tuple[int, int], str], list[tuple[int, int]]]:
        """The lower-bound shape (see the module docstring) for the groups not in `skip`.

        Returns the pairs, the reason for each cross-group table, and the (first, last)
        group indices of every place where earlier games block that shape.
        """
        score = self.score
        pairs: list[tuple[int, int]] = []
        reasons: dict[tuple[int, int], str] = {}
        failures: list[tuple[int, int]] = []
        pending: int | None = None
        for k, group in enumerate(groups):
            if k in skip:
                continue
            if len(group) % 2 == 0:
                found = self._internal(k, group, -1, cache)
                if found is None:
                    failures.append((k, k))
                else:
                    pairs.extend(found)
            elif pending is None:
                pending = k
            else:
                floated = self._float_pair(pending, k, groups, cache)
                if floated is None:
                    failures.append((pending, k))
                else:
                    pairs.extend(floated[0])
                    a, b = floated[1]
                    why = f"the {_group(score[a])} has an odd number of players"
                    if k > pending + 1:
                        why += f" and the next group with an odd number is on {_pts(score[b])}"
                    reasons[(a, b)] = why
                pending = None
        return pairs, reasons, failures

    def _windows(
        self,
        groups: list[list[int]],
        cache: dict[tuple[int, int], list[tuple[int, int]] | None],
        failures: list[tuple[int, int]],
    ) -> tuple[list[tuple[int, int]], dict[tuple[int, int], str]] | None:
        """Solve the blocked places exactly inside windows, the rest by the fast path.

        A window runs from a blocked place outwards to a big score group (kept whole in the
        window as a sample, see _core) at a cut with an even number of players above it.
        Big groups absorb floaters in any number, and at an even cut the lower bound has
        no table crossing, so cutting there loses (in practice) nothing; the benchmark and
        tests compare the result with the exact full-graph optimum.
        """
        last = len(groups) - 1
        above = [0]
        for g in groups:
            above.append(above[-1] + len(g))

        def boundary_up(k: int) -> int:
            while k > 0 and not (len(groups[k]) >= WINDOW_BIG_GROUP and above[k] % 2 == 0):
                k -= 1
            return k

        def boundary_down(k: int) -> int:
            while k < last and not (len(groups[k]) >= WINDOW_BIG_GROUP and above[k + 1] % 2 == 0):
                k += 1
            return k

        spans = [(boundary_up(i), boundary_down(j)) for i, j in failures]
        for _ in range(8):
            spans.sort()
            merged: list[tuple[int, int]] = []
            for s, e in spans:
                if merged and s <= merged[-1][1] + 1:
                    merged[-1] = (merged[-1][0], max(merged[-1][1], e))
                else:
                    merged.append((s, e))
            if merged == [(0, last)]:
                return None  # the window is everything: the caller's core does that
            skip = {k for s, e in merged for k in range(s, e + 1)}
            pairs, reasons, failures = self._fast(groups, cache, skip)
            grow = [(boundary_up(i), boundary_down(j)) for i, j in failures]
            for s, e in merged:
                found = self._core(groups[s : e + 1])
                if found is None:
                    grow.append((boundary_up(max(0, s - 1)), boundary_down(min(last, e + 1))))
                    continue
                pairs.extend(found)
                reasons.update(self._core_reasons(found))
            if not grow:
                return pairs, reasons
            spans = merged + grow
        return None

    def _blocked_lines(self, groups: list[list[int]], failures: list[tuple[int, int]]) -> list[str]:
        """Plain words for the places where earlier games stop same-score pairing."""
        lines = []
        for i, j in failures[:5]:
            members = [p for g in groups[i : j + 1] for p in g]
            if len(members) > 8:
                lines.append(
                    f"Earlier games block pairing inside the {self.score[members[0]]}- to "
                    f"{_group(self.score[members[-1]])}s."
                )
                continue
            met = [
                f"{self.names[a]}–{self.names[b]}"
                for x, a in enumerate(members)
                for b in members[x + 1 :]
                if self.ids[b] in self.opp[a]
            ]
            lines.append(
                "Earlier games block pairing inside the "
                + (
                    f"{self.score[members[0]]}- to {_group(self.score[members[-1]])}s"
                    if i != j
                    else _group(self.score[members[0]])
                )
                + (f" (already met: {', '.join(met)})" if met else "")
                + "."
            )
        return lines

    def _core(self, groups: list[list[int]]) -> list[tuple[int, int]] | None:
        """Exact matching on a core: small groups whole, CORE_SAMPLE players of big ones.

        A big score group with few earlier games among its players pairs inside itself in
        any order, so only a sample of it can matter for who floats where; the rest is
        paired internally first.
        """
        core: list[int] = []
        pairs: list[tuple[int, int]] = []
        for group in groups:
            if len(group) <= CORE_SAMPLE + 1:
                core.extend(group)
                continue
            take = CORE_SAMPLE + (len(group) - CORE_SAMPLE) % 2
            rest = self._greedy(group[take:])
            if rest is None:
                core.extend(group)
            else:
                core.extend(group[:take])
                pairs.extend(rest)
        found = self._exact(core)
        return None if found is None else pairs + found

    def _core_reasons(self, pairs: list[tuple[int, int]]) -> dict[tuple[int, int], str]:
        score = self.score
        return {
            (a, b): "earlier games rule out pairing inside the score groups around here, "
            "and this is the closest rematch-free choice in the best overall pairing"
            for a, b in pairs
            if score[a] != score[b]
        }

    def _internal(
        self,
        k: int,
        group: list[int],
        exclude: int,
        cache: dict[tuple[int, int], list[tuple[int, int]] | None],
    ) -> list[tuple[int, int]] | None:
        key = (k, exclude)
        if key not in cache:
            members = [p for p in group if p != exclude]
            found = self._greedy(members)
            if found is None:
                found = self._exact(members)
            cache[key] = found
        return cache[key]

    def _greedy(self, members: list[int]) -> list[tuple[int, int]] | None:
        """Pair consecutive players of the seeded order, skipping earlier opponents."""
        opp, ids = self.opp, self.ids
        waiting: list[int] = []
        pairs: list[tuple[int, int]] = []
        for p in members:
            met = opp[p]
            for k in range(len(waiting) - 1, -1, -1):
                q = waiting[k]
                if ids[q] not in met:
                    pairs.append((q, p))
                    del waiting[k]
                    break
            else:
                waiting.append(p)
        # Left-overs have all met each other: swap them into existing tables.
        while waiting:
            x = waiting.pop()
            for y in waiting:
                placed = False
                for t, (u, v) in enumerate(pairs):
                    if ids[u] not in opp[x] and ids[v] not in opp[y]:
                        pairs[t] = (u, x)
                        pairs.append((v, y))
                        placed = True
                    elif ids[v] not in opp[x] and ids[u] not in opp[y]:
                        pairs[t] = (v, x)
                        pairs.append((u, y))
                        placed = True
                    if placed:
                        break
                if placed:
                    waiting.remove(y)
                    break
            else:
                return None
        return pairs

    def _float_pair(
        self,
        i: int,
        j: int,
        groups: list[list[int]],
        cache: dict[tuple[int, int], list[tuple[int, int]] | None],
    ) -> tuple[list[tuple[int, int]], tuple[int, int]] | None:
        """One player of odd group i meets one of odd group j; both rests pair inside."""
        upper, lower = groups[i], groups[j]
        tries_a = upper if len(upper) <= 2 * _FLOAT_TRIES else upper[:_FLOAT_TRIES]
        for a in tries_a:
            rest_a = self._internal(i, upper, a, cache)
            if rest_a is None:
                continue
            tried = 0
            for b in lower:
                if self.ids[b] in self.opp[a]:
                    continue
                rest_b = self._internal(j, lower, b, cache)
                if rest_b is not None:
                    return [*rest_a, *rest_b, (a, b)], (a, b)
                tried += 1
                if tried >= _FLOAT_TRIES and len(lower) > 2 * _FLOAT_TRIES:
                    break
        return None

    def _exact(self, members: list[int]) -> list[tuple[int, int]] | None:
        """Exact lexicographic optimum over `members` (perfect matching), or None."""
        if not members:
            return []
        if len(members) % 2:
            return None
        score, opp, ids = self.score, self.opp, self.ids
        spread = max(score[p] for p in members) - min(score[p] for p in members)
        # One floater must outweigh any possible total difference: M > (n/2) * spread.
        big_m = spread * (len(members) // 2) + 1
        top = 2 * big_m + spread + 1
        edges = []
        for x in range(len(members)):
            a = members[x]
            met = opp[a]
            sa = score[a]
            for y in range(x + 1, len(members)):
                b = members[y]
                if ids[b] in met:
                    continue
                d = abs(sa - score[b])
                edges.append((x, y, top - (2 * big_m + d if d else 0)))
        found = max_weight_matching(len(members), edges)
        if 2 * len(found) != len(members):
            return None
        return [(members[x], members[y]) for x, y in found]

    # ------------------------------------------------------------ explaining
    def _label(self, i: int) -> str:
        return f"{self.names[i]} ({self.score[i]})"

    def _result(
        self,
        pairs: list[tuple[int, int]],
        reasons: dict[tuple[int, int], str],
        proven: bool,
        bye: int | None,
        skipped: list[int],
        n: int,
    ) -> SwissPairing:
        score, rank = self.score, self.rank

        def key(i: int) -> tuple[int, int]:
            return (-score[i], rank[i])

        oriented = []
        for a, b in pairs:
            why = reasons.get((a, b)) or reasons.get((b, a))
            if key(b) < key(a):
                a, b = b, a
            oriented.append((a, b, why))
        oriented.sort(key=lambda t: (-score[t[0]], -score[t[1]], rank[t[0]]))
        cross = [(a, b, why) for a, b, why in oriented if score[a] != score[b]]
        difference = sum(score[a] - score[b] for a, b, _ in cross)
        r = self.round_number
        lines: list[str] = []
        if self.random_round:
            lines.append(
                f"Round {r}, seed {self.seed}: {_plural(n, 'player')} paired at random from the "
                "seed (000 Part VI §3: the first round is paired randomly)."
            )
        else:
            counts: dict[int, int] = {}
            for i in range(n):
                counts[score[i]] = counts.get(score[i], 0) + 1
            shown = [f"{_pts(s)} ×{c}" for s, c in sorted(counts.items(), reverse=True)]
            if len(shown) > 12:
                shown = [*shown[:12], f"… {len(shown) - 12} more"]
            lines.append(
                f"Round {r}, seed {self.seed}: {_plural(n, 'player')} in "
                f"{_plural(len(counts), 'score group')}: " + ", ".join(shown) + "."
            )
        if bye is not None:
            lines.append(self._bye_line(bye, skipped))
        if not self.random_round:
            if not cross:
                lines.append("Everybody plays an opponent on the same score.")
            else:
                lines.append(
                    f"{_plural(2 * len(cross), 'player')} play outside their score group "
                    f"(total score difference {difference}); the fewest possible without "
                    "rematches"
                    + {
                        "fast": ", proven by the lower bound (see pairing.swiss).",
                        "exact": ", proven by an exact matching of all players.",
                    }.get(self.method, ".")
                )
                lines.extend(self.blocked)
                for a, b, why in cross[:_MAX_LISTED]:
                    lines.append(
                        f"{self._label(a)} is paired down to {self._label(b)}: "
                        f"{why or 'closest rematch-free opponent'}."
                    )
                if len(cross) > _MAX_LISTED:
                    lines.append(f"… and {len(cross) - _MAX_LISTED} more tables across groups.")
        lines.append("No two players meet a second time (000 Part VI §3).")
        return SwissPairing(
            tables=[(self.ids[a], self.ids[b]) for a, b, _ in oriented],
            bye=None if bye is None else self.ids[bye],
            explanation=lines,
            seed=self.seed,
            floaters=2 * len(cross),
            score_difference=difference,
            proven_optimal=proven,
            method=self.method,
        )

    def _bye_line(self, bye: int, skipped: list[int]) -> str:
        if self.random_round and not skipped:
            return (
                f"Bye: {self.names[bye]}, drawn at random from the seed "
                "(000 Part VI §3: the first-round bye is random)."
            )
        lowest = self.score[bye] if not skipped else self.score[skipped[0]]
        already = sorted(
            (i for i in range(len(self.ids)) if self.had_bye[i] and self.score[i] <= lowest),
            key=lambda i: (self.score[i], self.ids[i]),
        )
        text = f"Bye: {self._label(bye)}"
        if skipped:
            names = ", ".join(self._label(i) for i in skipped[:10])
            text += (
                f". Lower-scored players without a bye were passed over ({names}"
                f"{', …' if len(skipped) > 10 else ''}) because without them the others "
                "could not all be paired without a rematch"
            )
        else:
            tied = sum(
                1
                for i in range(len(self.ids))
                if not self.had_bye[i] and self.score[i] == self.score[bye]
            )
            text += ": the lowest score among players who have not had a bye"
            if tied > 1:
                text += f" ({tied} players tied on {_pts(self.score[bye])}; the seed chose)"
        if already:
            names = ", ".join(self._label(i) for i in already[:10])
            text += f"; {names} already had a bye and cannot get a second"
        return text + " (000 Part VI §3)."

    def _impossible_message(self, active: list[int], odd: bool) -> str:
        r = self.round_number
        k = len(active)
        hint = f" Consider ending the event after round {r - 1}." if r > 1 else ""
        everyone_met = all(
            self.ids[b] in self.opp[a] for x, a in enumerate(active) for b in active[x + 1 :]
        )
        if everyone_met:
            return (
                f"No pairing without a rematch exists for round {r}: {k} players remain and "
                f"every pair has already met.{hint}"
            )
        detail = ""
        stuck = [a for a in active if all(self.ids[b] in self.opp[a] for b in active if b != a)]
        if stuck:
            names = ", ".join(self.names[a] for a in stuck[:5])
            detail = f" ({names} {'has' if len(stuck) == 1 else 'have'} already played everyone)"
        if odd:
            return (
                f"No pairing without a rematch exists for round {r}: {k} players remain, and "
                "whichever eligible player gets the bye, the others cannot all be paired "
                f"without repeating an earlier game{detail}.{hint}"
            )
        return (
            f"No pairing without a rematch exists for round {r}: {k} players remain and every "
            f"way of pairing them repeats an earlier game{detail}.{hint}"
        )
