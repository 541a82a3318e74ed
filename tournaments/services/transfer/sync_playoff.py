"""The top cut of an export merged into the event this site already has, match by match
(a match is found by its stage and slot). A match the site lacks is added; one the site
has not decided yet takes the file's (its players, result and games), so a top cut played
on on the other side comes across; a decided match that differs is kept and reported.
The top cut's settings stay this site's."""

from __future__ import annotations

from typing import Any

from tournaments.models import Event, PlayoffGame, PlayoffMatch, Registration
from tournaments.services.transfer.playoff import (
    MATCH_FIELDS,
    games_of,
    import_playoff,
    match_row,
)
from tournaments.services.transfer.report import SyncReport

DECIDED = (PlayoffMatch.Status.DONE, PlayoffMatch.Status.BYE)
PEOPLE = ("high_id", "low_id", "winner_id")


def _state(match: PlayoffMatch) -> tuple[Any, ...]:
    return tuple(getattr(match, f) for f in (*MATCH_FIELDS, *PEOPLE))


def _take(mine: PlayoffMatch, theirs: PlayoffMatch, row: dict[str, Any], reg_map: Any) -> None:
    for name in (*MATCH_FIELDS, *PEOPLE, "decided_at"):
        setattr(mine, name, getattr(theirs, name))
    mine.save()
    # The file's games of the match replace the undecided match's games here.
    mine.games.all().delete()
    PlayoffGame.objects.bulk_create(games_of(mine.event, [row], reg_map))


def merge_playoff(
    event: Event, document: dict[str, Any], reg_map: dict[int, Registration], report: SyncReport
) -> None:
    part = document.get("playoff")
    held = {(m.stage, m.slot): m for m in event.playoff_matches.all()}
    if not part:
        report.kept_extra = report.kept_extra or bool(held)
        return
    if not held:
        import_playoff(event, document, reg_map)
        report.add("playoff")
        return
    rows = part.get("matches") if isinstance(part, dict) else None
    if not isinstance(rows, list):
        import_playoff(event, document, reg_map)  # refuses the damaged part in words
        return
    seen = set()
    for row in rows:
        theirs = match_row(event, row, reg_map)
        key = (theirs.stage, theirs.slot)
        seen.add(key)
        mine = held.get(key)
        if mine is None:
            theirs.save()
            PlayoffGame.objects.bulk_create(games_of(event, [row], reg_map))
            report.add("playoff_results")
        elif _state(mine) == _state(theirs):
            continue
        elif mine.status not in DECIDED:
            _take(mine, theirs, row, reg_map)
            report.add("playoff_results")
        else:
            report.conflict("playoff_match_kept", stage=theirs.stage, slot=theirs.slot)
    if any(key not in seen for key in held):
        report.kept_extra = True
