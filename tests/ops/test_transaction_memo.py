"""What one transaction remembers for its later saves (core.tx_memo): never longer than
the part of the transaction that learnt it, so no save acts on what was rolled back."""

from __future__ import annotations

import pytest
from django.db import transaction

from core.tx_memo import TransactionMemo
from tests.tournaments.test_snapshot_incremental import running_round
from tournaments.models import Round, StandingsSnapshot


@pytest.mark.django_db(transaction=True)
def test_a_value_lives_as_long_as_the_part_of_the_transaction_that_learnt_it():
    memo = TransactionMemo()
    memo.put("k", 1)  # outside a transaction: nothing is kept
    assert memo.get("k") is None
    with transaction.atomic():
        memo.put("k", 1)
        with transaction.atomic():
            memo.put("j", 2)
            assert memo.get("j") == 2
        assert memo.get("j") == 2  # the savepoint was kept
        try:
            with transaction.atomic():
                memo.put("k", 3)
                raise RuntimeError("rolled back")
        except RuntimeError:
            pass
        assert memo.get("k") is None  # learnt in the part rolled back
        memo.forget("j")
        assert not memo.contains("j")
    assert memo.get("k") is None  # gone with the commit


@pytest.mark.django_db
def test_a_round_closed_in_the_same_transaction_marks_the_closed_standings_too():
    """A seat's save reads its round's status once for the transaction; the round's own
    save forgets it, so a table saved after the round closed marks the standings after
    the closed rounds stale too, as if nothing were remembered."""
    _director, event, table = running_round(6)
    seat = table.seats.first()
    header = StandingsSnapshot.objects.get(event=event)
    assert not header.stale and not header.closed_stale
    with transaction.atomic():
        seat.save(update_fields=["mps", "points", "outcome"])
        assert not StandingsSnapshot.objects.get(event=event).closed_stale
        rnd = Round.objects.get(pk=table.round_id)
        rnd.status = Round.Status.CLOSED
        rnd.save(update_fields=["status"])
        header = StandingsSnapshot.objects.get(event=event)
        header.closed_stale = False  # only the table's save after may mark it again
        header.save(update_fields=["closed_stale"])
        table.save(update_fields=["status"])
        assert StandingsSnapshot.objects.get(event=event).closed_stale
