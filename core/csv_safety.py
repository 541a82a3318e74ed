"""CSV cells a spreadsheet would run as a formula are made plain text.

A player name such as ``=HYPERLINK(...)`` or ``+cmd|...`` becomes a live formula when
a director opens the export in a spreadsheet (CSV injection, OWASP). Such cells get
a leading apostrophe, which spreadsheets show as text and never evaluate. Numbers
stay numbers: a negative score "-2" is data, not a formula.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")
# Digits only: "-inf" or "-1e9" read as numbers by Python are formulas to a spreadsheet.
_PLAIN_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def _is_number(text: str) -> bool:
    return _PLAIN_NUMBER.fullmatch(text) is not None


def safe_cell(value: Any) -> Any:
    """The value, or its text with a leading apostrophe when a spreadsheet would
    read it as a formula."""
    if not isinstance(value, str) or not value:
        return value
    if value.startswith(FORMULA_STARTS) and not _is_number(value):
        return "'" + value
    return value


def safe_row(row: Iterable[Any]) -> list[Any]:
    return [safe_cell(cell) for cell in row]
