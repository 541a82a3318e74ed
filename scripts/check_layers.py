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


# ------------------------------------------------------------------ fences inside an app

# Inside an app, a module's first name after the app says its layer: pure procedure at
# the bottom, then the models, the words of the face and who-may-do-what (both read
# models only), the services, and the faces on top. A lower layer never imports a
# higher one; modules not named here (signals, extensions, apps) are not ranked.
INNER_RANK = {
    "rules": 0,
    "pairing": 0,
    "standings": 0,
    "formula": 0,
    "models": 1,
    "words": 2,
    "permissions": 2,
    "services": 3,
    "tasks": 3,
    "views": 4,
    "api": 4,
    "templatetags": 4,
    "urls": 4,
    "api_urls": 4,
    "admin": 4,
}


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def inner_modules(root: Path) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for app in LEVEL:
        for path in app_modules(root, app):
            if SKIP_DIRS.isdisjoint(path.relative_to(root).parts):
                found[module_name(root, path)] = path
    return found


def import_targets(
    node: ast.Import | ast.ImportFrom, here: str, is_package: bool, known: dict[str, Path]
) -> list[tuple[str, str | None]]:
    """(module, imported name or None) for each name an import statement brings in."""
    if isinstance(node, ast.Import):
        return [(alias.name, None) for alias in node.names]
    base = node.module or ""
    if node.level:
        parts = here.split(".") if is_package else here.split(".")[:-1]
        parts = parts[: len(parts) - (node.level - 1)]
        base = ".".join([*parts, *([node.module] if node.module else [])])
    out: list[tuple[str, str | None]] = []
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        out.append((sub, None) if sub in known else (base, alias.name))
    return out


def known_prefix(name: str, known: dict[str, Path]) -> str | None:
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def rank(module: str) -> int | None:
    parts = module.split(".")
    return INNER_RANK.get(parts[1]) if len(parts) > 1 else None


def inner_check(root: Path = ROOT) -> list[str]:
    """Cycles between modules of one app (imports inside functions count), upward
    imports between an app's own layers, and private names taken from another module."""
    known = inner_modules(root)
    graph: dict[str, set[str]] = defaultdict(set)
    problems: list[str] = []
    for here, path in known.items():
        rel = path.relative_to(root)
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for target, name in import_targets(node, here, path.name == "__init__.py", known):
                found = known_prefix(target, known)
                if found is None or found == here:
                    continue
                if name and name.startswith("_") and not name.startswith("__"):
                    problems.append(f"{rel}:{node.lineno}: imports the private {name} of {found}")
                if found.split(".")[0] != here.split(".")[0]:
                    continue
                graph[here].add(found)
                low, high = rank(here), rank(found)
                if low is not None and high is not None and high > low:
                    problems.append(
                        f"{rel}:{node.lineno}: {here} imports {found}, a higher layer "
                        "inside its app"
                    )
    for cycle in find_cycles(graph):
        problems.append("import cycle inside an app: " + " -> ".join([*cycle, cycle[0]]))
    return problems


def main(argv: list[str]) -> int:
    problems, graph = check()
    problems += inner_check()
    if "--graph" in argv:
        for app in sorted(graph, key=lambda a: LEVEL[a]):
            print(f"{app}: {', '.join(sorted(graph[app], key=lambda a: LEVEL[a]))}")
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s)")
        return 1
    print(
        "ok: no cycle (between or inside apps), no upward import, no private name taken,",
        "no module over",
        MAX_LINES,
        "lines",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
