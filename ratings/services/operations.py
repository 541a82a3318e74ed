"""Rating a round, a finished event's bonus, and replaying a whole game system.

One code path rates a round, whether live (``rate_closed_round``, when a round of
a sanctioned event closes) or in a replay (``replay_game``): both load tables and
seats the same way, score them with the rules engine and rate them with
``ratings.formula`` from the ratings held before the round. So the ledger written
live always equals a replay from scratch, which is what a correction triggers.

Concurrency: every writer takes a per-game-system lock (ratings.services.locks).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from celery import shared_task
from django.db import OperationalError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import NotFound, ServiceError
from ratings.models import PlayerRating, RatingEntry, ReplayJob
from ratings.services.league_games import league_games
from ratings.services.ledger_io import (
    Progress,
    bump_ledger_version,
    current_ratings,
    insert_rows,
    needs_replay,
    save_player_ratings,
    write_ledger,
)
from ratings.services.loading import TableData, event_info, load_tables
from ratings.services.locks import SessionLock, xact_lock
from ratings.services.playoff_games import (
    bonus_after_final,
    champions,
    playoff_games,
    with_champions,
)
from ratings.services.rater import GAME, LedgerRow, Rater
from ratings.services.timeline import (
    GAME_KIND,
    Step,
    bonus_at,
    bonus_step,
    round_step,
    timeline,
)
from tournaments.models import Event, GameSystem, PlayoffMatch, Registration, Round
from tournaments.services import event_winners, rated_event_ids, sanctioning_status


def is_rated(event: Event) -> bool:
    """Sanctioned and at or above the player minimum (000 Part VI §3 "Sanctioning")."""
    return sanctioning_status(event).rated


def rate_closed_round(rnd: Round) -> int:
    """Rate every played table of a closed round of a sanctioned event (idempotent).
    Returns how many ledger rows were written."""
    event = rnd.event
    if not is_rated(event) or rnd.status != Round.Status.CLOSED:
        return 0
    with transaction.atomic():
        xact_lock(event.game)
        if RatingEntry.objects.filter(event=event, round_number=rnd.number, kind=GAME).exists():
            return 0  # already rated: a second signal changes nothing
        step = round_step(rnd.pk, event.pk, rnd.number, rnd.closed_at, rnd.created_at)
        late, step_no = needs_replay(event.game, step.key)
        if late:
            replay_game(event.game)
            return RatingEntry.objects.filter(event=event, round_number=rnd.number).count()
        tables = load_tables({"round": rnd}, {"round": rnd})
        if not tables:
            return 0
        regs = {s.registration_id for t in tables.values() for s in t.seats}
        reg_player = dict(Registration.objects.filter(pk__in=regs).values_list("pk", "player_id"))
        ratings = current_ratings(event.game, reg_player.values())
        rater = Rater(event.game, ratings, reg_player, timezone.now())
        rater.rate_round(step, step_no, event_info(event), tables.values())
        append_rows(event.game, rater.rows)
        return len(rater.rows)


def rate_playoff_match(match: PlayoffMatch) -> int:
    """Rate a decided top-cut game of a rated event like a game of a closed round
    (RULES.md §3 "Top cut"; idempotent). Returns how many ledger rows were written."""
    event = match.event
    if not is_rated(event) or match.status != PlayoffMatch.Status.DONE:
        return 0
    with transaction.atomic():
        xact_lock(event.game)
        games = playoff_games(pk=match.pk)
        if not games:
            return 0
        regs = [s.registration_id for s in games[0][1].seats]
        reg_player = dict(Registration.objects.filter(pk__in=regs).values_list("pk", "player_id"))
        done = RatingEntry.objects.filter(
            event=event, round_number=games[0][0].round_number, kind=GAME,
            player__in=reg_player.values(),
        )  # fmt: skip
        if done.exists():
            return 0  # already rated: a second signal changes nothing
        late, step_no = needs_replay(event.game, games[0][0].key)
        if late:
            replay_game(event.game)
            return done.count()
        rater = Rater(event.game, current_ratings(event.game, reg_player.values()), reg_player,
                      timezone.now())  # fmt: skip
        # The games of a best-of match one after another, each from the ratings the
        # previous one left.
        for offset, (step, table) in enumerate(games):
            rater.rate_round(step, step_no + offset, event_info(event), [table])
        append_rows(event.game, rater.rows)
        return len(rater.rows)


def on_playoff_match_decided(sender: Any, match: PlayoffMatch, **kwargs: Any) -> None:
    """A decided playoff game is rated at once; if the event was already finished, its
    winner's bonus (which waited for the final) follows."""
    rate_playoff_match(match)
    if match.event.status == Event.Status.FINISHED:
        rate_finished_event(match.event)


