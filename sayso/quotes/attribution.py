"""Stage 2: cues, sources and contents (placeholder, to be implemented)."""

from __future__ import annotations

from spacy.tokens import Doc

from sayso.quotes.types import MarkedQuote, RawAttribution


def attribute(doc: Doc, marks: list[MarkedQuote]) -> list[RawAttribution]:
    return []
