"""The readers of deck files and texts, one module per kind of file.

:mod:`.detect` tells which format a text is in; :mod:`rules_engine.deckrules.parse`, above
every reader, dispatches to it. Readers import only the shared types and line reading
below them, never the dispatcher.
"""
