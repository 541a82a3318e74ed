"""The result flow of a table as one pure transition table.

A player at the table reports; another player confirms it (or reports the same
result), or disputes it (or reports a different one); the director enters or
corrects any result, which is confirmed at once. Byes have no flow: their points are
fixed by the rules (000 Part VI §3). States are Table.Status values.

``step(state, action)`` gives the new state or the refusal's code; the services
(tournaments/services/results/flow.py) turn refusals into errors with words for people,
and the blockers (tournaments/services/table_actions.py) ask the same table what a
user may do now.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class State(StrEnum):
    PENDING = "pending"
    REPORTED = "reported"
    DISPUTED = "disputed"
    CONFIRMED = "confirmed"


class Action(StrEnum):
    REPORT = "report"  # a player's report: the first, or again from the side that reported
    MATCHING_REPORT = "matching_report"  # the other side reports the standing result
    DIFFERING_REPORT = "differing_report"  # the other side reports another result
    CONFIRM = "confirm"  # another player (or the director) accepts the report
    DISPUTE = "dispute"  # another player says the report is wrong
    DIRECTOR_SET = "director_set"  # the director enters or corrects the result
    VOID = "void"  # the director takes the result back: the table waits for one again


@dataclass(frozen=True)
class Refusal:
    code: str


TRANSITIONS: dict[tuple[State, Action], State] = {
    (State.PENDING, Action.REPORT): State.REPORTED,
    (State.REPORTED, Action.REPORT): State.REPORTED,
    (State.REPORTED, Action.MATCHING_REPORT): State.CONFIRMED,
    (State.REPORTED, Action.DIFFERING_REPORT): State.DISPUTED,
    (State.REPORTED, Action.CONFIRM): State.CONFIRMED,
    (State.REPORTED, Action.DISPUTE): State.DISPUTED,
    **{(state, Action.DIRECTOR_SET): State.CONFIRMED for state in State},
    **{(state, Action.VOID): State.PENDING for state in State if state != State.PENDING},
}

# Why an action is refused in a state where the table has no transition for it.
REPORT_REFUSALS = {State.CONFIRMED: "already_confirmed", State.DISPUTED: "disputed"}
REFUSALS: dict[Action, str] = {
    Action.CONFIRM: "nothing_to_confirm",
    Action.DISPUTE: "nothing_to_dispute",
    Action.VOID: "nothing_to_void",
}


def step(state: str, action: Action) -> State | Refusal:
    """The state after ``action``, or why it is refused in ``state``."""
    current = State(state)
    found = TRANSITIONS.get((current, action))
    if found is not None:
        return found
    if action in (Action.REPORT, Action.MATCHING_REPORT, Action.DIFFERING_REPORT):
        return Refusal(REPORT_REFUSALS.get(current, "no_report_expected"))
    return Refusal(REFUSALS.get(action, "not_now"))


def report_action(state: str, reported_by: int | None, reporter: int, same_result: bool) -> Action:
    """Which action a player's report is: a counter-report when the other side already
    reported, else a (re)port of his own."""
    if state == State.REPORTED and reported_by != reporter:
        return Action.MATCHING_REPORT if same_result else Action.DIFFERING_REPORT
    return Action.REPORT
