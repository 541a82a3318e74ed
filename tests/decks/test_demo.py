"""decks.demo.sample_decklists: the demo's lists resolve fully from the project fixture and
are legal or illegal exactly as their labels say (one broken rule per illegal list)."""

from __future__ import annotations

import pytest

from decks.demo import is_illegal_sample, sample_decklists
from rules_engine.deckrules import builtin_format, parse_decklist, validate

FORMATS = {"metw": "coe", "lotr-tcg": "fellowship-block", "lore": "lore"}


@pytest.mark.parametrize("game", ["metw", "lore", "lotr-tcg"])
def test_samples(game, metw_index, lotr_index, lore_index):
    index = {"metw": metw_index, "lotr-tcg": lotr_index, "lore": lore_index}[game]
    samples = sample_decklists(game)
    assert sum(is_illegal_sample(label) for label, _ in samples) >= 3
    assert sum(not is_illegal_sample(label) for label, _ in samples) >= 1
    for label, text in samples:
        v = validate(parse_decklist(text, game), builtin_format(game, FORMATS[game]), index)
        assert not v.unresolved, (label, v.unresolved)
        assert v.legal != is_illegal_sample(label), (label, v.problems)
        if not v.legal:
            assert len(v.codes()) == 1, (label, v.codes())


def test_no_decks_for_dice():
    assert sample_decklists("lotr-dice") == []
