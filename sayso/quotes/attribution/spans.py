"""Small helpers over token ranges and character spans, shared by every part of stage 2.

They work on tokens and precomputed offsets rather than on ``doc.text`` slices or ``Span``
objects, because spaCy rebuilds ``doc.text`` on every access and ``Span`` objects are costly:
these helpers run for every candidate of every article. Lookups by offset (``Sentences``,
``Quoted``, ``last_before``) bisect sorted lists, so stage 2 stays linear.
"""

from __future__ import annotations

import bisect
import re

from spacy.tokens import Doc, Token

from sayso.quotes.furniture import dateline_dash
from sayso.quotes.glyphs import QUOTE_MARKS
from sayso.quotes.types import CharSpan, MarkedQuote

#: Trimmed from the ends of a content or source span: space and the punctuation around clauses.
TRIM = " \t\r\n\u00a0,;:.-–—―"
#: What may stand between a span and the quote around it: punctuation, space and the marks.
_EDGE = frozenset(TRIM) | QUOTE_MARKS


#: Dependencies of a verb's own subject.
SUBJECT_DEPS = frozenset({"nsubj", "csubj"})
VERB_POS = frozenset({"VERB", "AUX"})
#: Entity types the parser sometimes makes the subject of "said" ("12:15 p.m. Trump said").
WHEN = frozenset({"DATE", "TIME"})


def chars(doc: Doc, first: int, last: int) -> CharSpan | None:
    """Characters of tokens ``first..last`` (inclusive) without punctuation or space at the ends.

    Works on tokens, not on ``doc.text``, which spaCy rebuilds on every access.
    """
    while first <= last and (doc[first].is_punct or doc[first].is_space):
        first += 1
    while last >= first and (doc[last].is_punct or doc[last].is_space) and not _closes(doc, first, last):
        last -= 1
    if last < first:
        return None
    return (doc[first].idx, doc[last].idx + len(doc[last].text))


def _closes(doc: Doc, first: int, last: int) -> bool:
    """Whether the token at ``last`` ends the span's own words: a percent sign, a bracket the span
    opened ("a large majority of Core Conservatives (68%)" was cut to "... (68"; thirty-ninth
    session, a QA helper on a survey's report)."""
    text = doc[last].text
    if text == "%":
        return True
    if text not in (")", "]"):
        return False
    opening = "(" if text == ")" else "["
    words = [t.text for t in doc[first:last]]
    return words.count(opening) > words.count(text)


def trim(text: str, start: int, end: int) -> CharSpan | None:
    while start < end and text[start] in TRIM:
        start += 1
    while end > start and text[end - 1] in TRIM:
        end -= 1
    return (start, end) if end > start else None


def subtree_minus(doc: Doc, keep: Token, drop: Token) -> list[CharSpan]:
    """Character spans of ``keep``'s subtree without ``drop``'s subtree (one or two pieces)."""
    lo, hi = keep.left_edge.i, keep.right_edge.i
    dlo, dhi = drop.left_edge.i, drop.right_edge.i
    pieces = [chars(doc, lo, min(hi, dlo - 1)), chars(doc, max(lo, dhi + 1), hi)]
    return [p for p in pieces if p]


def subtree(doc: Doc, tok: Token) -> CharSpan | None:
    return chars(doc, tok.left_edge.i, tok.right_edge.i)


def clip_to_paragraph(doc: Doc, head: Token) -> CharSpan | None:
    """The subtree of ``head`` without what spills over a line break (a headline above it) or
    a colon before it: a label such as "11:55 a.m. ET: U.S. Attorney ... confirms" is no part
    of who speaks (on real coverage the speaker was shown as "Et")."""
    first, last = head.left_edge.i, head.right_edge.i
    for i in range(head.i - 1, first - 1, -1):
        if "\n" in doc[i].text or "\n" in doc[i].whitespace_ or doc[i].text == ":":
            first = i + 1
            break
    dash = dateline_dash(doc[first])  # "CLEVELAND - Donald Trump": the place is no part of him
    if dash is not None and dash < head.i:
        first = dash + 1
    for i in range(head.i, last + 1):
        if "\n" in doc[i].text or ("\n" in doc[i].whitespace_ and i < last):
            last = i
            break
    return chars(doc, first, last)


