"""Lists inside web pages and Markdown: the markup taken off, the lines kept.

People paste lists from forum posts, blogs and articles: HTML (``<h3>`` headings,
``<br>`` line breaks, ``<li>`` items, entities), Markdown (``###`` headings, bullets,
bold, links, indented blocks, a ``---`` front matter). Each line of the text keeps its
number; a line holding several HTML blocks becomes several lines with that number, so
the player is still pointed at the line pasted.
"""

from __future__ import annotations

import html
import re

# An HTML tag the text starts with or holds: a page, a post, an article.
_HTML = re.compile(
    r"<(?:!doctype\s+html|html|body|p|br|div|span|h[1-6]|ul|ol|li|hr|b|strong|em|i|table|tr|td)"
    r"\b[^>]*>",
    re.I,
)
_HEADING_OPEN = re.compile(r"<h[1-6]\b[^>]*>", re.I)
_ITEM_OPEN = re.compile(r"<li\b[^>]*>", re.I)
_BLOCK_END = re.compile(
    r"<br\s*/?>|<hr\b[^>]*>|</(?:p|li|h[1-6]|div|tr|ul|ol|pre|table|blockquote)\s*>", re.I
)
_TAG = re.compile(r"<[^>]*>")
_SCRIPT = re.compile(r"<(script|style)\b.*?</\1\s*>", re.I | re.S)
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_FENCE = re.compile(r"^\s*(```|~~~)")


def is_html(text: str) -> bool:
    return _HTML.search(text, 0, 20_000) is not None


def _html_pieces(line: str) -> list[str]:
    line = _HEADING_OPEN.sub("\n# ", line)
    line = _ITEM_OPEN.sub("\n- ", line)
    line = _BLOCK_END.sub("\n", line)
    return [html.unescape(_TAG.sub("", piece)) for piece in line.split("\n")]


def _front_matter_end(lines: list[tuple[int, str]]) -> int:
    """How many lines a Markdown page's ``---`` front matter takes (0 when none)."""
    if not lines or lines[0][1].strip() != "---":
        return 0
    for i, (_n, line) in enumerate(lines[1:40], start=1):
        if line.strip() == "---":
            return i + 1
    return 0


def plain_lines(
    lines: list[tuple[int, str]], text_is_html: bool
) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """(the lines to read, the lines that are page furniture: front matter, fences)."""
    skip = _front_matter_end(lines)
    furniture = list(lines[:skip])
    out: list[tuple[int, str]] = []
    body = lines[skip:]
    if text_is_html:
        joined = "\n".join(line for _n, line in body)
        # Scripts and styles removed, across lines, keeping the line count.
        joined = _SCRIPT.sub(lambda m: "\n" * m.group(0).count("\n"), joined)
        body = list(zip((n for n, _l in body), joined.split("\n"), strict=True))
    for n, line in body:
        if _FENCE.match(line):
            furniture.append((n, line))
            continue
        pieces = _html_pieces(line) if text_is_html else [line]
        out += [(n, _MD_LINK.sub(r"\1", piece)) for piece in pieces]
    return out, furniture
