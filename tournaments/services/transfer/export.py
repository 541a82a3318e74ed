"""The whole event as one JSON document (tournaments.services.transfer.imports brings it back)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tournaments import extensions
from tournaments.models import (
    Event,
    Penalty,
    Seat,
    Table,
)
from tournaments.services.base import registration_snapshot
from tournaments.services.events import event_snapshot, rounds_total
from tournaments.services.queries import round_tables
from tournaments.services.results.input import table_snapshot
from tournaments.services.standings.input import event_standings
from tournaments.services.transfer.playoff import export_playoff
from tournaments.services.transfer.stages import export_stages
from tournaments.words.explanations import round_explanation


def _seats(table: Table) -> list[Seat]:
    # The seats round_tables prefetched, in seat order, without reading them again.
    return sorted(table.seats.all(), key=lambda seat: seat.position)


def export_event(
    event: Event, progress: Callable[[int, int], None] | None = None
) -> dict[str, Any]:
    """The whole event as one JSON document (settings, players, rounds, results, standings).
    ``progress(done, total)``, if given, is told after each round (a worker's export)."""
    regs = list(event.registrations.select_related("player").order_by("pk"))
    rounds = []
    numbered = list(event.rounds.order_by("number"))
    # The rounds, then the standings and the rest: one part each.
    total = len(numbered) + 1
    for rnd in numbered:
        rounds.append(
            {
                "number": rnd.number,
                "status": rnd.status,
                "seed": rnd.seed,
                # Kept so an import puts the rated playoff games after the Swiss rounds.
                "closed_at": rnd.closed_at.isoformat() if rnd.closed_at else None,
                "explanation": round_explanation(rnd),
                "tables": [
                    {
                        "number": t.number,
                        "is_bye": t.is_bye,
                        **table_snapshot(t, _seats(t)),
                        # Which of two differing results is newer, when an import meets one.
                        "changed_at": _changed_at(t),
                    }
                    for t in round_tables(rnd)
                ],
            }
        )
        if progress is not None:
            progress(len(rounds), total)
    standings = []
    if numbered:
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
            **event_snapshot(event),
            "uid": str(event.uid),
            "slug": event.slug,
            "organizer": event.organizer.get_username(),
            "rounds_total": rounds_total(event),
        },
        "registrations": [
            {
                "id": r.pk,
                "uid": str(r.uid),
                "player": r.player.display_name,
                "player_id": r.player_id,
                **{k: v for k, v in registration_snapshot(r).items() if k != "player"},
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
                # A rescinded penalty stays in the record but no longer counts.
                "rescinded": _rescission(p),
            }
            for p in Penalty.objects.filter(registration__event=event).select_related("rescission")
        ],
        "standings": standings,
        **export_playoff(event),  # the top cut, if any (tournaments.services.transfer.playoff)
        **export_stages(event),  # the preset and stages (tournaments.services.transfer.stages)
        **extensions.export_decks(event),  # the lists and the decks played (decks.transfer)
    }


def _changed_at(table: Table) -> str | None:
    times = [t for t in (table.reported_at, table.confirmed_at) if t is not None]
    return max(times).isoformat() if times else None


def _rescission(penalty: Penalty) -> dict[str, Any] | None:
    rescission = getattr(penalty, "rescission", None)
    if rescission is None:
        return None
    return {"at": rescission.at.isoformat(), "note": rescission.note}
