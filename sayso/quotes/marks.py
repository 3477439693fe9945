"""Stage 1: find the text between quotation marks, in every mark style news text uses.

Pure text, no model: ``scan_quotes`` is called by the ``sayso_quote_marks`` component on
``doc.text``, and its offsets are character offsets into that exact string.

Why a hand-written scanner rather than one regex per style: the marks are ambiguous. A straight
``'`` or a curly ``’`` is far more often an apostrophe (don't, O’Brien, the '90s, students'
votes) than a quotation mark; a straight ``"`` or ``''`` both opens and closes; ``“`` closes a
German ``„`` but opens an English quote; ``»`` opens in German and closes in French. So each mark
is classified from its neighbours, as CommonMark does for emphasis: *left-flanking* (something
starts right after it: space/punctuation before, text after) suggests an opener, *right-flanking*
a closer. A small stack per paragraph then pairs openers with closers, which also yields quotes
inside quotes (``depth`` 1+).

Robustness rules, because one bad mark must not cost the rest of the article (textacy's
``direct_quotations`` gives up on an odd number of marks):

* a quote never crosses a paragraph boundary (a blank line or a single newline), except by the
  news convention for long quotes: every paragraph reopens the quote and only the last closes it,
  which gives one ``MarkedQuote`` with one span per paragraph;
* an unclosed quote ends at its paragraph end with ``closed=False``; a stray closer is ignored;
  an unclosed straight single ``'`` is dropped instead, since it is far more likely an
  apostrophe we did not recognise ('burbs, 'Nam) than a quote, and so is an unclosed mark
  with space on both sides (a lone ``"`` typed as a ditto or inch sign);
* a closed quote with more than ``MAX_CLOSED_SPAN`` characters in one paragraph is still
  returned but with ``closed=False``: such a pair is more often two unrelated marks than speech;
* a straight mark right after ``=`` opens an attribute value of markup scraped along with the
  article (``<tweet author="@name" id="…">``), and it and its closer are skipped: on PolNeAR
  train such values were glued onto real quotes as extra pieces;
* the work is linear in the text: one ``re`` pass over the marks, a bounded stack
  (``MAX_DEPTH``), and a precomputed index for the one look-ahead the apostrophe rule needs.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field

from sayso.quotes.glyphs import APOSTROPHES, DOUBLE_MARKS, DOUBLED, SINGLE_MARKS
from sayso.quotes.types import CharSpan, MarkedQuote

__all__ = ["MAX_CLOSED_SPAN", "MAX_DEPTH", "scan_quotes"]

MAX_DEPTH = 12
"""Nesting beyond this is noise (a run of opening marks); deeper openers are ignored."""

MAX_CLOSED_SPAN = 3000
"""A span longer than this in one paragraph is kept but flagged ``closed=False``."""

# The marks come from ``sayso.quotes.glyphs``; the pairing rules below are this scanner's own.
# Doubled marks first, so that ``''`` is one mark, not two. A single ' ’ ‘ between two letters
# or digits (don't, O’Brien) is an apostrophe and not even matched: in prose most marks are
# those, and skipping them in ``re`` keeps the Python loop short.
# (Every branch starts with a literal so ``re`` can skip ahead to candidate characters quickly.)
_UNAMBIGUOUS = "".join(c for c in DOUBLE_MARKS + SINGLE_MARKS if c not in APOSTROPHES)
_MARK_RE = re.compile(
    "|".join(DOUBLED) + f"|[{_UNAMBIGUOUS}]|[{APOSTROPHES}](?:(?![^\\W_])|(?<![^\\W_][{APOSTROPHES}]))"
)

# Paragraphs: runs of text between line breaks; blank lines are skipped by the caller.
_PARAGRAPH_RE = re.compile("[^\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]+")

# Words that start with an elision apostrophe: 'em, 'n', 'til, 'cause, the '90s, '08, 's.
_ELISION_RE = re.compile(
    r"(?:\d\d(?:s\b|\b)|(?:em|n|til|cause|cos|bout|tis|twas|nuff|cept|s)\b)",
    re.IGNORECASE,
)

_SINGLE_APOSTROPHES = frozenset(APOSTROPHES)
#: Marks that delimit an attribute value right after "=" in markup scraped along with an
#: article (``<tweet author="@name">``): what they enclose is no one's words.
_VALUE_MARKS = frozenset({'"', "'"})
_CLOSING_PUNCT = frozenset(".,!?;:…")
_SENTENCE_ENDS = frozenset(".!?")
_CLOSING_BRACKETS = frozenset(")]}")
_POSSESSIVE_ENDS = frozenset("sSzZ")

# What each mark expects as a closer when it opens a quote (absent: it never opens).
# Sloppy mixes (a straight opener closed by a curly mark, “…“ typed with one key, “…’’) are
# common enough in scraped news to accept; an opening glyph (“, ‘) only closes when it is
# clearly right-flanking, see ``_Scanner._decide``.
# ’’, '' and ″ stand in for ” in some feeds.
_DOUBLE_CLOSERS = frozenset(['"', "”", "’’", "''", "″"])
_CLOSERS: dict[str, frozenset[str]] = {
    '"': _DOUBLE_CLOSERS | {"“"},
    "“": _DOUBLE_CLOSERS | {"“"},
    "„": _DOUBLE_CLOSERS | {"“"},
    "‟": frozenset("”"),
    "”": frozenset("”"),  # Swedish-style ”…”, only when clearly opening
    "''": _DOUBLE_CLOSERS,
    "``": _DOUBLE_CLOSERS,
    "‘‘": _DOUBLE_CLOSERS,
    "'": frozenset("'’"),
    "‘": frozenset("’'‘"),
    "‚": frozenset("‘’"),
    "‛": frozenset("’"),
    "«": frozenset("»"),
    "»": frozenset("«"),
    "‹": frozenset("›"),
    "›": frozenset("‹"),
}

# Glyphs whose shape says "opening": they open unless clearly right-flanking.
_OPENING_GLYPHS = frozenset(["“", "„", "‟", "‘", "‚", "‛", "``", "‘‘"])
# Glyphs whose shape says "closing": they close when something is open.
_CLOSING_GLYPHS = frozenset(["”", "’", "’’", "″"])


@dataclass(slots=True, eq=False)
class _Frame:
    """An open quote on the stack; becomes a ``MarkedQuote`` when closed or abandoned."""

    open_mark: str
    closers: frozenset[str]
    content_start: int  # in the current paragraph, right after the (re)opening mark
    parent: _Frame | None
    spans: list[CharSpan] = field(default_factory=list)  # finished paragraphs of a long quote
    spaced: bool = False  # opened by a mark with space on both sides: " like this "
    continued: bool = False
    dropped: bool = False


@dataclass(slots=True, eq=False)
class _Found:
    frame: _Frame
    spans: tuple[CharSpan, ...]
    close_mark: str | None
    closed: bool


# A mark as ``_Scanner._decide`` sees it: text, start, end, the characters just before and
# after it in the paragraph ("" at its ends), and whether it is left- and right-flanking.
_Mark = tuple[str, int, int, str, str, bool, bool]

_SPACE, _WORD, _PUNCT = 0, 1, 2
_CLASS_CACHE: dict[str, int] = {}


def _char_class(c: str) -> int:
    """Space, word or punctuation; cached because it runs twice for every mark."""
    k = _CLASS_CACHE.get(c)
    if k is None:
        k = _SPACE if c.isspace() else _WORD if c.isalnum() else _PUNCT
        if len(_CLASS_CACHE) < 10_000:
            _CLASS_CACHE[c] = k
    return k


def _trim(text: str, start: int, end: int) -> CharSpan | None:
    """Drop the whitespace just inside the marks; None when nothing is left."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return (start, end) if start < end else None


