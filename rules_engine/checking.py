"""Refusing results that cannot happen.

Every check adds a Problem with a message that names the seat, the player and
the numbers involved, so a tournament director reading it at the table knows
what to fix. All problems are collected (not only the first) so one round trip
shows everything that is wrong with a report.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_engine.double_loss import double_loss_problems
from rules_engine.games._common import is_whole, seat_ref
from rules_engine.games.base import GameSystem
from rules_engine.registry import get_game
from rules_engine.types import (
    DOUBLE_LOSS,
    HALF_CAP_READINGS,
    NORMAL,
    ONE_RING,
    GameResult,
    InvalidResult,
    PlayerRef,
    Problem,
    ScoringSettings,
    Seat,
    UnknownGame,
)
from rules_engine.words import SETTING_LABELS, gettext_noop

# Far above any real game (a 4-deck METW game ends near 40–60 MPs) but small
# enough that nobody mistakes a typing slip or an overflow probe for a result.
MAX_MPS = 100_000
MAX_ROUND = 1_000


def resolve_outcome(result: GameResult, game: GameSystem) -> str:
    """The outcome after "normal" and the ``one_ring`` claim are resolved."""
    if result.one_ring is not None:
        return ONE_RING
    return game.resolve_outcome(result.outcome)


# (too many?, multi-player?, one seat given?) -> the words; whole sentences, so that a
# translation never glues English fragments together.
SEAT_COUNT = {
    (False, False, False): gettext_noop(
        "A two-player {game} game has {seats} seats; only {given} seats given: a seat is missing."
    ),
    (False, False, True): gettext_noop(
        "A two-player {game} game has {seats} seats; only {given} seat given: a seat is missing."
    ),
    (False, True, False): gettext_noop(
        "A multi-player {game} game has {seats} seats; only {given} seats given: a seat is missing."
    ),
    (False, True, True): gettext_noop(
        "A multi-player {game} game has {seats} seats; only {given} seat given: a seat is missing."
    ),
    (True, False, False): gettext_noop(
        "A two-player {game} game has {seats} seats; {given} seats given: too many seats."
    ),
    (True, True, False): gettext_noop(
        "A multi-player {game} game has {seats} seats; {given} seats given: too many seats."
    ),
}
FLAG_WORDS = {
    "multiplayer": gettext_noop("Multi-player (yes or no)"),
    "time_called": gettext_noop("Time called (yes or no)"),
}
TOO_MANY_HINT = gettext_noop(
    "A two-player {game} game has {seats} seats; {given} seats given: too many seats "
    "(for a multi-player game of {multi}, mark it multi-player)."
)


def range_text(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def check_round(round_number: object) -> list[Problem]:
    if not is_whole(round_number) or not 1 <= round_number <= MAX_ROUND:
        return [
            Problem.about(
                "round_number",
                gettext_noop("The round must be a whole number from 1 to {limit}, not {value!r}."),
                "round",
                limit=MAX_ROUND,
                value=round_number,
            )
        ]
    return []


def check_settings(settings: ScoringSettings) -> list[Problem]:
    problems: list[Problem] = []
    elim = settings.metw_elimination_points
    if (
        not isinstance(elim, tuple | list)
        or len(elim) != 2
        or not all(is_whole(v) and 0 <= v <= 7 for v in elim)
        or elim[0] < elim[1]
    ):
        problems.append(
            Problem.about(
                "settings",
                gettext_noop(
                    "The METW elimination setting must be two whole numbers from 0 to 7, "
                    "the winner's first and not lower than the loser's, not {value!r}."
                ),
                "settings",
                value=elim,
            )
        )
    for name in ("lotr_tcg_win_points", "lotr_tcg_rating_points"):
        value = getattr(settings, name)
        if not is_whole(value) or not 0 <= value <= 10:
            problems.append(
                Problem.about(
                    "settings",
                    gettext_noop("{name} must be a whole number from 0 to 10."),
                    "settings",
                    name=SETTING_LABELS[name],
                )
            )
    if settings.half_cap not in HALF_CAP_READINGS:
        problems.append(
            Problem.about(
                "settings",
                gettext_noop("Unknown half-cap reading {value!r}: use 'exact' or 'round-up'."),
                "settings",
                value=settings.half_cap,
            )
        )
    return problems


def _check_seat_count(result: GameResult, game: GameSystem, seats: Sequence[Seat]) -> list[Problem]:
    problems: list[Problem] = []
    multiplayer = result.multiplayer is True
    allowed = game.seat_range(multiplayer)
    if allowed is None:
        problems.append(
            Problem.about(
                "multiplayer_not_allowed",
                gettext_noop(
                    "{game} has no multi-player game (RULES.md §1): play it with {seats} seats."
                ),
                "multiplayer",
                game=game.name,
                seats=range_text(*game.two_player_seats),
            )
        )
        multiplayer, allowed = False, game.two_player_seats
    low, high = allowed
    given = len(seats)
    words = {"game": game.name, "seats": range_text(low, high), "given": given}
    if given < low:
        template = SEAT_COUNT[(False, multiplayer, given == 1)]
        problems.append(Problem.about("missing_seat", template, "seats", **words))
    elif given > high:
        template = SEAT_COUNT[(True, multiplayer, False)]
        multi = game.multiplayer_seats
        if not multiplayer and multi and multi[0] <= given <= multi[1]:
            template, words["multi"] = TOO_MANY_HINT, range_text(*multi)
        problems.append(Problem.about("too_many_seats", template, "seats", **words))
    return problems


def _check_seats(seats: Sequence[Seat], game: GameSystem) -> tuple[list[Problem], bool]:
    """Each seat: a Seat, with a player who sits once, and a whole, possible score."""
    problems: list[Problem] = []
    sound = True
    seen: dict[str, int] = {}
    for i, seat in enumerate(seats, start=1):
        if not isinstance(seat, Seat):
            problems.append(
                Problem.about(
                    "seat",
                    gettext_noop("Seat {index} is not a seat: {seat!r}."),
                    f"seats[{i - 1}]",
                    index=i,
                    seat=seat,
                )
            )
            sound = False
            continue
        player = seat.player
        if not isinstance(player, str) or not player.strip():
            problems.append(
                Problem.about(
                    "missing_player",
                    gettext_noop("Seat {index} has no player: name who sat there."),
                    f"seats[{i - 1}].player",
                    index=i,
                )
            )
            sound = False
        else:
            key = player.strip()
            if key in seen:
                problems.append(
                    Problem.about(
                        "duplicate_seat",
                        gettext_noop(
                            "{player!r} sits twice (seats {first} and {second}): "
                            "each player has one seat at a table."
                        ),
                        f"seats[{i - 1}].player",
                        player=PlayerRef(player),
                        first=seen[key],
                        second=i,
                    )
                )
                sound = False
            else:
                seen[key] = i
        if seat.mps is not None:
            unit = game.score_label or gettext_noop("score")
            if not is_whole(seat.mps):
                problems.append(
                    Problem.about(
                        "mps_not_integer",
                        gettext_noop("{seat}: {unit} must be a whole number, not {mps!r}."),
                        f"seats[{i - 1}].mps",
                        seat=seat_ref(i, seat),
                        unit=unit,
                        mps=seat.mps,
                    )
                )
                sound = False
            elif abs(seat.mps) > MAX_MPS:
                problems.append(
                    Problem.about(
                        "mps_out_of_range",
                        gettext_noop(
                            "{seat}: {mps} {unit} is not a possible result (the limit is ±{limit})."
                        ),
                        f"seats[{i - 1}].mps",
                        seat=seat_ref(i, seat),
                        mps=seat.mps,
                        unit=unit,
                        limit=MAX_MPS,
                    )
                )
                sound = False
    return problems, sound


def _check_outcome(result: GameResult, game: GameSystem) -> list[Problem]:
    problems: list[Problem] = []
    if not isinstance(result.outcome, str) or not game.allows(result.outcome):
        allowed_outcomes = ", ".join(game.outcomes)
        problems.append(
            Problem.about(
                "unknown_outcome",
                gettext_noop("{outcome!r} is not an outcome of {game}: use one of {allowed}."),
                "outcome",
                outcome=result.outcome,
                game=game.name,
                allowed=allowed_outcomes,
            )
        )
    return problems


def _check_named_players(result: GameResult, seats: Sequence[Seat]) -> list[Problem]:
    """The winner and the One Ring's destroyer must sit at the table."""
    problems: list[Problem] = []
    seated = {s.player for s in seats if isinstance(s, Seat) and isinstance(s.player, str)}
    for name, value in (("winner", result.winner), ("one_ring", result.one_ring)):
        if value is None:
            continue
        # Exact match: the scorer hands out points by these very names.
        if not isinstance(value, str) or value not in seated:
            what = (
                gettext_noop("the winner")
                if name == "winner"
                else gettext_noop("the player who destroyed The One Ring")
            )
            problems.append(
                Problem.about(
                    f"{name}_not_seated",
                    gettext_noop("{player!r} is named as {what} but has no seat at this table."),
                    name,
                    player=PlayerRef(value),
                    what=what,
                )
            )
    return problems


