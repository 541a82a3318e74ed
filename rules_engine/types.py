"""The values the rules engine takes and gives back.

Everything here is a frozen dataclass so a result, once built, can be passed
between the tournaments app, the ratings formula and the calculators without
anyone changing it under another's feet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.words import SEAT, SEAT_ALONE, Translate, same

HALF_CAP_READINGS = ("exact", "round-up")

# Outcome keys (GameResult.outcome). "normal" always means "the game's usual way
# of ending" so that callers who do not care about a game's special endings can
# pass the default for every game.
NORMAL = "normal"
ONE_RING = "one_ring"
WIZARD_ELIMINATED = "wizard_eliminated"
BOTH_CORRUPTED = "both_corrupted"
SITE_9 = "site_9"
LAST_PLAYER = "last_player"
RING_BEARER_KILLED = "ring_bearer_killed"
RING_BEARER_CORRUPTED = "ring_bearer_corrupted"
GLORY = "glory"
SAURON_WON = "sauron_won"
# Not a way a game ends but a ruling on a game not played (RULES.md §8), open to every game.
DOUBLE_LOSS = "double_loss"

WIN, LOSS, DRAW = "win", "loss", "draw"


@dataclass(frozen=True)
class Seat:
    """One player's result at a table."""

    player: str
    mps: int | None = None  # marshalling points (Glory for lotr-dice); None for lotr-tcg


@dataclass(frozen=True)
class ScoringSettings:
    """Per-event settings: the RULES.md readings a tournament director may change."""

    metw_elimination_points: tuple[int, int] = (6, 0)
    lotr_tcg_win_points: int = 1
    lotr_tcg_rating_points: int = 5
    half_cap: str = "exact"


@dataclass(frozen=True)
class GameResult:
    game: str
    seats: tuple[Seat, ...]
    round_number: int = 1
    multiplayer: bool = False
    outcome: str = NORMAL
    winner: str | None = None
    time_called: bool = False
    # Added beside the contract: the player a report says destroyed the One Ring.
    # Kept apart from ``winner`` so that a report claiming a One Ring win for
    # someone other than the named winner can be refused rather than guessed at.
    one_ring: str | None = None


@dataclass(frozen=True)
class PlayerRef:
    """A player named in a problem: by id in the engine, by name at the face."""

    id: Any
    name: str | None = None

    def __str__(self) -> str:
        return self.name if self.name is not None else str(self.id)

    def __repr__(self) -> str:
        # "{winner!r}" quotes an id ('12') but shows a name as it is (Frodo).
        return self.name if self.name is not None else repr(self.id)

    def named(self, names: Mapping[str, str]) -> PlayerRef:
        return PlayerRef(self.id, names.get(str(self.id)))


@dataclass(frozen=True)
class SeatRef:
    """A seat named in a problem: "Seat 2 (player)"."""

    index: int
    player: PlayerRef | None = None

    def __str__(self) -> str:
        return self.words(same)

    def words(self, translate: Translate) -> str:
        if self.player:
            return translate(SEAT).format(index=self.index, player=self.player)
        return translate(SEAT_ALONE).format(index=self.index)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def named(self, names: Mapping[str, str]) -> SeatRef:
        return SeatRef(self.index, self.player.named(names) if self.player else None)


@dataclass(frozen=True)
class PlayerList:
    """Several players: "{tied: and }" joins them with " and "; "{best:, |'s 10}" gives
    "a's 10, b's 10" (separator, then what follows each name)."""

    players: tuple[PlayerRef, ...]

    def __format__(self, spec: str) -> str:
        sep, _, suffix = spec.partition("|")
        return (sep or ", ").join(f"{p}{suffix}" for p in self.players)

    def named(self, names: Mapping[str, str]) -> PlayerList:
        return PlayerList(tuple(p.named(names) for p in self.players))


Named = PlayerRef | SeatRef | PlayerList