def append_rows(game: str, rows: list[LedgerRow]) -> None:
    insert_rows(rows)
    save_player_ratings(game, rows)
    bump_ledger_version(game)


def rate_finished_event(event: Event) -> RatingEntry | None:
    """The tournament winner's bonus: one point per game he played (idempotent)."""
    if not is_rated(event) or event.status != Event.Status.FINISHED:
        return None
    bonus = RatingEntry.objects.filter(event=event, kind=RatingEntry.Kind.BONUS)
    with transaction.atomic():
        xact_lock(event.game)
        if bonus.exists():
            return None
        finals = champions([event.pk])
        step = bonus_step(event.pk, bonus_after_final(bonus_at(event), event.pk, finals))
        late, step_no = needs_replay(event.game, step.key)
        if late:
            replay_game(event.game)
            return bonus.first()
        winners = with_champions(event_winners(pk=event.pk), [event.pk]).get(event.pk) or []
        if not winners:
            return None
        rater = Rater(event.game, current_ratings(event.game, winners), {}, timezone.now())
        for winner in winners:
            rater.games_in_event[(event.pk, winner)] = RatingEntry.objects.filter(
                event=event, player_id=winner, kind=RatingEntry.Kind.GAME
            ).count()
        rater.rate_bonus(step, step_no, event_info(event), winners)
        if not rater.rows:
            return None
        append_rows(event.game, rater.rows)
        return bonus.first()


def _closed_tables_by_round(game: str, rated: set[int]) -> tuple[dict[int, list[TableData]], int]:
    closed = Round.Status.CLOSED
    tables = load_tables(
        {"round__event__game": game, "round__event__sanctioned": True, "round__status": closed},
        {"event__game": game, "event__sanctioned": True, "round__status": closed},
    )
    event_of = dict(
        Round.objects.filter(event__game=game, event__sanctioned=True).values_list("pk", "event_id")
    )
    by_round: dict[int, list[TableData]] = defaultdict(list)
    total = 0
    for table in tables.values():
        if event_of.get(table.round_id) in rated:
            by_round[table.round_id].append(table)
            total += 1
    return by_round, total


