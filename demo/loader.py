"""The demo behind the README's first command, built through the apps' own services.

Everything a visitor, a player and a director look at in the demo is made the way
people make it on the site: accounts sign up, register, submit deck lists, check in;
the director pairs rounds, players report and confirm results, a pair disagrees, the
director corrects a result and issues warnings. Only accounts, player profiles and the
league season are written directly, because no service creates them (sign-up is a
view writing rows, seasons are made in the admin).

A fixed random seed makes the demo the same every time. The earlier event is played on
a simulated clock (``timezone.now`` patched) so its rounds, ratings and finish carry
the dates they would have had, and the running event's round clock is 20 minutes in.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from decks import services as decks
from decks.demo import is_illegal_sample, sample_decklists
from demo.cast import (  # noqa: F401 (the loader's public names, as before the split)
    ADMIN,
    DEMO_EMAIL_DOMAIN,
    DEMO_PASSWORD,
    DIRECTOR,
    EARLIER_LORE,
    EARLIER_PLAYERS,
    LATE_ENTRY_NAME,
    METW_PLAYERS,
    NO_SHOW,
    PLAYER,
    PLAYER_NAME,
    ROSTER,
    RUNNING_LORE,
    RUNNING_PLAYERS,
    SEASON_SLUG,
    SEED,
    UPCOMING_METW,
    Clock,
    DemoSummary,
    demo_counts,
    demo_exists,
    demo_username,
    demo_users,
    reset_demo,
    simulated_time,
)
from ratings.models import LeagueStaff, Season
from ratings.services import approval
from tournaments import services as tournaments
from tournaments.models import Event, Penalty, Player, Registration, Round, Table

# --------------------------------------------------------------------------- build


class _Builder:
    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        self.now = timezone.now().replace(second=0, microsecond=0)
        self.users: dict[str, User] = {}
        self.skill = {name: (len(ROSTER) - i) / len(ROSTER) for i, name in enumerate(ROSTER)}
        self.summary = DemoSummary()

    # ----------------------------------------------------------------- people

    def make_people(self) -> None:
        """Accounts and player profiles, as the sign-up page makes them."""
        user_model = get_user_model()
        password = make_password(DEMO_PASSWORD)  # hashed once: hashing 40 times is slow

        def account(username: str, name: str, **flags: Any) -> User:
            user = user_model.objects.create(
                username=username,
                email=f"{username}@{DEMO_EMAIL_DOMAIN}",
                password=password,
                first_name=name.split(" ")[0],
                last_name=" ".join(name.split(" ")[1:]),
                **flags,
            )
            Player.objects.create(user=user, display_name=name)
            return user

        self.director = account(DIRECTOR, "Dora Director")
        self.admin = account(ADMIN, "Site Admin", is_staff=True, is_superuser=True)
        for name in ROSTER:
            username = PLAYER if name == PLAYER_NAME else demo_username(name)
            self.users[name] = account(username, name)
        from rest_framework.authtoken.models import Token

        self.summary.api_token = Token.objects.create(user=self.director).key

    def season(self) -> Season:
        today = timezone.localdate(self.now)
        start, end = today - timedelta(days=120), today + timedelta(days=120)
        season = Season.objects.create(
            name=f"LoRE League {start.year}"
            + (f"–{end.year % 100:02d}" if end.year != start.year else ""),
            slug=SEASON_SLUG,
            game="lore",
            starts_on=start,
            ends_on=end,
            description="Every sanctioned LoRE event in these months counts.",
        )
        # The admin is the league's staff: he approves the demo's LoRE events for rating.
        LeagueStaff.objects.create(user=self.admin, season=season)
        self.summary.season = season.slug
        return season

    # ----------------------------------------------------------------- results

    def _mps(self, a: str, b: str) -> tuple[int, int]:
        """Marshalling points of a game between players a and b, leaning to the stronger."""
        rng = self.rng
        lead = self.skill[a] - self.skill[b] + rng.uniform(-0.6, 0.6)
        winner_mps = rng.randint(12, 28)
        ratio = 1 + min(abs(lead), 1.2) * 1.4  # 1 .. 2.7: every band of the ratio table
        loser_mps = round(winner_mps / ratio)
        if abs(lead) < 0.04:
            loser_mps = winner_mps  # a tie
        elif rng.random() < 0.06:
            loser_mps = -rng.randint(1, 3)  # a loser below zero: ratio ≥ 2 (RULES.md reading)
        return (winner_mps, loser_mps) if lead >= 0 else (loser_mps, winner_mps)

    def _result(self, table: Table) -> dict[str, Any]:
        seats = list(table.seats.select_related("registration__player").order_by("position"))
        a, b = (s.registration for s in seats)
        if self.rng.random() < 0.05:
            winner = a if self.skill[a.player.display_name] > self.rng.random() else b
            loser = b if winner is a else a
            return {
                "mps": {winner.pk: self.rng.randint(10, 20), loser.pk: self.rng.randint(0, 12)},
                "outcome": "one_ring",
                "winner": winner.pk,
            }
        ma, mb = self._mps(a.player.display_name, b.player.display_name)
        return {"mps": {a.pk: ma, b.pk: mb}, "time_called": self.rng.random() < 0.15}

    def _user_of(self, reg: Registration) -> User | None:
        return self.users.get(reg.player.display_name)

    def play_table(self, table: Table, how: str | None = None) -> None:
        """One table's result, entered the way it happens at events: one player reports
        and the other confirms, both report the same, or the director types the slip."""
        seats = list(table.seats.select_related("registration__player").order_by("position"))
        result = self._result(table)
        first, second = (self._user_of(s.registration) for s in seats)
        how = how or self.rng.choices(["confirm", "both", "director"], [6, 2, 2])[0]
        if how == "director" or first is None or second is None:
            tournaments.director_set_result(self.director, table, **result, note="from the slip")
            return
        tournaments.report_result(first, table, **result)
        if how == "both":
            tournaments.report_result(second, table, **result)
        elif how == "confirm":
            tournaments.confirm_result(second, table)
        # how == "report": left waiting for the opponent's confirmation

    def play_round(self, event: Event, seed: int, clock: Clock, start: datetime) -> Round:
        clock.at(start)
        rnd = tournaments.pair_next_round(self.director, event, seed=seed)
        clock.at(start + timedelta(minutes=4))
        tournaments.start_round_clock(self.director, rnd)
        tables = [t for t in tournaments.round_tables(rnd) if not t.is_bye]
        for i, table in enumerate(tables):
            clock.at(start + timedelta(minutes=30 + 3 * i))
            self.play_table(table)
        return Round.objects.get(pk=rnd.pk)

    # ----------------------------------------------------------------- events

    def register(self, event: Event, names: list[str]) -> dict[str, Registration]:
        return {name: tournaments.register_self(self.users[name], event) for name in names}

    def earlier_event(self) -> Event:
        """A finished, sanctioned LoRE event five weeks ago: ratings and a league exist."""
        day = (self.now - timedelta(days=35)).replace(hour=10, minute=0)
        with simulated_time(day - timedelta(days=14)) as clock:
            event = tournaments.create_event(
                self.director,
                name=EARLIER_LORE,
                game="lore",
                format_key="lore",
                sanctioned=True,
                planned_rounds=4,
                starts_at=day,
                location="The Last Homely House, Rivendell",
                description="Four rounds of Swiss, 60 minutes each. Sanctioned: games are rated.",
            )
            tournaments.open_registration(self.director, event)
            approval.approve(self.admin, event.slug)  # rated: the league approved it
            regs = self.register(event, ROSTER[:EARLIER_PLAYERS])
            clock.at(day - timedelta(minutes=30))
            for reg in regs.values():
                tournaments.check_in(self.director, reg)
            for number in range(1, 5):
                self.play_round(event, SEED + number, clock, day + timedelta(minutes=75 * number))
            clock.at(day + timedelta(hours=6, minutes=30))
            event = tournaments.finish_event(self.director, event)
        self.summary.earlier_event = event.slug
        return event

    def running_event(self) -> Event:
        """The LoRE event running now: deck lists, three rounds, warnings, a drop, an
        ejection, a late entry, and round 3 still being played."""
        start = self.now - timedelta(minutes=175)
        names = ROSTER[:RUNNING_PLAYERS]
        lists = sample_decklists("lore")
        legal = [text for label, text in lists if not is_illegal_sample(label)]
        illegal = [text for label, text in lists if is_illegal_sample(label)]
        with simulated_time(start - timedelta(days=10)) as clock:
            event = tournaments.create_event(
                self.director,
                name=RUNNING_LORE,
                game="lore",
                format_key="lore",
                sanctioned=True,
                decklists_required=True,
                deck_deadline=start - timedelta(hours=12),
                starts_at=start,
                location="The Prancing Pony, Bree",
                description=(
                    "Swiss rounds of 60 minutes, deck lists due the evening before. "
                    "Sanctioned: games are rated for the LoRE league."
                ),
            )
            tournaments.open_registration(self.director, event)
            approval.approve(self.admin, event.slug)
            regs = self.register(event, names)
            clock.at(start - timedelta(days=2))
            # Three players send an illegal list; one of them fixes it before the deadline.
            broken = {names[7]: illegal[0], names[13]: illegal[1], names[19]: illegal[2]}
            for i, name in enumerate(names):
                if name in (NO_SHOW, names[22]):
                    continue  # the no-show and one forgetful player send no list
                text = broken.get(name, legal[i % len(legal)])
                decks.submit_decklist(self.users[name], event, text)
            decks.submit_decklist(self.users[names[7]], event, legal[0])  # fixed
            clock.at(start - timedelta(minutes=20))
            for name, reg in regs.items():
                if name != NO_SHOW:
                    tournaments.check_in(self.users[name], reg)
            tournaments.drop_no_shows(self.director, event)

            r1 = self.play_round(event, SEED + 11, clock, start)
            tournaments.issue_penalty(
                self.director,
                regs[names[16]],
                Penalty.Offense.SLOW_PLAY,
                "Warned twice by the table judge for long site phases.",
            )
            tournaments.issue_penalty(
                self.director,
                regs[names[9]],
                Penalty.Offense.PROCEDURE,
                "Drew two cards at the end of turn instead of one.",
            )
            # A slip had the two scores swapped; the director corrects it after the round
            # closed, which replays the LoRE ratings.
            clock.at(start + timedelta(minutes=72))
            swapped = next(
                t
                for t in tournaments.round_tables(r1)
                if not t.is_bye
                and t.outcome == "normal"
                and len({s.mps for s in t.seats.all()}) == 2
            )
            seats = list(swapped.seats.order_by("position"))
            tournaments.director_set_result(
                self.director,
                swapped,
                mps={
                    seats[0].registration_id: seats[1].mps,
                    seats[1].registration_id: seats[0].mps,
                },
                time_called=swapped.time_called,
                note="Correction: the slip had the two scores swapped.",
            )

            self.play_round(event, SEED + 12, clock, start + timedelta(minutes=75))
            tournaments.issue_penalty(
                self.director,
                regs[names[16]],
                Penalty.Offense.SLOW_PLAY,
                "Slow play again after the round-1 warning.",
            )  # the second for the same offense: ejected (000 Part VI §3 Warnings)
            tournaments.issue_penalty(
                self.director,
                regs[names[20]],
                Penalty.Offense.TARDINESS,
                "Arrived 8 minutes late to round 2.",
            )
            tournaments.drop(self.users[names[11]], regs[names[11]], "Had to leave early.")
            clock.at(start + timedelta(minutes=145))
            tournaments.add_walkin(self.director, event, LATE_ENTRY_NAME)
            self.round_three(event, clock, start + timedelta(minutes=150))
        self.summary.running_event = event.slug
        return event

    def round_three(self, event: Event, clock: Clock, start: datetime) -> None:
        """Round 3 is being played: most tables are in, one waits for a confirmation, one
        is disputed, and the demo player's own table waits for his report."""
        clock.at(start)
        rnd = tournaments.pair_next_round(self.director, event, seed=SEED + 13)
        me = self.users[PLAYER_NAME]
        # Re-pair (with the next seed) until the demo player sits at a table whose
        # opponent can log in: the walk-in and a bye would leave him nothing to show.
        for attempt in range(1, 20):
            mine = rnd.tables.filter(seats__registration__player__user=me).first()
            others = mine.seats.exclude(registration__player__user=me) if mine else None
            if mine and not mine.is_bye and others and others[0].registration.player.user:
                break
            rnd = tournaments.repair_round(self.director, rnd, seed=SEED + 13 + attempt)
        clock.at(start + timedelta(minutes=5))
        rnd = tournaments.start_round_clock(self.director, rnd)
        tables = [t for t in tournaments.round_tables(rnd) if not t.is_bye]
        mine = next(
            t for t in tables if any(s.registration.player.user_id == me.pk for s in t.seats.all())
        )
        rest = [t for t in tables if t.pk != mine.pk]
        # Reports come from players, so the disputed and waiting tables need two accounts.
        with_accounts = [
            t for t in rest if all(s.registration.player.user_id for s in t.seats.all())
        ]
        disputed, waiting = with_accounts[1], with_accounts[3]
        for i, table in enumerate(rest):
            clock.at(start + timedelta(minutes=14 + i))
            if table is waiting:
                self.play_table(table, how="report")
            elif table is disputed:
                seats = list(
                    table.seats.select_related("registration__player").order_by("position")
                )
                a, b = (s.registration for s in seats)
                user_a, user_b = (self.users[r.player.display_name] for r in (a, b))  # accounts
                tournaments.report_result(user_a, table, mps={a.pk: 16, b.pk: 9})
                tournaments.report_result(user_b, table, mps={a.pk: 9, b.pk: 16})
            else:
                self.play_table(table, how=self.rng.choice(["confirm", "both", "director"]))
        opponent = next(s for s in mine.seats.all() if s.registration.player.user_id != me.pk)
        # The re-pairing above sat him against an account.
        self.summary.opponent = self.users[opponent.registration.player.display_name].username
        self.summary.opponent_name = opponent.registration.player.display_name
        self.summary.player_table = mine.number

    def metw_event(self) -> Event:
        """A METW event taking registrations: 24 players, most lists in, two illegal."""
        starts = (self.now + timedelta(days=9)).replace(hour=10, minute=0)
        lists = sample_decklists("metw")
        legal = [text for label, text in lists if not is_illegal_sample(label)]
        illegal = [text for label, text in lists if is_illegal_sample(label)]
        with simulated_time(self.now - timedelta(days=6)) as clock:
            event = tournaments.create_event(
                self.director,
                name=UPCOMING_METW,
                game="metw",
                format_key="coe",
                sanctioned=True,
                decklists_required=True,
                deck_deadline=starts - timedelta(days=1),
                starts_at=starts,
                location="Elrond's Council Chamber (the club room upstairs)",
                description=(
                    "Council of Elrond tournament rules, short game. Deck lists are due the "
                    "day before. A Wizard eliminated or corrupted scores 6–0."
                ),
            )
            tournaments.open_registration(self.director, event)
            clock.at(self.now - timedelta(days=3))
            names = [n for n in METW_PLAYERS if n != PLAYER_NAME]
            self.register(event, names)
            for i, name in enumerate(names):
                if i in (4, 15):
                    continue  # not sent yet
                text = illegal[i % len(illegal)] if i in (7, 18) else legal[i % len(legal)]
                decks.submit_decklist(self.users[name], event, text)
        self.summary.metw_event = event.slug
        return event


def build_demo() -> DemoSummary:
    """Build the whole demo (call reset_demo first if one exists)."""
    builder = _Builder()
    with transaction.atomic():
        decks.ensure_builtin_formats()
        builder.make_people()
        builder.season()
        builder.earlier_event()
        builder.running_event()
        builder.metw_event()
    summary = builder.summary
    summary.counts = demo_counts()
    return summary
