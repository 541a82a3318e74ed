"""The top cut in an event's export and import (``transfer.export`` and
``transfer.imports``): the playoff settings and every playoff match as played, so a
round trip reproduces the bracket, the final places and, through the ratings' replay,
the rated playoff games and the champion's bonus (RULES.md §3 "Top cut").
Registrations are named by their ids in the document, as everywhere in it.

An import checks the final places the imported bracket gives against the exported ones,
like the standings, and refuses the whole import otherwise.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models import Max
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from core.errors import Conflict, ServiceError
from tournaments.models import Event, EventSettings, PlayoffGame, PlayoffMatch, Registration

MATCH_FIELDS = ("stage", "slot", "high_seed", "low_seed", "high_mps", "low_mps", "outcome",
                "status", "replays", "decided_by_director", "side", "side_round")  # fmt: skip
# The kind of playoff and its double-elimination options, as the settings name them.
KIND_FIELDS = ("playoff_kind", "playoff_reset", "playoff_upper_format", "playoff_lower_format",
               "playoff_best_of", "final_best_of", "loser_chooses_format")  # fmt: skip
# A game of a best-of match: its own columns, and its registrations by their old ids.
GAME_FIELDS = ("number", "high_mps", "low_mps", "outcome", "format_key")
GAME_PEOPLE = ("winner", "decided_for", "chosen_by")


def _final_places(event: Event) -> list[int]:
    from tournaments.services.playoff import final_standings

    return [int(row.player) for _place, row in final_standings(event)]


def export_playoff(event: Event) -> dict[str, Any]:
    """The document's "playoff" part ({} for an event without a top cut)."""
    settings = EventSettings.objects.filter(event=event).first()
    matches = list(event.playoff_matches.order_by("stage", "slot"))
    if settings is None or (not settings.top_cut and not matches):
        return {}
    return {
        "playoff": {
            "top_cut": settings.top_cut,
            "tie_rule": settings.playoff_tie,
            **{f: getattr(settings, f) for f in KIND_FIELDS},
            "matches": [
                {
                    **{f: getattr(m, f) for f in MATCH_FIELDS},
                    "high": m.high_id,
                    "low": m.low_id,
                    "winner": m.winner_id,
                    "decided_at": m.decided_at.isoformat() if m.decided_at else None,
                    "games": [_game_row(g) for g in m.games.order_by("number")],
                }
                for m in matches
            ],
            "final_places": _final_places(event) if matches and event.rounds.exists() else [],
        }
    }


def _game_row(game: PlayoffGame) -> dict[str, Any]:
    return {
        **{f: getattr(game, f) for f in GAME_FIELDS},
        **{f: getattr(game, f"{f}_id") for f in GAME_PEOPLE},
        "decided_at": game.decided_at.isoformat(),
    }


def games_of(event: Event, rows: list[Any], reg_map: dict[int, Registration]) -> list[PlayoffGame]:
    """The best-of games of the document's matches, on the matches just created."""
    made = {(m.stage, m.slot): m for m in event.playoff_matches.all()}
    out = []
    for row in rows:
        for g in row.get("games") or []:
            at = parse_datetime(g.get("decided_at") or "") if isinstance(g, dict) else None
            if at is None or not isinstance(g.get("number"), int):
                raise _bad(_("A playoff game needs its number and the time it was entered."))
            out.append(
                PlayoffGame(
                    match=made[(row["stage"], row["slot"])],
                    decided_at=at,
                    **{f: g[f] for f in GAME_FIELDS if g.get(f) is not None},
                    **{f: _reg(reg_map, g.get(f)) for f in GAME_PEOPLE},
                )
            )
    return out


def _bad(message: str) -> ServiceError:
    return ServiceError(message, code="bad_document")


