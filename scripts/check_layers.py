#!/usr/bin/env python3
"""Check the app layers: no import cycle between apps, no import upward, no module too long.

Every import is counted, including those inside functions and under TYPE_CHECKING
(a cycle hidden in a function is still a cycle). Tests, migrations and management
commands are not apps' modules and are skipped for the line count; their imports are
still checked (a migration importing a higher app is an upward import too).

    python scripts/check_layers.py            # exit 1 and a list of problems, or "ok"
    python scripts/check_layers.py --graph    # also print the app import graph
"""

from __future__ import annotations

import ast
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Bottom to top. An app may import only apps on a LOWER layer; apps on one layer do
# not import each other. docs/architecture.md explains each layer.
LAYERS: list[tuple[str, ...]] = [
    ("rules_engine",),  # pure rules: no Django, no other app
    # error types every app may raise, the API's problem documents, the background
    # job system (outbox, leases, send after commit) and the HTTP guards
    ("core",),
    ("audit",),  # the audit trail: records changes, knows no app above
    ("tournaments",),  # events, rounds, results, standings
    # deck lists for events; the rating ledger over results; accounts (sign-up, log-in
    # throttling, API tokens), which make a player for each new person
    ("decks", "ratings", "accounts"),
    # the rules calculators' pages; the demo loader; e-mail notifications and webhooks,
    # which listen to tournaments' signals; the whole-site backup
    ("calculators", "demo", "notifications", "webhooks", "backups"),
    ("organizer",),  # wiring only: settings, urls, celery, wsgi
]
LEVEL = {app: level for level, apps in enumerate(LAYERS) for app in apps}
MAX_LINES = 400
SKIP_DIRS = {"migrations", "tests", "management", "__pycache__"}


def app_modules(root: Path, app: str) -> list[Path]:
    return sorted((root / app).rglob("*.py"))


def imported_apps(path: Path, app: str) -> set[tuple[str, int]]:
    """(other app, line) for every import of another app in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[tuple[str, int]] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            top = name.split(".")[0]
            if top in LEVEL and top != app:
                found.add((top, node.lineno))
    return found


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every elementary cycle's smallest representative, by depth-first search."""
    cycles: set[tuple[str, ...]] = set()

    def visit(start: str, node: str, path: list[str]) -> None:
        for nxt in sorted(graph.get(node, ())):
            if nxt == start:
                i = path.index(min(path))
                cycles.add(tuple(path[i:] + path[:i]))
            elif nxt not in path and nxt > start:
                visit(start, nxt, [*path, nxt])

    for start in sorted(graph):
        visit(start, start, [start])
    return [list(c) for c in sorted(cycles)]


def check(root: Path = ROOT) -> tuple[list[str], dict[str, set[str]]]:
    problems: list[str] = []
    graph: dict[str, set[str]] = defaultdict(set)
    for app in LEVEL:
        for path in app_modules(root, app):
            rel = path.relative_to(root)
            for other, line in sorted(imported_apps(path, app)):
                graph[app].add(other)
                if LEVEL[other] >= LEVEL[app]:
                    problems.append(
                        f"{rel}:{line}: {app} (layer {LEVEL[app]}) imports {other} "
                        f"(layer {LEVEL[other]}): only lower layers may be imported"
                    )
            if SKIP_DIRS.isdisjoint(path.relative_to(root / app).parts[:-1]):
                lines = len(path.read_text(encoding="utf-8").splitlines())
                if lines > MAX_LINES:
                    problems.append(f"{rel}: {lines} lines (at most {MAX_LINES})")
    for cycle in find_cycles(graph):
        problems.append("import cycle between apps: " + " -> ".join([*cycle, cycle[0]]))
    return problems, graph


def main(argv: list[str]) -> int:
    problems, graph = check()
    if "--graph" in argv:
        for app in sorted(graph, key=lambda a: LEVEL[a]):
            print(f"{app}: {', '.join(sorted(graph[app], key=lambda a: LEVEL[a]))}")
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s)")
        return 1
    print("ok: no cycle, no upward import, no module over", MAX_LINES, "lines")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
