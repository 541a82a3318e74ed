"""Values remembered for the rest of the open transaction, so that one write saving
several rows (a result saves two seats and the table) asks the database only once for
what each save would ask again.

An entry lives while the part of the transaction that made it does: it goes with the
commit, with a rollback, and with a rolled-back savepoint (which drops the on-commit
callbacks registered inside it, the entry's marker among them). Outside a transaction
nothing is remembered."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any

from django.db import transaction

_MISSING = object()


class TransactionMemo:
    """A per-thread (as Django's connections are) memo of the open transaction."""

    def __init__(self) -> None:
        self._local = threading.local()

    def _entries(self) -> dict[Hashable, tuple[Any, Callable[[], None]]]:
        entries: dict[Hashable, tuple[Any, Callable[[], None]]] = self._local.__dict__.setdefault(
            "entries", {}
        )
        return entries

    def get(self, key: Hashable, default: Any = None) -> Any:
        """The value remembered for ``key`` in this transaction, else ``default``."""
        connection = transaction.get_connection()
        if not connection.in_atomic_block:
            return default
        found = self._entries().get(key)
        if found is None:
            return default
        value, marker = found
        if any(entry[1] is marker for entry in connection.run_on_commit):
            return value
        return default

    def contains(self, key: Hashable) -> bool:
        return self.get(key, _MISSING) is not _MISSING

    def put(self, key: Hashable, value: Any) -> None:
        """Remember ``value`` until this part of the transaction ends (nothing outside one)."""
        if not transaction.get_connection().in_atomic_block:
            return
        entries = self._entries()

        def forget() -> None:
            if entries.get(key, (None, None))[1] is forget:
                entries.pop(key, None)

        entries[key] = (value, forget)
        transaction.on_commit(forget)

    def forget(self, key: Hashable) -> None:
        self._entries().pop(key, None)

    def clear(self) -> None:
        self._entries().clear()
