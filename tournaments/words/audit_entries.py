"""The audit trail in words: each entry a sentence ("swapped two players of a round",
never "pairing_swap a round"), its changes with players named instead of their entry
numbers ("Bye: — → Ana", never "Bye: — → 73"), and a top-cut result with its score.
One reading for the page and the API."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from audit.models import AuditEntry
from audit.views import Change, readable_diff
from rules_engine.games.base import RULINGS
from tournaments.models import PlayoffMatch, Registration
from tournaments.words.audit import strip_nested
from tournaments.words.audit_fields import humanize, value_words
from tournaments.words.decks_played import slot_words
from tournaments.words.stage_plan import plan_words
from tournaments.words.windows import deadline_rule_words

# Words for the audit trail's actions and objects (they are stored as keys and model labels).
AUDIT_ACTIONS = {
    "create": gettext_lazy("created"),
    "update": gettext_lazy("changed"),
    "open_registration": gettext_lazy("opened registration for"),
    "finish": gettext_lazy("finished"),
    "import": gettext_lazy("imported"),
    "check_in": gettext_lazy("checked in"),
    "register": gettext_lazy("registered"),
    "walkin": gettext_lazy("added a walk-in to"),
    "drop": gettext_lazy("dropped"),
    "readd": gettext_lazy("re-added"),
    "eject": gettext_lazy("ejected"),
    "penalty": gettext_lazy("gave a penalty to"),
    "penalty_ejection": gettext_lazy("ejected (penalty)"),
    "pair": gettext_lazy("paired"),
    "repair": gettext_lazy("paired again"),
    "start_clock": gettext_lazy("started the clock of"),
    "pause_clock": gettext_lazy("paused the clock of"),
    "resume_clock": gettext_lazy("restarted the paused clock of"),
    "add_time": gettext_lazy("added time to"),
    "check_out": gettext_lazy("undid the check-in of"),
    "result_report": gettext_lazy("reported the result of"),
    "result_confirm": gettext_lazy("confirmed the result of"),
    "result_dispute": gettext_lazy("disputed the result of"),
    "result_director": gettext_lazy("entered the result of"),
    "result_correction": gettext_lazy("corrected the result of"),
    "result_games_so_far": gettext_lazy("entered the games played so far of"),
    "result_games_so_far_reported": gettext_lazy("reported the games played so far of"),
    "result_game_removed": gettext_lazy("took one game out of the match of"),
    "penalty_warning": gettext_lazy("gave a warning to"),
    "decklist.submit": gettext_lazy("submitted"),
    "decklists.publish": gettext_lazy("published the deck lists of"),
    "decklists.unpublish": gettext_lazy("hid the deck lists of"),
    "format.create": gettext_lazy("created"),
    "cancel": gettext_lazy("cancelled"),
    "delete": gettext_lazy("deleted"),
    "table_extra_time": gettext_lazy("gave extra time to"),
    "server_record_read": gettext_lazy("read a game server's record into the result of"),
    "server_names": gettext_lazy("changed the game server names of"),
    "round_window": gettext_lazy("set the window of"),
    "round_deadline": gettext_lazy("applied the deadline of"),
    "deadline_reminder": gettext_lazy("reminded a player of the deadline at"),
    "game_rooms": gettext_lazy("set the game server of"),
    # Django's admin (audit.admin_changes).
    "admin-add": gettext_lazy("added in the admin"),
    "admin-change": gettext_lazy("changed in the admin"),
    "admin-delete": gettext_lazy("deleted in the admin"),
    "admin": gettext_lazy("changed in the admin"),
}
AUDIT_KINDS = {
    "result": gettext_lazy("results"),
    "registration": gettext_lazy("registrations"),
    "penalty": gettext_lazy("penalties"),
    "decklist": gettext_lazy("deck lists"),
    "round": gettext_lazy("rounds"),
    "playoff": gettext_lazy("top cut"),
    "staff": gettext_lazy("staff"),
    "event": gettext_lazy("the event"),
}
# The kind filter's model labels.
KIND_TYPES = {
    "result": ("tournaments.table",),
    "registration": ("tournaments.registration",),
    "penalty": ("tournaments.penalty",),
    "decklist": ("decks.decklist",),
    "round": ("tournaments.round",),
    "playoff": ("tournaments.playoffmatch",),
    "staff": ("tournaments.eventstaff",),
    "event": ("tournaments.event", "tournaments.eventdaysettings", "tournaments.eventsettings"),
}
AUDIT_OBJECTS = {
    "tournaments.event": gettext_lazy("the event"),
    "tournaments.registration": gettext_lazy("a registration"),
    "tournaments.round": gettext_lazy("a round"),
    "tournaments.table": gettext_lazy("a table"),
    "tournaments.penalty": gettext_lazy("a penalty"),
    "tournaments.player": gettext_lazy("a player"),
    "tournaments.playoffmatch": gettext_lazy("a top-cut match"),
    "tournaments.eventstaff": gettext_lazy("the staff"),
    "tournaments.eventdaysettings": gettext_lazy("the event's settings"),
    "tournaments.eventsettings": gettext_lazy("the event's settings"),
    "decks.decklist": gettext_lazy("a deck list"),
    "decks.decklistversion": gettext_lazy("a deck list"),
    "decks.format": gettext_lazy("a format"),
    "ratings.league": gettext_lazy("a league"),
    "tournaments.deadlinereminder": gettext_lazy("a table"),
    "tournaments.stage": gettext_lazy("a stage"),
    "tournaments.leaguegame": gettext_lazy("a league game"),
}
# Actions said whole: their object is plain from the sentence.
AUDIT_SENTENCES = {
    "register": gettext_lazy("registered a player"),
    "walkin": gettext_lazy("added a walk-in player"),
    "bulk_entry": gettext_lazy("added a player from a pasted list"),
    "unregister": gettext_lazy("removed a player's entry"),
    "check_in": gettext_lazy("checked in a player"),
    "check_out": gettext_lazy("undid a player's check-in"),
    "drop": gettext_lazy("dropped a player"),
    "readd": gettext_lazy("re-added a player"),
    "eject": gettext_lazy("ejected a player"),
    "eject_reversed": gettext_lazy("lifted a player's ejection"),
    "penalty_warning": gettext_lazy("gave a player a warning"),
    "penalty_ejection": gettext_lazy("ejected a player after a penalty"),
    "penalty_rescind": gettext_lazy("rescinded a penalty"),
    "pairing_swap": gettext_lazy("swapped two players between tables"),
    "pairing_set_table": gettext_lazy("set a table by hand"),
    "pairing_constraints": gettext_lazy("changed the pairs to avoid and the fixed tables"),
    "round_deleted": gettext_lazy("deleted a round with its results"),
    "round_repaired": gettext_lazy("threw away a round's results and paired it again"),
    "staff_invite": gettext_lazy("named a member of the staff"),
    "staff_role": gettext_lazy("changed a staff member's role"),
    "staff_remove": gettext_lazy("removed a member of the staff"),
    "top_cut": gettext_lazy("set the top cut"),
    "stages": gettext_lazy("set the event's stages"),
    "preset": gettext_lazy("chose the event's preset"),
    "stage_start": gettext_lazy("started a stage"),
    "stage_skip": gettext_lazy("skipped a stage"),
    "groups_draw": gettext_lazy("drew the heats"),
    "group_move": gettext_lazy("moved a player to another heat"),
    "group_join": gettext_lazy("placed a late entry in a heat"),
    "league_game": gettext_lazy("reported a league game"),
    "playoff_start": gettext_lazy("started the top cut"),
    "playoff_result": gettext_lazy("entered a top-cut result"),
    "playoff_cancel": gettext_lazy("cancelled the top cut"),
    "result_void": gettext_lazy("took back a table's result"),
    "calendar_renew": gettext_lazy("gave his calendar feed a new link"),
    "calendar_off": gettext_lazy("turned his calendar feed off"),
    "result_deadline": gettext_lazy("gave a table a double loss at its window's deadline"),
    "result_deadline_confirm": gettext_lazy(
        "confirmed a reported result nobody had disputed by its window's deadline"
    ),
    "deadline_losses_undone": gettext_lazy("took back the double losses of a deadline moved later"),
    "playoff_ejection": gettext_lazy(
        "recorded an ejected player's open top-cut match as lost: his opponent goes through"
    ),
    "playoff_ejection_lifted": gettext_lazy(
        "took back a top-cut match decided by an ejection that was lifted"
    ),
    "playoff_ejection_both": gettext_lazy(
        "recorded a top-cut match of two ejected players: nobody goes on from it"
    ),
    "playoff_bye": gettext_lazy(
        "sent a top-cut player on without a game: nobody is left to play him"
    ),
    "result_ejection": gettext_lazy("recorded an ejected player's unfinished game as lost"),
    "decks_played": gettext_lazy("recorded the decks played at a table"),
    "result_matching_report": gettext_lazy("reported the same result at a table"),
    "result_differing_report": gettext_lazy("reported a different result at a table"),
    "entry_claim": gettext_lazy("claimed a walk-in entry as his own"),
    "entry_claim_accepted": gettext_lazy("accepted a claim to a walk-in entry"),
    "entry_claim_refused": gettext_lazy("refused a claim to a walk-in entry"),
    "round_unlock": gettext_lazy("unlocked an earlier round's results for changes"),
    "tiebreaks_changed": gettext_lazy("changed the tiebreaks after a round was played"),
    "league approval": gettext_lazy("approved the event for the league's ratings"),
    "league approval withdrawn": gettext_lazy(
        "withdrew the event's approval for the league's ratings"
    ),
    "playoff_game": gettext_lazy("entered a game of a top-cut match"),
    "playoff_game_decided": gettext_lazy("named the player a tied top-cut game counts for"),
    "lookalike_name": gettext_lazy("signed up with a name like an existing player's"),
}

# Fields that hold entry numbers, named by the players they stand for.
_TABLES = "tables"
_PLAYER_FIELDS = ("bye",)
_BYES = "byes"
_DECKS = "decks_played"  # [[entry number, slot], ...]


def entry_sentence(entry: AuditEntry) -> str:
    """What the entry records, as a sentence without its subject ("paired a round")."""
    if entry.action in AUDIT_SENTENCES:
        return str(AUDIT_SENTENCES[entry.action])
    action = AUDIT_ACTIONS.get(entry.action) or humanize(entry.action.replace(".", " "))
    thing = AUDIT_OBJECTS.get(entry.object_type) or _("a record")
    return f"{action} {thing}"


def _ints(value: Any) -> Iterable[int]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, str) and value.isdigit():
        yield int(value)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _ints(item)


def _entry_numbers(snapshot: Any) -> set[int]:
    if not isinstance(snapshot, dict):
        return set()
    found = set(_ints(snapshot.get("avoid_pairs")))
    found |= set(_ints(list((snapshot.get("fixed_tables") or {}).keys())))
    if isinstance(snapshot.get(_TABLES), list):
        found |= set(_ints(snapshot[_TABLES]))
    for key in _PLAYER_FIELDS:
        found |= set(_ints(snapshot.get(key)))
    found |= set(_ints(snapshot.get(_BYES)))
    found |= {reg for reg, _slot in snapshot.get(_DECKS) or () if isinstance(reg, int)}
    return found


def entry_names(entries: Iterable[AuditEntry]) -> dict[int, str]:
    """The players named by entry number in these entries, in one query."""
    wanted: set[int] = set()
    for entry in entries:
        wanted |= _entry_numbers(entry.before) | _entry_numbers(entry.after)
    return dict(
        Registration.objects.filter(pk__in=wanted).values_list("pk", "player__display_name")
    )


def _name(names: dict[int, str], value: Any) -> str:
    ids = list(_ints(value))
    return names.get(ids[0], _("a removed player")) if ids else "—"


def named(snapshot: Any, names: dict[int, str]) -> Any:
    """The snapshot with every entry number replaced by its player's name."""
    if not isinstance(snapshot, dict):
        return snapshot
    out = dict(strip_nested(snapshot))
    if "avoid_pairs" in out:
        out["avoid_pairs"] = (
            "; ".join(
                _("%(a)s and %(b)s") % {"a": _name(names, a), "b": _name(names, b)}
                for a, b in (out["avoid_pairs"] or [])
            )
            or "—"
        )
    if "fixed_tables" in out:
        out["fixed_tables"] = (
            "; ".join(
                _("%(player)s at table %(table)s") % {"player": _name(names, reg), "table": table}
                for reg, table in sorted((out["fixed_tables"] or {}).items(), key=lambda kv: kv[1])
            )
            or "—"
        )
    if isinstance(out.get(_TABLES), list):
        out[_TABLES] = "; ".join(
            _("table %(n)s: %(players)s")
            % {"n": n, "players": " – ".join(_name(names, r) for r in seats)}
            for n, seats in enumerate(out[_TABLES], start=1)
        )
    for key in _PLAYER_FIELDS:
        if out.get(key) is not None:
            out[key] = _name(names, out[key])
    _window_words(out)
    value_words(out)
    if isinstance(out.get(_BYES), list):  # a round in heats: a bye per odd heat
        out[_BYES] = ", ".join(_name(names, r) for r in out[_BYES]) or "—"
    if isinstance(out.get(_DECKS), list):
        out[_DECKS] = "; ".join(
            f"{_name(names, reg)}: {slot_words(slot, {}) if slot else '—'}"
            for reg, slot in out[_DECKS]
        )
    return out


