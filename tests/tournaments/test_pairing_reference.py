"""Independent reference solvers for "as close as possible" (000 Part VI §3, RULES.md §3
Reading): the least total squared score difference, then the fewest players outside their
score group, over every rematch-free perfect pairing. Written apart from the production
code: a brute-force enumeration for small fields and a full-graph maximum-weight matching
with its own weights for larger ones."""

from __future__ import annotations

import rustworkx as rx

from tournaments.pairing import PairingPlayer, SwissPairing


def cost(players: list[PairingPlayer], tables) -> tuple[int, int]:
    score = {p.id: p.score for p in players}
    sq = sum((score[a] - score[b]) ** 2 for a, b in tables)
    return sq, sum(2 for a, b in tables if score[a] != score[b])


def brute(players: list[PairingPlayer], bye: str | None) -> tuple[int, int] | None:
    """Every perfect pairing tried (fields up to ~12 players)."""
    ps = [p for p in players if p.id != bye]
    best: tuple[int, int] | None = None

    def walk(left: list[PairingPlayer], sq: int, fl: int) -> None:
        nonlocal best
        if not left:
            if best is None or (sq, fl) < best:
                best = (sq, fl)
            return
        a, rest = left[0], left[1:]
        for k, b in enumerate(rest):
            if b.id in a.opponents:
                continue
            d = a.score - b.score
            walk(rest[:k] + rest[k + 1 :], sq + d * d, fl + (2 if d else 0))

    if len(ps) % 2 == 0:
        walk(ps, 0, 0)
    return best


def full_graph(players: list[PairingPlayer], bye: str | None) -> tuple[int, int] | None:
    """Maximum-weight perfect matching of the whole rematch-free graph."""
    ps = [p for p in players if p.id != bye]
    n = len(ps)
    if n % 2:
        return None
    scores = [p.score for p in ps]
    spread = max(scores) - min(scores) if ps else 0
    floater_unit = n + 2  # one squared point outweighs every possible count of floaters
    ceiling = spread * spread * floater_unit + 10
    g = rx.PyGraph()
    g.add_nodes_from(range(n))
    for i in range(n):
        for j in range(i + 1, n):
            if ps[j].id not in ps[i].opponents:
                d = scores[i] - scores[j]
                g.add_edge(i, j, ceiling - d * d * floater_unit - (2 if d else 0))
    found = rx.max_weight_matching(g, max_cardinality=True, weight_fn=int)
    if 2 * len(found) != n:
        return None
    return cost(ps, [(ps[a].id, ps[b].id) for a, b in found])


def check_round(players: list[PairingPlayer], pairing: SwissPairing) -> None:
    """Invariants of every round: everybody once, no rematch, bye rules, stats consistent."""
    by_id = {p.id: p for p in players}
    seen = [x for t in pairing.tables for x in t] + ([pairing.bye] if pairing.bye else [])
    assert sorted(seen) == sorted(by_id), "everybody is paired exactly once or has the bye"
    for a, b in pairing.tables:
        assert b not in by_id[a].opponents, f"rematch {a}-{b}"
    assert (pairing.bye is not None) == (len(players) % 2 == 1)
    if pairing.bye:
        assert not by_id[pairing.bye].had_bye, "no player gets two byes"
    assert (pairing.squared_difference, pairing.floaters) == cost(players, pairing.tables)
    assert pairing.score_difference == sum(
        abs(by_id[a].score - by_id[b].score) for a, b in pairing.tables
    )
    tops = [max(by_id[a].score, by_id[b].score) for a, b in pairing.tables]
    assert tops == sorted(tops, reverse=True), "table 1 holds the highest scores"
    assert pairing.explanation_items and pairing.explanation
