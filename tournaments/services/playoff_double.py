"""Double elimination in the playoff (RULES.md §8, Players' Council Worlds): the bracket's
matches as rows, kept equal to what the pure bracket (tournaments.rules.double_elim)
derives from the seeds and the winners decided so far.

The rows are the bracket's state for the pages, the API and the rating ledger; the pure
module is its only rule. After each decided match ``sync`` writes who plays whom next,
the byes (a player with no opponent goes on without a game, which is neither a win nor a
loss and is not rated) and, when the event sets it and the lower champion won the grand
final, the reset.
"""

from __future__ import annotations

from typing import Any

from tournaments.models import Event, EventSettings, PlayoffMatch, Registration
from tournaments.rules import double_elim as de


def is_double(settings: EventSettings) -> bool:
    return settings.playoff_kind == EventSettings.PlayoffKind.DOUBLE


def _seeded_ids(rows: list[PlayoffMatch]) -> list[str]:
    """The players in seed order, read back from the first upper round's seats (every
    player sits there once, the top seeds facing their byes)."""
    seeds: dict[int, str] = {}
    for m in rows:
        if m.side == PlayoffMatch.Side.UPPER and m.side_round == 1:
            for reg, seed in ((m.high_id, m.high_seed), (m.low_id, m.low_seed)):
                if reg and seed:
                    seeds[seed] = str(reg)
    return [seeds[s] for s in sorted(seeds)]


def played(rows: list[PlayoffMatch], reset: bool) -> tuple[list[str], list[de.Match]]:
    """The seeds and the pure bracket the rows stand for."""
    seeded = _seeded_ids(rows)
    keys = {at: key for key, at in de.slots(len(seeded)).items()}
    # A match decided without a winner is one nobody goes on from (both ejected).
    winners = {
        keys[(m.stage, m.slot)]: str(m.winner_id) if m.winner_id else de.EMPTY
        for m in rows
        if m.status == PlayoffMatch.Status.DONE
    }
    return seeded, de.resolve(seeded, winners, reset)


def _write(row: PlayoffMatch, match: de.Match, regs: dict[str, Registration]) -> bool:
    """Seat the players the bracket names; True when the row changed."""
    high = regs.get(match.high or "")
    low = regs.get(match.low or "")
    status = row.status
    if match.bye:
        status = PlayoffMatch.Status.BYE
    elif row.status in (PlayoffMatch.Status.WAITING, PlayoffMatch.Status.BYE):
        status = PlayoffMatch.Status.PENDING if match.playable else PlayoffMatch.Status.WAITING
    new = (high, low, match.high_seed, match.low_seed, status)
    old = (row.high, row.low, row.high_seed, row.low_seed, row.status)
    if new == old and (not match.bye or row.winner_id == (high.pk if high else None)):
        return False
    row.high, row.low, row.high_seed, row.low_seed, row.status = new
    if match.bye:
        row.winner = high
    return True


def _row_for(event: Event, match: de.Match) -> PlayoffMatch:
    return PlayoffMatch(
        event=event,
        stage=match.wave,
        slot=match.slot,
        side=match.key.side,
        side_round=match.key.round,
        status=PlayoffMatch.Status.WAITING,
    )


def sync(event: Event, settings: EventSettings) -> None:
    """Make the rows say what the bracket derives from the winners decided so far."""
    rows = list(event.playoff_matches.select_related("high", "low"))
    seeded, matches = played(rows, settings.playoff_reset)
    regs = {str(r.pk): r for r in Registration.objects.filter(pk__in=[int(s) for s in seeded])}
    by_at = {(m.stage, m.slot): m for m in rows}
    for match in matches:
        row = by_at.get((match.wave, match.slot))
        if match.high == de.EMPTY and match.low == de.EMPTY and row is None:
            continue  # nobody will ever play here (a row stays, as a bye without a player)
        if row is None:  # the reset, once it is needed
            row = _row_for(event, match)
            _write(row, match, regs)
            row.save()
        elif _write(row, match, regs):
            row.save()


def create(event: Event, settings: EventSettings, seeded: list[Registration]) -> None:
    """The bracket's rows from the players in seed order (seed 1 first)."""
    ids = [str(r.pk) for r in seeded]
    regs = dict(zip(ids, seeded, strict=True))
    rows = []
    for match in de.resolve(ids, {}, settings.playoff_reset):
        if match.high == de.EMPTY and match.low == de.EMPTY:
            continue
        row = _row_for(event, match)
        _write(row, match, regs)
        rows.append(row)
    PlayoffMatch.objects.bulk_create(rows)


def final_places(rows: list[PlayoffMatch], settings: EventSettings) -> list[str]:
    seeded, matches = played(rows, settings.playoff_reset)
    return de.final_places(seeded, matches)


def champion(rows: list[PlayoffMatch], settings: EventSettings) -> str | None:
    return de.champion(played(rows, settings.playoff_reset)[1])


def reached(rows: list[PlayoffMatch], settings: EventSettings) -> dict[str, str]:
    return de.reached(played(rows, settings.playoff_reset)[1])


def round_of(match: PlayoffMatch, settings: EventSettings) -> dict[str, Any]:
    """Which round of the bracket a match is, as a code and its number on its side."""
    number = match.side_round or 0
    return {"code": de.round_code(match.side, number, settings.top_cut), "number": number}


def side_format(match: PlayoffMatch, settings: EventSettings) -> str:
    """The deck format key the match is played in (blank: the event's own)."""
    if match.side == PlayoffMatch.Side.LOWER:
        return settings.playoff_lower_format
    return settings.playoff_upper_format


def take_back(event: Event, settings: EventSettings, match: PlayoffMatch) -> bool:
    """Make ``match`` wait for its result again, when no match its result reaches (the
    winner's next match, the loser's drop, the byes they made) has a result or a game
    yet; False, and nothing changed, otherwise."""
    rows = list(event.playoff_matches.prefetch_related("games"))
    _, before = played(rows, settings.playoff_reset)
    for row in rows:
        if row.pk == match.pk:
            row.winner_id, row.status = None, PlayoffMatch.Status.PENDING
    _, after = played(rows, settings.playoff_reset)
    was = {(m.wave, m.slot): m for m in before}
    now = {(m.wave, m.slot): m for m in after}
    changed = [at for at, m in was.items() if now.get(at) != m and at != (match.stage, match.slot)]
    reached_rows = [r for r in rows if (r.stage, r.slot) in changed]
    settled = (PlayoffMatch.Status.DONE, PlayoffMatch.Status.TIED)
    if any(r.status in settled or r.games.all() for r in reached_rows):
        return False
    for row in reached_rows:
        # sync seats them again from the bracket; a bye it no longer makes has no winner
        row.winner, row.status = None, PlayoffMatch.Status.WAITING
        row.save(update_fields=["winner", "status"])
    match.winner, match.outcome, match.decided_at = None, "normal", None
    match.status = PlayoffMatch.Status.PENDING
    match.save(update_fields=["winner", "outcome", "decided_at", "status"])
    sync(event, settings)
    return True