def _window_words(out: dict[str, Any]) -> None:
    """A window's rule and a table's double loss (RULES.md §8) in words, not their keys."""
    if isinstance(out.get("deadline_rule"), str):
        out["deadline_rule"] = deadline_rule_words(out["deadline_rule"])
    for key in ("tables_without_result", "reports_confirmed", "disputed_tables", "tables_undone"):
        if isinstance(out.get(key), list):
            out[key] = ", ".join(str(n) for n in out[key]) or "—"
    if out.get("outcome") in RULINGS:
        out["outcome"] = _(RULINGS[out["outcome"]])


def entry_changes(entry: AuditEntry, names: dict[int, str]) -> list[Change]:
    if entry.action == "stages":  # a plan is a list of stages: in words, not as stored
        return readable_diff(*({"stages": plan_words(s)} for s in (entry.before, entry.after)))
    return readable_diff(named(entry.before, names), named(entry.after, names))


def playoff_scores(entries: Iterable[AuditEntry]) -> dict[int, str]:
    """For each top-cut result entry: the score in words ("Ana 20 – 5 Bo; Ana wins")."""
    wanted = [
        e
        for e in entries
        if e.object_type == "tournaments.playoffmatch" and isinstance(e.after, dict)
    ]
    ids = {int(e.object_id) for e in wanted if str(e.object_id).isdigit()}
    matches = PlayoffMatch.objects.select_related("high__player", "low__player").in_bulk(ids)
    out: dict[int, str] = {}
    for entry in wanted:
        match = matches.get(int(entry.object_id)) if str(entry.object_id).isdigit() else None
        after: dict[str, Any] = entry.after if isinstance(entry.after, dict) else {}
        if match is None or after.get("high_mps") is None or after.get("low_mps") is None:
            continue
        score = _("%(high)s %(high_mps)s – %(low_mps)s %(low)s") % {
            "high": match.high.player.display_name if match.high else "—",
            "high_mps": after["high_mps"],
            "low_mps": after["low_mps"],
            "low": match.low.player.display_name if match.low else "—",
        }
        if after.get("winner"):
            score += "; " + _("%(player)s wins") % {"player": after["winner"]}
        out[entry.pk] = score
    return out