@dataclass(frozen=True)
class Problem:
    """Why a result cannot happen. ``message`` is the engine's words with player ids;
    ``template`` and ``params`` keep the same words as data (the players and numbers),
    so a face shows them with names (``render``) without parsing prose."""

    code: str
    message: str
    field: str | None = None  # which input the problem is about, when there is one
    template: str = ""
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def about(cls, code: str, template: str, field: str | None = None, **params: Any) -> Problem:
        frozen = tuple(sorted(params.items()))
        return cls(code, template.format(**params), field, template, frozen)

    @property
    def players(self) -> tuple[str, ...]:
        """The ids of every player the problem names, in the order of its params."""
        out: list[str] = []
        for _key, value in self.params:
            if isinstance(value, PlayerRef):
                out.append(str(value.id))
            elif isinstance(value, SeatRef) and value.player is not None:
                out.append(str(value.player.id))
            elif isinstance(value, PlayerList):
                out.extend(str(p.id) for p in value.players)
        return tuple(out)

    @property
    def numbers(self) -> dict[str, Any]:
        return {k: v for k, v in self.params if not isinstance(v, Named)}

    def render(self, names: Mapping[str, str], translate: Translate = same) -> str:
        """The message with players shown by ``names`` (id -> name), in the words
        ``translate`` gives: the template and every text parameter (a phrase marked with
        ``gettext_noop``, a game's name or unit) are looked up; an unknown text comes back
        unchanged."""
        if not self.template:
            return self.message
        return translate(self.template).format(
            **{k: _in_words(v, names, translate) for k, v in self.params}
        )


@dataclass(frozen=True)
class Phrase:
    """Engine-made words shown to people (a score's band, a line of its explanation):
    a template marked with ``gettext_noop`` and its params as data, so a face renders it
    in the reader's language with names (``render``); ``str()`` is the engine's English."""

    template: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, template: str, **params: Any) -> Phrase:
        return cls(template, tuple(sorted(params.items())))

    def __str__(self) -> str:
        return self.render({})

    def render(self, names: Mapping[str, str], translate: Translate = same) -> str:
        return translate(self.template).format(
            **{k: _in_words(v, names, translate) for k, v in self.params}
        )


def _in_words(value: Any, names: Mapping[str, str], translate: Translate) -> Any:
    if isinstance(value, Phrase):
        return value.render(names, translate)
    if isinstance(value, SeatRef):
        return value.named(names).words(translate)
    if isinstance(value, Named):
        return value.named(names)
    if isinstance(value, str) and value:  # gettext("") is the catalogue's header
        return translate(value)
    return value


class InvalidResult(ValueError):
    """A result that cannot happen; ``problems`` says every reason."""

    def __init__(self, problems: Problem | str | Iterable[Problem]):
        if isinstance(problems, str):
            problems = [Problem("invalid", problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = list(problems)
        super().__init__(self.__str__())

    def __str__(self) -> str:
        return " ".join(p.message for p in self.problems)

    @property
    def codes(self) -> list[str]:
        return [p.code for p in self.problems]


class UnknownGame(InvalidResult, LookupError):
    """Raised by get_game; a LookupError too, so ``except KeyError``-style callers
    that catch LookupError keep working."""


@dataclass(frozen=True)
class RatedGame:
    player: str
    opponents: tuple[str, ...]
    result: str  # "win" | "loss" | "draw"
    points: int


@dataclass(frozen=True)
class GameScore:
    points: dict[str, int]
    outcome: dict[str, str]
    winner: str | None
    band: str
    band_key: str
    time_called: bool
    rated: tuple[RatedGame, ...]
    # Additions beside the contract (all defaulted):
    winners: tuple[str, ...] = ()  # several when players tie for the win in a pod
    player_bands: dict[str, str] = field(default_factory=dict)  # band_key per player
    explanation: tuple[str, ...] = ()  # plain-language lines: who was scored against whom
    game: str = ""
    outcome_key: str = NORMAL  # the outcome after "normal" was resolved for the game
    # ``band`` and ``explanation`` as data, for a face to render in the reader's words.
    band_words: Phrase | None = None
    explanation_words: tuple[Phrase, ...] = ()
