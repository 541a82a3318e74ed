"""Drive whole events through the HTTP API, as a director and his players would.

Everything goes through django.test.Client with token authentication: the director
(made by the create_director command) creates the event, opens registration, checks
players in, pairs rounds, settles disputes and finishes; every player registers
himself, reports, confirms, disputes and drops with his own token. The driver only
*collects* what the API answers (pairings, scored tables, standings, ratings); the
tests compare it with tests/e2e/reference.py.

Results are a pure function of (event seed, round, the usernames at the table), so two
runs that pair alike enter identical results whatever order they are entered in.
"""

from __future__ import annotations

import io
import random
import re
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from tests.e2e import reference as ref


class ApiError(AssertionError):
    pass


class Api:
    """JSON calls with a token; an unexpected status fails with the body."""

    def __init__(self) -> None:
        self.client = Client()
        self.calls = 0

    def call(
        self,
        method: str,
        path: str,
        token: str | None,
        data: Any = None,
        expect: Sequence[int] = (200, 201, 202),
    ) -> Any:
        headers = {"HTTP_AUTHORIZATION": f"Token {token}"} if token else {}
        self.calls += 1
        if method == "get":
            response = self.client.get(path, data or {}, **headers)
        else:
            response = getattr(self.client, method)(
                path, data if data is not None else {}, content_type="application/json", **headers
            )
        if response.status_code not in expect:
            raise ApiError(
                f"{method.upper()} {path} → {response.status_code}: "
                f"{response.content[:2000].decode(errors='replace')}"
            )
        if response.get("Content-Type", "").startswith("application/json"):
            return response.json()
        return response.content


@dataclass
class Person:
    username: str
    token: str
    player_id: int | None = None  # known once he registers (Player is made then)


def make_director(username: str = "td") -> Person:
    """The documented way: manage.py create_director prints the API token."""
    out = io.StringIO()
    call_command("create_director", username, "--password", "x-Not-Used-9", stdout=out)
    token = re.search(r"API token: (\w+)", out.getvalue())
    assert token, out.getvalue()
    return Person(username, token.group(1))


def make_players(names: Sequence[str]) -> dict[str, Person]:
    """Players are ordinary accounts with their own API tokens (no password hashing:
    hundreds of accounts would spend seconds in PBKDF2 for nothing)."""
    user_model = get_user_model()
    out = {}
    for name in names:
        user = user_model.objects.create_user(username=name, password=None)
        out[name] = Person(name, Token.objects.create(user=user).key)
    return out


@dataclass
class Result:
    """The true result of one table: MPs per username, a One Ring winner or None."""

    mps: dict[str, int]
    one_ring: str | None = None

    def score(self) -> ref.TableScore:
        return ref.score_table(self.mps, self.one_ring)


@dataclass
class RoundLog:
    number: int
    pairable: list[str]  # usernames the rules let be paired in this round
    tables: list[list[str]]  # usernames per table, seat order, bye excluded
    table_ids: list[int]
    bye: str | None
    results: list[Result] = field(default_factory=list)
    api_tables: list[dict[str, Any]] = field(default_factory=list)  # as GET round answers
    standings: list[dict[str, Any]] = field(default_factory=list)  # after this round


@dataclass
class EventLog:
    slug: str
    game: str
    multiplayer: bool
    regs: dict[str, int] = field(default_factory=dict)  # username -> registration id
    joined: dict[str, int] = field(default_factory=dict)  # username -> first round
    dropped_after: dict[str, int] = field(default_factory=dict)  # username -> round
    rounds: list[RoundLog] = field(default_factory=list)
    final: dict[str, Any] = field(default_factory=dict)  # event as the API answers at the end
    date: date | None = None  # the event's date, which decides its season
    # (rounds closed when it was made, round number, table index, the result it replaced)
    corrections: list[tuple[int, int, int, Result]] = field(default_factory=list)

    def username_of(self, reg_id: int) -> str:
        return {v: k for k, v in self.regs.items()}[reg_id]

    def results_at(self, r: int) -> list[list[Result]]:
        """Every round's results as they stood when round ``r`` was paired and its
        standings read: corrections made after round r closed are undone."""
        results = [list(rnd.results) for rnd in self.rounds]
        for made_after, number, index, old in reversed(self.corrections):
            if made_after >= r:
                results[number - 1][index] = old
        return results

    def played_tables(self, results: list[list[Result]] | None = None) -> list[ref.PlayedTable]:
        """Every table under the reference's scoring, byes included (the current results
        unless others are given)."""
        out = []
        for k, rnd in enumerate(self.rounds):
            for result in rnd.results if results is None else results[k]:
                s = result.score()
                out.append(ref.PlayedTable(rnd.number, s.points, s.outcome))
            if rnd.bye is not None:
                out.append(
                    ref.PlayedTable(
                        rnd.number, {rnd.bye: ref.bye_points(rnd.number)}, {rnd.bye: "win"}, True
                    )
                )
        return out

    def counted_players(self) -> list[str]:
        """Who the rounds table counts: everyone still in and everyone who played."""
        seated = {p for r in self.rounds for t in r.tables for p in t}
        seated |= {r.bye for r in self.rounds if r.bye}
        return [u for u in self.regs if u not in self.dropped_after or u in seated]