def _check_one_ring(result: GameResult, game: GameSystem) -> tuple[list[Problem], bool]:
    problems: list[Problem] = []
    sound = True
    if result.one_ring is not None:
        if ONE_RING not in game.outcomes:
            problems.append(
                Problem.about(
                    "unknown_outcome",
                    gettext_noop("A One Ring win is not an outcome of {game}."),
                    "one_ring",
                    game=game.name,
                )
            )
            sound = False
        elif isinstance(result.outcome, str) and result.outcome not in (NORMAL, ONE_RING):
            problems.append(
                Problem.about(
                    "conflicting_outcome",
                    gettext_noop(
                        "The report says {player!r} destroyed The One Ring but also that "
                        "the game ended by {outcome!r}: it cannot be both."
                    ),
                    "outcome",
                    player=PlayerRef(result.one_ring),
                    outcome=game.label(result.outcome),
                )
            )
        if result.winner is not None and result.winner != result.one_ring:
            problems.append(
                Problem.about(
                    "one_ring_not_winner",
                    gettext_noop(
                        "A One Ring win is claimed for {player!r}, who is not the winner "
                        "({winner!r}): the player who destroys The One Ring wins the game."
                    ),
                    "one_ring",
                    player=PlayerRef(result.one_ring),
                    winner=PlayerRef(result.winner),
                )
            )
    return problems, sound


