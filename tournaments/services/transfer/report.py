"""What an import did: the event, whether it was new, what it added or updated, and
where this site and the file disagreed (codes with data; tournaments.words.sync puts
them in words)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tournaments.models import Event, Registration


@dataclass
class SyncReport:
    event: Event
    created: bool = False
    # What the file brought that this site lacked, by kind ("players", "rounds", "results"…).
    added: dict[str, int] = field(default_factory=dict)
    # (code, data): a difference settled one way, said so to the person importing.
    conflicts: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    # This site holds something the file lacks (kept): the standings then differ by design.
    kept_extra: bool = False
    # The file's entry ids → this site's entries.
    reg_map: dict[int, Registration] = field(default_factory=dict)

    def add(self, kind: str, count: int = 1) -> None:
        if count:
            self.added[kind] = self.added.get(kind, 0) + count

    def conflict(self, code: str, **data: Any) -> None:
        self.conflicts.append((code, data))
