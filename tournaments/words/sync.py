"""An import's report in words: what a file added to an event this site already had,
and where the two differed, which side was kept (tournaments.services.transfer.sync
names them by code)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.words.decks_played import slot_words

ADDED = {
    "players": lambda n: ngettext("%(n)d player added", "%(n)d players added", n),
    "entries_updated": lambda n: ngettext(
        "%(n)d entry updated (checked in, dropped or ejected)",
        "%(n)d entries updated (checked in, dropped or ejected)",
        n,
    ),
    "rounds": lambda n: ngettext("%(n)d round added", "%(n)d rounds added", n),
    "results": lambda n: ngettext("%(n)d result taken in", "%(n)d results taken in", n),
    "penalties": lambda n: ngettext("%(n)d penalty added", "%(n)d penalties added", n),
    "rescissions": lambda n: ngettext("%(n)d penalty rescinded", "%(n)d penalties rescinded", n),
    "playoff": lambda n: _("the top cut added"),
    "playoff_results": lambda n: ngettext(
        "%(n)d top cut match taken in", "%(n)d top cut matches taken in", n
    ),
    "stages": lambda n: ngettext("%(n)d stage added", "%(n)d stages added", n),
    "stages_progress": lambda n: ngettext(
        "%(n)d stage's progress taken in (its first round, who went on to it, or its skip)",
        "%(n)d stages' progress taken in (their first round, who went on to them, or their skip)",
        n,
    ),
    "league_games": lambda n: ngettext("%(n)d league game added", "%(n)d league games added", n),
    "decklists": lambda n: ngettext("%(n)d deck list added", "%(n)d deck lists added", n),
    "decklist_versions": lambda n: ngettext(
        "%(n)d deck list updated to the file's newer version",
        "%(n)d deck lists updated to the file's newer versions",
        n,
    ),
    "decklist_history": lambda n: ngettext(
        "%(n)d older deck list version added to its list's earlier versions",
        "%(n)d older deck list versions added to their lists' earlier versions",
        n,
    ),
    "decks_played": lambda n: ngettext(
        "%(n)d deck played at a table recorded", "%(n)d decks played at tables recorded", n
    ),
}


def conflict_text(code: str, data: dict[str, Any]) -> str:
    texts = {
        "settings_kept": _(
            "The file's event settings differ from this site's; this site's were kept."
        ),
        "pairings_differ": _(
            "Round %(round)s was paired differently in the file; this site's pairings "
            "and results of that round were kept."
        ),
        "result_kept": _(
            "Round %(round)s, table %(table)s: the file's result differs and is older; "
            "this site's was kept."
        ),
        "result_replaced": _(
            "Round %(round)s, table %(table)s: the file's result differs and is newer; "
            "it replaced this site's."
        ),
        "playoff_match_kept": _(
            "A top cut match decided here differs in the file; this site's result was kept."
        ),
        "stages_kept": _("The file's stages differ from this site's; this site's were kept."),
        "stage_kept": _(
            "Stage %(position)s is set otherwise in the file; this site's stage was kept."
        ),
        "stage_progress_kept": _(
            "Stage %(position)s began otherwise in the file (another first round or other "
            "players going on to it); this site's was kept."
        ),
        "heat_kept": _(
            "%(player)s is in another heat in the file; this site's heat %(heat)s was kept."
        ),
        "decklist_kept": _(
            "%(deck)s of %(player)s: the file's list differs and is older; this site's was kept."
        ),
        "decklist_earlier": _(
            "%(deck)s of %(player)s: the file's list differs and is older; this site's "
            "stays current and the file's was added to its earlier versions."
        ),
        "deck_played_kept": _(
            "Round %(round)s, table %(table)s: the file records another deck for %(player)s; "
            "this site's (%(deck)s) was kept."
        ),
    }
    if "slot" in data:  # a list by its name, never its slot's key
        data = {**data, "deck": _deck_name(data)}
    return texts.get(code, _("A part of the file differs from this site's; it was kept.")) % data


def _deck_name(data: dict[str, Any]) -> str:
    slot = str(data["slot"])
    return slot_words(slot, {slot: str(data["format"])} if data.get("format") else {})


def sync_summary(added: dict[str, int]) -> str:
    """ "2 rounds added, 7 results taken in." or that nothing was new."""
    parts = [ADDED[kind](n) % {"n": n} for kind, n in added.items() if kind in ADDED]
    if not parts:
        return _("The file held nothing this site did not have already.")
    return _("Updated from the file: %(what)s.") % {"what": ", ".join(parts)}
