"""Pairing algorithms (pure Python, no ORM): two-player Swiss, multi-player pods, rounds."""

from .common import PairingImpossible, PairingPlayer
from .pods import PodPairing, pair_pods, pod_sizes
from .rounds import rounds_for_players
from .swiss import SwissPairing, pair_swiss

__all__ = [
    "PairingImpossible",
    "PairingPlayer",
    "PodPairing",
    "SwissPairing",
    "pair_pods",
    "pair_swiss",
    "pod_sizes",
    "rounds_for_players",
]
