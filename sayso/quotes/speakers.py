"""Stage 3: speakers (placeholder, to be implemented)."""

from __future__ import annotations

from spacy.tokens import Doc

from sayso.model import Quote, Speaker, Span
from sayso.quotes.types import RawAttribution


def resolve(doc: Doc, raws: list[RawAttribution]) -> tuple[tuple[Quote, ...], tuple[Speaker, ...]]:
    text = doc.text
    quotes = []
    for i, r in enumerate(sorted(raws, key=lambda r: r.content[0])):
        spans = tuple(Span.of(text, a, b) for a, b in r.content)
        quotes.append(
            Quote(
                id=f"q{i + 1}",
                kind=r.kind,
                content=" ".join(s.text for s in spans),
                content_spans=spans,
                cue=Span.of(text, *r.cue) if r.cue else None,
                source=Span.of(text, *r.source) if r.source else None,
                confidence=r.confidence,
            )
        )
    return tuple(quotes), ()
