"""A meccg-online result token (meccg.online, github.com/Heinrich-Barth/meccg-online).

At the end of a game GamePlayers.getFinalScore builds ``{score, stats, duration,
turns, checksums, players, date}`` and ResultToken.create makes it a JWT: base64url of
``{"alg":"HS256","typ":"JWT"}``, a dot, base64url of that JSON, a dot, an HMAC of the
two under the server's secret. ``score`` maps each player's id to his sheet by
category (Scores.getScoreSheets; the categories of data-local/scores.json:
influence, stage, ally, character, faction, item, kill, misc, malus), ``players`` the
id to the name shown in the game, ``checksums`` the decks' HMAC checksums
(DeckChecksum.ts).

Nothing here trusts the server's sums: its chat log adds every category but stage
(influence and malus included, Chat.#countScoreTotal) and its score table another way
(score.js), and the token's signature cannot be checked without the server's secret,
so anyone can write one. We take the categories and count the Free Council ourselves
(rules_engine.free_council).
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from rules_engine.free_council import MAX_CATEGORY
from tournaments.rules.records.decode import RecordProblem

# meccg-online's category -> the Free Council's (rules_engine.free_council.CATEGORIES).
COUNCIL_CATEGORIES = {
    "character": "character",
    "item": "item",
    "faction": "faction",
    "ally": "ally",
    "kill": "kill",
    "misc": "miscellaneous",
}
# Kept on the reading but not part of marshalling points: general influence and stage
# points are shown by the server and "ignorecount"; malus is read apart.
OTHER_CATEGORIES = ("influence", "stage", "malus")


@dataclass(frozen=True)
class MeccgSide:
    user_id: str
    name: str
    categories: dict[str, int]  # the Free Council's six categories
    others: dict[str, int]  # influence, stage, malus as the token gives them
    server_total: int  # the server's chat-log total (all but stage), for comparison


@dataclass(frozen=True)
class MeccgReading:
    sides: tuple[MeccgSide, MeccgSide]
    checksums: tuple[str, ...]
    turns: int | None
    ended: datetime | None


def _b64json(part: str) -> Any:
    try:
        raw = base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))
        return json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        raise RecordProblem("meccg_not_token") from None


def _payload(text: str) -> Any:
    text = text.strip()
    if text.startswith("{"):
        # The final score message as the game sends it (``/game/score/final``).
        try:
            data = json.loads(text)
        except ValueError:
            raise RecordProblem("meccg_not_token") from None
        if isinstance(data, dict) and isinstance(data.get("token"), str):
            return _payload(data["token"])
        return data
    parts = text.split(".")
    if len(parts) != 3:
        raise RecordProblem("meccg_not_token")
    header = _b64json(parts[0])
    if not isinstance(header, dict) or header.get("typ") != "JWT":
        raise RecordProblem("meccg_not_token")
    return _b64json(parts[1])


def _points(value: Any) -> int:
    if isinstance(value, bool):
        raise RecordProblem("meccg_bad_points")
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value.strip())  # Scores.restore keeps parseInt'ed strings as they come
    if not isinstance(value, int) or not -MAX_CATEGORY <= value <= MAX_CATEGORY:
        raise RecordProblem("meccg_bad_points")
    return value


def _side(user_id: str, name: Any, sheet: Any) -> MeccgSide:
    if not isinstance(sheet, dict) or not isinstance(name, str) or not name.strip():
        raise RecordProblem("meccg_not_token")
    values = {key: _points(v) for key, v in sheet.items() if isinstance(key, str)}
    return MeccgSide(
        user_id=user_id,
        name=name.strip(),
        categories={ours: values.get(theirs, 0) for theirs, ours in COUNCIL_CATEGORIES.items()},
        others={k: values[k] for k in OTHER_CATEGORIES if k in values},
        server_total=sum(v for k, v in values.items() if k != "stage"),
    )


def _ended(value: Any) -> datetime | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value < 10**14:
        return datetime.fromtimestamp(value / 1000, tz=UTC)  # JavaScript's Date.now()
    return None


def read_meccg(text: str) -> MeccgReading:
    data = _payload(text)
    if not isinstance(data, dict):
        raise RecordProblem("meccg_not_token")
    score, players = data.get("score"), data.get("players")
    if not isinstance(score, dict) or not isinstance(players, dict):
        raise RecordProblem("meccg_not_token")
    # Chat.createLogFinalScore skips a sheet whose player has left the name list.
    ids = [uid for uid in score if uid in players]
    if len(ids) != 2:
        raise RecordProblem("meccg_not_two_players", {"count": len(ids)})
    a, b = (_side(uid, players[uid], score[uid]) for uid in ids)
    if a.name.casefold() == b.name.casefold():
        raise RecordProblem("meccg_same_names")
    checksums = data.get("checksums")
    turns = data.get("turns")
    return MeccgReading(
        sides=(a, b),
        checksums=tuple(c for c in checksums if isinstance(c, str))
        if isinstance(checksums, list)
        else (),
        turns=turns if isinstance(turns, int) and not isinstance(turns, bool) else None,
        ended=_ended(data.get("date")),
    )
