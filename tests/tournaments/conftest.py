"""Fixtures the tournaments tests share."""

from tests.tournaments.audit_trail import flows

__all__ = ["flows"]  # the audit trail's main flows, for the trail's word tests
