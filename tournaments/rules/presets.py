"""The events the communities hold, as data (RULES.md §8): each preset names its game,
its source, the event settings it sets and its stages. A director picks one when he
creates an event and can change every setting afterwards.

Stage options the site plays elsewhere or later (a bracket reset, a format per bracket
side, the loser choosing the next game's format, two decks per player, online round
windows, a league series' days and cap) are kept here as data too, so the stage carries
them whatever plays it. The names and summaries people read are in
``tournaments.words.stages``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SWISS = "swiss"
ROUND_ROBIN = "round_robin"
SINGLE_ELIM = "single_elim"
DOUBLE_ELIM = "double_elim"
LEAGUE_SERIES = "league_series"
KINDS = (SWISS, ROUND_ROBIN, SINGLE_ELIM, DOUBLE_ELIM, LEAGUE_SERIES)
ELIMINATION = (SINGLE_ELIM, DOUBLE_ELIM)

GAME_SCORING = "game"
WIN_LOSS = "win_loss"
LEAGUE = "league"
SCORINGS = (GAME_SCORING, WIN_LOSS, LEAGUE)

# Points per win and per loss of the scorings that are not the game's own table.
SCORING_POINTS = {WIN_LOSS: (1, 0), LEAGUE: (2, 1)}

MAX_STAGES = 4
MAX_BEST_OF = 7
MAX_GROUPS = 8


@dataclass(frozen=True)
class StageSpec:
    kind: str
    rounds: int | None = None
    round_formats: tuple[str, ...] = ()
    best_of: int = 1
    scoring: str = GAME_SCORING
    tiebreaks: tuple[str, ...] = ()
    advance: int | None = None
    advance_per_group: bool = False
    carry_points: bool = True
    groups: int = 1
    options: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "rounds": self.rounds,
            "round_formats": list(self.round_formats),
            "best_of": self.best_of,
            "scoring": self.scoring,
            "tiebreaks": list(self.tiebreaks),
            "advance": self.advance,
            "advance_per_group": self.advance_per_group,
            "carry_points": self.carry_points,
            "groups": self.groups,
            "options": dict(self.options),
        }


@dataclass(frozen=True)
class Preset:
    key: str
    game: str  # a tournaments.models.GameSystem value; "" for any game
    source: str
    stages: tuple[StageSpec, ...]
    # Event fields the preset sets (services.events.EVENT_FIELDS names).
    event: dict[str, Any] = field(default_factory=dict)
    # Settings for work played elsewhere (decks per opponent, online windows), as data.
    options: dict[str, Any] = field(default_factory=dict)


PRESETS: tuple[Preset, ...] = (
    Preset(
        key="rulebook",
        game="",  # any game: the rulebook's event
        source="000 Part VI §3; RULES.md §3",
        stages=(StageSpec(SWISS),),
        event={"decks_per_player": "one"},
    ),
    Preset(
        key="coe-general-opponent",
        game="metw",
        source="RULES.md §8: CoE forum, Worlds announcements 2002–2024; CoE Official "
        "Tournament Policies, Nov 2024",
        stages=(
            StageSpec(SWISS),
            StageSpec(ROUND_ROBIN, advance=4, carry_points=False),
        ),
        event={
            "format_key": "coe",
            "sanctioned": True,
            "multiplayer": False,
            "decklists_required": True,
            "decks_per_player": "general_opponent",
        },
        options={"balrog_counts_as": "minion"},
    ),
    Preset(
        key="coe-online",
        game="metw",
        source="RULES.md §8: CoE minutes, April 2025",
        stages=(StageSpec(SWISS),),
        event={
            "format_key": "coe",
            "round_minutes": 120,
            "multiplayer": False,
            "decks_per_player": "one",
        },
        options={"round_window_days": 7, "no_result_at_deadline": "double_loss"},
    ),
    Preset(
        key="pc-worlds",
        game="lotr-tcg",
        source="RULES.md §8: lotrtcgpc wiki, Worlds 2023 and 2024",
        stages=(
            StageSpec(
                SWISS,
                rounds=8,
                round_formats=("pc-fellowship", "pc-movie") * 4,
                scoring=WIN_LOSS,
            ),
            StageSpec(
                DOUBLE_ELIM,
                advance=8,
                scoring=WIN_LOSS,
                options={
                    "formats_by_side": {"upper": "pc-fellowship", "lower": "pc-movie"},
                    "bracket_reset": False,
                    "final_best_of": 3,
                    "final_first_format": "pc-fellowship",
                    "loser_chooses_format": True,
                },
            ),
        ),
        event={
            "planned_rounds": 8,
            "multiplayer": False,
            "decklists_required": True,
            "decks_per_player": "per_format",
        },
    ),
    Preset(
        key="gemp-league",
        game="lotr-tcg",
        source="RULES.md §8: GEMP's league rules page; lotrtcgwiki “GEMP leagues”",
        stages=(
            StageSpec(
                LEAGUE_SERIES,
                scoring=LEAGUE,
                tiebreaks=("opponents_win_pct",),
                options={"series_days": 7, "games_per_series": 10, "repeat_opponent": False},
            ),
        ),
        event={"multiplayer": False, "decks_per_player": "one"},
        options={"decks": "may_change_between_games"},
    ),
    Preset(
        key="decipher-2003",
        game="lotr-tcg",
        source="RULES.md §8: lotrtcgpc wiki, Worlds 2003; Decipher 2004 tournament guidelines",
        stages=(
            # The heats dealt by rating in a snake (tournaments.rules.heats' reading).
            StageSpec(SWISS, rounds=8, groups=2, options={"group_draw": "rating"}),
            StageSpec(SINGLE_ELIM, advance=8, advance_per_group=True, best_of=3),
        ),
        event={"planned_rounds": 8, "multiplayer": False, "decks_per_player": "one"},
        options={"byes_per_player": 1},
    ),
    Preset(
        key="dice-organizer",
        game="lotr-dice",
        source="RULES.md §8: no organized-play rules were published; the organizer's readings "
        "(RULES.md §3)",
        stages=(StageSpec(SWISS),),
        event={"multiplayer": True, "decks_per_player": "one"},
    ),
)

PRESETS_BY_KEY: dict[str, Preset] = {p.key: p for p in PRESETS}
DEFAULT_PRESET = "rulebook"


def preset_for(key: str) -> Preset | None:
    return PRESETS_BY_KEY.get(key)
