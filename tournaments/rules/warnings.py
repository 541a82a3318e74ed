"""The warning ladder of 000 Part VI §3 "Warnings", as a pure function: which penalty
ejects a player, and why, as a code with its data (the services word it)."""

from __future__ import annotations

from dataclasses import dataclass

# Two technical error warnings for the same offense, or any three, eject the player.
SAME_OFFENSE_LIMIT = 2
TOTAL_WARNING_LIMIT = 3
# Obvious cheating ejects at once; an illegal deck list counts as cheating.
INSTANT_EJECTION = frozenset({"cheating", "illegal_deck"})


@dataclass(frozen=True)
class Ejection:
    """Why a player is ejected: ``code`` is one of "cheating", "illegal_deck",
    "director" (an ejection given directly), "same_offense" or "total_warnings";
    ``count`` is the number of standing warnings that reached the limit."""

    code: str
    count: int = 0


def penalty_kind(offense: str, asked: str) -> str:
    """The kind of penalty an offense gets: cheating and an illegal deck list eject at
    once, whatever was asked."""
    return "ejection" if offense in INSTANT_EJECTION else asked


def ejection_for(kind: str, offense: str, same_offense: int, standing: int) -> Ejection | None:
    """The ejection a new penalty brings, if any. ``same_offense`` counts the player's
    standing warnings for this offense and ``standing`` all of them, the new one
    included; rescinded warnings are not standing."""
    if kind == "ejection":
        return Ejection(offense if offense in INSTANT_EJECTION else "director")
    if same_offense >= SAME_OFFENSE_LIMIT:
        return Ejection("same_offense", same_offense)
    if standing >= TOTAL_WARNING_LIMIT:
        return Ejection("total_warnings", standing)
    return None
