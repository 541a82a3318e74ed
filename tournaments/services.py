"""Tournament operations: events, registration, rounds, results, penalties, standings.

Every public operation here is one transaction used by the pages, the API and the
tasks alike; the faces above only translate input and show the errors raised here
(core.errors). The rules themselves live in pure modules: how a game scores in
rules_engine, how players are paired in tournaments.pairing, how ties are broken in
tournaments.standings.
"""

from __future__ import annotations

import dataclasses
import re
import secrets
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from django.db import IntegrityError, connection, models, transaction
from django.db.models import F, Max, Q, QuerySet
from django.utils import timezone
from django.utils.text import slugify

from audit import services as audit
from core.errors import Conflict, NotAllowed, NotFound, ServiceError
from rules_engine import (
    GAME_SYSTEMS,
    GameResult,
    GameScore,
    InvalidResult,
    ScoringSettings,
    bye_points,
    get_game,
    score_game,
)
from rules_engine import Seat as EngineSeat
from tournaments import signals
from tournaments.models import (
    Event,
    Penalty,
    Player,
    Registration,
    ResultChange,
    Round,
    Seat,
    Table,
)
from tournaments.pairing import (
    PairingImpossible,
    PairingPlayer,
    PodPairing,
    SwissPairing,
    pair_pods,
    pair_swiss,
    rounds_for_players,
)

if TYPE_CHECKING:
    from tournaments.standings import StandingGame, StandingRow

from tournaments.permissions import (
    is_director,
    may_manage_registration,
    require_director,
    require_login,
    require_seat,
    seat_registration,
)

# 000 Part VI §3 "Sanctioning" / "Multi-player tournaments".
SANCTION_MIN_PLAYERS = 5
SANCTION_MIN_PLAYERS_MULTIPLAYER = 12
# 000 Part VI §3 "Warnings": two for the same offense, or any three, eject.
SAME_OFFENSE_LIMIT = 2
TOTAL_WARNING_LIMIT = 3
# Obvious cheating ejects at once; an illegal deck list counts as cheating (000 Part VI §3).
INSTANT_EJECTION = {Penalty.Offense.CHEATING, Penalty.Offense.ILLEGAL_DECK}
WARNINGS_CITATION = "000 Part VI §3 Warnings: two for the same offense, or any three"

EVENT_FIELDS = (
    "name",
    "game",
    "format_key",
    "multiplayer",
    "sanctioned",
    "decklists_required",
    "deck_deadline",
    "decklists_published",
    "planned_rounds",
    "round_minutes",
    "break_minutes",
    "starts_at",
    "location",
    "description",
    "tiebreaks",
    "scoring_settings",
)
# Changing these after round 1 would change how already-played games were paired, scored
# or rated (only sanctioned events are rated).
LOCKED_AFTER_START = ("game", "multiplayer", "scoring_settings", "sanctioned")
SETTINGS_FIELDS = {f.name for f in dataclasses.fields(ScoringSettings)}


# --------------------------------------------------------------------------- helpers


def _sqlite_write_lock(model: type[models.Model], pk: int) -> None:
    """SQLite ignores SELECT ... FOR UPDATE, and a transaction that reads before it writes
    fails ("database is locked") when another writer got in first. A no-op UPDATE takes
    the write lock at once, so concurrent callers wait their turn (busy timeout) instead."""
    if connection.vendor == "sqlite":
        model.objects.filter(pk=pk).update(id=F("id"))


def _lock_event(event: Event | int) -> Event:
    pk = event.pk if isinstance(event, Event) else event
    _sqlite_write_lock(Event, pk)
    try:
        return Event.objects.select_for_update().get(pk=pk)
    except Event.DoesNotExist:
        raise NotFound("No such event.")


def _lock_table(table: Table | int) -> Table:
    pk = table.pk if isinstance(table, Table) else table
    _sqlite_write_lock(Table, pk)
    try:
        return Table.objects.select_for_update().select_related("round__event").get(pk=pk)
    except Table.DoesNotExist:
        raise NotFound("No such table.")


def _registration_snapshot(reg: Registration) -> dict[str, Any]:
    return {
        "player": reg.player.display_name,
        "checked_in": reg.checked_in,
        "joined_round": reg.joined_round,
        "dropped": reg.dropped,
        "dropped_after_round": reg.dropped_after_round,
        "ejected": reg.ejected,
        "ejection_reason": reg.ejection_reason,
    }


def _last_round(event: Event) -> Round | None:
    return event.rounds.order_by("-number").first()


def _last_round_number(event: Event) -> int:
    return event.rounds.aggregate(n=Max("number"))["n"] or 0


def next_round_number(event: Event) -> int:
    return _last_round_number(event) + 1


def scoring_settings_for(event: Event) -> ScoringSettings:
    """The event's rule readings as the engine takes them (defaults for what is unset)."""
    values = {k: v for k, v in (event.scoring_settings or {}).items() if k in SETTINGS_FIELDS}
    if "metw_elimination_points" in values and isinstance(values["metw_elimination_points"], list):
        values["metw_elimination_points"] = tuple(values["metw_elimination_points"])
    return ScoringSettings(**values)


def tiebreaks_for(event: Event) -> list[str]:
    from tournaments.standings import DEFAULT_TIEBREAKS

    return list(event.tiebreaks) if event.tiebreaks else list(DEFAULT_TIEBREAKS)


def tiebreak_labels(event: Event) -> list[str]:
    """The event's tiebreak chain in words, for its pages."""
    from tournaments.standings import TIEBREAKS

    labels = {"fewer_losses": "fewer losses"}
    return [
        labels.get(name) or getattr(TIEBREAKS.get(name), "label", name)
        for name in tiebreaks_for(event)
    ]


def counted_players(event: Event) -> int:
    """Players the rulebook's round table counts: everyone still in, plus everyone who
    played and then dropped (a drop after round 1 does not shorten the event)."""
    return (
        event.registrations.filter(Q(dropped=False, ejected=False) | Q(seats__isnull=False))
        .distinct()
        .count()
    )


def rounds_total(event: Event) -> int:
    """The number of rounds: the director's override, or 000 Part VI §3's table."""
    if event.planned_rounds:
        return event.planned_rounds
    return rounds_for_players(max(counted_players(event), 1), event.multiplayer)


def rounds_from_table(event: Event) -> int:
    return rounds_for_players(max(counted_players(event), 1), event.multiplayer)


@dataclass(frozen=True)
class Sanctioning:
    players: int
    minimum: int
    meets_minimum: bool
    message: str


