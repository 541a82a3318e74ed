"""The words of round windows: what happens at the deadline, and a table given a double
loss there (RULES.md §8), for the pages, the audit trail and the API's reading."""

from __future__ import annotations

from django.utils.translation import gettext_lazy, ngettext

from tournaments.models import RoundWindow

RULE = RoundWindow.DeadlineRule
DEADLINE_RULE_WORDS = {
    RULE.DOUBLE_LOSS: gettext_lazy(
        "A double loss for both players (the director may still enter a result)"
    ),
    RULE.DIRECTOR_DECIDES: gettext_lazy("The director decides (late reports are still taken)"),
    RULE.DIRECTOR_ENTERS: gettext_lazy(
        "The director enters the result (players can no longer report)"
    ),
}
# What a player reads at his table once the deadline has passed without a result.
PASSED_WORDS = {
    RULE.DOUBLE_LOSS: gettext_lazy(
        "The deadline has passed without a result: both players are given a loss, unless the "
        "director enters a result."
    ),
    RULE.DIRECTOR_DECIDES: gettext_lazy(
        "The deadline has passed: the director will decide this table's result."
    ),
    RULE.DIRECTOR_ENTERS: gettext_lazy(
        "The deadline has passed: the director will enter this table's result."
    ),
}


def deadline_rule_words(rule: str) -> str:
    found = DEADLINE_RULE_WORDS.get(rule)  # type: ignore[call-overload]
    return str(found) if found is not None else str(rule)


def losses_undone_words(tables: list[int]) -> str:
    """What a deadline moved later took back, for the director."""
    return ngettext(
        "The deadline moved later: the double loss the old deadline gave table %(tables)s is "
        "taken back, and the table waits for its result again.",
        "The deadline moved later: the double losses the old deadline gave tables %(tables)s "
        "are taken back, and the tables wait for their results again.",
        len(tables),
    ) % {"tables": ", ".join(str(n) for n in tables)}
