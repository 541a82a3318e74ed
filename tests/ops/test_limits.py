"""quotas, length limits and CSV exports: the limits in core.limits (with
settings overrides) and formula cells neutralised by core.csv_safety."""

from __future__ import annotations

import csv
import io
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import limits
from core.csv_safety import safe_cell, safe_row


def test_the_event_quota_refuses_the_one_over_the_limit(settings) -> None:
    settings.LIMITS = {"events_per_user_per_day": 3}
    limits.check_events_today(2)
    with pytest.raises(limits.LimitExceeded) as refused:
        limits.check_events_today(3)
    problem = refused.value.problems[0]
    assert (problem["code"], problem["limit"], problem["value"]) == ("limit_exceeded", 3, 3)
    assert refused.value.status_code == 400


def test_a_description_longer_than_the_limit_is_refused() -> None:
    most = limits.limit("event_description_chars")
    limits.check_description("x" * most)
    limits.check_description(None)
    with pytest.raises(limits.LimitExceeded) as refused:
        limits.check_description("x" * (most + 1))
    assert refused.value.problems[0]["field"] == "description"


def test_walk_ins_stop_at_the_limit(settings) -> None:
    settings.LIMITS = {"walk_ins_per_event": 2}
    limits.check_walk_ins(1)
    with pytest.raises(limits.LimitExceeded):
        limits.check_walk_ins(2)


def test_the_defaults_stop_the_attacks_the_issue_measured() -> None:
    # 40 events a day, 10,000 walk-ins: both over the defaults.
    assert limits.DEFAULTS["events_per_user_per_day"] < 40
    assert limits.DEFAULTS["walk_ins_per_event"] < 10_000


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("-2", "-2"),
        ("-inf", "'-inf"),
        ("+1.5", "+1.5"),
        ("Maren Holt", "Maren Holt"),
        (3, 3),
        ("", ""),
    ],
)
def test_formula_cells_are_made_text(cell: object, expected: object) -> None:
    assert safe_cell(cell) == expected


@given(st.lists(st.one_of(st.text(), st.integers()), max_size=8))
def test_no_exported_cell_can_start_a_formula(row: list) -> None:
    out = io.StringIO()
    csv.writer(out).writerow(safe_row(row))
    for cell in next(csv.reader(io.StringIO(out.getvalue()))) if row else []:
        if cell[:1] in ("=", "+", "-", "@"):
            assert re.fullmatch(r"[+-]?\d+(\.\d+)?", cell), cell