def sanctioning_status(event: Event) -> Sanctioning:
    """000 Part VI §3: a sanctioned event needs at least 5 players (12 for multi-player)."""
    minimum = SANCTION_MIN_PLAYERS_MULTIPLAYER if event.multiplayer else SANCTION_MIN_PLAYERS
    players = counted_players(event)
    kind = "a multi-player" if event.multiplayer else "a"
    if players >= minimum:
        message = f"{players} players: meets the minimum of {minimum} for {kind} sanctioned event."
    else:
        message = (
            f"{players} players: {kind} sanctioned event needs at least {minimum} "
            f"(000 Part VI §3); {minimum - players} more needed."
        )
    return Sanctioning(players, minimum, players >= minimum, message)


def _unique_slug(name: str) -> str:
    base = slugify(name)[:200] or "event"
    slug = base
    n = 2
    while Event.objects.filter(slug=slug).exists():
        slug = f"{base}-{n}"
        n += 1
    return slug


def _validate_event(data: Mapping[str, Any]) -> None:
    problems: list[dict[str, str]] = []

    def bad(field: str, message: str) -> None:
        problems.append({"code": "invalid", "field": field, "message": message})

    game = data.get("game")
    if game not in GAME_SYSTEMS:
        bad("game", f"Unknown game {game!r}: choose one of {', '.join(GAME_SYSTEMS)}.")
    elif data.get("multiplayer") and get_game(game).multiplayer_seats is None:
        bad("multiplayer", f"{get_game(game).name} has no multi-player game (RULES.md §1).")
    if not str(data.get("name") or "").strip():
        bad("name", "The event needs a name.")
    planned = data.get("planned_rounds")
    if planned is not None and not (isinstance(planned, int) and 1 <= planned <= 30):
        bad("planned_rounds", "Planned rounds must be 1 to 30 (or empty for the rulebook's table).")
    minutes = data.get("round_minutes", 60)
    if not (isinstance(minutes, int) and 5 <= minutes <= 600):
        bad("round_minutes", "A round lasts 5 to 600 minutes.")
    pause = data.get("break_minutes", 15)
    if not (isinstance(pause, int) and 0 <= pause <= 240):
        bad("break_minutes", "A break lasts 0 to 240 minutes.")
    tiebreaks = data.get("tiebreaks") or []
    if not isinstance(tiebreaks, list) or not all(isinstance(t, str) for t in tiebreaks):
        bad("tiebreaks", "Tiebreaks are a list of metric names.")
    elif tiebreaks:
        from tournaments.standings import TIEBREAKS

        unknown = [t for t in tiebreaks if t not in TIEBREAKS]
        if unknown:
            bad(
                "tiebreaks",
                f"Unknown tiebreak {', '.join(unknown)}: choose from {', '.join(TIEBREAKS)}.",
            )
        if len(set(tiebreaks)) != len(tiebreaks):
            bad("tiebreaks", "A tiebreak is listed twice.")
    settings = data.get("scoring_settings") or {}
    if not isinstance(settings, dict):
        bad("scoring_settings", "Scoring settings are an object of setting names and values.")
    else:
        unknown = sorted(set(settings) - SETTINGS_FIELDS)
        if unknown:
            bad(
                "scoring_settings",
                f"Unknown setting {', '.join(unknown)}: the settings are "
                f"{', '.join(sorted(SETTINGS_FIELDS))}.",
            )
        if settings.get("half_cap", "exact") not in ("exact", "round-up"):
            bad("scoring_settings", "half_cap is 'exact' or 'round-up'.")
        for key in ("lotr_tcg_win_points", "lotr_tcg_rating_points"):
            value = settings.get(key, 1)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10:
                bad("scoring_settings", f"{key} must be a whole number from 0 to 10.")
        elim = settings.get("metw_elimination_points", (6, 0))
        if (
            not isinstance(elim, list | tuple)
            or len(elim) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 7 for v in elim)
            or elim[0] < elim[1]
        ):
            bad(
                "scoring_settings",
                "metw_elimination_points is two whole numbers from 0 to 7, the winner's first.",
            )
    if problems:
        raise ServiceError(
            " ".join(p["message"] for p in problems), code="invalid_event", problems=problems
        )


def _event_snapshot(event: Event) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in (*EVENT_FIELDS, "status"):
        value = getattr(event, name)
        out[name] = value.isoformat() if isinstance(value, datetime) else value
    return out


# --------------------------------------------------------------------------- events


@transaction.atomic
def create_event(user: Any, **data: Any) -> Event:
    """Create an event in draft; the creator becomes its tournament director."""
    require_login(user)
    data = {k: v for k, v in data.items() if k in EVENT_FIELDS}
    data.setdefault("round_minutes", 60)
    data.setdefault("break_minutes", 15)
    _validate_event(data)
    if data.get("tiebreaks") is None:
        data["tiebreaks"] = []
    if data.get("scoring_settings") is None:
        data["scoring_settings"] = {}
    event = Event.objects.create(organizer=user, slug=_unique_slug(data["name"]), **data)
    audit.record(actor=user, obj=event, action="create", after=_event_snapshot(event), event=event)
    return event


@transaction.atomic
def update_event(user: Any, event: Event, **data: Any) -> Event:
    event = _lock_event(event)
    require_director(user, event)
    data = {k: v for k, v in data.items() if k in EVENT_FIELDS}
    if event.status == Event.Status.FINISHED:
        raise Conflict("The event is finished; it can no longer be changed.")
    started = event.rounds.exists()
    if started:
        changed = [k for k in LOCKED_AFTER_START if k in data and data[k] != getattr(event, k)]
        if changed:
            raise Conflict(
                f"Round 1 has been paired: {', '.join(changed)} can no longer change, "
                "because games already played were paired, scored and rated by them."
            )
    planned = data.get("planned_rounds")
    if planned and planned < _last_round_number(event):
        raise ServiceError(
            f"{_last_round_number(event)} rounds have already been paired; "
            "planned rounds cannot be fewer."
        )
    merged = {name: getattr(event, name) for name in EVENT_FIELDS}
    merged.update(data)
    _validate_event(merged)
    before = _event_snapshot(event)
    for key, value in data.items():
        if key in ("tiebreaks", "scoring_settings") and value is None:
            value = [] if key == "tiebreaks" else {}
        setattr(event, key, value)
    event.save()
    audit.record(
        actor=user,
        obj=event,
        action="update",
        before=before,
        after=_event_snapshot(event),
        event=event,
    )
    return event