@dataclass
class Step:
    """One entry of a game system's rating timeline, in the order it happened."""

    kind: str  # "round" | "bonus"
    event: EventLog
    round_number: int | None = None


@dataclass
class World:
    """Everything one test did, across events: the API, the people, the timeline."""

    api: Api = field(default_factory=Api)
    director: Person | None = None
    people: dict[str, Person] = field(default_factory=dict)
    timeline: dict[str, list[Step]] = field(default_factory=lambda: defaultdict(list))
    shared_wins: list[tuple[str, list[str]]] = field(default_factory=list)

    league_staff: Person | None = None

    def td(self) -> str:
        assert self.director is not None
        return self.director.token

    def staff_token(self) -> str:
        """The league's staff, who approves sanctioned events for rating."""
        if self.league_staff is None:
            from django.contrib.auth.models import Permission

            self.league_staff = make_players(["league-staff"])["league-staff"]
            user = get_user_model().objects.get(username="league-staff")
            user.user_permissions.add(Permission.objects.get(codename="approve_event"))
        return self.league_staff.token


# --------------------------------------------------------------------------- results


def random_result(
    game: str,
    seed: int,
    rnd: int,
    seats: Sequence[str],
    strength: Mapping[str, int] | None = None,
    loser_mps: int | None = None,
) -> Result:
    """MPs for a table: zero and (METW) negative scores, ties, shared wins in pods,
    and some One Ring wins. With ``strength``, the stronger player wins big nine
    times in ten (ratings then spread far enough to reach the 1..10 clamps)."""
    seats = sorted(seats)  # the same players get the same result whatever their seats
    rng = random.Random(f"{seed}:{rnd}:{'|'.join(seats)}")
    if strength is not None:
        favourite = max(seats, key=lambda p: strength[p])
        winner = favourite if rng.random() < 0.9 else rng.choice(seats)
        lose = (lambda: loser_mps) if loser_mps is not None else (lambda: rng.randint(0, 9))
        return Result({p: 20 if p == winner else lose() for p in seats})
    low = -6 if game == "metw" else 0
    mps = {p: rng.randint(low, 30) for p in seats}
    roll = rng.random()
    if roll < 0.07:
        return Result(mps, one_ring=rng.choice(seats))
    if roll < 0.17:  # a tie: all equal
        tied = rng.randint(low, 30)
        mps = dict.fromkeys(seats, tied)
    elif roll < 0.30 and len(seats) > 2:  # a shared win in a pod
        top = max(mps.values())
        a, b = rng.sample(seats, 2)
        mps[a] = mps[b] = top
    elif roll < 0.40:  # a close game, near the 1.5 and 2 boundaries
        base = rng.randint(2, 14)
        factor = rng.choice([2, 1.5])
        winner = rng.choice(seats)
        for p in seats:
            mps[p] = base
        mps[winner] = int(base * factor) + rng.choice([-1, 0, 0, 1])
    return Result(mps)


def _payload(
    result: Result, regs: dict[str, int], seats: Sequence[str], tweak: int = 0
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "seats": [
            {"registration": regs[p], "mps": result.mps[p] + (tweak if i == 0 else 0)}
            for i, p in enumerate(seats)
        ]
    }
    if result.one_ring is not None:
        body["outcome"] = "one_ring"
        body["winner"] = regs[result.one_ring]
    return body


# --------------------------------------------------------------------------- events


@dataclass
class EventPlan:
    game: str  # "lore" | "metw"
    players: list[str]  # usernames at the start
    seed: int
    multiplayer: bool = False
    late: dict[int, list[str]] = field(default_factory=dict)  # round -> names joining for it
    drops: dict[int, list[str]] = field(default_factory=dict)  # after round -> names
    order: str = "table"  # how a round's results go in: "table", "reverse", "batched"
    trouble: bool = True  # disputes, counter-reports and replaced reports
    sanctioned: bool = True
    strength: dict[str, int] | None = None  # see random_result
    loser_mps: int | None = None  # with strength: every loser's MPs (14 makes it 4–2)
    starts_at: datetime | None = None  # the event's date (seasons go by it); default now


