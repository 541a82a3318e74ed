"""Every event the whole-event tests build ends with stored standings equal to a full
recomputation (the snapshot is kept in step by every path the API takes)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _snapshot_equals_recomputation(request):
    if not request.node.get_closest_marker("django_db"):
        yield
        return
    request.getfixturevalue("db")  # set up before this fixture, so torn down after it
    yield
    from tests.tournaments.snapshot_check import assert_snapshot_matches
    from tournaments.models import Event

    for event in Event.objects.all():
        assert_snapshot_matches(event)


@pytest.fixture(autouse=True)
def _visitors_not_throttled(visitors_not_throttled):
    # The driver reads standings and every player's rating history as a visitor, from
    # one address, hundreds of times a minute on a fast machine: a whole season is not
    # a flood.
    yield