@transaction.atomic
def open_registration(user: Any, event: Event) -> Event:
    event = _lock_event(event)
    require_director(user, event)
    if event.status != Event.Status.DRAFT:
        raise Conflict(
            "Registration can only be opened from draft; "
            f"the event is {event.get_status_display().lower()}."
        )
    event.status = Event.Status.REGISTRATION
    event.save(update_fields=["status"])
    audit.record(
        actor=user,
        obj=event,
        action="open_registration",
        event=event,
        before={"status": "draft"},
        after={"status": event.status},
    )
    return event


@transaction.atomic
def finish_event(user: Any, event: Event, *, early: bool = False) -> Event:
    """Close the event after its last round. ``early`` lets the director end it before
    the planned number of rounds (the standings stand as they are)."""
    event = _lock_event(event)
    require_director(user, event)
    if event.status != Event.Status.RUNNING:
        raise Conflict(
            "Only a running event can be finished; "
            f"this one is {event.get_status_display().lower()}."
        )
    last = _last_round(event)
    if last is None:
        raise Conflict("No round has been played yet.")
    if last.status != Round.Status.CLOSED:
        raise Conflict(
            f"Round {last.number} is still open: every table needs a confirmed result first."
        )
    total = rounds_total(event)
    if last.number < total and not early:
        raise Conflict(
            f"Only {last.number} of {total} rounds have been played. Pair the next round, "
            "or finish early on purpose."
        )
    event.status = Event.Status.FINISHED
    event.finished_at = timezone.now()
    event.save(update_fields=["status", "finished_at"])
    audit.record(
        actor=user,
        obj=event,
        action="finish",
        event=event,
        after={"status": event.status, "rounds": last.number, "early": last.number < total},
    )
    signals.event_finished.send(sender=Event, event=event)
    return event


# --------------------------------------------------------------------------- registration


def _player_for(user: Any) -> Player:
    player = Player.objects.filter(user=user).first()
    if player is None:
        name = (user.get_full_name() or user.get_username()).strip() or f"Player {user.pk}"
        player = Player.objects.create(user=user, display_name=name[:100])
    return player


def _register(actor: Any, event: Event, player: Player, how: str) -> Registration:
    if event.status not in (Event.Status.REGISTRATION, Event.Status.RUNNING):
        raise Conflict(
            f"{event.name} is not taking registrations ({event.get_status_display().lower()})."
        )
    existing = Registration.objects.filter(event=event, player=player).first()
    if existing is not None:
        state = " (dropped: the director can re-add you)" if existing.dropped else ""
        raise Conflict(f"{player.display_name} is already registered for {event.name}{state}.")
    # Late entry: a player joining a running event starts at 0 points in the next round.
    joined = next_round_number(event) if event.status == Event.Status.RUNNING else 1
    try:
        with transaction.atomic():
            reg = Registration.objects.create(event=event, player=player, joined_round=joined)
    except IntegrityError:
        raise Conflict(f"{player.display_name} is already registered for {event.name}.")
    audit.record(
        actor=actor,
        obj=reg,
        action=how,
        after=_registration_snapshot(reg),
        event=event,
        note="late entry" if joined > 1 else "",
    )
    return reg


@transaction.atomic
def register_self(user: Any, event: Event) -> Registration:
    """A player signs himself up (or enters late while the event runs)."""
    require_login(user)
    event = _lock_event(event)
    return _register(user, event, _player_for(user), "register")


def _is_staff(user: Any) -> bool:
    return bool(getattr(user, "is_staff", False))


@transaction.atomic
def add_walkin(
    user: Any,
    event: Event,
    display_name: str = "",
    membership_number: str = "",
    player: Player | None = None,
) -> Registration:
    """The director adds a player at the door: an existing player, or a new one without
    an account."""
    event = _lock_event(event)
    require_director(user, event)
    if player is not None and player.user_id is not None and not _is_staff(user):
        # A player with an account signs up himself: otherwise any director could put
        # him into a sanctioned event of his own making and move his rating.
        raise NotAllowed(
            f"{player.display_name} has an account and registers for events himself; "
            "only staff can add him as a walk-in."
        )
    if player is None:
        name = (display_name or "").strip()
        if not name:
            raise ServiceError("Give the walk-in player's name.", code="invalid")
        player = Player.objects.create(
            display_name=name[:100], membership_number=(membership_number or "").strip()[:40]
        )
    reg = _register(user, event, player, "walkin")
    return reg


def _lock_registration(registration: Registration | int) -> Registration:
    pk = registration.pk if isinstance(registration, Registration) else registration
    try:
        return Registration.objects.select_for_update().select_related("player", "event").get(pk=pk)
    except Registration.DoesNotExist:
        raise NotFound("No such registration.")


@transaction.atomic
def check_in(user: Any, registration: Registration, checked_in: bool = True) -> Registration:
    reg = _lock_registration(registration)
    if not may_manage_registration(user, reg):
        raise NotAllowed("Only the director or the player himself can check in.")
    if reg.event.status == Event.Status.FINISHED:
        raise Conflict("The event is finished.")
    before = _registration_snapshot(reg)
    reg.checked_in = checked_in
    reg.save(update_fields=["checked_in"])
    audit.record(
        actor=user,
        obj=reg,
        action="check_in" if checked_in else "check_out",
        before=before,
        after=_registration_snapshot(reg),
        event=reg.event,
    )
    return reg


def _drop(actor: Any, reg: Registration, action: str, note: str = "") -> None:
    before = _registration_snapshot(reg)
    reg.dropped = True
    reg.dropped_after_round = _last_round_number(reg.event)
    reg.save(update_fields=["dropped", "dropped_after_round", "ejected", "ejection_reason"])
    audit.record(
        actor=actor,
        obj=reg,
        action=action,
        before=before,
        after=_registration_snapshot(reg),
        event=reg.event,
        note=note,
    )


@transaction.atomic
def drop(user: Any, registration: Registration, note: str = "") -> Registration:
    """Take a player out of later pairings; results he played stand."""
    reg = _lock_registration(registration)
    if not may_manage_registration(user, reg):
        raise NotAllowed("Only the director or the player himself can drop a registration.")
    if reg.event.status == Event.Status.FINISHED:
        raise Conflict("The event is finished.")
    if reg.dropped:
        raise Conflict(f"{reg.player.display_name} has already dropped.")
    _drop(user, reg, "drop", note)
    return reg


@transaction.atomic
def readd(user: Any, registration: Registration) -> Registration:
    """The director puts a dropped player back into later pairings."""
    reg = _lock_registration(registration)
    require_director(user, reg.event)
    if reg.event.status == Event.Status.FINISHED:
        raise Conflict("The event is finished.")
    if reg.ejected:
        raise Conflict(
            f"{reg.player.display_name} was ejected ({reg.ejection_reason}); an ejected player "
            "cannot be re-added."
        )
    if not reg.dropped:
        raise Conflict(f"{reg.player.display_name} has not dropped.")
    before = _registration_snapshot(reg)
    reg.dropped = False
    reg.dropped_after_round = None
    reg.save(update_fields=["dropped", "dropped_after_round"])
    audit.record(
        actor=user,
        obj=reg,
        action="readd",
        before=before,
        after=_registration_snapshot(reg),
        event=reg.event,
    )
    return reg