def run_event(
    world: World,
    plan: EventPlan,
    name: str,
    on_round: Callable[[EventLog, RoundLog], None] | None = None,
) -> EventLog:
    """A whole event: create, open, register, check in, pair and play every round,
    late entries and drops, finish."""
    api, td = world.api, world.td()
    for username in [*plan.players, *(n for names in plan.late.values() for n in names)]:
        if username not in world.people:
            world.people.update(make_players([username]))
    event = api.call(
        "post",
        "/api/v1/events/",
        td,
        {
            "name": name,
            "game": plan.game,
            "sanctioned": plan.sanctioned,
            "multiplayer": plan.multiplayer,
            "starts_at": (plan.starts_at or timezone.now()).isoformat(),
        },
    )
    log = EventLog(event["slug"], plan.game, plan.multiplayer)
    log.date = timezone.localdate(plan.starts_at or timezone.now())
    base = f"/api/v1/events/{log.slug}/"
    api.call("post", base + "open/", td)
    if plan.sanctioned:  # rated only once the league approved it
        done = api.call("post", f"/api/v1/ratings/approvals/{log.slug}/", world.staff_token())
        assert done["approved"] is True, done

    def register(username: str, first_round: int) -> None:
        person = world.people[username]
        reg = api.call("post", base + "register/", person.token)
        assert reg["joined_round"] == first_round, reg
        log.regs[username] = reg["id"]
        log.joined[username] = first_round
        person.player_id = reg["player_id"]
        done = api.call(
            "post", base + f"registrations/{reg['id']}/check-in/", td, {"checked_in": True}
        )
        assert done["checked_in"] is True

    for username in plan.players:
        register(username, 1)
    # Pairing seeds never depend on the entry order, so runs that differ only in how
    # results go in are paired alike.
    seeds = random.Random(plan.seed)
    rng = random.Random(f"{plan.seed}:{plan.order}")
    number = 0
    while True:
        info = api.call("get", base, None)
        if number >= info["rounds_total"]:
            break
        number += 1
        for username in plan.late.get(number, []):
            register(username, number)
        pairable = [u for u in log.regs if log.joined[u] <= number and u not in log.dropped_after]
        paired = api.call("post", base + "rounds/pair/", td, {"seed": seeds.randrange(2**31)})
        assert paired["number"] == number
        rnd = _round_log(log, paired, pairable)
        log.rounds.append(rnd)
        for seats in rnd.tables:
            rnd.results.append(
                random_result(plan.game, plan.seed, number, seats, plan.strength, plan.loser_mps)
            )
        _enter_results(world, log, rnd, plan, rng)
        detail = api.call("get", base + f"rounds/{number}/", None)
        assert detail["status"] == "closed", detail["status"]
        rnd.api_tables = detail["tables"]
        rnd.standings = api.call("get", base + "standings/", None, {"page_size": 500})["results"]
        if plan.sanctioned:  # 000 Part VI §3: only sanctioned events are rated
            world.timeline[plan.game].append(Step("round", log, number))
        for username in plan.drops.get(number, []):
            person = world.people[username]
            out = api.call(
                "post", base + f"registrations/{log.regs[username]}/drop/", person.token, {}
            )
            assert out["dropped"] is True
            log.dropped_after[username] = number
        if on_round is not None:
            on_round(log, rnd)
    log.final = api.call("post", base + "finish/", td, {"early": False})
    assert log.final["status"] == "finished"
    if plan.sanctioned:
        world.timeline[plan.game].append(Step("bonus", log))
    return log


def _round_log(log: EventLog, paired: dict[str, Any], pairable: list[str]) -> RoundLog:
    tables, ids, bye = [], [], None
    for table in sorted(paired["tables"], key=lambda t: t["number"]):
        seats = [log.username_of(s["registration"]) for s in table["seats"]]
        if table["is_bye"]:
            assert len(seats) == 1 and bye is None, table
            bye = seats[0]
        else:
            tables.append(seats)
            ids.append(table["id"])
    return RoundLog(paired["number"], pairable, tables, ids, bye)


