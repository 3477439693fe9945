"""Intermediate annotations passed between the engine's stages on ``Doc`` extensions.

All offsets are character offsets into ``doc.text`` (the article text exactly as read).
These are internal: the public result is ``sayso.model.Quote``/``Speaker``.
"""

from __future__ import annotations

from dataclasses import dataclass

from sayso.model import QuoteKind

CharSpan = tuple[int, int]


@dataclass(frozen=True, slots=True)
class MarkedQuote:
    """Text between quotation marks, found by ``sayso_quote_marks``.

    ``spans`` are the content ranges without the marks: one per paragraph for a quote that runs
    over several paragraphs (each reopened, only the last closed). ``closed`` is False when the
    closing mark was never found and the quote was cut at the paragraph end.
    """

    spans: tuple[CharSpan, ...]
    open_mark: str
    close_mark: str | None
    closed: bool = True
    depth: int = 0  # 0 for outer quotes, 1 for a quote inside a quote, ...


@dataclass(frozen=True, slots=True)
class RawAttribution:
    """One quote found by ``sayso_attribution``, before speaker resolution."""

    kind: QuoteKind
    content: tuple[CharSpan, ...]
    cue: CharSpan | None
    source: CharSpan | None
    confidence: float