@transaction.atomic
def drop_no_shows(user: Any, event: Event) -> int:
    """Before round 1: drop every registered player who has not checked in."""
    event = _lock_event(event)
    require_director(user, event)
    if event.rounds.exists():
        raise Conflict("Round 1 has been paired; drop players one by one now.")
    regs = list(
        event.registrations.filter(checked_in=False, dropped=False).select_related(
            "player", "event"
        )
    )
    for reg in regs:
        _drop(user, reg, "drop", "not checked in before round 1")
    return len(regs)


# --------------------------------------------------------------------------- pairing


@dataclass
class PlayerRecord:
    score: int = 0
    opponents: set[str] = dataclasses.field(default_factory=set)
    had_bye: bool = False


def player_records(event: Event) -> dict[int, PlayerRecord]:
    """Points from confirmed results, everyone met and who had a bye, per registration id."""
    records: dict[int, PlayerRecord] = defaultdict(PlayerRecord)
    by_table: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(event=event).select_related("table"):
        by_table[seat.table_id].append(seat)
        rec = records[seat.registration_id]
        if seat.is_bye:
            rec.had_bye = True
        if seat.table.status == Table.Status.CONFIRMED and seat.points is not None:
            rec.score += seat.points
    for seats in by_table.values():
        for seat in seats:
            records[seat.registration_id].opponents.update(
                str(o.registration_id) for o in seats if o.pk != seat.pk
            )
    return records


def pairable_registrations(event: Event, number: int) -> list[Registration]:
    """Dropped and ejected players are never paired; late entries from their round on."""
    return list(
        event.registrations.filter(dropped=False, ejected=False, joined_round__lte=number)
        .select_related("player")
        .order_by("pk")
    )


def _compute_pairing(
    event: Event, number: int, seed: int
) -> tuple[SwissPairing | PodPairing, dict[str, Registration]]:
    regs = pairable_registrations(event, number)
    needed = 3 if event.multiplayer else 2
    if len(regs) < needed:
        raise ServiceError(
            f"Round {number} needs at least {needed} players still in the event; "
            f"{len(regs)} can be paired.",
            code="too_few_players",
        )
    records = player_records(event)
    players = [
        PairingPlayer(
            id=str(reg.pk),
            name=reg.player.display_name,
            score=records[reg.pk].score,
            opponents=frozenset(records[reg.pk].opponents),
            had_bye=records[reg.pk].had_bye,
        )
        for reg in regs
    ]
    try:
        if event.multiplayer:
            previous = _previous_pods(event)
            pairing: SwissPairing | PodPairing = pair_pods(
                players, number, seed, previous_pods=previous
            )
        else:
            pairing = pair_swiss(players, number, seed)
    except PairingImpossible as exc:
        raise ServiceError(str(exc), code="pairing_impossible")
    return pairing, {str(reg.pk): reg for reg in regs}


def _previous_pods(event: Event) -> list[frozenset[str]]:
    pods: dict[int, set[str]] = defaultdict(set)
    for table_id, reg_id in Seat.objects.filter(event=event, is_bye=False).values_list(
        "table_id", "registration_id"
    ):
        pods[table_id].add(str(reg_id))
    return [frozenset(p) for p in pods.values()]


def _create_tables(
    rnd: Round, pairing: SwissPairing | PodPairing, regs: dict[str, Registration]
) -> None:
    event = rnd.event
    for number, ids in enumerate(pairing.tables, start=1):
        table = Table.objects.create(round=rnd, number=number)
        Seat.objects.bulk_create(
            [
                Seat(table=table, round=rnd, event=event, registration=regs[pid], position=pos)
                for pos, pid in enumerate(ids, start=1)
            ]
        )
    bye = getattr(pairing, "bye", None)
    if bye is not None:
        now = timezone.now()
        points = bye_points(event.game, rnd.number, scoring_settings_for(event))
        table = Table.objects.create(
            round=rnd,
            number=len(pairing.tables) + 1,
            is_bye=True,
            status=Table.Status.CONFIRMED,
            band=f"Bye ({points})",
            confirmed_at=now,
        )
        Seat.objects.create(
            table=table,
            round=rnd,
            event=event,
            registration=regs[bye],
            position=1,
            is_bye=True,
            points=points,
            outcome=Seat.Outcome.WIN,
        )


def _pairing_snapshot(pairing: Any, seed: int) -> dict[str, Any]:
    """What the audit trail keeps of a pairing: enough to reproduce and compare it."""
    return {
        "seed": seed,
        "tables": [list(t) for t in pairing.tables],
        "bye": getattr(pairing, "bye", None),
    }


def _new_seed() -> int:
    return secrets.randbelow(2**31)


def pair_blocker(event: Event) -> Conflict | None:
    """Why the next round cannot be paired now, or None. The dashboard shows its button
    from this, and pair_next_round raises it: one rule for both."""
    if event.status not in (Event.Status.REGISTRATION, Event.Status.RUNNING):
        return Conflict(
            f"Rounds are paired while registration is open or the event runs; "
            f"it is {event.get_status_display().lower()}."
        )
    last = _last_round(event)
    if last is not None and last.status != Round.Status.CLOSED:
        open_tables = last.tables.exclude(status=Table.Status.CONFIRMED).order_by("number")
        numbers = ", ".join(str(t.number) for t in open_tables[:10])
        return Conflict(
            f"Round {last.number} is still open: table(s) {numbers} have no confirmed result. "
            "The next round can be paired once every table is confirmed.",
            code="round_open",
        )
    total = rounds_total(event)
    if (last.number if last else 0) >= total:
        return Conflict(
            f"All {total} rounds have been played. Finish the event, or raise the planned "
            "number of rounds to play more.",
            code="all_rounds_played",
        )
    return None


def repair_blocker(rnd: Round) -> Conflict | None:
    """Why a round cannot be paired again, or None (the dashboard's button and repair_round)."""
    if rnd.number != _last_round_number(rnd.event):
        return Conflict(f"Only the latest round can be re-paired; round {rnd.number} is not.")
    played = (
        rnd.tables.filter(is_bye=False)
        .filter(~Q(status=Table.Status.PENDING) | Q(changes__isnull=False))
        .order_by("number")
        .first()
    )
    if played is not None:
        return Conflict(
            f"Round {rnd.number} already has a result at table {played.number}; "
            "it can no longer be re-paired.",
            code="round_has_results",
        )
    return None


