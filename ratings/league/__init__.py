"""The league read side, one direction only: ``table`` builds the ranked rows from the
ledger, ``cache`` keeps them (whole and in chunks, keyed by the ledger's version) and
``page`` shows one page of them to the pages and the API. A lower module never imports
a higher one; the ledger writer imports none of them (it sends
``ratings.signals.ledger_changed``, which ``cache`` listens to)."""
