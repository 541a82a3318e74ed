"""Game-server records in the reader's words: why a record was refused, what it said,
and how the deck it names differs from the registered list (staff only)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

PROBLEMS: dict[str, Any] = {
    "empty": gettext_lazy("The record is empty."),
    "too_large": gettext_lazy("The record is too large (at most %(limit)s bytes)."),
    "not_readable": gettext_lazy(
        "The record could not be read: give the file's text, or base64 of the file "
        "(it may be gzip, zlib or zip)."
    ),
    "zip_members": gettext_lazy(
        "A zip file must hold only the record; this one holds %(count)s files."
    ),
    "gemp_not_xml": gettext_lazy("This is not a GEMP replay: it is not readable XML."),
    "gemp_no_info": gettext_lazy(
        "This GEMP replay does not say who won (it is not a replay, or comes from before "
        "GEMP recorded results in its replays)."
    ),
    "gemp_no_players": gettext_lazy("This GEMP replay does not name a winner and a loser."),
    "gemp_cancelled": gettext_lazy(
        "This GEMP game was cancelled. GEMP still names a “winner”, but a cancelled game "
        "is not a result."
    ),
    "gemp_bot": gettext_lazy("This GEMP game was played against the server's bot."),
    "gemp_unknown_reason": gettext_lazy(
        "GEMP gives a reason this organizer does not know (“%(reason)s”): enter the result by hand."
    ),
    "meccg_not_token": gettext_lazy(
        "This is not a meccg-online result token (the final score's token, or the final "
        "score message holding it)."
    ),
    "meccg_not_two_players": gettext_lazy(
        "A meccg-online result must give two players' scores; this one gives %(count)s."
    ),
    "meccg_bad_points": gettext_lazy(
        "A score on this meccg-online token is not a whole number of points."
    ),
    "meccg_same_names": gettext_lazy("Both players on this meccg-online token have one name."),
    "record_server": gettext_lazy("Say which server the record comes from: GEMP or meccg-online."),
    "record_wrong_game": gettext_lazy(
        "A %(server)s record is for a %(game)s game; this event plays another game."
    ),
    "record_multiplayer": gettext_lazy("A server record is read for a two-player table only."),
    "record_players": gettext_lazy(
        "The record's players (%(names)s) are not this table's players (%(seated)s). A "
        "player's server name is matched to the one in his profile, else to his name here."
    ),
    "record_no_date": gettext_lazy("The record does not say when the game was played."),
    "record_before_round": gettext_lazy(
        "This game ended before round %(round)s began: it is a record of another game."
    ),
    "record_used": gettext_lazy(
        "This record was already read for table %(table)s of round %(round)s."
    ),
    "record_malus": gettext_lazy(
        "The meccg-online record takes off %(malus)s points as a malus, which cannot be read "
        "as the Free Council's deductions: enter the result with the Free Council form."
    ),
    "record_not_yours": gettext_lazy(
        "Only the players at this table and the event's staff may read a record into its result."
    ),
    "record_one_source": gettext_lazy("Give the record or a link to it (one of the two)."),
    "record_match_has_result": gettext_lazy(
        "This table's match already has its result: a record adds no game to it. The "
        "director corrects the match on the table's form."
    ),
    "record_game_read": gettext_lazy(
        "This record was already read as game %(game)s of this match."
    ),
    "record_url_host": gettext_lazy(
        "Records are fetched only over https from %(hosts)s; upload the file instead."
    ),
    "record_url_none": gettext_lazy(
        "Records from %(server)s are not fetched from links; paste or upload the record."
    ),
    "record_url_failed": gettext_lazy(
        "The record could not be fetched from that link; upload the file instead."
    ),
}

CAUSES: dict[str, Any] = {
    "site_9": gettext_lazy("%(winner)s survived to the Regroup phase on site 9."),
    "ring_bearer_killed": gettext_lazy("%(loser)s's Ring-bearer was killed."),
    "ring_bearer_corrupted": gettext_lazy("%(loser)s's Ring-bearer was corrupted."),
    "corrupted_before_start": gettext_lazy(
        "%(loser)s's Ring-bearer was corrupted before the game started."
    ),
    "concession": gettext_lazy("%(loser)s conceded."),
    "decision_timeout": gettext_lazy("%(loser)s took too long over a decision."),
    "out_of_time": gettext_lazy("%(loser)s ran out of time."),
    "five_sites": gettext_lazy("%(winner)s controlled five sites."),
}


CATEGORY_KEYS = ("character", "item", "faction", "ally", "kill", "miscellaneous")


def record_problem_words(code: str, params: Mapping[str, Any] | None = None) -> str:
    template = PROBLEMS.get(code)
    if template is None:  # a code without words yet: say plainly that it was refused
        return _("The record was refused.")
    return str(template) % dict(params or {})


def reading_lines(server: str, reading: Mapping[str, Any], names: Mapping[int, str]) -> list[str]:
    """What a stored record says, in words; ``names`` by registration id; at a table
    that plays a match, which of its games the record was."""
    lines = _server_lines(server, reading, names)
    if isinstance(reading.get("game"), int):
        lines.append(_("Read as game %(game)s of the match.") % {"game": reading["game"]})
    return lines


def _server_lines(server: str, reading: Mapping[str, Any], names: Mapping[int, str]) -> list[str]:
    if server == "gemp":
        winner = names.get(reading.get("winner", 0), "")
        loser = names.get(reading.get("loser", 0), "")
        cause = CAUSES.get(reading.get("cause", ""))
        lines = [_("GEMP replay: %(winner)s beat %(loser)s.") % {"winner": winner, "loser": loser}]
        if cause is not None:
            lines.append(str(cause) % {"winner": winner, "loser": loser})
        return lines
    lines = [_("meccg-online final score, counted here as the Free Council:")]
    for seat in reading.get("seats", []):
        points = seat.get("categories", {})
        lines.append(
            _(
                "%(player)s: character %(character)s, item %(item)s, faction %(faction)s, "
                "ally %(ally)s, kill %(kill)s, miscellaneous %(miscellaneous)s (the server's "
                "own total, %(total)s, is not used)."
            )
            % {
                "player": names.get(seat.get("registration", 0), ""),
                "total": seat.get("server_total", 0),
                **{k: points.get(k, 0) for k in CATEGORY_KEYS},
            }
        )
    return lines


def deck_difference_lines(
    differences: Mapping[str, Mapping[str, int] | None],
    names: Mapping[int, str],
    card_names: Mapping[str, str],
) -> list[str]:
    """For the staff: each player whose deck on the server differs from his list, or
    who has no list to compare with (``None``)."""
    lines = []
    for rid, cards in differences.items():
        if cards is None:
            lines.append(no_list_line(names.get(int(rid), "")))
            continue
        if not cards:
            continue
        parts = [
            _("%(count)s more %(card)s") % {"count": n, "card": card_names.get(c, c)}
            if n > 0
            else _("%(count)s fewer %(card)s") % {"count": -n, "card": card_names.get(c, c)}
            for c, n in cards.items()
        ]
        lines.append(
            _("%(player)s played a deck that differs from his registered list: %(cards)s.")
            % {"player": names.get(int(rid), ""), "cards": "; ".join(parts)}
        )
    return lines


def no_list_line(player: str) -> str:
    return _("%(player)s has no registered deck list to compare with.") % {"player": player}


def unknown_format_line(name: str) -> str:
    return _(
        "The record's format (%(format)s) is none of this event's formats: the game is "
        "kept in the round's format; the director corrects it on the table's form."
    ) % {"format": name}
