"""The deck-list API: thin DRF views over decks.services, one module per concern.

The views below are the package's public seam (decks.api_urls routes them); the
serializers and schema fields live in :mod:`.serializers` and :mod:`.fields`.
"""

from decks.api.catalogue import CardsView, FormatsView
from decks.api.checking import ValidateFileView, ValidateView
from decks.api.event_lists import EventDeckListsView, MyDeckListView, PublishView, VenueDeckListView
from decks.api.metagame import MetagameView

__all__ = [
    "CardsView",
    "EventDeckListsView",
    "FormatsView",
    "MetagameView",
    "MyDeckListView",
    "PublishView",
    "ValidateFileView",
    "ValidateView",
    "VenueDeckListView",
]
