"""axe-core in the browser: the vendored axe.min.js (MPL-2.0, tests/browser/vendor/) is
injected into the page and run; only serious and critical violations fail a test."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
BLOCKING = {"serious", "critical"}
# Text a person must never read: snake_case keys, model labels, file references, bare errors.
INTERNAL = re.compile(
    r"\b[a-z]+(?:_[a-z]+)+\b|RULES\.md|\b(?:tournaments|decks|ratings|audit)\.[a-z]+\b"
    r"|403 Forbidden|Server Error \(500\)"
)


def serious_violations(page: Any) -> list[dict[str, Any]]:
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        """async () => {
            const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
        }"""
    )
    return [v for v in result if v["impact"] in BLOCKING]


def internal_text(page: Any) -> list[str]:
    text = page.inner_text("body")
    return sorted(set(INTERNAL.findall(text)))


def horizontal_overflow(page: Any) -> int:
    return page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
