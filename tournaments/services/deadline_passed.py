"""Whether a round's window has shut its players out: its deadline passed under a rule by
which the director, not the players, gives the results left (RULES.md §8)."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from tournaments.models import RoundWindow, Table


def deadline_blocker_applies(table: Table, now: datetime | None = None) -> bool:
    """Whether the players may no longer report this table: its window's deadline passed
    and the rule is that the director enters the result or gives a double loss."""
    window = RoundWindow.objects.filter(round=table.round_id).first()
    return (
        window is not None
        and window.deadline_rule != RoundWindow.DeadlineRule.DIRECTOR_DECIDES
        and (now or timezone.now()) >= window.deadline
    )
