"""Tournament points from a game's result (000 Part VI §3 "Scoring" and
"Multi-player tournaments"; RULES.md §2).

Ratios are compared with integer arithmetic (``w >= 2 * l``, ``2 * w >= 3 * l``)
so the boundaries 1.5 and 2 are exact: a float division could put 3/2 on the
wrong side of a band.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_engine.types import (
    DRAW,
    LOSS,
    WIN,
    GameScore,
    Phrase,
    PlayerList,
    PlayerRef,
    RatedGame,
    Seat,
)
from rules_engine.words import gettext_noop

BAND = gettext_noop("{condition} ({won}–{lost})")
# Every other band a game gives; a face reads a stored band back against these.
BYE_BAND = gettext_noop("bye in round {round} ({points})")
TABLE_BYE_BAND = gettext_noop("Bye ({points})")  # what the round service stores on a bye table
ELIMINATION_BAND = gettext_noop("Wizard eliminated or corrupted ({won}–{lost})")
BOTH_LOSE_BAND = gettext_noop("both Wizards corrupted: both lose (0–0)")
LOTR_TCG_WIN_BAND = gettext_noop("win ({won}–0)")
SAURON_BAND = gettext_noop("Sauron won (0 for all)")
DOUBLE_LOSS_BAND = gettext_noop("double loss: no result by the deadline (0 for all)")
# A game left unfinished by a player's ejection (rules_engine.ejection).
EJECTION_BAND = gettext_noop("won by the opponent's ejection ({won}–{lost})")
FIXED_BANDS = (
    BYE_BAND,
    TABLE_BYE_BAND,
    ELIMINATION_BAND,
    BOTH_LOSE_BAND,
    LOTR_TCG_WIN_BAND,
    SAURON_BAND,
    DOUBLE_LOSS_BAND,
    EJECTION_BAND,
)

ONE_RING_BAND = "one_ring"
RATIO_2 = "ratio_2"
RATIO_1_5 = "ratio_1_5"
RATIO_1 = "ratio_1"
TIE = "tie"
BYE = "bye"
WIN_BAND = "win"
SAURON = "sauron"
BOTH_LOSE = "both_lose"
ELIMINATION = "elimination"
DOUBLE_LOSS_KEY = "double_loss"


@dataclass(frozen=True)
class Band:
    key: str
    winner_points: int
    loser_points: int
    condition: str  # the rulebook's condition, for the ratio table on the calculator page

    @property
    def label(self) -> str:
        return str(self.words)

    @property
    def words(self) -> Phrase:
        return Phrase.of(
            BAND, condition=self.condition, won=self.winner_points, lost=self.loser_points
        )


# 000 Part VI §3 "Scoring", in the rulebook's order (the calculator prints this table).
RATIO_TABLE: tuple[Band, ...] = (
    Band(ONE_RING_BAND, 7, 0, gettext_noop("One Ring")),
    Band(RATIO_2, 6, 0, gettext_noop("ratio ≥ 2")),
    Band(RATIO_1_5, 5, 1, gettext_noop("1.5 ≤ ratio < 2")),
    Band(RATIO_1, 4, 2, gettext_noop("1 < ratio < 1.5")),
    Band(TIE, 3, 3, gettext_noop("tie")),
)
BANDS: dict[str, Band] = {b.key: b for b in RATIO_TABLE}


def ratio_band(winner_mps: int, loser_mps: int) -> Band:
    """The band for a winner with more MPs than the loser.

    RULES.md §2 Reading: a loser on zero or fewer MPs (METW can go negative)
    gives a ratio of 2 or more, because no finite ratio describes it and the
    winner has at least "twice" nothing.
    """
    if winner_mps <= loser_mps:
        raise ValueError("ratio_band needs the winner to have more MPs than the loser")
    if loser_mps <= 0 or winner_mps >= 2 * loser_mps:
        return BANDS[RATIO_2]
    if 2 * winner_mps >= 3 * loser_mps:
        return BANDS[RATIO_1_5]
    return BANDS[RATIO_1]


def ratio_text(winner_mps: int, loser_mps: int) -> str:
    return str(ratio_words(winner_mps, loser_mps))


def ratio_words(winner_mps: int, loser_mps: int) -> Phrase:
    if loser_mps <= 0:
        return Phrase.of(
            gettext_noop("{won}:{lost} (loser on {lost}, counts as ratio ≥ 2)"),
            won=winner_mps,
            lost=loser_mps,
        )
    return Phrase.of(
        gettext_noop("{won}/{lost} = {ratio:.2f}"),
        won=winner_mps,
        lost=loser_mps,
        ratio=winner_mps / loser_mps,
    )


def as_phrase(words: str | Phrase) -> Phrase:
    """A game module may still give plain English (a fifth game not yet translated)."""
    return words if isinstance(words, Phrase) else Phrase(words)


def bye_points_for_round(round_number: int) -> int:
    """000 Part VI §3: a bye gives 6 in round 1, 5 in round 2, 4 in any later round."""
    if round_number <= 1:
        return 6
    if round_number == 2:
        return 5
    return 4


def _draw(seats: Sequence[Seat], time_called: bool, game: str, why: Phrase) -> GameScore:
    players = [s.player for s in seats]
    tie = BANDS[TIE]
    return GameScore(
        points={p: tie.winner_points for p in players},
        outcome={p: DRAW for p in players},
        winner=None,
        band=tie.label,
        band_words=tie.words,
        band_key=TIE,
        time_called=time_called,
        rated=tuple(RatedGame(p, tuple(q for q in players if q != p), DRAW, 0) for p in players),
        winners=(),
        player_bands={p: TIE for p in players},
        explanation=(str(why),),
        explanation_words=(why,),
        game=game,
    )


def _known_mps(seat: Seat) -> int:
    if seat.mps is None:  # the checks refuse a game scored by MPs without them
        raise ValueError(f"{seat.player}: a game scored by MPs needs every seat's MPs")
    return int(seat.mps)


def score_by_mps(seats: Sequence[Seat], *, time_called: bool, game: str, unit: str) -> GameScore:
    """Score a two-player game or a pod by MPs (or Glory).

    000 Part VI "Multi-player tournaments": the winner is scored by the ratio of
    his MPs to the next highest; everyone else, as a loser, by the ratio of the
    winner's MPs to his own; players tied for the win (but not all) are each
    scored against the third place; only an all-round tie is a draw. With two
    seats this is exactly the two-player table, so one function serves both.
    """
    mps = {s.player: _known_mps(s) for s in seats}
    top = max(mps.values())
    winners = tuple(p for p in mps if mps[p] == top)
    if len(winners) == len(mps):
        why = Phrase.of(
            gettext_noop("all players tied on {top} {unit}: a draw, 3 points each"),
            top=top,
            unit=unit,
        )
        return _draw(seats, time_called, game, why)

    # The reference is "the next highest" for a single winner and "the third
    # place" for a shared win: in both cases the highest MPs below the top.
    reference = max(m for m in mps.values() if m < top)
    reference_players = tuple(p for p in mps if mps[p] == reference)
    win_band = ratio_band(top, reference)
    points: dict[str, int] = {}
    outcome: dict[str, str] = {}
    player_bands: dict[str, str] = {}
    rated: list[RatedGame] = []
    lines: list[Phrase] = []
    against = gettext_noop("third place") if len(winners) > 1 else gettext_noop("the next highest")
    for w in winners:
        points[w] = win_band.winner_points
        outcome[w] = WIN
        player_bands[w] = win_band.key
        rated.append(RatedGame(w, reference_players, WIN, win_band.winner_points))
        lines.append(
            Phrase.of(
                gettext_noop(
                    "{player} wins with {top} {unit}, scored against {against} "
                    "({reference_players:, } on {reference}): {ratio}, {condition} → {points}"
                ),
                player=PlayerRef(w),
                top=top,
                unit=unit,
                against=against,
                reference_players=PlayerList(tuple(PlayerRef(p) for p in reference_players)),
                reference=reference,
                ratio=ratio_words(top, reference),
                condition=win_band.condition,
                points=win_band.winner_points,
            )
        )
    for p, m in mps.items():
        if p in points:
            continue
        band = ratio_band(top, m)
        points[p] = band.loser_points
        outcome[p] = LOSS
        player_bands[p] = band.key
        rated.append(RatedGame(p, winners, LOSS, band.winner_points))
        lines.append(
            Phrase.of(
                gettext_noop(
                    "{player} loses with {mps} {unit}, scored by the winner's {top} against "
                    "his {mps}: {ratio}, {condition} → {points}"
                ),
                player=PlayerRef(p),
                mps=m,
                unit=unit,
                top=top,
                ratio=ratio_words(top, m),
                condition=band.condition,
                points=band.loser_points,
            )
        )
    order = {s.player: i for i, s in enumerate(seats)}
    return GameScore(
        points=dict(sorted(points.items(), key=lambda kv: order[kv[0]])),
        outcome=dict(sorted(outcome.items(), key=lambda kv: order[kv[0]])),
        winner=winners[0] if len(winners) == 1 else None,
        band=win_band.label,
        band_words=win_band.words,
        band_key=win_band.key,
        time_called=time_called,
        rated=tuple(sorted(rated, key=lambda r: order[r.player])),
        winners=winners,
        player_bands=dict(sorted(player_bands.items(), key=lambda kv: order[kv[0]])),
        explanation=tuple(str(line) for line in lines),
        explanation_words=tuple(lines),
        game=game,
    )


def score_fixed_win(
    seats: Sequence[Seat],
    winner: str,
    *,
    winner_points: int,
    loser_points: int,
    band_key: str,
    band_label: str | Phrase,
    rating_points: int,
    time_called: bool,
    game: str,
    why: str | Phrase,
    rating_opponents: tuple[str, ...] | None = None,
) -> GameScore:
    """A game with one winner and fixed points whatever the MPs (One Ring,
    Wizard eliminated, lotr-tcg): everyone else loses."""
    players = [s.player for s in seats]
    losers = tuple(p for p in players if p != winner)
    points = {p: (winner_points if p == winner else loser_points) for p in players}
    outcome = {p: (WIN if p == winner else LOSS) for p in players}
    rated = tuple(
        RatedGame(winner, rating_opponents or losers, WIN, rating_points)
        if p == winner
        else RatedGame(p, (winner,), LOSS, rating_points)
        for p in players
    )
    return GameScore(
        points=points,
        outcome=outcome,
        winner=winner,
        band=str(band_label),
        band_words=as_phrase(band_label),
        band_key=band_key,
        time_called=time_called,
        rated=rated,
        winners=(winner,),
        player_bands={p: band_key for p in players},
        explanation=(str(why),),
        explanation_words=(as_phrase(why),),
        game=game,
    )


def score_all_lose(
    seats: Sequence[Seat],
    *,
    band_key: str,
    band_label: str | Phrase,
    time_called: bool,
    game: str,
    why: str | Phrase,
) -> GameScore:
    """Everyone loses and scores 0 (a Sauron win; both Wizards corrupted)."""
    players = [s.player for s in seats]
    return GameScore(
        points={p: 0 for p in players},
        outcome={p: LOSS for p in players},
        winner=None,
        band=str(band_label),
        band_words=as_phrase(band_label),
        band_key=band_key,
        time_called=time_called,
        rated=tuple(RatedGame(p, tuple(q for q in players if q != p), LOSS, 0) for p in players),
        winners=(),
        player_bands={p: band_key for p in players},
        explanation=(str(why),),
        explanation_words=(as_phrase(why),),
        game=game,
    )


def one_ring_score(
    seats: Sequence[Seat], winner: str, *, time_called: bool, game: str
) -> GameScore:
    """000 Part VI §3: the winner destroyed The One Ring → 7 to him, 0 to every
    other player (in a pod too: RULES.md §2)."""
    band = BANDS[ONE_RING_BAND]
    others = [s for s in seats if s.player != winner]
    # RULES.md §6: a pod winner is rated against the runner-up; when MPs were
    # reported the runner-up is the highest of them, otherwise every other player.
    with_mps = [(s.player, s.mps) for s in others if s.mps is not None]
    if len(others) > 1 and len(with_mps) == len(others):
        best = max(mps for _, mps in with_mps)
        opponents = tuple(player for player, mps in with_mps if mps == best)
    else:
        opponents = tuple(s.player for s in others)
    return score_fixed_win(
        seats,
        winner,
        winner_points=band.winner_points,
        loser_points=band.loser_points,
        band_key=band.key,
        band_label=band.words,
        rating_points=band.winner_points,
        time_called=time_called,
        game=game,
        why=Phrase.of(
            gettext_noop("{player} destroyed The One Ring: 7 points, every other player 0"),
            player=PlayerRef(winner),
        ),
        rating_opponents=opponents,
    )