_BLANK_RUN = re.compile(r"\n[^\S\n]*(?:\n[^\S\n]*)+")


def line_breaks(gap: str) -> int:
    """Line breaks in ``gap`` with a run of blank lines counted as one blank line: three empty
    lines between two paragraphs of one statement are still one paragraph break (on news-5k
    418 of 5,000 articles have such runs; a statement's second paragraph lost its speaker)."""
    return _BLANK_RUN.sub("\n\n", gap).count("\n")


def line_between(doc: Doc, a: int, b: int) -> bool:
    """Whether a line break separates tokens ``a`` and ``b``: a parser that ran a sentence over
    a paragraph break joined two paragraphs, and a subject found across it is another's."""
    lo, hi = min(a, b), max(a, b)
    return any("\n" in doc[k].text or "\n" in doc[k].whitespace_ for k in range(lo, hi))


def overlaps(a: CharSpan, b: CharSpan) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def lies_within(inner: CharSpan, outer: CharSpan, text: str) -> bool:
    """Whether ``inner`` lies in ``outer`` give or take punctuation and the marks themselves."""
    lo, hi = outer
    while lo > 0 and text[lo - 1] in _EDGE:
        lo -= 1
    while hi < len(text) and text[hi] in _EDGE:
        hi += 1
    return lo <= inner[0] and inner[1] <= hi


#: Words that may join two quotes of one speaker: '“sexist” and “dangerous”'.
_QUOTE_JOINERS = frozenset({"and", "or", "nor"})


def after_a_word(text: str, start: int) -> bool:
    """Whether the quote whose content starts at ``start`` opens right after a word.

    A short quote after a word ('he said on “Meet the Press.”', 'told NBC’s “Today”', 'in an
    interview with “Fox News Sunday”') is a title or a label, not more of what was said; a
    continuation opens after punctuation ('he said. “...”', '..., she added, “...”') or after
    "and"/"or". On PolNeAR train, later pieces of two words or fewer glued onto a direct
    quote were outside the annotated content 30 times in 32.
    """
    i = start - 1
    while i >= 0 and (text[i].isspace() or text[i] in QUOTE_MARKS):
        i -= 1
    if i < 0 or not text[i].isalnum():
        return False
    j = i
    while j > 0 and text[j - 1].isalnum():
        j -= 1
    return text[j : i + 1].lower() not in _QUOTE_JOINERS


def word_count(text: str, span: CharSpan) -> int:
    return len(text[span[0] : span[1]].split())


class Sentences:
    """Sentence lookup by character offset (bisect), for "the sentence before this quote"."""

    def __init__(self, doc: Doc) -> None:
        self.sents = list(doc.sents)
        self.starts = [s.start_char for s in self.sents]

    def index(self, char: int) -> int:
        return max(0, bisect.bisect_right(self.starts, char) - 1)


class Quoted:
    """The quoted stretches of a document, for "is this span quoted?" in O(log n)."""

    def __init__(self, text: str, marks: list[MarkedQuote], lookback: int) -> None:
        self.text = text
        self.lookback = lookback
        self.spans = sorted(span for m in marks for span in m.spans)
        self.starts = [a for a, _ in self.spans]

    def _near(self, span: CharSpan) -> list[CharSpan]:
        i = bisect.bisect_right(self.starts, span[1])
        return [q for q in self.spans[max(0, i - self.lookback) : i] if overlaps(q, span)]

    def covers(self, span: CharSpan) -> bool:
        """Whether ``span`` lies inside one quote, give or take its marks and punctuation."""
        return any(lies_within(span, q, self.text) for q in self._near(span))


def last_before(spans: list[CharSpan], starts: list[int], end: int, n: int) -> list[CharSpan]:
    """The last ``n`` of the sorted ``spans`` starting before ``end``."""
    i = bisect.bisect_left(starts, end)
    return spans[max(0, i - n) : i]
