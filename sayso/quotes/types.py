"""Intermediate annotations passed between the engine's stages on ``Doc`` extensions, and the
candidates stage 2 chooses among.

All offsets are character offsets into ``doc.text`` (the article text exactly as read).
These are internal: the public result is ``sayso.model.Quote``/``Speaker``.
"""

from __future__ import annotations

from collections.abc import Iterable
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
    """One quote found by ``sayso_attribution``, before speaker resolution.

    ``content`` is kept sorted and without overlaps (pieces that overlap or touch are joined
    here, whichever rule built them): a mixed quote's narration piece and its marked piece may
    cover the same words, and a rendering that joined both said them twice ("inability to work
    inability to work"), as did the comparison of outlets."""

    kind: QuoteKind
    content: tuple[CharSpan, ...]
    cue: CharSpan | None
    source: CharSpan | None
    confidence: float

    def __post_init__(self) -> None:
        merged = merge_spans(self.content)
        if merged != self.content:
            object.__setattr__(self, "content", merged)


def merge_spans(spans: Iterable[CharSpan]) -> tuple[CharSpan, ...]:
    """Sorted pieces covering the same characters, those that overlap or touch joined."""
    merged: list[CharSpan] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return tuple(merged)


@dataclass(slots=True)
class Candidate:
    """One possible attribution read off the parse, before quotes are attached."""

    pattern: str
    key: str
    cue: CharSpan
    content: list[CharSpan]
    source: CharSpan | None
    confidence: float = 0.0
    cue_token: int = -1
    #: The cue announces content that follows it outside this sentence ("He said:").
    announces: bool = False
    #: The cue itself stands inside quotation marks ("I think ...," she said): annotators
    #: rarely count those, so they have statistics of their own.
    quoted: bool = False
    #: Where the cue's clause ends when it is subordinate ('After X announced Y, ...': the comma):
    #: it says when or why, and introduces nothing after that comma.
    closes_at: int | None = None
    #: The verb this cue's clause modifies when it is an adverbial clause ('“Quiet,” he
    #: demanded, as Bush continued to interject': "continued" says when; "demanded" introduces).
    head_cue: int = -1

    @property
    def stat_pattern(self) -> str:
        """The construction the confidence is looked up under."""
        base = "ccomp" if self.pattern == "bare" else self.pattern
        return f"q:{base}" if self.quoted else base
