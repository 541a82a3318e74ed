"""What the director can do with an event now, and, for each thing he may not, why and
what to do instead (no event can get stuck).

Every state has a way forward: a table without a confirmed result takes the director's
result (any seat count the pairing made: ``director_set_blocker``); a result can be
voided in the latest round (``void_blocker``); the latest round can be paired again
(``repair_blocker``, or with its results thrown away from the hands-on page); a running
event whose latest round is closed can be finished, early on purpose if rounds remain.
Refusals are data (code + params) worded at the face by ``option_words``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy

from tournaments.models import Event, Round, Table
from tournaments.services.base import last_round
from tournaments.services.events import rounds_total
from tournaments.services.rounds import pair_blocker, repair_blocker


@dataclass(frozen=True)
class Option:
    action: str  # "pair", "repair", "finish", "finish_early", "cancel"
    allowed: bool
    code: str = ""  # why not, when not allowed
    params: dict[str, Any] = field(default_factory=dict)
    instead: tuple[str, ...] = ()  # the actions that are the way forward


WORDS = {
    "not_running": gettext_lazy("%(event)s is %(status)s."),
    "no_round": gettext_lazy("No round has been paired yet."),
    "round_open": gettext_lazy("Round %(round)s has %(open)s table(s) without a confirmed result."),
    "rounds_left": gettext_lazy("Only %(played)s of %(total)s rounds have been played."),
    "all_rounds_played": gettext_lazy("All %(total)s rounds have been played."),
    "round_has_results": gettext_lazy("Round %(round)s already has results."),
    "finished": gettext_lazy("The event is finished."),
}
INSTEAD_WORDS = {
    "pair": gettext_lazy("pair the next round"),
    "repair": gettext_lazy("pair the latest round again"),
    "repair_with_results": gettext_lazy(
        "throw the latest round's results away and pair it again (hands-on page)"
    ),
    "enter_results": gettext_lazy("enter the missing results as director"),
    "finish": gettext_lazy("finish the event"),
    "finish_early": gettext_lazy("finish the event early"),
    "correct_results": gettext_lazy("correct results"),
    "open_registration": gettext_lazy("open registration and pair round 1"),
    "cancel": gettext_lazy("cancel the event (it is then never rated)"),
}


def option_words(option: Option) -> str:
    """A refusal in words: why, then what to do instead."""
    if option.allowed:
        return ""
    why = str(WORDS.get(option.code, option.code)) % option.params
    ways = [str(INSTEAD_WORDS[i]) for i in option.instead if i in INSTEAD_WORDS]
    if not ways:
        return why
    return f"{why} " + str(gettext_lazy("Instead: %(ways)s.")) % {"ways": "; ".join(ways)}


def _open_tables(rnd: Round) -> int:
    return rnd.tables.exclude(status=Table.Status.CONFIRMED).count()


def _finish(event: Event, last: Round | None) -> tuple[Option, Option]:
    if event.status == Event.Status.FINISHED:
        no = Option("finish", False, "finished", {}, ("correct_results",))
        return no, Option("finish_early", False, "finished", {}, ("correct_results",))
    if event.status != Event.Status.RUNNING or last is None:
        params: dict[str, Any] = {"event": event.name, "status": event.get_status_display().lower()}
        # Before round 1 the way forward is to play it, or to call the event off.
        instead = (
            ("pair", "cancel")
            if event.status == Event.Status.REGISTRATION
            else ("open_registration", "cancel")
        )
        no = Option("finish", False, "no_round" if last is None else "not_running", params, instead)
        return no, Option("finish_early", False, no.code, params, instead)
    if last.status != Round.Status.CLOSED:
        params = {"round": last.number, "open": _open_tables(last)}
        no = Option("finish", False, "round_open", params, ("enter_results", "repair_with_results"))
        return no, Option("finish_early", False, "round_open", params, no.instead)
    total = rounds_total(event)
    if last.number < total:
        params = {"played": last.number, "total": total}
        return (
            Option("finish", False, "rounds_left", params, ("pair", "finish_early")),
            Option("finish_early", True),
        )
    return Option("finish", True), Option("finish_early", True)


def director_options(event: Event) -> list[Option]:
    """Pair, re-pair, finish, finish early: each allowed, or refused with a way forward."""
    last = last_round(event)
    options = []
    pair = pair_blocker(event)
    if pair is None:
        options.append(Option("pair", True))
    else:
        instead = {
            "round_open": ("enter_results", "repair_with_results"),
            "all_rounds_played": ("finish",),
        }.get(pair.code, ("correct_results",))
        if event.status == Event.Status.DRAFT:
            instead = ("open_registration",)
        if last is None and event.status != Event.Status.FINISHED:
            instead = (*instead, "cancel")
        code = pair.code if pair.code in WORDS else "not_running"
        options.append(Option("pair", False, code, _pair_params(event, last), instead))
    if last is not None and event.status != Event.Status.FINISHED:
        repair = repair_blocker(last)
        options.append(
            Option("repair", True)
            if repair is None
            else Option(
                "repair",
                False,
                "round_has_results",
                {"round": last.number},
                ("repair_with_results", "enter_results"),
            )
        )
    options.extend(_finish(event, last))
    options.append(_cancel(event))
    return options


def _cancel(event: Event) -> Option:
    if event.status == Event.Status.FINISHED:
        return Option("cancel", False, "finished", {}, ("correct_results",))
    return Option("cancel", True)


def _pair_params(event: Event, last: Round | None) -> dict[str, Any]:
    params: dict[str, Any] = {
        "event": event.name,
        "status": event.get_status_display().lower(),
        "total": rounds_total(event),
    }
    if last is not None:
        params |= {"round": last.number, "open": _open_tables(last)}
    return params


def way_forward(event: Event) -> set[str]:
    """Every action that is allowed now or named as the way forward by a refusal."""
    out: set[str] = set()
    for option in director_options(event):
        if option.allowed:
            out.add(option.action)
        else:
            out.update(option.instead)
    return out
