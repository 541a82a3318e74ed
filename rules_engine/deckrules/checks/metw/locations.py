"""The location deck (003 Part I §3 step 1, Part II §3; CoE 1.4)."""

from __future__ import annotations

from collections import Counter, defaultdict

from rules_engine.deckrules.checks.metw.deck import METW_SRC, MetwDeck
from rules_engine.deckrules.messages import count, items, phrase, problem
from rules_engine.deckrules.problems import Entry, Problem, lines_of, names, total


def _repeatable(deck: MetwDeck) -> set[str] | None:
    """Alignments of sites a Fallen-wizard may hold several of (None: another player)."""
    if deck.player_type != "fallen-wizard":
        return None
    return set(deck.rules.get("fw_repeatable_sites") or [])


def site_copies(deck: MetwDeck) -> list[Problem]:
    # A Fallen-wizard holds one of each hero and minion site, havens included, and any
    # number of Fallen-wizard sites (CoE, location deck).
    repeatable = _repeatable(deck)
    site_counts: Counter[str] = Counter()
    site_entries: dict[str, list[Entry]] = defaultdict(list)
    for e in deck.zone("sites"):
        if e.card.type != "site":
            continue
        if e.card.alignment in repeatable if repeatable is not None else e.card.is_haven:
            continue
        # A hero and a minion Moria are two different sites.
        ident = f"{e.card.key}|{e.card.alignment}"
        site_counts[ident] += e.count
        site_entries[ident].append(e)
    fw = repeatable is not None
    dup_sites = [
        (_site_label(site_entries[k][0], fw), n, site_entries[k])
        for k, n in site_counts.items()
        if n > 1
    ]
    if not dup_sites:
        return []
    rows = [
        {
            "count": n,
            "card": es[0].card.name,
            "alignment": phrase(f"aligned:{es[0].card.alignment}"),
        }
        for _, n, es in dup_sites
    ]
    return [
        problem(
            "site_copies",
            {"copies": items("site_aligned" if fw else "copies_card", rows)}
            | ({"variant": "fw"} if fw else {}),
            tuple(name for name, _, _ in dup_sites),
            lines_of([e for _, _, es in dup_sites for e in es]),
            source=deck.src(METW_SRC + " step 1", "CoE 1.4"),
        )
    ]


def _site_label(e: Entry, with_alignment: bool) -> str:
    return f"{e.card.name} ({e.card.alignment})" if with_alignment else e.card.name


def regions(deck: MetwDeck) -> list[Problem]:
    found = [e for e in deck.zone("sites") if e.card.type == "region"]
    if not found or deck.rules.get("regions_allowed"):
        return []
    return [
        problem(
            "regions_not_allowed",
            {"regions": count(total(found), "region"), "names": list(names(found))}
            | ({} if deck.coe else {"variant": "starter"}),
            names(found),
            lines_of(found),
            source=deck.src("003 Part I §2", "CoE 1.4"),
        )
    ]
