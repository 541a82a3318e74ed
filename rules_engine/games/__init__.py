"""One module per game system; each defines ``SYSTEM`` (see base.py)."""
