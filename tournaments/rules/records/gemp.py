"""A GEMP replay (play.lotrtcgpc.net, github.com/PlayersCouncil/gemp-lotr).

GameRecorder.saveRecordedChannels writes, for each player, one XML document::

    <gameReplay>
      <info replay_version="1" winner=".." loser=".." win_reason=".." lose_reason=".."
            start_date="2024-05-01T18:02:11.123" end_date=".." format=".." tournament="..">
        <deckReadout playerId=".." name=".." rb="1_2" ring="1_1" sites="1_319,.."
                     deck="1_12,1_12,.."/>   (one per player)
      </info>
      <ge type=".." .../>  (the game's events, not read here)
    </gameReplay>

Only ``info`` is read. What it does not prove is not a result:
- a cancelled game is recorded with the first player as "winner" and both reasons
  "Game cancelled due to error" (LotroServer.gameCancelled): refused;
- the winner's reason "Last remaining player in game" (DefaultLotroGame.playerLost)
  says nothing of the cause, which is the loser's reason; a loser's "Other player won"
  (DefaultLotroGame.playerWon) likewise sends us to the winner's reason;
- games against GEMP's bot and reasons this reader does not know are refused.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from rules_engine.types import (
    LAST_PLAYER,
    NORMAL,
    RING_BEARER_CORRUPTED,
    RING_BEARER_KILLED,
    SITE_9,
)
from tournaments.rules.records.decode import RecordProblem

CANCELLED = "Game cancelled due to error"
LAST_REMAINING = "Last remaining player in game"
OTHER_PLAYER_WON = "Other player won"

# GEMP's reason (its source's exact words) -> (our cause code, the engine's outcome).
CAUSES: dict[str, tuple[str, str]] = {
    "Surviving to end of Regroup phase on site 9": ("site_9", SITE_9),
    "Surviving to Regroup phase on site 9": ("site_9", SITE_9),
    "The Ring-Bearer is dead": ("ring_bearer_killed", RING_BEARER_KILLED),
    "The Ring-Bearer is corrupted": ("ring_bearer_corrupted", RING_BEARER_CORRUPTED),
    "The Ring-Bearer is corrupted by a card effect": (
        "ring_bearer_corrupted",
        RING_BEARER_CORRUPTED,
    ),
    "Corrupted before game started": ("corrupted_before_start", RING_BEARER_CORRUPTED),
    # The loser left the game one way or another: the winner is the last player left.
    "Concession": ("concession", LAST_PLAYER),
    "Player decision timed-out": ("decision_timeout", LAST_PLAYER),
    "Player run out of time": ("out_of_time", LAST_PLAYER),
    "Controls 5 sites": ("five_sites", NORMAL),
}
BOT_REASONS = frozenset(
    {"Bot got stuck on a decision", "Possible loop detected", "Invalid decision"}
)


def card_id(blueprint: str) -> str:
    """A blueprint id without GEMP's foil (``*``) and tengwar (``T``) marks:
    ``1_290T*`` is the card ``1_290`` (LotroCardBlueprintLibrary.stripBlueprintModifiers)."""
    card = blueprint.strip()
    if card.endswith("*"):
        card = card[:-1]
    if card.endswith("T"):
        card = card[:-1]
    return card


def _ids(text: str | None) -> tuple[str, ...]:
    return tuple(card_id(c) for c in (text or "").split(",") if c.strip())


@dataclass(frozen=True)
class GempDeck:
    player: str
    name: str
    ring_bearer: str
    ring: str
    sites: tuple[str, ...]
    draw_deck: tuple[str, ...]

    def counts(self) -> Counter[str]:
        """Every card of the deck by id, the Ring-bearer, the Ring and the sites too."""
        cards = [*self.draw_deck, *self.sites, self.ring_bearer, self.ring]
        return Counter(c for c in cards if c)


@dataclass(frozen=True)
class GempReading:
    winner: str
    loser: str
    win_reason: str
    lose_reason: str
    cause: str  # one of CAUSES' codes: how the game was won
    outcome: str  # the engine's outcome for the LOTR TCG
    format: str
    tournament: str
    start: datetime | None
    end: datetime | None
    decks: tuple[GempDeck, ...]

    def deck_of(self, player: str) -> GempDeck | None:
        return next((d for d in self.decks if d.player == player), None)


def _when(text: str | None) -> datetime | None:
    """GEMP writes Java's LocalDateTime.toString() of a UTC time."""
    try:
        return datetime.fromisoformat(text or "").replace(tzinfo=UTC)
    except ValueError:
        return None


def _cause(win_reason: str, lose_reason: str) -> tuple[str, str]:
    if win_reason == CANCELLED or lose_reason == CANCELLED:
        raise RecordProblem("gemp_cancelled")
    if win_reason in BOT_REASONS or lose_reason in BOT_REASONS:
        raise RecordProblem("gemp_bot")
    reason = lose_reason if win_reason == LAST_REMAINING else win_reason
    if lose_reason == OTHER_PLAYER_WON:
        reason = win_reason
    if reason not in CAUSES:
        raise RecordProblem("gemp_unknown_reason", {"reason": reason[:200]})
    return CAUSES[reason]


def _info(text: str) -> Element:
    try:
        root = fromstring(text, forbid_dtd=True)
    except (ParseError, DefusedXmlException, ValueError):
        raise RecordProblem("gemp_not_xml") from None
    info = root.find("info") if root.tag == "gameReplay" else None
    if info is None:
        # Replays of version 0 had no <info>: they name no winner, so prove nothing.
        raise RecordProblem("gemp_no_info")
    return info


def read_gemp(text: str) -> GempReading:
    info = _info(text)
    winner = (info.get("winner") or "").strip()
    loser = (info.get("loser") or "").strip()
    if not winner or not loser or winner == loser:
        raise RecordProblem("gemp_no_players")
    win_reason = info.get("win_reason") or ""
    lose_reason = info.get("lose_reason") or ""
    cause, outcome = _cause(win_reason, lose_reason)
    decks = tuple(
        GempDeck(
            player=(d.get("playerId") or "").strip(),
            name=d.get("name") or "",
            ring_bearer=card_id(d.get("rb") or ""),
            ring=card_id(d.get("ring") or ""),
            sites=_ids(d.get("sites")),
            draw_deck=_ids(d.get("deck")),
        )
        for d in info.findall("deckReadout")
    )
    return GempReading(
        winner=winner,
        loser=loser,
        win_reason=win_reason,
        lose_reason=lose_reason,
        cause=cause,
        outcome=outcome,
        format=info.get("format") or "",
        tournament=info.get("tournament") or "",
        start=_when(info.get("start_date")),
        end=_when(info.get("end_date")),
        decks=decks,
    )


def deck_differences(played: Counter[str], registered: Counter[str]) -> dict[str, int]:
    """Per card id, how many more the replay's deck has than the registered list
    (negative: fewer). Empty when they are the same deck."""
    ids = set(played) | set(registered)
    return {c: played[c] - registered[c] for c in sorted(ids) if played[c] != registered[c]}