def _structure(result: GameResult, game: GameSystem) -> tuple[list[Problem], bool]:
    """Problems with the shape of the report; the flag says whether the seats are
    sound enough for the game's own checks to read them."""
    problems: list[Problem] = []
    problems += check_round(result.round_number)
    for flag in ("multiplayer", "time_called"):
        if not isinstance(getattr(result, flag), bool):
            problems.append(
                Problem.about(
                    flag, gettext_noop("{flag} must be true or false."), flag, flag=FLAG_WORDS[flag]
                )
            )

    seats = result.seats
    if not isinstance(seats, Sequence) or isinstance(seats, str):
        problems.append(
            Problem.about("seats", gettext_noop("The seats must be a list of players."), "seats")
        )
        return problems, False
    problems += _check_seat_count(result, game, seats)
    seat_problems, sound = _check_seats(seats, game)
    outcome = _check_outcome(result, game)
    named = _check_named_players(result, seats)
    ring, ring_sound = _check_one_ring(result, game)
    problems += seat_problems + outcome + named + ring
    return problems, sound and not outcome and not named and ring_sound


def find_problems(result: GameResult, settings: ScoringSettings | None = None) -> list[Problem]:
    """Every reason ``result`` cannot happen (empty when it can)."""
    if not isinstance(result, GameResult):
        return [Problem.about("invalid", gettext_noop("A game result is needed."))]
    try:
        game = get_game(result.game)
    except UnknownGame as exc:
        return list(exc.problems)
    settings = settings or ScoringSettings()
    problems = check_settings(settings)
    structural, sound = _structure(result, game)
    problems += structural
    outcome = resolve_outcome(result, game) if sound else None
    if outcome == DOUBLE_LOSS:
        problems += double_loss_problems(result)
    elif sound and game.check is not None:
        problems += game.check(result, resolve_outcome(result, game), settings)
    return problems


def check_result(result: GameResult, settings: ScoringSettings | None = None) -> None:
    """Raise InvalidResult naming every problem when ``result`` cannot happen."""
    problems = find_problems(result, settings)
    if problems:
        raise InvalidResult(problems)
