"""The words of the calendar feeds (SUMMARY, DESCRIPTION, the deadline's alarm), in the
language of the request that asks for the feed."""

from __future__ import annotations

from django.utils.translation import gettext as _


def feed_name(name: str) -> str:
    return _("%(event)s: rounds") % {"event": name}


def my_feed_name() -> str:
    return _("My games")


def round_summary(event: str, number: int) -> str:
    return _("%(event)s: round %(number)s") % {"event": event, "number": number}


def window_description(opens: str, deadline: str) -> str:
    return _("Play your game from %(opens)s until the deadline, %(deadline)s.") % {
        "opens": opens,
        "deadline": deadline,
    }


def live_description(start: str, minutes: int) -> str:
    return _("The round starts %(start)s and lasts %(minutes)s minutes.") % {
        "start": start,
        "minutes": minutes,
    }


def deadline_alarm(event: str, number: int) -> str:
    return _("Round %(number)s of %(event)s closes in 12 hours.") % {
        "event": event,
        "number": number,
    }


def event_description(start: str) -> str:
    return _("Starts %(time)s.") % {"time": start}


def table_words(table: int, opponents: list[str]) -> str:
    if not opponents:
        return _("Table %(table)s.") % {"table": table}
    return _("Table %(table)s against %(opponents)s.") % {
        "table": table,
        "opponents": ", ".join(opponents),
    }


def bye_words() -> str:
    return _("A bye: no game to play this round.")


def room_words(name: str, link: str) -> str:
    if link:
        return _("Game room: %(room)s (%(link)s)") % {"room": name, "link": link}
    return _("Game room: %(room)s") % {"room": name}