@transaction.atomic
def pair_next_round(user: Any, event: Event, seed: int | None = None) -> Round:
    """Pair the next round. Locks the event row so two directors clicking at once get one
    round; the (event, number) unique constraint is the last line of defence."""
    event = _lock_event(event)
    require_director(user, event)
    blocker = pair_blocker(event)
    if blocker is not None:
        raise blocker
    number = _last_round_number(event) + 1
    seed = _new_seed() if seed is None else int(seed)
    pairing, regs = _compute_pairing(event, number, seed)
    try:
        with transaction.atomic():
            rnd = Round.objects.create(
                event=event, number=number, seed=seed, explanation=list(pairing.explanation)
            )
    except IntegrityError:
        raise Conflict(f"Round {number} was already paired.", code="already_paired")
    _create_tables(rnd, pairing, regs)
    if event.status == Event.Status.REGISTRATION:
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])
    audit.record(
        actor=user,
        obj=rnd,
        action="pair",
        event=event,
        after={"round": number, **_pairing_snapshot(pairing, seed)},
    )
    _maybe_close_round(rnd)
    return rnd


@transaction.atomic
def repair_round(user: Any, rnd: Round, seed: int | None = None) -> Round:
    """Throw away a round's pairing and pair it again, only while none of its tables has
    a result (a bye does not count: it is scored by the rules, not reported)."""
    event = _lock_event(rnd.event_id)
    require_director(user, event)
    rnd = Round.objects.select_for_update().get(pk=rnd.pk)
    blocker = repair_blocker(rnd)
    if blocker is not None:
        raise blocker
    before = {
        "seed": rnd.seed,
        "tables": [
            [s.registration_id for s in t.seats.all()] for t in rnd.tables.prefetch_related("seats")
        ],
    }
    rnd.tables.all().delete()
    seed = _new_seed() if seed is None else int(seed)
    pairing, regs = _compute_pairing(event, rnd.number, seed)
    rnd.seed = seed
    rnd.explanation = list(pairing.explanation)
    rnd.status = Round.Status.PAIRED
    rnd.started_at = None
    rnd.closed_at = None
    rnd.save()
    _create_tables(rnd, pairing, regs)
    audit.record(
        actor=user,
        obj=rnd,
        action="repair",
        event=event,
        before=before,
        after=_pairing_snapshot(pairing, seed),
    )
    _maybe_close_round(rnd)
    return rnd


@transaction.atomic
def start_round_clock(user: Any, rnd: Round) -> Round:
    """Start (or restart) the round timer: the round ends round_minutes later."""
    event = _lock_event(rnd.event_id)
    require_director(user, event)
    rnd = Round.objects.select_for_update().get(pk=rnd.pk)
    if rnd.status == Round.Status.CLOSED:
        raise Conflict(f"Round {rnd.number} is already closed.")
    rnd.started_at = timezone.now()
    rnd.status = Round.Status.RUNNING
    rnd.save(update_fields=["started_at", "status"])
    audit.record(
        actor=user,
        obj=rnd,
        action="start_clock",
        event=event,
        after={"started_at": rnd.started_at.isoformat()},
    )
    return rnd


@dataclass(frozen=True)
class RoundTimer:
    round_number: int
    started_at: datetime | None
    ends_at: datetime | None
    break_ends_at: datetime | None
    round_minutes: int
    break_minutes: int
    remaining_seconds: int | None  # None before the clock starts
    closed: bool


def round_timer(rnd: Round, now: datetime | None = None) -> RoundTimer:
    event = rnd.event
    now = now or timezone.now()
    ends = breaks = remaining = None
    if rnd.started_at:
        ends = rnd.started_at + timedelta(minutes=event.round_minutes)
        breaks = ends + timedelta(minutes=event.break_minutes)
        remaining = max(0, int((ends - now).total_seconds()))
    return RoundTimer(
        rnd.number,
        rnd.started_at,
        ends,
        breaks,
        event.round_minutes,
        event.break_minutes,
        remaining,
        rnd.status == Round.Status.CLOSED,
    )


def _maybe_close_round(rnd: Round) -> bool:
    """Close the round once every table has a confirmed result (sends round_closed)."""
    if rnd.status == Round.Status.CLOSED:
        return False
    if rnd.tables.exclude(status=Table.Status.CONFIRMED).exists():
        return False
    rnd.status = Round.Status.CLOSED
    rnd.closed_at = timezone.now()
    rnd.save(update_fields=["status", "closed_at"])
    signals.round_closed.send(sender=Round, round=rnd)
    return True


# --------------------------------------------------------------------------- results


def table_snapshot(table: Table) -> dict[str, Any]:
    """A table's result as plain JSON, for the change history and the export."""
    return {
        "status": table.status,
        "outcome": table.outcome,
        "winner": table.winner_id,
        "time_called": table.time_called,
        "band": table.band,
        "seats": [
            {
                "registration": s.registration_id,
                "player": s.registration.player.display_name,
                "mps": s.mps,
                "points": s.points,
                "outcome": s.outcome,
            }
            for s in table.seats.select_related("registration__player").order_by("position")
        ],
    }


@dataclass(frozen=True)
class ReportedResult:
    """A result as people report it: score per seat (registration id), outcome, winner."""

    mps: dict[int, int | None]
    outcome: str = "normal"
    winner: int | None = None
    time_called: bool = False

    def as_json(self) -> dict[str, Any]:
        return {
            "mps": {str(k): v for k, v in sorted(self.mps.items())},
            "outcome": self.outcome,
            "winner": self.winner,
            "time_called": self.time_called,
        }


def _reported(
    table: Table,
    mps: Mapping[Any, Any] | Iterable[Mapping[str, Any]] | None,
    outcome: str | None,
    winner: Any,
    time_called: bool,
) -> ReportedResult:
    seat_ids = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    given: dict[int, Any] = {}
    if mps is None:
        mps = {}
    items = (
        mps.items()
        if isinstance(mps, Mapping)
        else ((row.get("registration"), row.get("mps")) for row in mps)
    )
    for key, value in items:
        try:
            rid = int(key)
        except (TypeError, ValueError):
            raise ServiceError(f"{key!r} is not a registration id.", code="invalid")
        if rid not in seat_ids:
            raise ServiceError(
                f"Registration {rid} has no seat at table {table.number}.", code="not_seated"
            )
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise ServiceError(f"The score of registration {rid} must be a whole number.")
        given[rid] = value
    win: int | None = None
    if winner not in (None, ""):
        try:
            win = int(winner)
        except (TypeError, ValueError):
            raise ServiceError(f"{winner!r} is not a registration id.", code="invalid")
        if win not in seat_ids:
            raise ServiceError(
                f"The winner (registration {win}) has no seat at table {table.number}.",
                code="not_seated",
            )
    return ReportedResult(
        mps={rid: given.get(rid) for rid in seat_ids},
        outcome=outcome or "normal",
        winner=win,
        time_called=bool(time_called),
    )


