"""An independent reading of the tournament and rating rules, for end-to-end checks.

Written from the rulebook (000 Part VI §3 "Tournaments", "Ratings", "Multi-player
tournaments") and RULES.md §2, §3, §6 only. It deliberately imports nothing from
rules_engine, tournaments.pairing, tournaments.standings or ratings.formula: a check
that reuses the code it checks proves nothing. Where the texts are silent, the
RULES.md "Reading" lines (binding) and the CONTRACTS.md interface decide; every such
choice is named where it is made.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import networkx as nx

START_RATING = 150  # 000 Part VI §3 Ratings: "Each player starts with 150 points."
WIN, LOSS, DRAW = "win", "loss", "draw"

# --------------------------------------------------------------------------- scoring


def ratio_points(winner_mps: int, loser_mps: int) -> tuple[int, int]:
    """000 Part VI §3 Scoring, by the ratio of the winner's MPs to the loser's.

    RULES.md §2 Reading: a loser on zero or fewer MPs counts as ratio ≥ 2 (6–0).
    The ratio is a Fraction so 3/2 and 2 are hit exactly.
    """
    if winner_mps <= loser_mps:
        raise ValueError("the winner must have more MPs than the loser")
    if loser_mps <= 0:
        return 6, 0
    ratio = Fraction(winner_mps, loser_mps)
    if ratio >= 2:
        return 6, 0
    if ratio >= Fraction(3, 2):
        return 5, 1
    return 4, 2


@dataclass(frozen=True)
class RatedRef:
    """How the ratings see one player's game (RULES.md §6)."""

    player: str
    opponents: tuple[str, ...]  # rated against the mean rating of these
    result: str
    points: int  # the winner's tournament points for this pairing


@dataclass(frozen=True)
class TableScore:
    points: dict[str, int]
    outcome: dict[str, str]
    rated: tuple[RatedRef, ...]


def score_table(mps: Mapping[str, int], one_ring_winner: str | None = None) -> TableScore:
    """Score a two-player table or a pod of 3–5 (000 Part VI §3 Scoring and
    "Multi-player tournaments"; RULES.md §2).

    With two seats the multi-player rules are exactly the two-player table, so one
    function serves both: the winner against the next highest, every other player
    as a loser against the winner, a shared win against third place, all tied a draw.
    Ratings (RULES.md §6 Reading): the winner one win against the runner-up, every
    other player one loss against the winner, points = the winner's points by the
    ratio of the winner's MPs to that player's. Where several players share the
    runner-up (or the win), the rating is taken against their mean (CONTRACTS.md
    RatedGame.opponents).
    """
    players = list(mps)
    if one_ring_winner is not None:
        # 7 to the winner, 0 to everyone else, whatever the MPs.
        others = [p for p in players if p != one_ring_winner]
        best = max(mps[p] for p in others)
        runners_up = tuple(p for p in others if mps[p] == best)
        points = {p: 7 if p == one_ring_winner else 0 for p in players}
        outcome = {p: WIN if p == one_ring_winner else LOSS for p in players}
        rated = tuple(
            RatedRef(p, runners_up, WIN, 7)
            if p == one_ring_winner
            else RatedRef(p, (one_ring_winner,), LOSS, 7)
            for p in players
        )
        return TableScore(points, outcome, rated)
    top = max(mps.values())
    winners = tuple(p for p in players if mps[p] == top)
    if len(winners) == len(players):
        # "Only if all players tie is the game counted as a draw": 3 each, rated as a
        # draw against the others (no points, only the modification).
        return TableScore(
            {p: 3 for p in players},
            {p: DRAW for p in players},
            tuple(RatedRef(p, tuple(q for q in players if q != p), DRAW, 0) for p in players),
        )
    # "the next highest" for a single winner, "the third place" for a shared win: the
    # highest MPs below the top in both cases.
    below = max(m for m in mps.values() if m < top)
    runners_up = tuple(p for p in players if mps[p] == below)
    win_points = ratio_points(top, below)[0]
    points: dict[str, int] = {}
    outcome: dict[str, str] = {}
    rated: list[RatedRef] = []
    for p in players:
        if p in winners:
            points[p], outcome[p] = win_points, WIN
            rated.append(RatedRef(p, runners_up, WIN, win_points))
        else:
            w, lo = ratio_points(top, mps[p])
            points[p], outcome[p] = lo, LOSS
            rated.append(RatedRef(p, winners, LOSS, w))
    return TableScore(points, outcome, tuple(rated))


