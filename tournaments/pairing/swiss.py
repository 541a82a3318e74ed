"""Two-player Swiss pairing (000 Part VI §3 "Pairings"; RULES.md §3 Reading).

The rulebook: round 1 is random; later rounds pair "someone with the same score ... or as
close as possible"; the same two players never meet twice; with an odd count the
lowest-scored player gets the bye, the round-1 bye is random and nobody gets two byes.

The objective (least total squared score difference, then fewest players outside their
score group, then the seed's order) and why pairing neighbours in score order is optimal
are in objective.py. A round is solved by the fast path (fastpath.py: that shape without
rematches, which reaches the score bound of bound.py: a proven optimum) and, where earlier
games block it, by exact matchings of windows around the blocked score groups, proven
optimal for the whole round by bound.py's certificate (exact.py; the full graph only when
the certificate does not close, in small events). `SwissPairing.proven_optimal` and
`.method` ("fast", "conflicted", "exact", "window") say which; the explanation's
"optimality_proof" item carries the proof's numbers for the round page and the API.

Determinism: players are first sorted by id, then ranked by a shuffle from the seed; every
choice between equally good options follows that rank, so a round is reproduced from its
seed regardless of the input order.

The explanation is structured data (explain.py renders it in words with the players'
names): codes, player ids and scores, JSON-serialisable for the Round model.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import chain, compress, pairwise
from operator import attrgetter, ne

import numpy as np

from .bound import score_bound_of_groups
from .common import PairingImpossible, PairingPlayer
from .exact import FULL_EXACT_LIMIT, solve_blocked
from .explain import impossible_swiss, render_pairing_explanation
from .fastpath import Players, fast_path
from .items import PairingItem, pair_in
from .objective import neighbour_tables

PROOF = "optimality_proof"
# How a round reached its proof: the score bound itself, exact matching of the conflicted
# score groups checked against bound.py's certificate, or exact matching of everybody.
PROOF_METHODS = {"fast": "bound", "conflicted": "conflicted", "exact": "exact"}
MAX_LISTED = 40  # paired-down tables listed one by one, so huge events stay readable
_MAX_BLOCKED = 5  # blocked places described
_MAX_NAMED = 10  # players named in one bye note

Item = PairingItem


@dataclass
class SwissPairing:
    tables: list[tuple[str, str]]  # table 1 first (highest scores first)
    bye: str | None
    explanation_items: list[Item]  # structured; render_pairing_explanation(items, names)
    seed: int
    floaters: int  # players paired outside their score group
    score_difference: int  # sum over tables of |score a - score b|
    squared_difference: int = 0  # sum over tables of (score a - score b)², the objective
    proven_optimal: bool = False  # True when the result is certainly the optimum
    method: str = field(default="")  # how it was solved: "fast", "exact", "window"
    names: dict[str, str] = field(default_factory=dict, repr=False)

    @property
    def explanation(self) -> list[str]:
        """The explanation in words, with the names the players were given."""
        return render_pairing_explanation(self.explanation_items, self.names)


def pair_swiss(
    players: Sequence[PairingPlayer],
    round_number: int,
    seed: int,
    full_exact_limit: int = FULL_EXACT_LIMIT,
) -> SwissPairing:
    """Pair one Swiss round. Raises PairingImpossible with a message for the director."""
    return _SwissRound(players, round_number, seed, full_exact_limit).run()


class _SwissRound:
    def __init__(
        self,
        players: Sequence[PairingPlayer],
        round_number: int,
        seed: int,
        full_exact_limit: int,
    ) -> None:
        ordered = sorted(players, key=attrgetter("id"))
        ids = list(map(attrgetter("id"), ordered))
        if len(set(ids)) != len(ids):
            for a, b in pairwise(ids):  # sorted: a repeated id sits next to itself
                if a == b:
                    raise ValueError(f"player id {a!r} appears twice")
        self.round_number = round_number
        self.seed = seed
        self.full_exact_limit = full_exact_limit
        self.random_round = round_number <= 1
        # Round 1 is random (000 Part VI §3), so scores must not group anybody.
        self.pl = Players(
            ids,
            [0] * len(ids) if self.random_round else list(map(attrgetter("score"), ordered)),
            list(map(attrgetter("opponents"), ordered)),
        )
        self.ordered = ordered
        self.had_bye = list(map(attrgetter("had_bye"), ordered))
        self.perm = list(range(len(ordered)))  # the seed's order
        random.Random(seed).shuffle(self.perm)

    def run(self) -> SwissPairing:
        n = len(self.pl.ids)
        score = self.pl.score
        # Highest score first, ties in the seed's order (a reversed sort stays stable).
        order = sorted(self.perm, key=score.__getitem__, reverse=True)
        if n < 2:
            raise PairingImpossible(impossible_swiss("too_few", self.round_number, n))
        if n % 2 == 0:
            solved = self._solve(order)
            if solved is None:
                raise PairingImpossible(self._impossible(order, "no_pairing"))
            return self._result(order, solved, None, [])
        candidates = bye_candidates_lowest_score_first(score, self.perm, self.had_bye)
        if not candidates:
            raise PairingImpossible(impossible_swiss("all_had_bye", self.round_number, n))
        skipped: list[int] = []
        for c in candidates:
            solved = self._solve([i for i in order if i != c])
            if solved is not None:
                return self._result(order, solved, c, skipped)
            skipped.append(c)
        raise PairingImpossible(self._impossible(order, "no_pairing_with_bye"))

    def _solve(
        self, order: list[int]
    ) -> tuple[list[tuple[int, int]], str, list[tuple[int, int]], list[int]] | None:
        pairs, failures = fast_path(self.pl, order)
        if not failures:
            return pairs, "fast", [], order
        found = solve_blocked(self.pl, order, failures, self.full_exact_limit)
        if found is None:
            return None
        return (*found, order)

    # ------------------------------------------------------------ explaining
    def _result(
        self,
        everyone: list[int],
        solved: tuple[list[tuple[int, int]], str, list[tuple[int, int]], list[int]],
        bye: int | None,
        skipped: list[int],
    ) -> SwissPairing:
        pairs, method, failures, order = solved
        score, ids = self.pl.score, self.pl.ids
        high, low = tables_in_order(pairs, places(everyone))
        differ = map(ne, map(score.__getitem__, high), map(score.__getitem__, low))
        cross = list(compress(zip(high, low, strict=True), differ))
        counts = Counter(map(score.__getitem__, order))  # players per score, the bye apart
        items: list[Item] = [self._header(everyone, counts, bye)]
        if bye is not None:
            items.append(self._bye_item(bye, skipped))
        if not self.random_round:
            items.append(self._proof_item(order, counts, cross, failures, method))
            items.extend(self._pairing_items(order, cross, failures, method))
        items.append({"code": "no_rematch"})
        return SwissPairing(
            tables=list(zip(map(ids.__getitem__, high), map(ids.__getitem__, low), strict=True)),
            bye=None if bye is None else ids[bye],
            explanation_items=items,
            seed=self.seed,
            floaters=2 * len(cross),
            score_difference=sum(score[a] - score[b] for a, b in cross),
            squared_difference=sum((score[a] - score[b]) ** 2 for a, b in cross),
            proven_optimal=method in ("fast", "conflicted", "exact"),
            method=method,
            names=self._names(items),
        )

    def _names(self, items: list[Item]) -> dict[str, str]:
        """Names of the players the explanation mentions (not all 100,000)."""
        wanted: set[str] = set()
        for item in items:
            if item["code"] == "paired_down":
                wanted.update(pair_in(item))
            if "player" in item:
                wanted.add(item["player"])
            named: list[list[str] | list[str | int]] = [
                *item.get("met", []),
                *item.get("passed_over", []),
                *item.get("had_bye", []),
            ]
            for entry in named:
                wanted.update(x for x in entry if isinstance(x, str))
        ids, found = self.pl.ids, dict[str, str]()
        for pid in wanted:  # ids are sorted: no pass over all 100,000 players
            k = bisect_left(ids, pid)
            if k < len(ids) and ids[k] == pid:
                found[pid] = self.ordered[k].name or pid
        return found

    def _header(self, everyone: list[int], counts: Counter[int], bye: int | None) -> Item:
        head: Item = {
            "code": "random_round",
            "round": self.round_number,
            "seed": self.seed,
            "players": len(everyone),
        }
        if self.random_round:
            return head
        if bye is not None:
            counts = counts + Counter({self.pl.score[bye]: 1})
        return {**head, "code": "score_groups", "groups": sorted(counts.items(), reverse=True)}

    def _pairing_items(
        self,
        order: list[int],
        cross: list[tuple[int, int]],
        failures: list[tuple[int, int]],
        method: str,
    ) -> list[Item]:
        score, ids = self.pl.score, self.pl.ids
        if not cross:
            return [{"code": "same_score"}]
        items: list[Item] = [
            {
                "code": "pairing_summary",
                "floaters": 2 * len(cross),
                "squared_difference": sum((score[a] - score[b]) ** 2 for a, b in cross),
                "proven": method in ("fast", "conflicted", "exact"),
            }
        ]
        items.extend(self._blocked_items(order, failures))
        # A table whose scores the neighbours' pairing also has is there because a score
        # group had an odd number of players; any other is there because of earlier games.
        expected = neighbour_tables(list(map(score.__getitem__, order)))
        for a, b in cross[:MAX_LISTED]:
            pair = (score[a], score[b])
            reason = "uneven" if expected[pair] > 0 else "rematch"
            expected[pair] -= 1
            items.append(
                {
                    "code": "paired_down",
                    "players": [ids[a], ids[b]],
                    "scores": list(pair),
                    "reason": reason,
                }
            )
        if len(cross) > MAX_LISTED:
            items.append({"code": "more_paired_down", "count": len(cross) - MAX_LISTED})
        return items

    def _proof_item(
        self,
        order: list[int],
        counts: Counter[int],
        cross: list[tuple[int, int]],
        failures: list[tuple[int, int]],
        method: str,
    ) -> Item:
        """Why the round is optimal (bound.py): the score bound, and how it was reached."""
        score = self.pl.score
        found = score_bound_of_groups(counts)
        blocked = {score[i] for lo, hi in failures for i in order[lo:hi]}
        return {
            "code": PROOF,
            "method": PROOF_METHODS.get(method, "unproven"),
            "odd_groups": found.odd_groups,
            "bound": found.bound,
            "cost": sum((score[a] - score[b]) ** 2 for a, b in cross),
            "conflicted_groups": len(blocked),
            "conflicted_players": sum(hi - lo for lo, hi in failures),
        }

    def _blocked_items(self, order: list[int], failures: list[tuple[int, int]]) -> list[Item]:
        pl = self.pl
        items: list[Item] = []
        for lo, hi in failures[:_MAX_BLOCKED]:
            members = order[lo:hi]
            met = [
                [pl.ids[a], pl.ids[b]]
                for x, a in enumerate(members[:8])
                for b in members[x + 1 : 8]
                if pl.met(a, b)
            ]
            items.append(
                {
                    "code": "rematch_avoided",
                    "scores": [pl.score[members[0]], pl.score[members[-1]]],
                    "met": met if len(members) <= 8 else [],
                }
            )
        return items

    def _bye_item(self, bye: int, skipped: list[int]) -> Item:
        pl, had = self.pl, self.had_bye
        score, ids = pl.score, pl.ids
        item: Item = {"code": "bye", "player": ids[bye], "score": score[bye]}
        if self.random_round and not skipped:
            return {**item, "reason": "random"}
        lowest = score[skipped[0]] if skipped else score[bye]
        already = sorted(
            (i for i in range(len(ids)) if had[i] and score[i] <= lowest),
            key=lambda i: (score[i], ids[i]),
        )
        item["had_bye"] = [[ids[i], score[i]] for i in already[:_MAX_NAMED]]
        if skipped:
            item["reason"] = "passed_over"
            item["passed_over"] = [[ids[i], score[i]] for i in skipped[:_MAX_NAMED]]
            item["passed_over_count"] = len(skipped)
            return item
        item["reason"] = "lowest"
        item["tied"] = sum(1 for i in range(len(ids)) if not had[i] and score[i] == score[bye])
        return item

    def _impossible(self, order: list[int], code: str) -> str:
        pl = self.pl
        stuck = [
            a
            for a in order
            if len(pl.opp[a]) >= len(order) - 1  # cheap filter first: big events stay fast
            and all(pl.met(a, b) for b in order if b != a)
        ]
        everyone = len(stuck) == len(order)
        return impossible_swiss(
            "everyone_met" if everyone else code,
            self.round_number,
            len(order),
            [self.ordered[a].name or pl.ids[a] for a in stuck[:5]] if not everyone else [],
        )


def bye_candidates_lowest_score_first(
    score: Sequence[int], seed_order: Sequence[int], had_bye: Sequence[bool]
) -> list[int]:
    """000 Part VI §3 "Byes": the bye goes to the lowest-scored player who has not had
    one (ties by the seed's rank); the first of these who leaves a legal pairing of the
    others gets it. ``seed_order`` lists the players in the seed's order, which a stable
    sort by score keeps among equal scores."""
    return [i for i in sorted(seed_order, key=score.__getitem__) if not had_bye[i]]


def places(order: Sequence[int]) -> np.ndarray:
    """Each player's place in ``order`` (a permutation of 0..n-1), indexed by player."""
    found = np.empty(len(order), dtype=np.int64)
    found[np.fromiter(order, dtype=np.int64, count=len(order))] = np.arange(len(order))
    return found


def tables_in_order(
    pairs: Sequence[tuple[int, int]], place: np.ndarray
) -> tuple[list[int], list[int]]:
    """The tables' higher- and lower-placed players, table 1 (the highest place) first."""
    flat = np.fromiter(chain.from_iterable(pairs), dtype=np.int64, count=2 * len(pairs))
    first, second = flat[0::2], flat[1::2]
    swap = place[first] > place[second]
    high, low = np.where(swap, second, first), np.where(swap, first, second)
    by_place = np.argsort(place[high], kind="stable")
    return high[by_place].tolist(), low[by_place].tolist()
