"""The warning ladder of 000 Part VI §3 "Warnings", as a pure function: which penalty
ejects a player, and why, as a code with its data (the services word it)."""

from __future__ import annotations

from dataclasses import dataclass

# Two technical error warnings for the same offense, or any three, eject the player.
SAME_OFFENSE_LIMIT = 2
TOTAL_WARNING_LIMIT = 3
# Obvious cheating ejects at once; an illegal deck list counts as cheating.
INSTANT_EJECTION = frozenset({"cheating", "illegal_deck"})


EJECTION_CODES = frozenset(
    {"cheating", "illegal_deck", "director", "same_offense", "total_warnings"}
)
# A stored ejection reads "ejection:<code>:<count>:<offense>[:<judge>]": data, put in
# words at the face.
_STORED_PREFIX = "ejection"


@dataclass(frozen=True)
class Ejection:
    """Why a player is ejected: ``code`` is one of "cheating", "illegal_deck",
    "director" (an ejection given directly), "same_offense" or "total_warnings";
    ``count`` is the number of standing warnings that reached the limit and ``offense``
    the offense of the penalty that ejected; ``judge`` names a judge (not a director)
    who ejected directly."""

    code: str
    count: int = 0
    offense: str = ""
    judge: str = ""

    def stored(self) -> str:
        """The reason as the registration and the audit trail keep it."""
        text = f"{_STORED_PREFIX}:{self.code}:{self.count}:{self.offense}"
        return f"{text}:{self.judge}" if self.judge else text

    @classmethod
    def from_stored(cls, text: str) -> Ejection | None:
        """The ejection a stored reason names; None for anything else (a reason typed
        by a director, or one stored in words by an older version)."""
        parts = str(text).split(":", 4)  # a judge's name may hold a colon
        if len(parts) < 4 or parts[0] != _STORED_PREFIX or parts[1] not in EJECTION_CODES:
            return None
        judge = parts[4] if len(parts) == 5 else ""
        return cls(parts[1], int(parts[2]) if parts[2].isdigit() else 0, parts[3], judge)


def penalty_kind(offense: str, asked: str) -> str:
    """The kind of penalty an offense gets: cheating and an illegal deck list eject at
    once, whatever was asked."""
    return "ejection" if offense in INSTANT_EJECTION else asked


def ejection_for(kind: str, offense: str, same_offense: int, standing: int) -> Ejection | None:
    """The ejection a new penalty brings, if any. ``same_offense`` counts the player's
    standing warnings for this offense and ``standing`` all of them, the new one
    included; rescinded warnings are not standing."""
    if kind == "ejection":
        return Ejection(offense if offense in INSTANT_EJECTION else "director", offense=offense)
    if same_offense >= SAME_OFFENSE_LIMIT:
        return Ejection("same_offense", same_offense, offense)
    if standing >= TOTAL_WARNING_LIMIT:
        return Ejection("total_warnings", standing, offense)
    return None
