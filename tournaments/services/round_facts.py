"""Each round's event and status as read in the open transaction, so that one write
saving several rows (a result saves two seats and the table) asks the database once.

Filled where a round is read under its event's lock (``services.base.lock_table``) or
read for the first time in the transaction (the standings' receivers); a save of the
round forgets it, so a status is never older than the transaction's own writes."""

from __future__ import annotations

from core.tx_memo import TransactionMemo
from tournaments.models import Round

_rounds = TransactionMemo()


def remember(rnd: Round) -> None:
    _rounds.put(rnd.pk, (rnd.event_id, rnd.status))


def forget(round_id: int) -> None:
    _rounds.forget(round_id)


def event_and_status(round_id: int) -> tuple[int, str]:
    """The round's event id and status: as read in this transaction, else read now."""
    found: tuple[int, str] | None = _rounds.get(round_id)
    if found is None:
        found = Round.objects.values_list("event_id", "status").get(pk=round_id)
        _rounds.put(round_id, found)
    return found
