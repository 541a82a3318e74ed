"""The projector's dark wall: its secondary words (a bracket match's format, muted text)
keep the contrast WCAG 2.1 asks of normal text (4.5:1), as axe checks in the browser."""

from __future__ import annotations

import re
from pathlib import Path

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "projector.css"


def _luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _rule(selector: str, prop: str) -> str:
    css = CSS.read_text()
    match = re.search(re.escape(selector) + r"\s*\{[^}]*?\b" + prop + r":\s*(#[0-9a-fA-F]{6})", css)
    assert match, f"{selector} sets no {prop} in projector.css"
    return match.group(1)


def test_muted_words_on_a_bracket_match_read_from_the_back_of_the_room():
    background = _rule(".projector .match", "background")
    assert _contrast(_rule(".projector .muted", "color"), background) >= 4.5
