"""What a person gives us as a record, turned into its text within fixed bounds.

A record arrives as the file's text (a GEMP replay's XML, a meccg-online token), or as
base64 of a file: GEMP writes its replays zlib-compressed (``DeflaterOutputStream``
in GameRecorder.java, although the file is named ``.xml.gz``); people also gzip or zip
them. Every inflation is bounded, so a small upload cannot grow into a huge one.
"""

from __future__ import annotations

import base64
import binascii
import io
import zipfile
import zlib
from dataclasses import dataclass, field
from typing import Any

MAX_UPLOAD_BYTES = 2_000_000  # what a person may send, before inflating
MAX_RECORD_BYTES = 8_000_000  # a long GEMP game's replay is a few megabytes of XML

_GZIP = b"\x1f\x8b"
_ZIP = b"PK\x03\x04"
_ZLIB_SECOND = {0x01, 0x5E, 0x9C, 0xDA}


@dataclass
class RecordProblem(Exception):
    """A record refused: ``code`` names why, ``params`` hold the data for the words."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.code


def _inflate(data: bytes, wbits: int) -> bytes:
    inflater = zlib.decompressobj(wbits)
    try:
        out = inflater.decompress(data, MAX_RECORD_BYTES + 1)
    except zlib.error:
        raise RecordProblem("not_readable") from None
    if len(out) > MAX_RECORD_BYTES or inflater.unconsumed_tail:
        raise RecordProblem("too_large", {"limit": MAX_RECORD_BYTES})
    return out


def _unzip(data: bytes) -> bytes:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = [m for m in archive.infolist() if not m.is_dir()]
            if len(members) != 1:
                raise RecordProblem("zip_members", {"count": len(members)})
            member = members[0]
            if member.file_size > MAX_RECORD_BYTES:
                raise RecordProblem("too_large", {"limit": MAX_RECORD_BYTES})
            with archive.open(member) as handle:
                out = handle.read(MAX_RECORD_BYTES + 1)
    except (zipfile.BadZipFile, zlib.error, NotImplementedError, RuntimeError):
        raise RecordProblem("not_readable") from None
    if len(out) > MAX_RECORD_BYTES:
        raise RecordProblem("too_large", {"limit": MAX_RECORD_BYTES})
    return out


def _is_zlib(data: bytes) -> bool:
    return len(data) > 1 and data[0] == 0x78 and data[1] in _ZLIB_SECOND


def unpack(data: bytes) -> bytes:
    """The bytes inside a gzip, zlib or zip file; other bytes as they are."""
    packed = data.startswith((_GZIP, _ZIP)) or _is_zlib(data)
    if len(data) > (MAX_UPLOAD_BYTES if packed else MAX_RECORD_BYTES):
        raise RecordProblem("too_large", {"limit": MAX_UPLOAD_BYTES})
    if data.startswith(_GZIP):
        return _inflate(data, 31)
    if data.startswith(_ZIP):
        return _unzip(data)
    if _is_zlib(data):
        return _inflate(data, 15)
    return data


def _looks_like_text(text: str) -> bool:
    head = text.lstrip()[:1]
    return head in ("<", "{") or text.count(".") == 2


def record_text(record: str | bytes) -> str:
    """The record's text: ``record`` is the text itself, base64 of a file, or the
    file's bytes."""
    if isinstance(record, str):
        stripped = record.strip()
        if not stripped:
            raise RecordProblem("empty")
        if len(stripped) > MAX_RECORD_BYTES:
            raise RecordProblem("too_large", {"limit": MAX_RECORD_BYTES})
        if _looks_like_text(stripped):
            return stripped
        try:
            data = base64.b64decode("".join(stripped.split()), validate=True)
        except (binascii.Error, ValueError):
            raise RecordProblem("not_readable") from None
    else:
        data = record
    if not data:
        raise RecordProblem("empty")
    raw = unpack(data)
    try:
        return raw.decode("utf-8-sig").strip()
    except UnicodeDecodeError:
        raise RecordProblem("not_readable") from None