class _Scanner:
    """One pass over one text. Kept as a class so the per-paragraph state has a home."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.found: list[_Found] = []
        #: A mark glued between a sentence's end and the next word that closed a quote ("...
        #: years."This is ..."): the mark and where a quote it opened would start.
        self._glued: tuple[str, int] | None = None
        self._singles: tuple[list[int], list[int]] | None = None  # per paragraph, lazily

    # --- driver ---------------------------------------------------------------------------
    def run(self) -> list[MarkedQuote]:
        carried: _Frame | None = None  # a depth-0 quote left open by the previous paragraph
        for para in self._paragraphs():
            carried = self._paragraph(para.start(), para.end(), carried)
        if carried is not None:
            self._abandon(carried)
        return self._finish()

    def _paragraphs(self) -> Iterator[re.Match[str]]:
        for m in _PARAGRAPH_RE.finditer(self.text):
            if not m.group().isspace():
                yield m

    def _paragraph(self, start: int, end: int, carried: _Frame | None) -> _Frame | None:
        text = self.text
        found = list(_MARK_RE.finditer(text, start, end))
        stack: list[_Frame] = []
        if carried is not None:
            if found and self._reopens(carried, found[0], start):
                carried.content_start = found[0].end()
                carried.continued = True
                stack.append(carried)
                found = found[1:]
            else:
                self._abandon(carried)
        marks = self._classify(found, start, end)
        self._singles = None
        self._glued = None
        for k, mark in enumerate(marks):
            self._decide(stack, mark, marks, k)

        # Paragraph end: the outermost open quote may continue in the next paragraph; every
        # quote opened inside it ends here, unclosed.
        if not stack:
            return None
        for frame in reversed(stack[1:]):
            self._end_unclosed(frame, end)
        bottom = stack[0]
        span = _trim(text, bottom.content_start, end)
        if span is None:  # a lone mark at the paragraph end opens nothing for the next one
            self._abandon(bottom)
            return None
        bottom.spans.append(span)
        return bottom  # the next paragraph reopens it, or abandons it as unclosed

    # --- classifying marks ------------------------------------------------------------------
    def _classify(self, found: list[re.Match[str]], start: int, end: int) -> list[_Mark]:
        """Each mark with its flanking, apostrophes left out: the facts ``_decide`` works from."""
        text = self.text
        out: list[_Mark] = []
        value_closer: str | None = None  # the mark closing an attribute value being skipped
        for m in found:
            mark, i, j = m.group(), m.start(), m.end()
            if value_closer is not None:
                if mark == value_closer:
                    value_closer = None
                continue
            if mark in _VALUE_MARKS and i > start and text[i - 1] == "=":
                value_closer = mark  # <tweet id="…">: markup left in the text, not a quotation
                continue
            prev = _char_class(text[i - 1]) if i > start else _SPACE
            nxt_char = text[j] if j < end else ""
            nxt = _char_class(nxt_char) if nxt_char else _SPACE
            if mark in _SINGLE_APOSTROPHES:
                if prev == _WORD and nxt == _WORD:
                    continue  # don't, O'Brien, rock'n'roll
                if prev != _WORD and nxt == _WORD and _ELISION_RE.match(text, j):
                    continue  # 'em, the '90s, rock 'n' roll
            # CommonMark's flanking rules: "left" = something starts right after the mark.
            left = nxt != _SPACE and (nxt == _WORD or prev != _WORD)
            right = prev != _SPACE and (prev == _WORD or nxt != _WORD)
            if nxt_char in _CLOSING_PUNCT or nxt_char in _CLOSING_BRACKETS:
                left = False  # nothing starts right before a comma: « Bonjour », dit-il.
            prev_char = text[i - 1] if i > start else ""
            out.append((mark, i, j, prev_char, nxt_char, left, right))
        return out

    def _decide(self, stack: list[_Frame], mark_info: _Mark, marks: list[_Mark], k: int) -> None:
        mark, i, j, prev, _, left, right = mark_info
        target = self._match(stack, mark)
        glued, self._glued = self._glued, None  # only the very next mark may use it

        if mark in _CLOSING_GLYPHS:
            # "a wider conflict. ”And in ...": a space typed on the wrong side of a closing
            # mark after a sentence's end, not an opener.
            stray = prev.isspace() and i >= 2 and self.text[i - 2] in _CLOSING_PUNCT
            if target is not None and (right or not left or prev in _CLOSING_PUNCT or stray):
                if self._weak_single(mark_info, marks, k):
                    return
                self._close(stack, target, mark, i)
            elif mark == "”" and left and not right:
                self._open(stack, mark, j)  # ”Swedish style” or a mistyped opener
            elif mark == "”" and not prev and not right:
                self._open(stack, mark, j, spaced=True)  # ” … at a paragraph start
            return

        if mark in _OPENING_GLYPHS:
            if target is not None and right:
                self._close(stack, target, mark, i)  # „ja“ ; “sloppy,“
            elif left:
                self._open(stack, mark, j)
            elif not right:
                self._open(stack, mark, j, spaced=True)
            return

        # Symmetric marks: " ' '' « » ‹ ›
        if left and not right:
            if target is not None and prev in _CLOSING_PUNCT:
                self._close(stack, target, mark, i)  # "Hello,"he said.
                if prev in _SENTENCE_ENDS and not stack:
                    self._glued = (mark, j)
            else:
                self._open(stack, mark, j)
        elif right and not left:
            if target is not None and not self._weak_single(mark_info, marks, k):
                self._close(stack, target, mark, i)
            elif target is None and glued is not None and mark in _CLOSERS[glued[0]]:
                # '... four years."This is an important bill," Hatch added.': paragraphs run
                # together lost a mark, and the one left both closes a quote and opens the next
                # (QA, forty-ninth session: the next quote, lost, left its words to the one
                # before). Only when the next mark closes where nothing is open.
                self._open(stack, glued[0], glued[1])
                self._close(stack, len(stack) - 1, mark, i)
        elif target is not None:  # both or neither: "a"b", or a spaced « Bonjour »
            self._close(stack, target, mark, i)
        elif left:
            self._open(stack, mark, j)
        elif mark != "'":  # a spaced " opens (tokenised text), a lone ' does not
            self._open(stack, mark, j, spaced=True)

    def _weak_single(self, mark_info: _Mark, marks: list[_Mark], k: int) -> bool:
        """Should this possessive-looking closer (the students' votes) be passed over?

        Yes when a clear single closer comes later in the paragraph before any new single
        opener: 'I back the students' votes,' she said. No otherwise, so that 'ask the
        students' closes where it must.
        """
        mark, _, _, prev, nxt, _, _ = mark_info
        if mark not in _SINGLE_APOSTROPHES or prev not in _POSSESSIVE_ENDS or not nxt.isspace():
            return False
        if self._singles is None:
            self._singles = self._single_index(marks)
        strong, openers = self._singles
        s = bisect_right(strong, k)
        if s == len(strong):
            return False
        o = bisect_right(openers, k)
        return o == len(openers) or strong[s] < openers[o]

    @staticmethod
    def _single_index(marks: list[_Mark]) -> tuple[list[int], list[int]]:
        """Indices (into ``marks``) of unmistakable single closers, and of single openers."""
        strong: list[int] = []
        openers: list[int] = []
        for k, (mark, _, _, prev, nxt, left, right) in enumerate(marks):
            if mark not in _SINGLE_APOSTROPHES:
                continue
            if left and not right:
                openers.append(k)
            elif right and not left and (prev not in _POSSESSIVE_ENDS or not nxt.isspace()):
                strong.append(k)
        return strong, openers

    # --- the stack --------------------------------------------------------------------------
    @staticmethod
    def _match(stack: list[_Frame], mark: str) -> int | None:
        for k in range(len(stack) - 1, -1, -1):
            if mark in stack[k].closers:
                return k
        return None

    @staticmethod
    def _open(stack: list[_Frame], mark: str, content_start: int, *, spaced: bool = False) -> None:
        if len(stack) >= MAX_DEPTH:
            return
        parent = stack[-1] if stack else None
        stack.append(_Frame(mark, _CLOSERS[mark], content_start, parent, spaced=spaced))

    def _close(self, stack: list[_Frame], k: int, mark: str, i: int) -> None:
        while len(stack) > k + 1:
            self._end_unclosed(stack.pop(), i)
        frame = stack.pop()
        span = _trim(self.text, frame.content_start, i)
        spans = [*frame.spans, span] if span is not None else frame.spans
        if not spans:
            frame.dropped = True  # "" or “ ”: nothing between the marks
            return
        suspicious = any(b - a > MAX_CLOSED_SPAN for a, b in spans)
        self.found.append(_Found(frame, tuple(spans), mark, not suspicious))

    def _end_unclosed(self, frame: _Frame, end: int | None, *, already_spanned: bool = False) -> None:
        """Record a quote whose closer never came; ``end`` is where its content stops."""
        if not already_spanned and end is not None:
            span = _trim(self.text, frame.content_start, end)
            if span is not None:
                frame.spans.append(span)
        doubtful = frame.open_mark == "'" or frame.spaced
        if not frame.spans or (doubtful and not frame.continued):
            frame.dropped = True  # most likely an apostrophe we did not know, or a lone mark
            return
        self.found.append(_Found(frame, tuple(frame.spans), None, False))

    def _abandon(self, frame: _Frame) -> None:
        """A quote left open at its paragraph end that the next paragraph did not reopen."""
        self._end_unclosed(frame, None, already_spanned=True)

    # --- multi-paragraph quotes ------------------------------------------------------------
    def _reopens(self, frame: _Frame, first: re.Match[str], para_start: int) -> bool:
        """Does this paragraph begin by reopening ``frame`` (the long-quote convention)?"""
        text = self.text
        if text[para_start : first.start()].strip():
            return False
        mark = first.group()
        reopen = _CLOSERS.get(mark)
        if reopen is None or not (reopen & frame.closers or mark == frame.open_mark):
            return False
        j = first.end()
        nxt = text[j] if j < len(text) else None
        if nxt is None or (nxt.isspace() and nxt not in " \t\u00a0"):
            return False
        return not (mark in _SINGLE_APOSTROPHES and _ELISION_RE.match(text, j))

    # --- output ---------------------------------------------------------------------------
    def _finish(self) -> list[MarkedQuote]:
        out: list[MarkedQuote] = []
        for f in self.found:
            depth = 0
            parent = f.frame.parent
            while parent is not None:
                if not parent.dropped:
                    depth += 1
                parent = parent.parent
            out.append(MarkedQuote(f.spans, f.frame.open_mark, f.close_mark, f.closed, depth))
        out.sort(key=lambda q: (q.spans[0][0], -q.spans[-1][1]))
        return out


def scan_quotes(text: str) -> list[MarkedQuote]:
    """Every quotation delimited by quotation marks in ``text``, sorted by start.

    Spans are content without the marks or the whitespace just inside them. Never raises on
    any string; unbalanced marks only affect their own paragraph.
    """
    if not text:
        return []
    return _Scanner(text).run()
