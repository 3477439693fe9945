"""Stage 1: find text between quotation marks (placeholder, to be implemented)."""

from __future__ import annotations

from sayso.quotes.types import MarkedQuote


def scan_quotes(text: str) -> list[MarkedQuote]:
    return []
