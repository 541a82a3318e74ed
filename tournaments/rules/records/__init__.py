"""Results read from the game servers' own records (RULES.md §8, online events).

Pure: no Django. ``decode`` turns what a person uploads or pastes (text, base64, a
gzip, zlib or zip file) into text within fixed bounds; ``gemp`` reads a GEMP replay
(the LOTR TCG server of the Players' Council) and ``meccg`` a meccg-online result
token. A record that cannot be read, or that does not prove a result, raises
``RecordProblem``: a code and its data, put into words at the face
(``tournaments.words.records``). docs/online-records.md describes both formats with
links to the servers' source files.
"""

from tournaments.rules.records.decode import (
    MAX_RECORD_BYTES,
    MAX_UPLOAD_BYTES,
    RecordProblem,
    record_text,
)
from tournaments.rules.records.gemp import GempDeck, GempReading, deck_differences, read_gemp
from tournaments.rules.records.meccg import MeccgReading, MeccgSide, read_meccg

GEMP = "gemp"
MECCG = "meccg-online"
SERVERS = (GEMP, MECCG)

__all__ = [
    "GEMP",
    "MAX_RECORD_BYTES",
    "MAX_UPLOAD_BYTES",
    "MECCG",
    "SERVERS",
    "GempDeck",
    "GempReading",
    "MeccgReading",
    "MeccgSide",
    "RecordProblem",
    "deck_differences",
    "read_gemp",
    "read_meccg",
    "record_text",
]
