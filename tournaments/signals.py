"""Signals other apps listen to, so tournaments never imports them.

ratings connects to these to write its ledger; sent inside the transaction that
made the change (receivers that need the commit use transaction.on_commit).
"""

import threading
from collections.abc import Iterable

from django.db import transaction
from django.dispatch import Signal

# sender=Round class; kwargs: round (a closed Round)
round_closed = Signal()
# sender=Event class; kwargs: event (finished Event)
event_finished = Signal()
# sender=Event class; kwargs: event (an Event the director cancelled: never rated)
event_cancelled = Signal()
# sender=Event class; kwargs: event (an Event its director is deleting, still in the
# database; sent inside the deleting transaction). Ratings listen to replay its game
# without the deleted games.
event_deleting = Signal()
# sender=Player class; kwargs: kept (the account holder's Player), merged_id (the walk-in
# Player's id, about to be deleted), games (game systems he played as the walk-in). The
# director confirmed that a walk-in is an account holder: ratings replay those games.
players_merged = Signal()
# sender=Table class; kwargs: table (a table of a closed round whose result was changed)
closed_result_changed = Signal()
# sender=Event class; kwargs: event (an Event just rebuilt from its export, committed)
event_imported = Signal()
# sender=PlayoffMatch class; kwargs: match (a decided top-cut match). RULES.md §3 "Top cut":
# playoff games are rated like any other game; ratings listen to rate them.
playoff_match_decided = Signal()
# sender=Event class; kwargs: event (its undecided top cut was just cancelled: its playoff
# games leave the rating ledger and the winner's bonus goes back to the Swiss winners).
playoff_cancelled = Signal()
# sender=LeagueGame class; kwargs: game (a league series' game just reported). RULES.md §8:
# every game of a sanctioned event is rated; ratings listen to rate it.
league_game_reported = Signal()

# Domain events integrations listen to (webhooks). All are sent inside the writer's
# transaction; a receiver that talks to the outside waits for the commit itself.
# sender=Round class; kwargs: round (its tables created), repaired (bool: paired again)
round_paired = Signal()
# sender=Table class; kwargs: table (its result now confirmed), by_director (bool)
result_confirmed = Signal()
# sender=Event class; kwargs: event_id (int), version (int: the rebuilt snapshot's version)
standings_changed = Signal()
# sender=None; kwargs: slugs (list[str]): what the visitors' stored pages of these events
# show has changed. The page cache listens (tournaments.views.page_cache); the writers
# announce and never import it.
event_pages_changed = Signal()


_pages = threading.local()  # per thread, as Django's connections are


def _outermost() -> object | None:
    """The open transaction's outermost block (None outside one): what tells it apart."""
    blocks = transaction.get_connection().atomic_blocks
    return blocks[0] if blocks else None


def page_stored_in_transaction() -> None:
    """The page cache stored a visitor's page while this thread's transaction was open (a
    test, or a view inside one): a change this transaction makes from now on drops the
    stored pages at once, not only at its commit, or it could read its own stale page."""
    _pages.stored_inside = _outermost()


def pages_changed_now(slugs: Iterable[str]) -> None:
    """Only where a page read inside the open transaction could be stale: elsewhere every
    other reader sees the committed data until the commit, and moving the pages on now would
    only make them render that data again (the whole table, at every result)."""
    inside = getattr(_pages, "stored_inside", None)
    if inside is not None and inside is _outermost():
        event_pages_changed.send(sender=None, slugs=list(slugs))


def announce_pages_changed(slugs: Iterable[str]) -> None:
    """Once the writer's transaction commits (at once outside one), and now too where this
    transaction may have stored a page (pages_changed_now)."""
    slugs = list(slugs)
    pages_changed_now(slugs)
    transaction.on_commit(lambda: event_pages_changed.send(sender=None, slugs=slugs))