def compute_ledger(game: str, progress: Progress | None = None) -> tuple[list[LedgerRow], int]:
    """The whole ledger of a game system replayed from scratch (nothing written).

    Returns the rows and how many tables were left unrated as invalid.
    """
    report = progress or (lambda phase, done, total: None)
    report("loading results", 0, 0)
    events, steps = timeline(game)
    infos = {pk: event_info(e) for pk, e in events.items()}
    # 000 Part VI §3: only sanctioned events at or above the player minimum are rated.
    rated = rated_event_ids(game=game, sanctioned=True)
    by_round, total = _closed_tables_by_round(game, rated)
    reg_player = dict(
        Registration.objects.filter(event__game=game, event__sanctioned=True).values_list(
            "pk", "player_id"
        )
    )
    winners = event_winners(game=game, sanctioned=True, status=Event.Status.FINISHED)
    winners = with_champions({pk: p for pk, p in winners.items() if pk in rated}, rated)
    steps, total = _with_playoff(game, rated, steps, by_round, total)
    rater = Rater(game, {}, reg_player, timezone.now())
    done = 0
    report("rating games", 0, total)
    every = max(1, total // 50)
    next_report = every
    for step_no, step in enumerate(steps, start=1):
        info = infos[step.event_id]
        if step.kind != GAME_KIND:
            rater.rate_bonus(step, step_no, info, winners.get(step.event_id))
            continue
        round_tables = by_round.get(step.round_id, [])  # type: ignore[arg-type]
        rater.rate_round(step, step_no, info, round_tables)
        done += len(round_tables)
        if done >= next_report:
            report("rating games", done, total)
            next_report = done + every
    return rater.rows, rater.skipped


def _with_playoff(
    game: str, rated: set[int], steps: list[Step], by_round: dict[int, list[TableData]], total: int
) -> tuple[list[Step], int]:
    """The timeline with the rated events' playoff games (RULES.md §3 "Top cut") and league
    games (§8) in it, and each bonus moved after the final it goes to."""
    games = [
        g
        for g in [*playoff_games(event__game=game), *league_games(event__game=game)]
        if g[0].event_id in rated
    ]
    finals = champions({s.event_id for s, _ in games})
    for step, table in games:
        by_round[step.round_id] = [table]  # type: ignore[index]
    moved = [
        bonus_step(s.event_id, bonus_after_final(s.at, s.event_id, finals))
        if s.kind != GAME_KIND
        else s
        for s in steps
    ]
    return sorted([*moved, *(s for s, _ in games)], key=lambda s: s.key), total + len(games)


def _job_progress(job: ReplayJob | None) -> Progress:
    def progress(phase: str, done: int, total: int) -> None:
        if job is None:
            return
        job.phase, job.done, job.total = phase, done, total
        job.save(update_fields=["phase", "done", "total"])

    return progress


def _job_done(job: ReplayJob, rows: list[LedgerRow], skipped: int) -> None:
    job.status = ReplayJob.Status.DONE
    job.finished_at = timezone.now()
    job.phase = "done"
    job.done = job.total = len(rows)
    job.games_rated = sum(1 for r in rows if r.kind == GAME)
    job.skipped = skipped
    job.save()


def _covered(job: ReplayJob) -> bool:
    """Whether the job needs no replay of its own, read once the game's lock is held: it
    is done (another message for it ran first), or a replay that started after it was
    asked for has finished, which saw every change the job was asked for. Repeated
    requests and duplicate messages then cost one query each, not one replay each."""
    job.refresh_from_db()
    if job.status == ReplayJob.Status.DONE:
        return True
    later = (
        ReplayJob.objects.filter(
            game=job.game, status=ReplayJob.Status.DONE, started_at__gte=job.created_at
        )
        .exclude(pk=job.pk)
        .order_by("-finished_at")
        .first()
    )
    if later is None:
        return False
    ReplayJob.objects.filter(pk=job.pk).update(
        status=ReplayJob.Status.DONE,
        phase="done",
        started_at=later.started_at,
        finished_at=later.finished_at,
        done=later.done,
        total=later.total,
        games_rated=later.games_rated,
        skipped=later.skipped,
    )
    job.refresh_from_db()
    return True


def replay_game(game: str, job: ReplayJob | None = None) -> int:
    """Recompute the whole ledger of a game system from the results; returns its row count.

    Idempotent: the result depends only on the stored results, so running it twice
    (or concurrently: the lock serialises them) gives the same ledger.
    """
    if game not in GameSystem.values:
        raise ServiceError(_("Unknown game system '%(game)s'.") % {"game": game})
    progress = _job_progress(job)
    with SessionLock(game):
        if job is not None and _covered(job):
            return job.total
        if job is not None:
            job.status = ReplayJob.Status.RUNNING
            job.started_at = timezone.now()
            job.error = ""
            job.save(update_fields=["status", "started_at", "error"])
        rows, skipped = compute_ledger(game, progress)
        with transaction.atomic():
            xact_lock(game)
            write_ledger(game, rows, progress)
            if job is not None:
                _job_done(job, rows, skipped)
        if connection.vendor == "postgresql":
            # The table was rewritten: fresh statistics keep the league queries on
            # hash aggregates instead of plans made for an empty table.
            with connection.cursor() as cursor:
                cursor.execute(
                    f"ANALYZE {RatingEntry._meta.db_table}, {PlayerRating._meta.db_table}"
                )
    return len(rows)


def run_replay_job(job_id: int) -> ReplayJob:
    """What the Celery task does: run a queued job (a finished one is left alone)."""
    try:
        job = ReplayJob.objects.get(pk=job_id)
    except ReplayJob.DoesNotExist:
        raise NotFound(_("No replay job %(job_id)s.") % {"job_id": job_id})
    if job.status == ReplayJob.Status.DONE:
        return job
    try:
        replay_game(job.game, job)
    except Exception as exc:
        ReplayJob.objects.filter(pk=job.pk).update(
            status=ReplayJob.Status.FAILED, error=str(exc)[:2000], finished_at=timezone.now()
        )
        raise
    return job


# The name is the one Celery gave the task when it lived in ratings/tasks.py: messages
# already queued (or kept in the outbox) under that name must still find it.
@shared_task(
    name="ratings.tasks.replay_ratings",
    bind=True,
    acks_late=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    retry_backoff_max=300,
    # Until the database is back: a replay is idempotent, and giving up left jobs "running".
    max_retries=None,
)
def replay_ratings(self: Any, game: str, job_id: int | None = None) -> dict[str, object]:
    """Replay a game system's rating ledger from scratch. Safe to run twice: the
    ledger it writes depends only on the stored results."""
    if job_id is None:
        rows = replay_game(game)
        return {"game": game, "rows": rows}
    job = run_replay_job(job_id)
    return {"game": game, "job": job.pk, "status": job.status, "rows": job.total}
