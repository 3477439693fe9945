"""Quotes as the units ``align`` compares: what each outlet quoted, as words with offsets.

A unit is one quote's rendering, the words inside its quotation marks (or the reported content
of indirect speech), with where each word sits in the article, where its sentences end and where
the outlet marked an omission; ``align`` may cut a unit in two when an outlet ran two utterances
together. Kept apart from the matching so each reads in one sitting.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from sayso.compare.normalize import ELLIPSIS, inside, quoted_spans, word_spans, words
from sayso.compare.relations import GAP
from sayso.compare.speakers import SpeakerLinks, local_key
from sayso.model import Article, Quote

_SENTENCE_END = re.compile(r"[.!?]")
_WORD = re.compile(r"\w")


@dataclass(slots=True)
class Unit:
    """One quote's rendering (or a part of it, after a cut) as words with their offsets."""

    article: int
    quote: int
    kind: str  # "direct" (direct, or mixed with quoted words) or "indirect"
    words: tuple[str, ...]
    offsets: tuple[tuple[int, int], ...]  # per word, into the article text; (-1, -1) without spans
    breaks: frozenset[int]  # word positions preceded by an ellipsis
    pieces: tuple[tuple[int, int], ...]  # the quoted character ranges the words come from
    speaker: str | None
    lo: int = 0  # first word of the quote's full rendering this unit covers (cuts)
    sentence_ends: frozenset[int] = field(default_factory=frozenset)
    whole: bool = True  # False for the parts of a quote cut in two
    gaps: frozenset[int] = field(default_factory=frozenset)  # word positions starting a new quoted piece
    around: tuple[str, ...] = ()  # narration words just before and after it (``narration_around``)


def _rendering(
    article: Article, quote: Quote, quoted: list[tuple[int, int]]
) -> tuple[str, list[tuple[int, int]]]:
    """The kind a quote is compared as, and the character ranges of what it quoted."""
    spans = [(sp.start, sp.end) for sp in quote.content_spans]
    if quote.kind == "indirect":
        return "indirect", spans
    marked = [_to_closing_mark(article.text, p, quoted) for s, e in spans for p in inside(quoted, s, e)]
    if marked:
        return "direct", marked
    # No quotation marks inside: a "direct" quote the engine found by layout (a colon, a dash)
    # is still its own words; a "mixed" quote with nothing quoted is a report of speech.
    return ("direct", spans) if quote.kind == "direct" else ("indirect", spans)


def _to_closing_mark(text: str, piece: tuple[int, int], quoted: list[tuple[int, int]]) -> tuple[int, int]:
    """A quoted piece run on over the punctuation left before its closing mark: the engine ends
    a mixed quote's content at its last word (as PolNeAR's annotators do), but the period
    inside the marks is what the outlet quoted ("for a while." against "for a while" is
    punctuation, not verbatim)."""
    a, b = piece
    k = bisect.bisect_right(quoted, (a, len(text) + 1)) - 1
    if k >= 0 and quoted[k][0] <= a and b < quoted[k][1] and not _WORD.search(text, b, quoted[k][1]):
        return a, quoted[k][1]
    return piece


def build_units(articles: Sequence[Article], links: SpeakerLinks) -> list[Unit]:
    out: list[Unit] = []
    for ai, art in enumerate(articles):
        needs_marks = any(q.kind != "indirect" for q in art.quotes)
        quoted = quoted_spans(art.text) if needs_marks else []
        for qi, q in enumerate(art.quotes):
            speaker = links.of(ai, local_key(q.speaker_id, q.speaker))
            if not q.content_spans:  # a quote without offsets still takes part, by its content
                ws = tuple(words(q.content))
                if ws:
                    kind = "indirect" if q.kind == "indirect" else "direct"
                    offs = tuple((-1, -1) for _ in ws)
                    out.append(Unit(ai, qi, kind, ws, offs, frozenset(), (), speaker))
                continue
            kind, pieces = _rendering(art, q, quoted)
            toks: list[str] = []
            offs_l: list[tuple[int, int]] = []
            breaks: set[int] = set()
            ends: set[int] = set()
            gaps: set[int] = set()
            for n, (s, e) in enumerate(pieces):
                if n and toks:
                    gaps.add(len(toks))
                for w, ws_, we in word_spans(art.text, s, e):
                    if w == ELLIPSIS:
                        breaks.add(len(toks))
                        continue
                    if toks and _SENTENCE_END.search(art.text, offs_l[-1][1], ws_):
                        ends.add(len(toks))
                    toks.append(w)
                    offs_l.append((ws_, we))
            if toks:
                around = narration_around(art.text, pieces[0][0], pieces[-1][1]) if len(toks) <= 3 else ()
                out.append(
                    Unit(
                        ai, qi, kind, tuple(toks), tuple(offs_l), frozenset(breaks), tuple(pieces),
                        speaker, 0, frozenset(ends | breaks | gaps), True, frozenset(gaps), around,
                    )
                )  # fmt: skip
    return out


#: Words of narration on each side of a short quote that say where it stands (``narration_around``).
AROUND = 4


def narration_around(text: str, start: int, end: int) -> tuple[str, ...]:
    """The ``AROUND`` words before a short quote and after it, with a separator between, within
    its paragraph; empty when either side has fewer than two. Two outlets printing the same
    three-word scare quote inside the same narration ('the vote breakdown: 67 "Aye" and 33
    "No"', wire copy run by both) quote it in one place: evidence of one utterance that its
    words alone, or an unknown speaker, cannot give."""
    para_start = text.rfind("\n", 0, start) + 1
    para_end = text.find("\n", end)
    before = words(text[max(para_start, start - 120) : start])[-AROUND:]
    after = words(text[end : para_end if para_end >= 0 else len(text)][:120])[:AROUND]
    if len(before) < 2 or len(after) < 2:
        return ()
    return (*before, "|", *after)


def unit_tokens(u: Unit) -> list[str]:
    """The unit's words with ``ELLIPSIS`` at its omissions and ``GAP`` between quoted pieces."""
    out: list[str] = []
    for n, w in enumerate(u.words):
        if n in u.gaps:
            out.append(GAP)
        elif n in u.breaks:
            out.append(ELLIPSIS)
        out.append(w)
    return out
