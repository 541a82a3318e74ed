"""An event's limits and options, defined once: the services check them, the page form
and the API serializer take their bounds and choices from here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from rules_engine.types import HALF_CAP_READINGS


@dataclass(frozen=True)
class Bounds:
    low: int
    high: int

    def __contains__(self, value: Any) -> bool:
        """A whole number (not a bool) within the bounds."""
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and self.low <= value <= self.high
        )

    def field_kwargs(self) -> dict[str, Any]:
        """For a form or serializer IntegerField."""
        return {"min_value": self.low, "max_value": self.high}


PLANNED_ROUNDS = Bounds(1, 30)
ROUND_MINUTES = Bounds(5, 600)
BREAK_MINUTES = Bounds(0, 240)
DEFAULT_ROUND_MINUTES = 60
DEFAULT_BREAK_MINUTES = 15
# Scoring settings (rules_engine.ScoringSettings) a director may change.
LOTR_TCG_POINTS = Bounds(0, 10)
METW_ELIMINATION_POINTS = Bounds(0, 7)
HALF_CAP_LABELS = {"exact": _("exact (rulebook example)"), "round-up": _("round up")}
HALF_CAP_CHOICES = [(reading, HALF_CAP_LABELS[reading]) for reading in HALF_CAP_READINGS]