def _enter_results(
    world: World, log: EventLog, rnd: RoundLog, plan: EventPlan, rng: random.Random
) -> None:
    """Report and confirm every table, in the plan's order, with some trouble on the way:
    a dispute or a differing counter-report settled by the director, and a report the
    reporter replaces before it is confirmed."""
    api, td = world.api, world.td()
    base = f"/api/v1/events/{log.slug}/tables/"
    order = list(range(len(rnd.tables)))
    if plan.order == "reverse":
        order.reverse()
    elif plan.order == "batched":
        rng.shuffle(order)
    confirm_later: list[int] = []
    for i in order:
        seats, result, table_id = rnd.tables[i], rnd.results[i], rnd.table_ids[i]
        first, second = (world.people[seats[0]], world.people[seats[1]])
        url = base + f"{table_id}/"
        roll = rng.random() if plan.trouble else 1.0
        if roll < 0.05:  # the reporter replaces a mistaken report before confirmation
            wrong = _payload(result, log.regs, seats, tweak=1)
            assert api.call("post", url + "report/", first.token, wrong)["status"] == "reported"
        table = api.call("post", url + "report/", first.token, _payload(result, log.regs, seats))
        assert table["status"] == "reported", table
        if roll < 0.05 or roll >= 0.15:
            if plan.order == "batched":
                confirm_later.append(i)
            else:
                done = api.call("post", url + "confirm/", second.token, {})
                assert done["status"] == "confirmed", done
            continue
        if roll < 0.10:
            api.call("post", url + "dispute/", second.token, {"note": "Not what we counted."})
        else:  # a differing report from the other side disputes it too
            counter = _payload(result, log.regs, seats, tweak=2)
            got = api.call("post", url + "report/", second.token, counter)
            assert got["status"] == "disputed", got
        settled = api.call(
            "post",
            url + "set/",
            td,
            {**_payload(result, log.regs, seats), "note": "checked the score pads"},
        )
        assert settled["status"] == "confirmed", settled
    rng.shuffle(confirm_later)
    for i in confirm_later:
        seats = rnd.tables[i]
        done = api.call(
            "post", base + f"{rnd.table_ids[i]}/confirm/", world.people[seats[1]].token, {}
        )
        assert done["status"] == "confirmed", done


def correct_result(world: World, log: EventLog, round_number: int, index: int) -> Result:
    """The director corrects an old, confirmed result (flips who won)."""
    rnd = log.rounds[round_number - 1]
    seats, old = rnd.tables[index], rnd.results[index]
    values = sorted(old.mps.values())
    if old.one_ring is None and len(set(values)) > 1:
        ranked = sorted(seats, key=lambda p: old.mps[p])  # lowest first gets the most
        new = Result({ranked[k]: values[-1 - k] for k in range(len(ranked))})
    else:  # a tie or a One Ring game becomes a clear win for the first seat
        new = Result({p: (20 if i == 0 else 3) for i, p in enumerate(seats)})
    log.corrections.append((len(log.rounds), round_number, index, old))
    rnd.results[index] = new
    table = world.api.call(
        "post",
        f"/api/v1/events/{log.slug}/tables/{rnd.table_ids[index]}/set/",
        world.td(),
        {**_payload(new, log.regs, seats), "note": "score pad re-read"},
    )
    assert table["status"] == "confirmed"
    return new


# --------------------------------------------------------------------------- reading ratings


def product_ledger(world: World, game: str) -> list[tuple[Any, ...]]:
    """The rating ledger as the player-history API shows it:
    (player id, event slug, round or None, kind, before, change, after)."""
    rows = []
    players = {p.player_id for p in world.people.values() if p.player_id is not None}
    for pid in sorted(players):
        data = world.api.call("get", f"/api/v1/ratings/players/{pid}/", None)
        for history in data["games"]:
            if history["game"] != game:
                continue
            for e in history["entries"]:
                rows.append(
                    (
                        pid,
                        e["event_slug"],
                        e["round_number"],
                        e["kind"],
                        e["before"],
                        e["change"],
                        e["after"],
                    )
                )
    return sorted(rows, key=_row_key)


def _row_key(row: tuple[Any, ...]) -> tuple[Any, ...]:
    return (row[0], row[1], row[2] or 0, row[3])


def reference_book(world: World, game: str) -> ref.RatingBook:
    """Replay the game system's timeline from scratch with the reference."""
    book = ref.RatingBook()
    for step in world.timeline[game]:
        log = step.event
        # RULES.md §3 Sanctioning: below 5 players (12 multi-player) an event is not rated.
        if len(log.counted_players()) < (12 if log.multiplayer else 5):
            continue
        player_of = {u: world.people[u].player_id for u in log.regs}
        if step.kind == "round":
            rnd = log.rounds[step.round_number - 1]  # type: ignore[operator]
            book.rate_round(log.slug, rnd.number, [r.score() for r in rnd.results], player_of)
        else:
            ranks = ref.final_standings(log.counted_players(), log.played_tables())
            winners = [u for u, rank in ranks.items() if rank == 1]
            # RULES.md §6 Reading: every player sharing first place after every tiebreak
            # gains the winner's bonus. Recorded for the report.
            if len(winners) > 1:
                world.shared_wins.append((log.slug, sorted(winners)))
            for winner in sorted(winners, key=lambda u: str(log.regs[u])):
                book.winner_bonus(log.slug, player_of[winner])
    return book


def reference_ledger(world: World, game: str) -> list[tuple[Any, ...]]:
    return sorted(
        (
            (r.player, r.event, r.round_number, r.kind, r.before, r.change, r.after)
            for r in reference_book(world, game).rows
        ),
        key=_row_key,
    )
