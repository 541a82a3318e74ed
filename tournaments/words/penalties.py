"""Penalties in words: why a player was ejected (the ladder's code, worded here)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.models import Penalty
from tournaments.rules.warnings import Ejection


def offense_words(offense: str) -> str:
    if offense in Penalty.Offense.values:
        return _(str(Penalty.Offense(offense).label)).lower()
    return offense


def ejection_words(stored: str) -> str:
    """A registration's ejection reason for people: the stored code in words, or the
    text itself when it is not a code (a reason from an older version's export)."""
    ejection = Ejection.from_stored(stored)
    if ejection is None:
        return str(stored)
    offense = offense_words(ejection.offense)
    if ejection.code == "cheating":
        return _("Ejected for cheating: obvious cheating ejects at once.")
    if ejection.code == "illegal_deck":
        return _("Ejected for an illegal deck list, which counts as cheating.")
    if ejection.code == "director" and ejection.judge:
        return _("Ejected by the judge %(judge)s for %(offense)s.") % {
            "judge": ejection.judge,
            "offense": offense,
        }
    if ejection.code == "director":
        return _("Ejected by the staff for %(offense)s.") % {"offense": offense}
    if ejection.code == "same_offense":
        return _(
            "Ejected automatically: %(count)s warnings for %(offense)s (two for the same "
            "offense eject)."
        ) % {"count": ejection.count, "offense": offense}
    return _("Ejected automatically: %(count)s warnings in all (any three eject).") % {
        "count": ejection.count
    }


def ejection_preview_words(ejection: Ejection, name: str, offense: str) -> str:
    """What a penalty about to be issued will do, in words, before it is done."""
    words = {
        "same_offense": _(
            "This is %(name)s's second standing warning for %(offense)s: issuing it ejects "
            "them (the rulebook's tournament rules: two warnings for the same offense eject)."
        ),
        "total_warnings": _(
            "This is %(name)s's third standing warning: issuing it ejects them (the "
            "rulebook's tournament rules: three warnings in all eject)."
        ),
    }
    default = _("Issuing it ejects %(name)s at once (%(offense)s).")
    return words.get(ejection.code, default) % {"name": name, "offense": offense}


def left_to_director_words(tables: list[tuple[int, int]]) -> str:
    """The ejected player's open games no ejection decides ((round, table) each): a game
    of more than two players, where the others play on, or one against another ejected
    player. Empty when there is none."""
    if not tables:
        return ""
    where = ", ".join(
        _("round %(round)s table %(table)s") % {"round": r, "table": t} for r, t in tables
    )
    return _(
        "His game at %(tables)s is not decided by the ejection (more than two players, or "
        "another ejected player): the others play on and you enter its result."
    ) % {"tables": where}


def kept_matches_words(name: str, opponents: list[str]) -> str:
    """A lifted ejection whose top-cut matches stay decided (his opponent in each named):
    the bracket was not changed, and why. Empty when there is none."""
    if not opponents:
        return ""
    return _(
        "%(name)s is back in the tournament, but the bracket was not changed: his top-cut "
        "match against %(winners)s stays lost by the ejection, because a match after it "
        "has already been played or started."
    ) % {"name": name, "winners": ", ".join(opponents)}