def bye_points(round_number: int) -> int:
    """000 Part VI §3: 6 for a first-round bye, 5 for a second, 4 for any other."""
    return {1: 6, 2: 5}.get(round_number, 4)


def rounds_for_players(n: int, multiplayer: bool = False) -> int:
    """000 Part VI §3: the rounds of a single-elimination event (5–8: 3, 9–16: 4,
    17–32: 5, 33–64: 6, continued as ⌈log₂ n⌉); multi-player: half, rounded up."""
    if n < 1:
        raise ValueError("an event needs players")
    table = [(8, 3), (16, 4), (32, 5), (64, 6)]
    rounds = next((r for top, r in table if 5 <= n <= top), None)
    if rounds is None:
        rounds = max(1, (n - 1).bit_length())  # ⌈log₂ n⌉ in integers
    return -(-rounds // 2) if multiplayer else rounds


# --------------------------------------------------------------------------- standings


@dataclass(frozen=True)
class PlayedTable:
    round_number: int
    points: dict[str, int]
    outcome: dict[str, str]
    bye: bool = False


@dataclass
class Record:
    points: int = 0
    losses: int = 0
    met: set[str] = field(default_factory=set)
    tables: list[tuple[int, frozenset[str]]] = field(default_factory=list)  # (pts, others)


def records(players: Iterable[str], tables: Iterable[PlayedTable]) -> dict[str, Record]:
    recs = {p: Record() for p in players}
    for t in tables:
        for p, pts in t.points.items():
            r = recs[p]
            r.points += pts
            if t.bye:
                continue  # a bye has no opponent and is no loss
            others = frozenset(q for q in t.points if q != p)
            r.met |= others
            r.tables.append((pts, others))
            if t.outcome[p] == LOSS:
                r.losses += 1
    return recs


def final_standings(players: Iterable[str], tables: Sequence[PlayedTable]) -> dict[str, int]:
    """Rank per player (players equal on everything share a rank).

    000 Part VI §3: most tournament points; ties: (1) the game the tied players played
    against each other, (2) fewer losses, (3) higher sum of the opponents' final
    tournament points. RULES.md §3 Reading: (1) applies to a tied group only when every
    pair in it met, and then their points against each other decide. A group split by
    one step goes on to the next step (steps are not re-applied to the parts). In a pod,
    "points against each other" are the points scored at tables shared with another
    tied player.
    """
    recs = records(players, tables)

    def head_to_head(group: list[str]) -> dict[str, int] | None:
        if any(b not in recs[a].met for a in group for b in group if a != b):
            return None
        tied = set(group)
        return {p: sum(pts for pts, others in recs[p].tables if others & tied) for p in group}

    def fewer_losses(group: list[str]) -> dict[str, int]:
        return {p: -recs[p].losses for p in group}

    def opponents_points(group: list[str]) -> dict[str, int]:
        return {
            p: sum(recs[o].points for _pts, others in recs[p].tables for o in others) for p in group
        }

    steps = [head_to_head, fewer_losses, opponents_points]

    def split(group: list[str], depth: int) -> list[list[str]]:
        if len(group) == 1 or depth == len(steps):
            return [group]
        values = steps[depth](group)
        if values is None:
            return split(group, depth + 1)
        out: list[list[str]] = []
        for v in sorted(set(values.values()), reverse=True):
            out.extend(split([p for p in group if values[p] == v], depth + 1))
        return out

    ranks: dict[str, int] = {}
    position = 1
    for pts in sorted({r.points for r in recs.values()}, reverse=True):
        for bucket in split([p for p in recs if recs[p].points == pts], 0):
            for p in bucket:
                ranks[p] = position
            position += len(bucket)
    return ranks


# --------------------------------------------------------------------------- ratings


def full_tens(own: int, opponent_ratings: Sequence[int]) -> int:
    """+1 per full 10 points the opponent (the mean of several) is above ``own``,
    −1 per full 10 below (000 Part VI §3 Ratings)."""
    diff = Fraction(sum(opponent_ratings), len(opponent_ratings)) - own
    steps = int(abs(diff) // 10)
    return steps if diff > 0 else -steps


def rating_change(own: int, opponent_ratings: Sequence[int], result: str, points: int) -> int:
    """000 Part VI §3 Ratings: a win gains the winner's tournament points, a loss costs
    them, each modified by the full tens of the rating difference; a win gains 1..10,
    a loss costs 1..10. A draw moves by the modification alone, not clamped (RULES.md
    §6 Reading)."""
    mod = full_tens(own, opponent_ratings)
    if result == WIN:
        return min(10, max(1, points + mod))
    if result == LOSS:
        return -min(10, max(1, points - mod))
    if result == DRAW:
        return mod
    raise ValueError(result)


@dataclass(frozen=True)
class LedgerRow:
    player: int
    event: str
    round_number: int | None  # None for the tournament winner's bonus
    kind: str  # "game" | "bonus"
    before: int
    change: int
    after: int


@dataclass
class RatingBook:
    """One game system's ratings, fed round by round in the order rounds closed.

    RULES.md §6 Reading: every game of a round is rated from the ratings held at the
    start of that round. Byes are not rated; only sanctioned events reach the book.
    """

    ratings: dict[int, int] = field(default_factory=dict)
    rows: list[LedgerRow] = field(default_factory=list)
    clamped: int = 0  # games whose change the 1..10 limits cut (to show a test reached them)
    games_played: dict[tuple[str, int], int] = field(default_factory=lambda: defaultdict(int))

    def rating(self, player: int) -> int:
        return self.ratings.get(player, START_RATING)

    def rate_round(
        self,
        event: str,
        round_number: int,
        tables: Iterable[TableScore],
        player_of: Mapping[str, int],
    ) -> None:
        start = dict(self.ratings)
        pending: list[LedgerRow] = []
        for table in tables:
            for g in table.rated:
                pid = player_of[g.player]
                own = start.get(pid, START_RATING)
                opp = [start.get(player_of[o], START_RATING) for o in g.opponents]
                change = rating_change(own, opp, g.result, g.points)
                if g.result != DRAW:
                    raw = g.points + full_tens(own, opp) * (1 if g.result == WIN else -1)
                    self.clamped += not 1 <= raw <= 10
                pending.append(
                    LedgerRow(pid, event, round_number, "game", own, change, own + change)
                )
        for row in pending:
            self.ratings[row.player] = row.after
            self.games_played[(event, row.player)] += 1
        self.rows.extend(pending)

    def winner_bonus(self, event: str, winner: int) -> None:
        """000 Part VI §3: the tournament's winner gains one point per game he played."""
        games = self.games_played.get((event, winner), 0)
        if games:
            before = self.rating(winner)
            self.ratings[winner] = before + games
            self.rows.append(LedgerRow(winner, event, None, "bonus", before, games, before + games))

    def season_peaks(self, events: Iterable[str] | None = None) -> dict[int, int]:
        """000 Part VI §3: the highest rating reached in the season, from the rows of the
        season's ``events`` (all if None). The rating a player holds entering his first
        season game counts (it is held in the season): every row's before and after."""
        peaks: dict[int, int] = {}
        wanted = None if events is None else set(events)
        for row in self.rows:
            if wanted is not None and row.event not in wanted:
                continue
            peaks[row.player] = max(peaks.get(row.player, row.before), row.before, row.after)
        return peaks


# --------------------------------------------------------------------------- pairing checks


def swiss_cost(tables: Iterable[tuple[str, str]], score: Mapping[str, int]) -> tuple[int, int]:
    """(total squared score difference, players paired outside their score group):
    RULES.md §3 Reading "as close as possible", then fewest floaters."""
    squared = floaters = 0
    for a, b in tables:
        d = abs(score[a] - score[b])
        squared += d * d
        floaters += 2 if d else 0
    return squared, floaters


def swiss_lower_bound(scores: Iterable[int]) -> tuple[int, int]:
    """The cost of pairing neighbours in score order, which is optimal for a convex cost
    when no rematch is in the way (points on a line); a pairing that reaches it is
    therefore optimal (anything else is checked against the exact optimum)."""
    ordered = sorted(scores, reverse=True)
    pairs = [(str(i), str(i + 1)) for i in range(0, len(ordered) - 1, 2)]
    return swiss_cost(pairs, {str(i): v for i, v in enumerate(ordered)})


def best_swiss_cost(
    players: Sequence[str], score: Mapping[str, int], met: Mapping[str, set[str]]
) -> tuple[int, int] | None:
    """The exact optimum over rematch-free pairings of ``players`` (an even number),
    by a maximum-weight matching on the full graph (networkx); None if no
    rematch-free pairing exists."""
    if not players:
        return 0, 0
    spread = max(score[p] for p in players) - min(score[p] for p in players)
    big = 2 * len(players) + 1  # one more unit of squared difference outweighs any floaters
    ceiling = big * spread * spread + 3
    graph = nx.Graph()
    graph.add_nodes_from(players)
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            if b in met.get(a, ()):
                continue
            d = abs(score[a] - score[b])
            graph.add_edge(a, b, weight=ceiling - (big * d * d + (2 if d else 0)))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != len(players):
        return None
    return swiss_cost(matching, score)


def has_rematch_free_pairing(players: Sequence[str], met: Mapping[str, set[str]]) -> bool:
    graph = nx.Graph()
    graph.add_nodes_from(players)
    graph.add_edges_from(
        (a, b) for i, a in enumerate(players) for b in players[i + 1 :] if b not in met.get(a, ())
    )
    return 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) == len(players)


@dataclass(frozen=True)
class SwissState:
    """One player before a round: points so far, everyone met, whether he had a bye."""

    score: int
    met: frozenset[str]
    had_bye: bool


def swiss_round_problems(
    state: Mapping[str, SwissState],
    tables: Sequence[tuple[str, str]],
    bye: str | None,
    round_number: int,
    exact_limit: int = 64,
) -> list[str]:
    """What is wrong with one paired Swiss round (000 Part VI §3 Pairings), as text.

    Checked: every pairable player sits exactly once; no rematch; a bye exactly when the
    count is odd, never a second one, and (after round 1, which is random) to a
    lowest-scored player among those without a bye for whom a rematch-free pairing of
    the rest remains; and the pairing's (total squared score difference, floaters)
    equals the exact optimum given that bye (RULES.md §3 Reading "as close as possible").
    """
    problems: list[str] = []
    seated = [p for t in tables for p in t] + ([bye] if bye is not None else [])
    if sorted(seated) != sorted(state):
        problems.append(f"seated {sorted(seated)} but pairable {sorted(state)}")
        return problems
    for a, b in tables:
        if b in state[a].met:
            problems.append(f"rematch {a} v {b}")
    if (bye is not None) != (len(state) % 2 == 1):
        problems.append(f"bye {bye!r} with {len(state)} players")
    score = {p: s.score for p, s in state.items()}
    met = {p: set(s.met) for p, s in state.items()}
    if bye is not None:
        if state[bye].had_bye:
            problems.append(f"second bye for {bye}")
        if round_number > 1:
            lower = [
                p
                for p, s in state.items()
                if not s.had_bye and s.score < state[bye].score and p != bye
            ]
            for p in lower:
                rest = [q for q in state if q != p]
                if has_rematch_free_pairing(rest, met):
                    problems.append(
                        f"bye to {bye} on {state[bye].score} points, but {p} on "
                        f"{state[p].score} had no bye and the rest could be paired"
                    )
                    break
    got = swiss_cost(tables, score)
    paired = [p for p in state if p != bye]
    if got != swiss_lower_bound(score[p] for p in paired) or len(paired) <= exact_limit:
        best = best_swiss_cost(paired, score, met)
        if best is None:
            problems.append("no rematch-free pairing exists, yet one was made")
        elif got != best:
            problems.append(
                f"pairing (squared difference, floaters) {got} but the optimum is {best}"
            )
    return problems


def most_fours(n: int) -> int:
    """The most 4-player pods n players can form with every pod of 3 to 5."""
    for fours in range(n // 4, -1, -1):
        rest = n - 4 * fours
        if any((rest - 5 * fives) % 3 == 0 for fives in range(rest // 5 + 1)):
            return fours
    raise ValueError(f"{n} players cannot form pods of 3 to 5")


def pod_round_problems(
    pairable: Iterable[str], pods: Sequence[Sequence[str]], previous: Iterable[frozenset[str]]
) -> list[str]:
    """000 Part VI §3 Multi-player tournaments: groups of 3–5 with the maximum number
    of 4-player groups; the same four players never play together twice."""
    problems: list[str] = []
    pairable = sorted(pairable)
    if sorted(p for pod in pods for p in pod) != pairable:
        problems.append(f"seated {sorted(p for pod in pods for p in pod)} but pairable {pairable}")
    if any(not 3 <= len(pod) <= 5 for pod in pods):
        problems.append(f"pod sizes {[len(p) for p in pods]}")
    fours = sum(1 for pod in pods if len(pod) == 4)
    if fours != most_fours(len(pairable)):
        problems.append(f"{fours} pods of 4, the most possible is {most_fours(len(pairable))}")
    earlier = list(previous)
    for pod in pods:
        for old in earlier:
            if len(old & set(pod)) >= 4:
                problems.append(f"the same four players again: {sorted(old & set(pod))}")
    return problems