def _engine_result(table: Table, reported: ReportedResult) -> GameResult:
    event = table.round.event
    return GameResult(
        game=event.game,
        seats=tuple(EngineSeat(str(rid), mps) for rid, mps in reported.mps.items()),
        round_number=table.round.number,
        multiplayer=event.multiplayer,
        outcome=reported.outcome,
        winner=str(reported.winner) if reported.winner is not None else None,
        time_called=reported.time_called,
    )


def _human_problems(table: Table, exc: InvalidResult) -> list[dict[str, Any]]:
    """The engine names players by id; show people their names instead."""
    names = {
        str(s.registration_id): s.registration.player.display_name
        for s in table.seats.select_related("registration__player")
    }
    out = []
    for p in exc.problems:
        message = p.message
        for rid, name in names.items():
            message = re.sub(rf"'{rid}'|\b{rid}(?='s)|(?<=\(){rid}(?=\))", name, message)
            message = re.sub(rf"(?<=\s){rid}(?= and |,| are )", name, message)
        out.append({"code": p.code, "message": message, "field": getattr(p, "field", None)})
    return out


def _score(table: Table, reported: ReportedResult) -> GameScore:
    event = table.round.event
    try:
        return score_game(_engine_result(table, reported), scoring_settings_for(event))
    except InvalidResult as exc:
        problems = _human_problems(table, exc)
        raise ServiceError(
            " ".join(p["message"] for p in problems), code="invalid_result", problems=problems
        )


def _write_result(table: Table, reported: ReportedResult, score: GameScore) -> None:
    table.outcome = reported.outcome
    table.winner_id = reported.winner
    table.time_called = reported.time_called
    table.band = score.band[:60]
    for seat in table.seats.all():
        key = str(seat.registration_id)
        seat.mps = reported.mps.get(seat.registration_id)
        seat.points = score.points.get(key, 0)
        seat.outcome = score.outcome.get(key, "")
        seat.save(update_fields=["mps", "points", "outcome"])


def _stored_result(table: Table) -> ReportedResult:
    return ReportedResult(
        mps={s.registration_id: s.mps for s in table.seats.order_by("position")},
        outcome=table.outcome,
        winner=table.winner_id,
        time_called=table.time_called,
    )


def _log_change(
    table: Table, action: str, user: Any, before: dict[str, Any] | None, note: str = ""
) -> ResultChange:
    after = table_snapshot(table)
    change = ResultChange.objects.create(
        table=table,
        action=action,
        by=user if getattr(user, "is_authenticated", False) else None,
        before=before,
        after=after,
        note=note[:500],
    )
    audit.record(
        actor=user,
        obj=table,
        action=f"result_{action}",
        before=before,
        after=after,
        event=table.round.event,
        note=note or f"round {table.round.number} table {table.number}",
    )
    return change


def _check_version(table: Table, version: int | None) -> None:
    if version is not None and int(version) != table.version:
        raise Conflict(
            "The result of this table changed since you loaded it; look at it again.",
            code="stale",
        )


def _require_running(table: Table) -> None:
    event = table.round.event
    if event.status != Event.Status.RUNNING:
        raise Conflict(f"{event.name} is not running; results cannot be reported.")
    if table.is_bye:
        raise ServiceError("A bye has no result to report: its points are fixed by the rules.")


@transaction.atomic
def report_result(
    user: Any,
    table: Table | int,
    mps: Mapping[Any, Any] | Iterable[Mapping[str, Any]] | None = None,
    outcome: str | None = "normal",
    winner: Any = None,
    time_called: bool = False,
    version: int | None = None,
) -> Table:
    """A player at the table reports its result. A report from the other side that
    matches the standing one confirms it; one that differs disputes it."""
    table = _lock_table(table)
    reporter = require_seat(user, table)
    _require_running(table)
    _check_version(table, version)
    if table.status == Table.Status.CONFIRMED:
        raise Conflict(
            f"Table {table.number} already has a confirmed result; ask the director to correct it.",
            code="already_confirmed",
        )
    if table.status == Table.Status.DISPUTED:
        raise Conflict(
            f"The result of table {table.number} is disputed; the director will decide it.",
            code="disputed",
        )
    reported = _reported(table, mps, outcome, winner, time_called)
    score = _score(table, reported)
    before = table_snapshot(table)
    now = timezone.now()
    if table.status == Table.Status.REPORTED and table.reported_by_registration_id != reporter.pk:
        if reported == _stored_result(table):
            return _confirm(user, table, before, now, note="matching report")
        table.status = Table.Status.DISPUTED
        table.counter_report = {
            **reported.as_json(),
            "by": reporter.pk,
            "by_name": reporter.player.display_name,
        }
        table.dispute_note = f"{reporter.player.display_name} reported a different result."
        table.version += 1
        table.save()
        _log_change(
            table,
            ResultChange.Action.DISPUTE,
            user,
            before,
            note=f"differing report: {reported.as_json()}",
        )
        return table
    # First report, or the same side reporting again before confirmation.
    _write_result(table, reported, score)
    table.status = Table.Status.REPORTED
    table.reported_by = user
    table.reported_by_registration = reporter
    table.reported_at = now
    table.counter_report = None
    table.version += 1
    table.save()
    _log_change(table, ResultChange.Action.REPORT, user, before)
    return table


def _confirm(
    user: Any, table: Table, before: dict[str, Any], now: datetime, note: str = ""
) -> Table:
    table.status = Table.Status.CONFIRMED
    table.confirmed_by = user if getattr(user, "is_authenticated", False) else None
    table.confirmed_at = now
    table.version += 1
    table.save()
    _log_change(table, ResultChange.Action.CONFIRM, user, before, note=note)
    _maybe_close_round(table.round)
    return table


@transaction.atomic
def confirm_result(user: Any, table: Table | int, version: int | None = None) -> Table:
    """Another player at the table confirms the reported result; the director may confirm
    it too (a walk-in without an account cannot)."""
    table = _lock_table(table)
    registration = seat_registration(user, table)
    if registration is None and not is_director(user, table.round.event):
        registration = require_seat(user, table)
    _require_running(table)
    if table.status != Table.Status.REPORTED:
        raise Conflict(
            f"Table {table.number} has no reported result waiting for confirmation "
            f"({table.get_status_display().lower()}).",
            code="nothing_to_confirm",
        )
    if registration is not None and table.reported_by_registration_id == registration.pk:
        raise NotAllowed("You reported this result; another player at the table confirms it.")
    _check_version(table, version)
    return _confirm(user, table, table_snapshot(table), timezone.now())


