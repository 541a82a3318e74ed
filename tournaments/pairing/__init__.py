"""Pairing algorithms (pure Python, no ORM): two-player Swiss, multi-player pods, rounds."""

from .common import PairingImpossible, PairingPlayer
from .explain import render_pairing_explanation
from .pods import (
    DEFAULT_POD_SIZES,
    DICE_POD_SIZES,
    PodPairing,
    PodSizes,
    pair_pods,
    pod_sizes,
    pod_sizes_for_game,
)
from .rounds import rounds_for_players
from .swiss import SwissPairing, pair_swiss

__all__ = [
    "DEFAULT_POD_SIZES",
    "DICE_POD_SIZES",
    "PairingImpossible",
    "PairingPlayer",
    "PodPairing",
    "PodSizes",
    "SwissPairing",
    "pair_pods",
    "pair_swiss",
    "pod_sizes",
    "pod_sizes_for_game",
    "render_pairing_explanation",
    "rounds_for_players",
]
