"""The audit trail's field names in words. Every change is stored with the keys of the
snapshot it was taken from ("reports_confirmed", "high_mps"); people read a label in
their language instead. One table for the history page, the table's history and the
API: tests/tournaments/test_audit_field_words.py fails when a writer stores a key that
has none. Keys from older exports fall back to the key in words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import GameSystem, Penalty
from tournaments.rules.windows import REMINDER_KINDS
from tournaments.words.decks_played import MODE_WORDS
from tournaments.words.format_names import format_names, format_words
from tournaments.words.labels import READING_LABELS
from tournaments.words.penalties import offense_words
from tournaments.words.stages import KINDS as STAGE_KINDS
from tournaments.words.stages import kind_label, preset_name
from tournaments.words.times import stored_time_words

# Grouped by the snapshots that write them; a key shared by several is listed once.
FIELD_LABELS = {
    # A table's result (tournaments.services.results.input.table_snapshot) and its seats.
    "status": gettext_lazy("Status"),
    "outcome": gettext_lazy("Outcome"),
    "winner": gettext_lazy("Winner"),
    "loser": gettext_lazy("Loser"),
    "time_called": gettext_lazy("Time called"),
    "band": gettext_lazy("Result band"),
    "council": gettext_lazy("Free Council"),
    "counter_report": gettext_lazy("The other report"),
    "games": gettext_lazy("Games"),
    "registration": gettext_lazy("Entry"),
    "player": gettext_lazy("Player"),
    "mps": gettext_lazy("MPs"),
    "points": gettext_lazy("Points"),
    "seats": gettext_lazy("Seats"),
    "decks_played": gettext_lazy("Decks played"),
    # A registration (tournaments.services.base.registration_snapshot).
    "checked_in": gettext_lazy("Checked in"),
    "joined_round": gettext_lazy("Joined in round"),
    "dropped": gettext_lazy("Dropped"),
    "dropped_after_round": gettext_lazy("Dropped after round"),
    "ejected": gettext_lazy("Ejected"),
    "ejection_reason": gettext_lazy("Reason for the ejection"),
    "stage_group": gettext_lazy("Heat"),
    "display_name": gettext_lazy("Display name"),
    "like_players": gettext_lazy("Players with a similar name"),
    "gemp_name": gettext_lazy("GEMP name"),
    "meccg_name": gettext_lazy("meccg-online name"),
    "time_zone": gettext_lazy("Time zone"),
    # The event (tournaments.services.events.event_snapshot), its end and its cancelling.
    "name": gettext_lazy("Name"),
    "game": gettext_lazy("Game"),
    "format_key": gettext_lazy("Format"),
    "format": gettext_lazy("Format"),
    "multiplayer": gettext_lazy("Multi-player"),
    "sanctioned": gettext_lazy("Sanctioned"),
    "decklists_required": gettext_lazy("Deck lists required"),
    "decks_per_player": gettext_lazy("Deck lists per player"),
    "deck_deadline": gettext_lazy("Deck list deadline"),
    "decklists_published": gettext_lazy("Deck lists published"),
    "planned_rounds": gettext_lazy("Planned rounds"),
    "round_minutes": gettext_lazy("Minutes per round"),
    "break_minutes": gettext_lazy("Minutes of break"),
    "starts_at": gettext_lazy("Starts at"),
    "location": gettext_lazy("Location"),
    "description": gettext_lazy("Description"),
    "tiebreaks": gettext_lazy("Tiebreaks"),
    "scoring_settings": gettext_lazy("Scoring settings"),
    "rounds": gettext_lazy("Rounds"),
    "early": gettext_lazy("Finished early"),
    "top_cut_skipped": gettext_lazy("Top cut skipped"),
    "cancelled": gettext_lazy("Cancelled"),
    "reason": gettext_lazy("Reason"),
    "players": gettext_lazy("Players"),
    "approved": gettext_lazy("Approved for the league"),
    "added": gettext_lazy("Added"),
    "conflicts": gettext_lazy("Conflicts"),
    "registrations": gettext_lazy("Registrations"),
    # Rounds: pairing, clock, window and deadline, hands-on changes.
    "round": gettext_lazy("Round"),
    "table": gettext_lazy("Table"),
    "tables": gettext_lazy("Tables"),
    "seed": gettext_lazy("Random seed"),
    "bye": gettext_lazy("Bye"),
    "byes": gettext_lazy("Byes"),
    "rest": gettext_lazy("Resting"),
    "started_at": gettext_lazy("Started at"),
    "minutes": gettext_lazy("Minutes"),
    "opens_at": gettext_lazy("Opens at"),
    "deadline": gettext_lazy("Deadline"),
    "deadline_rule": gettext_lazy("At the deadline"),
    "kind": gettext_lazy("Kind"),
    "tables_without_result": gettext_lazy("Tables without a result"),
    "reports_confirmed": gettext_lazy("Tables whose report was confirmed"),
    "disputed_tables": gettext_lazy("Disputed tables"),
    "tables_undone": gettext_lazy("Tables whose double loss was taken back"),
    "avoid_pairs": gettext_lazy("Pairs to avoid"),
    "fixed_tables": gettext_lazy("Fixed tables"),
    "fixed_tables_left": gettext_lazy("Fixed tables given up"),
    "rematches": gettext_lazy("Rematches"),
    "avoided_pairs": gettext_lazy("Pairs to avoid that meet"),
    "gap_before": gettext_lazy("Score gap before"),
    "gap_after": gettext_lazy("Score gap after"),
    "tables_unlike_the_engine": gettext_lazy("Tables unlike the engine"),
    "moved": gettext_lazy("Moved"),
    "lost": gettext_lazy("Results thrown away"),
    "locked": gettext_lazy("Locked"),
    "server": gettext_lazy("Game server"),
    "server_url": gettext_lazy("Game server address"),
    "room_prefix": gettext_lazy("Room name prefix"),
    "reading": gettext_lazy("Record read"),
    "decks": gettext_lazy("Decks"),
    # Penalties and staff.
    "offense": gettext_lazy("Offense"),
    "note": gettext_lazy("Note"),
    "repeats": gettext_lazy("Repeats penalty"),
    "user": gettext_lazy("User"),
    "role": gettext_lazy("Role"),
    # Stages and heats (tournaments.services.stage_plan.STAGE_FIELDS).
    "preset": gettext_lazy("Preset"),
    "options": gettext_lazy("Options"),
    "stage": gettext_lazy("Stage"),
    "stages": gettext_lazy("Stages"),  # a stage plan, worded by words.stage_plan
    "round_formats": gettext_lazy("Formats by round"),
    "best_of": gettext_lazy("Best of"),
    "scoring": gettext_lazy("Scoring"),
    "advance": gettext_lazy("Players who go through"),
    "advance_per_group": gettext_lazy("Players who go through per heat"),
    "carry_points": gettext_lazy("Points carried over"),
    "groups": gettext_lazy("Heats"),
    "group": gettext_lazy("Heat"),
    "method": gettext_lazy("Method"),
    "series": gettext_lazy("Series"),
    # The top cut: its settings, matches and games.
    "top_cut": gettext_lazy("Top cut"),
    "seeds": gettext_lazy("Seeds"),
    "matches": gettext_lazy("Matches"),
    "slot": gettext_lazy("Match"),
    "high": gettext_lazy("Higher seed"),
    "low": gettext_lazy("Lower seed"),
    "high_mps": gettext_lazy("Higher seed's MPs"),
    "low_mps": gettext_lazy("Lower seed's MPs"),
    "replays": gettext_lazy("Replays"),
    "counts_for": gettext_lazy("Counts for"),
    "wins": gettext_lazy("Wins"),
    "playoff_tie": gettext_lazy("A tied top-cut game"),
    "playoff_kind": gettext_lazy("Top-cut bracket"),
    "playoff_reset": gettext_lazy("Grand final reset"),
    "playoff_upper_format": gettext_lazy("Upper bracket format"),
    "playoff_lower_format": gettext_lazy("Lower bracket format"),
    "playoff_best_of": gettext_lazy("Top-cut matches best of"),
    "final_best_of": gettext_lazy("Final best of"),
    "loser_chooses_format": gettext_lazy("The loser chooses the format"),
    # Deck lists and formats.
    "version": gettext_lazy("Version"),
    "legal": gettext_lazy("Legal"),
    "problems": gettext_lazy("Problems"),
    "published": gettext_lazy("Published"),
    "key": gettext_lazy("Short name"),
    # A calendar feed; a change made in Django's admin; a value that is not a record.
    "calendar_off": gettext_lazy("Calendar feed off"),
    "fields": gettext_lazy("Fields changed"),
    "value": gettext_lazy("Value"),
}
# Stored values that are keys: a table's, a round's, a top-cut match's or the event's
# status (their models' choices), and a seat's outcome.
STATUS_WORDS = {
    "pending": gettext_lazy("Waiting for a result"),
    "reported": gettext_lazy("Reported, waiting for confirmation"),
    "disputed": gettext_lazy("Disputed"),
    "confirmed": gettext_lazy("Confirmed"),
    "draft": gettext_lazy("Draft"),
    "registration": gettext_lazy("Registration open"),
    "running": gettext_lazy("Running"),
    "finished": gettext_lazy("Finished"),
    "paired": gettext_lazy("Paired"),
    "closed": gettext_lazy("Closed"),
    "waiting": gettext_lazy("Waiting for players"),
    "tied": gettext_lazy("Tied: replay or director's decision"),
    "done": gettext_lazy("Decided"),
    "bye": gettext_lazy("Bye"),
}
SEAT_OUTCOMES = {
    "win": gettext_lazy("Win"),
    "loss": gettext_lazy("Loss"),
    "draw": gettext_lazy("Draw"),
}
SEAT = "seat "  # audit.views.readable_diff names a table's seats "seat <player>"
# Nested dicts keyed by players' names ("tables: Ana" is Ana's table).
NAME_KEYED = ("tables", "moved")


def humanize(key: str) -> str:
    """A key nobody labelled (an older export's), in words at least."""
    return key.replace("_", " ").replace("-", " ").strip()


def _capital(words: str) -> str:
    # Only the first letter: the rest may hold a player's name, which keeps its case.
    return words[:1].upper() + words[1:]


def key_label(key: str) -> str:
    """One stored key in words: its label, else the key humanized."""
    label = FIELD_LABELS.get(key)
    return str(label) if label is not None else _capital(humanize(key))


def _sub(parent: str, part: str) -> str:
    if parent in NAME_KEYED:
        return part
    if part in FIELD_LABELS:
        return str(FIELD_LABELS[part])
    # A scoring setting ("scoring_settings: half_cap") is named as the settings page does.
    if part in READING_LABELS:
        return str(READING_LABELS[part])
    return humanize(part)


def field_label(name: str) -> str:
    """An audit diff's field name in words. The diff names a nested change "key: sub"
    and a seat "seat <player>" (audit.views.readable_diff); each part is worded."""
    head, _sep, sub = str(name).partition(": ")
    if head.startswith(SEAT):
        words = _("Seat of %(player)s") % {"player": head[len(SEAT) :]}
    else:
        words = key_label(head)
    return _capital(f"{words}: {_sub(head, sub)}" if _sep else words)


def value_words(snapshot: dict[str, Any]) -> None:
    """The stored values that are keys or instants in words, in place: a status, each
    seat's outcome, a penalty's kind and offense, a stage's kind, the game, the decks a
    player registers, and a time (written as the page writes times)."""
    status = snapshot.get("status")
    if isinstance(status, str) and status in STATUS_WORDS:
        snapshot["status"] = str(STATUS_WORDS[status])
    if isinstance(snapshot.get("seats"), list):
        snapshot["seats"] = [_seat_words(seat) for seat in snapshot["seats"]]
    _format_words(snapshot)  # before the game is worded: its formats are looked up by it
    for key, words in KEYED_VALUES.items():
        value = snapshot.get(key)
        if isinstance(value, str) and value:
            snapshot[key] = words(value)
    for key in TIME_KEYS:
        if isinstance(snapshot.get(key), str):
            snapshot[key] = stored_time_words(snapshot[key])


# The values that are a format's key (an event's, a game's, a top cut's brackets).
FORMAT_KEYS = ("format_key", "format", "playoff_upper_format", "playoff_lower_format")


def _format_words(snapshot: dict[str, Any]) -> None:
    keys = [k for k in FORMAT_KEYS if isinstance(snapshot.get(k), str) and snapshot[k]]
    rounds = snapshot.get("round_formats")
    by_round = isinstance(rounds, list) and any(isinstance(r, str) and r for r in rounds)
    if not keys and not by_round:
        return
    names = format_names([snapshot.get("game")])
    for key in keys:
        snapshot[key] = format_words(snapshot[key], names)
    if by_round and isinstance(rounds, list):
        snapshot["round_formats"] = [
            format_words(r, names) if isinstance(r, str) and r else r for r in rounds
        ]


def _kind_words(kind: str) -> str:
    """A ``kind``: a penalty's, a stage's or a deadline reminder's ("48h")."""
    if kind in Penalty.Kind.values:
        return _(str(Penalty.Kind(kind).label))
    if kind in STAGE_KINDS:
        return kind_label(kind)
    if kind in REMINDER_KINDS:
        return _("%(hours)s hours before the deadline") % {"hours": kind.removesuffix("h")}
    return kind


def _game_words(key: str) -> str:
    return _(str(GameSystem(key).label)) if key in GameSystem.values else key


def _decks_words(mode: str) -> str:
    return str(MODE_WORDS[mode]) if mode in MODE_WORDS else mode


KEYED_VALUES: dict[str, Callable[[str], str]] = {
    "kind": _kind_words,
    "offense": offense_words,
    "game": _game_words,
    "decks_per_player": _decks_words,
    "preset": preset_name,
}
# The instants snapshots keep as ISO text (services write datetime.isoformat()).
TIME_KEYS = (
    "started_at",
    "opens_at",
    "deadline",
    "starts_at",
    "deck_deadline",
    "ended",
    "skipped_at",
    "decided_at",
)


def _seat_words(seat: Any) -> Any:
    if not isinstance(seat, dict) or seat.get("outcome") not in SEAT_OUTCOMES:
        return seat
    return {**seat, "outcome": str(SEAT_OUTCOMES[seat["outcome"]])}
