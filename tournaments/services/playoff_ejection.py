"""An ejected player's open match of the top cut. RULES.md §3 says what an ejection does
to later rounds but not to the game he is playing.

**Reading** (the same as tournaments.services.ejected_tables for a Swiss table): an
ejection ends his tournament at once, so his top-cut match that waits for a result (or
for the director after a tied game) is not played on: he loses it and his opponent goes
through (outcome ``rules_engine.ejection.EJECTION``, not rated). A match of best of N is
settled whole; the games already played stand. A match he reaches only later (his
opponent not known yet, or, in double elimination, the lower-bracket match his loss sends
him to) is settled the same way once both players are known. A match of two ejected
players is decided without a winner (tournaments.services.playoff_nobody). When the
ejection is lifted (its warning rescinded) and nothing after the match was decided or
started yet, the match waits for its result again (in double elimination his drop to
the lower bracket goes too); otherwise it stays as it is and the director is told why.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from audit import services as audit
from core.types import AnyUser
from rules_engine.ejection import EJECTION
from tournaments.models import Event, PlayoffMatch, Registration
from tournaments.rules import bracket
from tournaments.services import playoff_double
from tournaments.services.base import event_settings
from tournaments.services.playoff import decide_match
from tournaments.services.playoff_nobody import seat_past_nobody, settle_nobody
from tournaments.services.standings.snapshot import mark_stale

OPEN = (PlayoffMatch.Status.PENDING, PlayoffMatch.Status.TIED)
SETTLED = "playoff_ejection"
REOPENED = "playoff_ejection_lifted"


def _next_to_settle(event: Event) -> PlayoffMatch | None:
    """An open match of an ejected player whose opponent is known."""
    return (
        PlayoffMatch.objects.filter(event=event, status__in=OPEN)
        .filter(Q(high__ejected=True) | Q(low__ejected=True))
        .exclude(high__isnull=True)
        .exclude(low__isnull=True)
        .select_related("high__player", "low__player")
        .order_by("stage", "slot")
        .first()
    )


def settle_ejected_matches(actor: AnyUser | None, event: Event) -> list[PlayoffMatch]:
    """Record every open match of an ejected player as lost by him, or by both when both
    were ejected (the reading above, tournaments.services.playoff_nobody); the matches
    settled, each audited with both players named."""
    settled: list[PlayoffMatch] = []
    single = not playoff_double.is_double(event_settings(event))
    # Each pass settles one match, and a bracket has fewer matches than this.
    for _pass in range(PlayoffMatch.objects.filter(event=event).count()):
        match = _next_to_settle(event)
        if match is None:
            if single and seat_past_nobody(actor, event):
                continue
            break
        assert match.high is not None and match.low is not None
        if match.high.ejected and match.low.ejected:
            settled.append(settle_nobody(actor, event, match))
        else:
            settled.append(_settle(actor, event, match))
    return settled


def _settle(actor: AnyUser | None, event: Event, match: PlayoffMatch) -> PlayoffMatch:
    assert match.high is not None and match.low is not None
    loser, winner = (match.high, match.low) if match.high.ejected else (match.low, match.high)
    match = PlayoffMatch.objects.select_for_update().get(pk=match.pk)
    match.high_mps = match.low_mps = None
    match.outcome = EJECTION
    audit.record(
        actor=actor,
        obj=match,
        action=SETTLED,
        event=event,
        after={
            "stage": match.stage,
            "ejected": loser.player.display_name,
            "winner": winner.player.display_name,
        },
    )
    decide_match(actor, event, match, str(winner.pk))
    return match


def on_match_decided(sender: Any, match: PlayoffMatch, **kwargs: Any) -> None:
    """A decided match may seat a player still in against an ejected one: settle it."""
    if Registration.objects.filter(event_id=match.event_id, ejected=True).exists():
        settle_ejected_matches(None, match.event)


def _decided_against(registration: Registration) -> Any:
    """The top-cut matches his ejection decided against him, latest first (a later one
    is taken back first: it is what an earlier one's result reaches)."""
    return (
        PlayoffMatch.objects.filter(
            Q(high=registration) | Q(low=registration),
            event=registration.event,
            outcome=EJECTION,
            status=PlayoffMatch.Status.DONE,
        )
        .exclude(winner=registration)
        .select_related("winner__player")
        .order_by("-stage", "-slot")
    )


def reopen_matches(actor: AnyUser, registration: Registration) -> list[PlayoffMatch]:
    """The player's ejection was lifted: the matches it decided wait for their result
    again, while nothing their result reaches was decided or started. A match kept is
    named to the director by ``kept_matches``."""
    event = registration.event
    settings = event_settings(event)
    double = playoff_double.is_double(settings)
    reopened = [
        m
        for m in _decided_against(registration)
        if (playoff_double.take_back(event, settings, m) if double else _take_back(m))
    ]
    for match in reopened:
        audit.record(
            actor=actor,
            obj=match,
            action=REOPENED,
            event=event,
            after={"stage": match.stage, "player": registration.player.display_name},
        )
    if reopened:
        mark_stale([event.pk])
        # A match he shared with another ejected player is now his, by that ejection.
        settle_ejected_matches(actor, event)
    return reopened


def kept_opponents(registration: Registration) -> list[str]:
    """The opponents of the matches his ejection decided that stay decided although it
    was lifted (a match after them already has a result or a game), by name. Empty
    while he is ejected."""
    if registration.ejected:
        return []
    matches = _decided_against(registration).select_related("high__player", "low__player")
    others = [m.low if m.high_id == registration.pk else m.high for m in matches]
    return [o.player.display_name for o in others if o is not None]


def _take_back(match: PlayoffMatch) -> bool:
    stage, slot, _side = bracket.next_match(match.stage, match.slot)
    nxt = PlayoffMatch.objects.filter(event_id=match.event_id, stage=stage, slot=slot).first()
    if nxt is not None:
        if nxt.status not in (PlayoffMatch.Status.WAITING, PlayoffMatch.Status.PENDING):
            return False
        if nxt.games.exists():
            return False
        if match.winner_id:  # nobody went on from a match of two ejected players
            # The winner leaves the next match, whichever seat the seeds gave him.
            seat = "high" if nxt.high_id == match.winner_id else "low"
            setattr(nxt, seat, None)
            setattr(nxt, f"{seat}_seed", None)
            nxt.status = PlayoffMatch.Status.WAITING
            nxt.save()
    match.winner, match.outcome, match.decided_at = None, "normal", None
    match.status = PlayoffMatch.Status.PENDING
    match.save()
    return True