@transaction.atomic
def dispute_result(user: Any, table: Table | int, note: str = "") -> Table:
    """Another player at the table says the reported result is wrong: the director decides."""
    table = _lock_table(table)
    registration = require_seat(user, table)
    _require_running(table)
    if table.status != Table.Status.REPORTED:
        raise Conflict(
            f"Table {table.number} has no reported result to dispute "
            f"({table.get_status_display().lower()}).",
            code="nothing_to_dispute",
        )
    if table.reported_by_registration_id == registration.pk:
        raise NotAllowed("You reported this result; report it again to change it.")
    before = table_snapshot(table)
    table.status = Table.Status.DISPUTED
    table.dispute_note = (note or f"Disputed by {registration.player.display_name}.")[:500]
    table.version += 1
    table.save()
    _log_change(table, ResultChange.Action.DISPUTE, user, before, note=table.dispute_note)
    return table


@transaction.atomic
def director_set_result(
    user: Any,
    table: Table | int,
    mps: Mapping[Any, Any] | Iterable[Mapping[str, Any]] | None = None,
    outcome: str | None = "normal",
    winner: Any = None,
    time_called: bool = False,
    note: str = "",
    version: int | None = None,
) -> Table:
    """The director enters or corrects any result; it is confirmed at once. Correcting a
    closed round's result tells the ratings (closed_result_changed)."""
    table = _lock_table(table)
    event = table.round.event
    require_director(user, event)
    if table.is_bye:
        raise ServiceError("A bye has no result to enter: its points are fixed by the rules.")
    if event.status not in (Event.Status.RUNNING, Event.Status.FINISHED):
        raise Conflict(f"{event.name} is not running.")
    _check_version(table, version)
    reported = _reported(table, mps, outcome, winner, time_called)
    score = _score(table, reported)
    had_result = table.status != Table.Status.PENDING
    before = table_snapshot(table)
    _write_result(table, reported, score)
    now = timezone.now()
    table.status = Table.Status.CONFIRMED
    if not had_result:
        table.reported_by = user
        table.reported_at = now
    table.confirmed_by = user
    table.confirmed_at = now
    table.counter_report = None
    table.version += 1
    table.save()
    action = ResultChange.Action.CORRECTION if had_result else ResultChange.Action.DIRECTOR
    _log_change(table, action, user, before, note=note)
    rnd = table.round
    if rnd.status == Round.Status.CLOSED:
        signals.closed_result_changed.send(sender=Table, table=table)
    else:
        _maybe_close_round(rnd)
    return table


def game_result_for_table(table: Table) -> GameResult:
    """The engine's input rebuilt from a stored table (player ids are str(registration_id))."""
    if table.is_bye:
        raise ServiceError("A bye is not a game: it has no game result.")
    return _engine_result(table, _stored_result(table))


# --------------------------------------------------------------------------- penalties


@transaction.atomic
def issue_penalty(
    user: Any,
    registration: Registration,
    offense: str,
    note: str = "",
    kind: str = Penalty.Kind.WARNING,
) -> Penalty:
    """Record a technical error warning (or a direct ejection) and eject automatically
    where 000 Part VI §3 says so: two warnings for the same offense or three in all;
    cheating and an illegal deck list at once."""
    reg = _lock_registration(registration)
    event = reg.event
    require_director(user, event)
    if offense not in Penalty.Offense.values:
        raise ServiceError(
            f"Unknown offense {offense!r}: choose one of {', '.join(Penalty.Offense.values)}."
        )
    if kind not in Penalty.Kind.values:
        raise ServiceError(f"Unknown penalty {kind!r}: warning or ejection.")
    if reg.ejected:
        raise Conflict(
            f"{reg.player.display_name} has already been ejected ({reg.ejection_reason})."
        )
    round_number = _last_round_number(event) or None
    if offense in INSTANT_EJECTION:
        kind = Penalty.Kind.EJECTION
    penalty = Penalty.objects.create(
        registration=reg,
        kind=kind,
        offense=offense,
        round_number=round_number,
        note=note[:500],
        issued_by=user,
    )
    audit.record(
        actor=user,
        obj=penalty,
        action=f"penalty_{kind}",
        event=event,
        after={
            "player": reg.player.display_name,
            "kind": kind,
            "offense": offense,
            "round": round_number,
            "note": note,
        },
    )
    reason = ""
    label = Penalty.Offense(offense).label.lower()
    if kind == Penalty.Kind.EJECTION:
        if offense == Penalty.Offense.CHEATING:
            reason = "Ejected for cheating (000 Part VI §3: obvious cheating ejects at once)."
        elif offense == Penalty.Offense.ILLEGAL_DECK:
            reason = (
                "Ejected for an illegal deck list (000 Part VI §3: a deck that breaks the "
                "construction rules counts as cheating)."
            )
        else:
            reason = f"Ejected by the director for {label}."
    else:
        warnings = list(reg.penalties.filter(kind=Penalty.Kind.WARNING))
        same = [w for w in warnings if w.offense == offense]
        if len(same) >= SAME_OFFENSE_LIMIT:
            reason = (
                f"Automatically ejected: {len(same)} technical error warnings for {label} "
                f"({WARNINGS_CITATION})."
            )
        elif len(warnings) >= TOTAL_WARNING_LIMIT:
            reason = (
                f"Automatically ejected: {len(warnings)} technical error warnings in all "
                f"({WARNINGS_CITATION})."
            )
        if reason:
            auto = Penalty.objects.create(
                registration=reg,
                kind=Penalty.Kind.EJECTION,
                offense=offense,
                round_number=round_number,
                note=reason,
                issued_by=user,
            )
            audit.record(
                actor=user,
                obj=auto,
                action="penalty_ejection",
                event=event,
                after={"player": reg.player.display_name, "reason": reason},
            )
    if reason:
        before = _registration_snapshot(reg)
        reg.ejected = True
        reg.ejection_reason = reason[:300]
        reg.dropped = True
        reg.dropped_after_round = _last_round_number(event)
        reg.save(update_fields=["ejected", "ejection_reason", "dropped", "dropped_after_round"])
        audit.record(
            actor=user,
            obj=reg,
            action="eject",
            before=before,
            after=_registration_snapshot(reg),
            event=event,
            note=reason,
        )
    return penalty


