"""Whole-site backup and restore (manage.py backup / restore)."""
