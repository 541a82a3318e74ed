"""A game room for every table of an online event (RULES.md §8): the room's name follows
one rule, so both players find the same room without trading names in chat. Pure.

The rule: the event's room prefix (by default its slug), then ``R`` and the round
number, ``T`` and the table number, letters and digits only: ``springopenR2T14``.
- meccg-online accepts only letters and digits in a room's name
  (``UTILS.isAlphaNumeric`` in meccg-online's GamePlayRouteHandlerUtil.ts) and a room is
  the page ``<server>/play/<room>``;
- GEMP has no named rooms: a player creates a private table in the hall and gives it
  the room's name as its description, and his opponent joins the table of that name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

NONE, GEMP, MECCG = "none", "gemp", "meccg-online"
SERVERS = (NONE, GEMP, MECCG)
MAX_PREFIX = 16


@dataclass(frozen=True)
class Room:
    server: str
    name: str
    link: str  # empty where the server has no link to a room (GEMP)


def room_prefix(prefix: str, slug: str) -> str:
    """The prefix as letters and digits only, from the event's slug when none is set."""
    clean = re.sub(r"[^0-9A-Za-z]", "", prefix or slug)
    return clean[:MAX_PREFIX] or "table"


def room_for(
    server: str, prefix: str, slug: str, round_number: int, table_number: int, base: str = ""
) -> Room | None:
    """The table's room; None when the event plays on no server or the table is a bye
    (table_number 0)."""
    if server not in (GEMP, MECCG) or table_number <= 0:
        return None
    name = f"{room_prefix(prefix, slug)}R{round_number}T{table_number}"
    link = f"{base.rstrip('/')}/play/{name}" if server == MECCG and base else ""
    return Room(server=server, name=name, link=link)
