"""The METW Free Council count (003 Part II §1 "Marshalling point modifications";
RULES.md §4.4 CoE 10.3 and §5).

Order of the steps, each kept so the calculator can show it:
1. start: each player's six category totals;
2. doubling: where the opponent has zero or negative points in character, item,
   faction or ally, the player's points in that category are doubled (never kill
   or miscellaneous). Read literally: "your points ... are doubled" whatever
   their sign, so a negative category doubled gets more negative;
3. half cap: no category may give more than half of the total. Negative
   categories are ignored in that total (CoE 10.3), which also keeps the cap
   defined when the total is zero or less. Two readings (RULES.md §5):
   - "exact" (default): the category is cut to at most exactly half of the new
     total, i.e. to the sum of the other positive categories. This is the
     rulebook's worked example: Jason's 8 character points of 14 become 6 of 12;
   - "round-up": "half (round up)" taken literally: at most ⌈total/2⌉, i.e. the
     other categories + 1. Jason keeps 7 of 13;
4. revealed duplicates: each unique MP card the opponent reveals from hand that
   matches one of the player's unique cards in play costs the player 1;
5. the CoE eliminated-avatar penalty, −5, applied last.
Highest final total wins; equal totals tie (003 Part I §1 Clarification).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.engine import score_game
from rules_engine.types import (
    HALF_CAP_READINGS,
    GameResult,
    GameScore,
    InvalidResult,
    Phrase,
    PlayerRef,
    Problem,
    ScoringSettings,
    Seat,
)
from rules_engine.words import CATEGORY_WORDS, gettext_noop

CATEGORIES = ("character", "item", "faction", "ally", "kill", "miscellaneous")
DOUBLED_CATEGORIES = ("character", "item", "faction", "ally")
AVATAR_PENALTY = -5
MAX_CATEGORY = 1_000
MAX_REVEALS = 1_000


@dataclass(frozen=True)
class CouncilInput:
    player: str = "Player 1"
    character: int = 0
    item: int = 0
    faction: int = 0
    ally: int = 0
    kill: int = 0
    miscellaneous: int = 0
    revealed_duplicates: int = 0  # opponent's unique cards in play this player revealed from hand
    avatar_eliminated: bool = False

    def totals(self) -> dict[str, int]:
        return {c: getattr(self, c) for c in CATEGORIES}


@dataclass(frozen=True)
class Doubling:
    category: str
    before: int
    after: int
    reason: str
    reason_words: Phrase | None = None  # ``reason`` as data, for a face to translate


@dataclass(frozen=True)
class CapReduction:
    category: str
    before: int
    after: int
    total_before: int  # positive MPs before the cut
    total_after: int
    reason: str
    reason_words: Phrase | None = None


@dataclass(frozen=True)
class CouncilSide:
    player: str
    start: dict[str, int]
    start_total: int
    doubled: tuple[Doubling, ...]
    after_doubling: dict[str, int]
    after_doubling_total: int
    caps: tuple[CapReduction, ...]
    after_cap: dict[str, int]
    after_cap_total: int
    revealed_against: int  # duplicates the opponent revealed, each −1 here
    after_reveals: int
    avatar_penalty: int
    after_avatar: int
    final: int
    steps: tuple[str, ...]


@dataclass(frozen=True)
class CouncilResult:
    players: tuple[CouncilSide, CouncilSide]
    winner: str | None
    tie: bool
    half_cap: str

    def game_result(self, round_number: int = 1, time_called: bool = False) -> GameResult:
        return GameResult(
            game="metw",
            seats=tuple(Seat(side.player, side.final) for side in self.players),
            round_number=round_number,
            time_called=time_called,
        )

    def score(self, round_number: int = 1, settings: ScoringSettings | None = None) -> GameScore:
        """Tournament points this Free Council gives (000 Part VI §3 via score_game)."""
        return score_game(self.game_result(round_number), settings)


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _validate(sides: tuple[CouncilInput, CouncilInput], half_cap: str) -> None:
    problems: list[Problem] = []
    if half_cap not in HALF_CAP_READINGS:
        problems.append(
            Problem.about(
                "half_cap",
                gettext_noop("Unknown half-cap reading {value!r}: use 'exact' or 'round-up'."),
                "half_cap",
                value=half_cap,
            )
        )
    names = []
    for label, side in zip(("a", "b"), sides, strict=True):
        if not isinstance(side, CouncilInput):
            problems.append(
                Problem.about(
                    "invalid",
                    gettext_noop("Player {label}: category totals are needed."),
                    label,
                    label=label,
                )
            )
            continue
        who = side.player if isinstance(side.player, str) and side.player.strip() else label
        if not isinstance(side.player, str) or not side.player.strip():
            problems.append(
                Problem.about(
                    "missing_player",
                    gettext_noop("Player {label} needs a name."),
                    label,
                    label=label,
                )
            )
        names.append(side.player)
        for c in CATEGORIES:
            v = getattr(side, c)
            if not _is_whole(v):
                problems.append(
                    Problem.about(
                        "mps_not_integer",
                        gettext_noop("{who}: {category} points must be a whole number, not {v!r}."),
                        f"{label}.{c}",
                        who=PlayerRef(who),
                        category=CATEGORY_WORDS[c],
                        v=v,
                    )
                )
            elif abs(v) > MAX_CATEGORY:
                problems.append(
                    Problem.about(
                        "mps_out_of_range",
                        gettext_noop(
                            "{who}: {v} {category} points is not a possible total (limit ±{limit})."
                        ),
                        f"{label}.{c}",
                        who=PlayerRef(who),
                        category=CATEGORY_WORDS[c],
                        v=v,
                        limit=MAX_CATEGORY,
                    )
                )
        r = side.revealed_duplicates
        if not _is_whole(r) or not 0 <= r <= MAX_REVEALS:
            problems.append(
                Problem.about(
                    "revealed_duplicates",
                    gettext_noop(
                        "{who}: revealed duplicates must be a whole number from 0 to {limit}, "
                        "not {r!r}."
                    ),
                    f"{label}.revealed_duplicates",
                    who=PlayerRef(who),
                    limit=MAX_REVEALS,
                    r=r,
                )
            )
        if not isinstance(side.avatar_eliminated, bool):
            problems.append(
                Problem.about(
                    "avatar_eliminated",
                    gettext_noop("{who}: avatar eliminated must be true or false."),
                    f"{label}.avatar_eliminated",
                    who=PlayerRef(who),
                )
            )
    if len(names) == 2 and isinstance(names[0], str) and names[0].strip() == str(names[1]).strip():
        problems.append(
            Problem.about(
                "duplicate_seat",
                gettext_noop("Both players are called {name!r}: name them apart."),
                "b",
                name=PlayerRef(names[0]),
            )
        )
    if problems:
        raise InvalidResult(problems)


def _cap(values: dict[str, int], half_cap: str) -> tuple[dict[str, int], list[CapReduction]]:
    values = dict(values)
    cuts: list[CapReduction] = []
    while True:
        positive = sum(v for v in values.values() if v > 0)
        over = None
        for c in CATEGORIES:
            v = values[c]
            limit_ok = 2 * v <= positive if half_cap == "exact" else v <= (positive + 1) // 2
            if v > 0 and not limit_ok:
                over = c
                break
        if over is None:
            return values, cuts
        before = values[over]
        others = positive - before
        after = others if half_cap == "exact" else others + 1
        values[over] = after
        total_after = others + after
        if half_cap == "exact":
            rule = gettext_noop("{after} is exactly half of the new total {total}")
        else:
            rule = gettext_noop("{after} is half of the new total {total}, rounded up")
        why = Phrase.of(
            gettext_noop(
                "{category} {before} is more than half of {positive} (positive MPs); "
                "reduced to {after}: {rule}"
            ),
            category=CATEGORY_WORDS[over],
            before=before,
            positive=positive,
            after=after,
            rule=Phrase.of(rule, after=after, total=total_after),
        )
        cuts.append(
            CapReduction(
                category=over,
                before=before,
                after=after,
                total_before=positive,
                total_after=total_after,
                reason=str(why),
                reason_words=why,
            )
        )


def _side(me: CouncilInput, opponent: CouncilInput, half_cap: str) -> CouncilSide:
    start = me.totals()
    theirs = opponent.totals()
    steps = [f"start: {_fmt(start)} = {sum(start.values())}"]

    doubled: list[Doubling] = []
    after_doubling = dict(start)
    for c in DOUBLED_CATEGORIES:
        if theirs[c] <= 0 and start[c] != 0:
            after_doubling[c] = 2 * start[c]
            why = Phrase.of(
                gettext_noop(
                    "{opponent} has {points} {category} points (zero or less), so {player}'s "
                    "{category} points are doubled"
                ),
                opponent=PlayerRef(opponent.player),
                points=theirs[c],
                category=CATEGORY_WORDS[c],
                player=PlayerRef(me.player),
            )
            doubled.append(Doubling(c, start[c], after_doubling[c], str(why), why))
    if doubled:
        for d in doubled:
            steps.append(f"doubling: {d.category} {d.before} → {d.after} ({d.reason})")
    else:
        steps.append("doubling: none (the opponent has points in every doubled category)")
    steps.append(f"after doubling: {sum(after_doubling.values())}")

    after_cap, caps = _cap(after_doubling, half_cap)
    for cut in caps:
        steps.append(f"half cap: {cut.category} {cut.before} → {cut.after} ({cut.reason})")
    if not caps:
        steps.append("half cap: no category is over half of the total")
    after_cap_total = sum(after_cap.values())
    steps.append(f"after half cap: {after_cap_total}")

    revealed = opponent.revealed_duplicates
    after_reveals = after_cap_total - revealed
    steps.append(
        f"revealed duplicates: {opponent.player} revealed {revealed} matching unique "
        f"card{'s' if revealed != 1 else ''} → −{revealed} = {after_reveals}"
    )
    penalty = AVATAR_PENALTY if me.avatar_eliminated else 0
    after_avatar = after_reveals + penalty
    steps.append(
        f"avatar eliminated: {penalty} = {after_avatar}"
        if penalty
        else f"avatar eliminated: no, final {after_avatar}"
    )
    return CouncilSide(
        player=me.player,
        start=start,
        start_total=sum(start.values()),
        doubled=tuple(doubled),
        after_doubling=after_doubling,
        after_doubling_total=sum(after_doubling.values()),
        caps=tuple(caps),
        after_cap=after_cap,
        after_cap_total=after_cap_total,
        revealed_against=revealed,
        after_reveals=after_reveals,
        avatar_penalty=penalty,
        after_avatar=after_avatar,
        final=after_avatar,
        steps=tuple(steps),
    )


def _fmt(values: dict[str, int]) -> str:
    return ", ".join(f"{c} {values[c]}" for c in CATEGORIES)


def count_free_council(a: CouncilInput, b: CouncilInput, half_cap: str = "exact") -> CouncilResult:
    """Both players' final MPs at the Free Council with every step shown."""
    _validate((a, b), half_cap)
    side_a = _side(a, b, half_cap)
    side_b = _side(b, a, half_cap)
    if side_a.final == side_b.final:
        winner = None
    else:
        winner = side_a.player if side_a.final > side_b.final else side_b.player
    return CouncilResult(
        players=(side_a, side_b), winner=winner, tie=winner is None, half_cap=half_cap
    )
