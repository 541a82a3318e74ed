"""Types shared by the two-player and multi-player pairing algorithms (pure Python)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

try:  # rustworkx runs the same blossom algorithm as networkx, about 100x faster.
    import rustworkx as _rx
except ImportError:  # pragma: no cover - networkx is the always-present fallback
    _rx = None  # type: ignore[assignment]


@dataclass(frozen=True)
class PairingPlayer:
    id: str  # stable id (str(registration_id))
    name: str  # for the explanation text
    score: int  # tournament points so far
    opponents: frozenset[str]  # ids met before (all rounds)
    had_bye: bool = False


class PairingImpossible(Exception):
    """No pairing satisfies the rules; the message is written for a tournament director."""


def max_weight_matching(
    n: int, edges: Iterable[tuple[int, int, int]], maxcardinality: bool = True
) -> list[tuple[int, int]]:
    """Exact maximum-weight matching on nodes 0..n-1 (integer weights, so no rounding)."""
    if _rx is not None:
        graph = _rx.PyGraph(multigraph=False)
        graph.add_nodes_from(range(n))
        graph.add_edges_from(list(edges))
        found = _rx.max_weight_matching(
            graph, max_cardinality=maxcardinality, weight_fn=int, verify_optimum=False
        )
        return [(a, b) for a, b in found]
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from(edges)
    return [(a, b) for a, b in nx.max_weight_matching(graph, maxcardinality=maxcardinality)]
