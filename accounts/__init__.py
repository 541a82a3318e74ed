"""Accounts: sign up, log in (throttled), API tokens; each account may hold a player."""