def _reg(reg_map: dict[int, Registration], old: Any) -> Registration | None:
    if old is None:
        return None
    if old not in reg_map:
        raise _bad(
            _("A playoff match names entry %(entry)s, which is not in the event.") % {"entry": old}
        )
    return reg_map[old]


def match_row(event: Event, row: Any, reg_map: dict[int, Registration]) -> PlayoffMatch:
    if not isinstance(row, dict) or not all(isinstance(row.get(k), int) for k in ("stage", "slot")):
        raise _bad(_("A playoff match needs its stage and slot."))
    if row.get("status", PlayoffMatch.Status.WAITING) not in PlayoffMatch.Status.values:
        raise _bad(
            _("A playoff match has an unknown state: '%(value)s'.") % {"value": row["status"]}
        )
    if row.get("side", PlayoffMatch.Side.UPPER) not in PlayoffMatch.Side.values:
        raise _bad(
            _("A playoff match has an unknown bracket side: '%(value)s'.") % {"value": row["side"]}
        )
    decided = row.get("decided_at")
    at = parse_datetime(decided) if isinstance(decided, str) else None
    if decided and at is None:
        raise _bad(
            _("A playoff match's time of decision is not a date and time: '%(value)s'.")
            % {"value": decided}
        )
    fields = {f: row[f] for f in MATCH_FIELDS if row.get(f) is not None}
    return PlayoffMatch(
        event=event,
        high=_reg(reg_map, row.get("high")),
        low=_reg(reg_map, row.get("low")),
        winner=_reg(reg_map, row.get("winner")),
        decided_at=at,
        **fields,
    )


def _after_the_swiss(event: Event, matches: list[PlayoffMatch]) -> list[PlayoffMatch]:
    """A document without round times (older exports) gets rounds closed at made-up times;
    the playoff games keep their order but move after the last of them, where the ratings'
    timeline needs them."""
    last = event.rounds.aggregate(last=Max("closed_at"))["last"]
    times = [m.decided_at for m in matches if m.decided_at is not None]
    if last is None or not times or min(times) > last:
        return matches
    shift = last - min(times) + timedelta(minutes=1)
    for m in matches:
        if m.decided_at is not None:
            m.decided_at += shift
    return matches


def import_playoff(
    event: Event, document: dict[str, Any], reg_map: dict[int, Registration]
) -> None:
    """Rebuild the document's playoff (inside the import's transaction); refuse the import
    when the bracket does not give the exported final places."""
    part = document.get("playoff")
    if not part:
        return
    if not isinstance(part, dict) or not isinstance(part.get("matches", []), list):
        raise _bad(_("The document's playoff has the wrong shape."))
    tie = part.get("tie_rule") or EventSettings.TieRule.REPLAY
    if tie not in EventSettings.TieRule.values:
        raise _bad(
            _("The document's playoff has an unknown tie rule: '%(value)s'.") % {"value": tie}
        )
    kind = {f: part[f] for f in KIND_FIELDS if f in part}  # older documents: single
    if kind.get("playoff_kind", "single") not in EventSettings.PlayoffKind.values:
        raise _bad(
            _("The document's playoff is of an unknown kind: '%(value)s'.")
            % {"value": kind["playoff_kind"]}
        )
    EventSettings.objects.update_or_create(
        event=event,
        defaults={"top_cut": int(part.get("top_cut") or 0), "playoff_tie": tie, **kind},
    )
    matches = [match_row(event, row, reg_map) for row in part.get("matches", [])]
    PlayoffMatch.objects.bulk_create(_after_the_swiss(event, matches))
    PlayoffGame.objects.bulk_create(games_of(event, part.get("matches", []), reg_map))
    expected = part.get("final_places") or []
    if expected:
        back = {new.pk: old for old, new in reg_map.items()}
        if [back.get(pk) for pk in _final_places(event)] != expected:
            raise Conflict(
                _(
                    "The imported playoff does not give the exported final places; nothing "
                    "was imported."
                ),
                code="final_places_differ",
            )