# --------------------------------------------------------------------------- standings


def standing_games(event: Event) -> list[StandingGame]:
    """Every confirmed table of the event as the standings module takes it."""
    from tournaments.standings import StandingGame

    tables: dict[int, list[Seat]] = defaultdict(list)
    info: dict[int, tuple[int, bool]] = {}
    seats = Seat.objects.filter(event=event, table__status=Table.Status.CONFIRMED).select_related(
        "table", "round"
    )
    for seat in seats:
        tables[seat.table_id].append(seat)
        info[seat.table_id] = (seat.round.number, seat.table.is_bye)
    games = []
    for table_id in sorted(tables, key=lambda t: (info[t][0], t)):
        number, is_bye = info[table_id]
        seats_ = tables[table_id]
        games.append(
            StandingGame(
                round_number=number,
                points={str(s.registration_id): s.points or 0 for s in seats_},
                outcome={str(s.registration_id): s.outcome for s in seats_},
                is_bye=is_bye,
            )
        )
    return games


def standing_registrations(event: Event) -> list[Registration]:
    """Who is in the standings: everyone still in, and everyone who played a game."""
    return list(
        event.registrations.filter(Q(dropped=False, ejected=False) | Q(seats__isnull=False))
        .distinct()
        .select_related("player")
        .order_by("pk")
    )


def event_standings(event: Event) -> list[StandingRow]:
    """Standings after the confirmed results; each row carries ``registration`` and
    ``name`` for display."""
    from tournaments.standings import compute_standings

    regs = standing_registrations(event)
    by_id = {str(r.pk): r for r in regs}
    rows = compute_standings(list(by_id), standing_games(event), tiebreaks_for(event))
    names = {pid: reg.player.display_name for pid, reg in by_id.items()}
    for row in rows:
        reg = by_id.get(row.player)
        row.registration = reg  # type: ignore[attr-defined]
        row.name = names.get(row.player, row.player)  # type: ignore[attr-defined]
        row.explanation = _explanation_with_names(row.explanation, names)
    return rows


def _explanation_with_names(text: str, names: Mapping[str, str]) -> str:
    """The standings module names players by id; people read names. Only the two places
    where it lists players are rewritten; anything else is left as it is."""

    def listed(m: re.Match[str]) -> str:
        ids = [i.strip() for i in m.group(1).split(",")]
        return "with " + ", ".join(names.get(i, i) for i in ids) + ": shared rank"

    def shown(m: re.Match[str]) -> str:
        parts = []
        for item in m.group(1).split(", "):
            pid, _, value = item.partition(" ")
            parts.append(f"{names.get(pid, pid)} {value}".strip())
        return "decides (" + ", ".join(parts) + ")"

    text = re.sub(r"with ([\d, ]+): shared rank", listed, text)
    return re.sub(r"decides \(([^)]*)\)", shown, text)


# --------------------------------------------------------------------------- reading helpers


def player_history(player: Player) -> list[dict[str, Any]]:
    """A player's events, newest first, with confirmed games, points, record and final rank."""
    regs = (
        player.registrations.select_related("event")
        .exclude(event__status=Event.Status.DRAFT)
        .order_by("-event__created_at")
    )
    history = []
    for reg in regs:
        seats = list(
            Seat.objects.filter(registration=reg)
            .select_related("table", "round")
            .order_by("round__number")
        )
        confirmed = [s for s in seats if s.table.status == Table.Status.CONFIRMED]
        rank = None
        if reg.event.status == Event.Status.FINISHED:
            rank = next(
                (r.rank for r in event_standings(reg.event) if r.player == str(reg.pk)), None
            )
        history.append(
            {
                "registration": reg,
                "games": len([s for s in confirmed if not s.is_bye]),
                "points": sum(s.points or 0 for s in confirmed),
                "wins": sum(1 for s in confirmed if s.outcome == "win" and not s.is_bye),
                "losses": sum(1 for s in confirmed if s.outcome == "loss"),
                "draws": sum(1 for s in confirmed if s.outcome == "draw"),
                "byes": sum(1 for s in confirmed if s.is_bye),
                "rank": rank,
            }
        )
    return history


def event_for(slug: str) -> Event:
    try:
        return Event.objects.select_related("organizer").get(slug=slug)
    except Event.DoesNotExist:
        raise NotFound(f"No event {slug!r}.")


def visible_events(user: Any) -> QuerySet[Event]:
    """Drafts are visible to their director only."""
    qs = Event.objects.select_related("organizer")
    if getattr(user, "is_authenticated", False):
        if user.is_staff:
            return qs
        return qs.filter(~Q(status=Event.Status.DRAFT) | Q(organizer=user))
    return qs.exclude(status=Event.Status.DRAFT)


def round_tables(rnd: Round) -> list[Table]:
    return list(rnd.tables.prefetch_related("seats__registration__player").order_by("number"))


def export_event(event: Event) -> dict[str, Any]:
    """The whole event as one JSON document (settings, players, rounds, results, standings)."""
    regs = list(event.registrations.select_related("player").order_by("pk"))
    rounds = []
    for rnd in event.rounds.order_by("number"):
        rounds.append(
            {
                "number": rnd.number,
                "status": rnd.status,
                "seed": rnd.seed,
                "explanation": rnd.explanation,
                "tables": [
                    {"number": t.number, "is_bye": t.is_bye, **table_snapshot(t)}
                    for t in round_tables(rnd)
                ],
            }
        )
    standings = []
    if event.rounds.exists():
        for row in event_standings(event):
            standings.append(
                {
                    "rank": row.rank,
                    "registration": int(row.player),
                    "player": row.name,  # type: ignore[attr-defined]
                    "points": row.points,
                    "wins": row.wins,
                    "losses": row.losses,
                    "draws": row.draws,
                    "byes": row.byes,
                    "opponents_points": row.opponents_points,
                    "tiebreaks": row.tiebreaks,
                }
            )
    return {
        "event": {
            **_event_snapshot(event),
            "slug": event.slug,
            "organizer": event.organizer.get_username(),
            "rounds_total": rounds_total(event),
        },
        "registrations": [
            {
                "id": r.pk,
                "player": r.player.display_name,
                "player_id": r.player_id,
                **{k: v for k, v in _registration_snapshot(r).items() if k != "player"},
            }
            for r in regs
        ],
        "rounds": rounds,
        "penalties": [
            {
                "registration": p.registration_id,
                "kind": p.kind,
                "offense": p.offense,
                "round": p.round_number,
                "note": p.note,
                "at": p.created_at.isoformat(),
            }
            for p in Penalty.objects.filter(registration__event=event)
        ],
        "standings": standings,
    }
