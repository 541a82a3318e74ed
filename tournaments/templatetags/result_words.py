"""Template filters for a table's result in words (tournaments.words.results)."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments import services
from tournaments.models import Event, Table
from tournaments.services.director_options import director_options, option_words
from tournaments.views.match_form import match_form as views_match_form
from tournaments.words import results as result_words
from tournaments.words.matches import match_game_lines

register = template.Library()


@register.filter
def council_words(table: Table) -> list[str]:
    """The table's Free Council, step by step (empty when the MPs were typed)."""
    return result_words.table_council_lines(table)


@register.filter
def snapshot_council(table: Table, council: Any) -> list[str]:
    """``table|snapshot_council:change.after.council``: a past result's Free Council."""
    if not council:
        return []
    return result_words.table_council_lines(table, council)


@register.filter
def dispute_words(table: Table) -> str:
    return result_words.dispute_words(table)


@register.filter
def counter_words(table: Table, report: Any) -> str:
    return result_words.counter_report_words(table, report)


@register.filter
def council_rows(table: Table) -> list[dict[str, Any]]:
    """The result form's Free Council boxes, one row per seat, filled from the stored
    council when the result was counted (METW two-player tables only; else empty)."""
    return result_words.council_form_rows(table)


@register.filter
def match_form(table: Table) -> Any:
    """A match of best of N's game rows for the table's result form (what was typed when
    the form comes back refused); None for a table of one game."""
    typed = getattr(table, "typed_values", None) if getattr(table, "refused_message", "") else None
    return views_match_form(table, typed)


@register.filter
def games_so_far(table: Table) -> list[str]:
    """A match in progress: the games kept so far, in words, one line each (none once
    the table has a result: the result says it)."""
    if table.status != Table.Status.PENDING:
        return []
    return match_game_lines(table, [services.stored_game(g).as_json() for g in table.games.all()])


@register.filter
def match_columns(table: Table) -> list[int]:
    """A result slip's game columns at a table that plays best of N (1..N); none for a
    table of one game."""
    best_of = services.match_rules(table).best_of
    return list(range(1, best_of + 1)) if best_of > 1 else []


@register.filter
def games_won(table: Table, registration_id: int) -> int:
    """How many games of the table's match the player won (or the director counted for
    him); read from the games the page prefetched."""
    return sum(1 for g in table.games.all() if registration_id in (g.won_by_id, g.decided_for_id))


@register.filter
def finish_refusal(event: Event) -> str:
    """Why the event cannot be finished now, and what to do instead ("" when it can)."""
    option = next(o for o in director_options(event) if o.action == "finish_early")
    return option_words(option)


@register.filter
def cancel_consequences(event: Event) -> str:
    """What cancelling the event does, in words (next to its confirmation)."""
    return services.cancel_consequences(event)
