"""Signals the ratings app sends to its own readers, so a writer never imports them.

Sent inside the writer's transaction; a receiver that must see the committed rows
waits for the commit itself (transaction.on_commit).
"""

from django.dispatch import Signal

# sender=RatingEntry class; kwargs: game (the game system whose ledger just changed and
# whose LedgerVersion was bumped in the same transaction).
ledger_changed = Signal()
