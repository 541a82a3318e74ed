"""Whether an event is rated, and why not (000 Part VI §3 "Sanctioning").

RULES.md §3: a sanctioned tournament has at least 5 players (12 for multi-player), so an
event below that minimum is not rated, whatever the director ticked. And any account can
tick "sanctioned", so a rated event also needs its league's approval: the
ratings app, above this one, registers the check with ``register_approval_check``.
The answer is structured (a code and numbers); ``sanctioning_text`` puts it into words
at the face.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import Event
from tournaments.services.standings.input import counted_player_counts

MIN_PLAYERS = 5  # 000 Part VI §3 "Sanctioning": at least 5 players
MIN_PLAYERS_MULTIPLAYER = 12  # ... "12 for multi-player"

RATED, NOT_SANCTIONED, TOO_FEW_PLAYERS = "rated", "not_sanctioned", "too_few_players"
AWAITING_APPROVAL = "awaiting_approval"

# Given event ids, the approved ones. None: no league app, so nothing needs approval.
_approval_check: Callable[[Iterable[int]], set[int]] | None = None


def register_approval_check(check: Callable[[Iterable[int]], set[int]] | None) -> None:
    global _approval_check
    _approval_check = check


@dataclass(frozen=True)
class Sanctioning:
    players: int
    minimum: int
    meets_minimum: bool
    rated: bool
    code: str  # RATED, NOT_SANCTIONED, TOO_FEW_PLAYERS or AWAITING_APPROVAL (why)
    approved: bool = True  # the league's approval (only asked of sanctioned events)

    @property
    def message(self) -> str:
        return sanctioning_text(self)


def minimum_players(multiplayer: bool) -> int:
    return MIN_PLAYERS_MULTIPLAYER if multiplayer else MIN_PLAYERS


def sanctioning_for(
    sanctioned: bool, multiplayer: bool, players: int, approved: bool = True
) -> Sanctioning:
    """Pure: an event is rated only when ticked, at or above the player minimum, and
    approved by its league."""
    minimum = minimum_players(multiplayer)
    meets = players >= minimum
    if not sanctioned:
        code = NOT_SANCTIONED
    elif not meets:
        code = TOO_FEW_PLAYERS
    else:
        code = RATED if approved else AWAITING_APPROVAL
    return Sanctioning(players, minimum, meets, code == RATED, code, approved)


def approved_event_ids(event_ids: Iterable[int]) -> set[int]:
    ids = set(event_ids)
    if _approval_check is None or not ids:
        return ids
    return _approval_check(ids)


def events_sanctioning(**event_filter: Any) -> dict[int, Sanctioning]:
    """Sanctioning of every event matched by ``event_filter``, in a few queries. Players
    are those the standings count: everyone still in, and everyone who played."""
    counted = counted_player_counts(**event_filter)
    rows = list(Event.objects.filter(**event_filter).values_list("pk", "sanctioned", "multiplayer"))
    approved = approved_event_ids(pk for pk, sanctioned, _ in rows if sanctioned)
    out = {}
    for pk, sanctioned, multiplayer in rows:
        out[pk] = sanctioning_for(sanctioned, multiplayer, counted.get(pk, 0), pk in approved)
    return out


def sanctioning_status(event: Event) -> Sanctioning:
    """000 Part VI §3: a sanctioned event needs at least 5 players (12 for multi-player)."""
    return events_sanctioning(pk=event.pk)[event.pk]


def rated_event_ids(**event_filter: Any) -> set[int]:
    """The events among ``event_filter`` whose games and winners are rated."""
    return {pk for pk, s in events_sanctioning(**event_filter).items() if s.rated}


def sanctioning_text(s: Sanctioning) -> str:
    """The sanctioning answer in words, for the event and league pages."""
    if s.meets_minimum:
        text = _("%(players)s players: meets the minimum of %(minimum)s.")
    else:
        text = _(
            "%(players)s players: a sanctioned event needs at least %(minimum)s "
            "(000 Part VI §3); %(more)s more needed."
        )
    text %= {"players": s.players, "minimum": s.minimum, "more": s.minimum - s.players}
    if s.code == NOT_SANCTIONED:
        return text + " " + _("Not rated: the event is not sanctioned.")
    if s.code == TOO_FEW_PLAYERS:
        return text + " " + _("Not rated: it is below the player minimum, whatever was ticked.")
    if s.code == AWAITING_APPROVAL:
        return text + " " + _("Not rated yet: waiting for the league's approval.")
    return text + " " + _("Rated.")
