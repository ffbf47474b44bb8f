"""Shared machinery every game builds on: options, cards, tricks, deals and the contract."""
