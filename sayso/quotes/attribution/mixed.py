"""What of a cue's clause a quote inside it keeps: the clause of a mixed quote, or nothing.

A quote the parse puts inside a cue's clause is a mixed quote ('she called it “a farce”')
unless the rest of the clause is no part of what was said: words after a cue that follows the
quote, a clause running on past the closing mark, narration ending in the colon that opens the
quote, a clause or phrase the parser hung on the cue across it from the quote. ``attach`` asks
``mixed_clause`` for each quote it ties to a cue's clause, then ``cut_mixed`` ends each mixed
clause where another attributed quote starts.
"""

from __future__ import annotations

import bisect
import re

from spacy.tokens import Doc, Token

from sayso.quotes.attribution.candidates import Candidate
from sayso.quotes.attribution.frames import colon_before
from sayso.quotes.attribution.spans import Quoted, trim
from sayso.quotes.glyphs import QUOTE_MARK_CHARS, QUOTE_MARKS
from sayso.quotes.types import CharSpan, MarkedQuote, RawAttribution


def mixed_clause(
    doc: Doc, text: str, mark: MarkedQuote, cand: Candidate, quoted: Quoted, speech: set[int]
) -> list[CharSpan] | None:
    """The clause of ``cand`` that makes ``mark`` a mixed quote, or None for a direct quote.

    ``speech`` holds the tokens of the document's speech cues with a source of their own.
    """
    content = quote_side(doc, cand, mark, quoted, speech)
    if (
        all(quoted.covers(c) for c in content)
        or _runs_out(text, mark, content)
        or _after_cue_only(mark, cand, quoted)
        or _narration_colon(text, mark, cand, content)
    ):
        return None
    return _from_open(text, to_close(text, content, mark), mark)


#: Where narration running on after a quote stops continuing the quoted clause.
_CLAUSE_BREAK = re.compile(r"[,;:(—–]| - ")


def to_close(text: str, content: list[CharSpan], mark: MarkedQuote) -> list[CharSpan]:
    """A mixed quote's clause, run on to the closing mark when the parse ended it inside.

    The parser ends a sentence at a full stop inside the marks ('that Cruz “has got to come a
    long way. He is for oil, right?”'), so the clause stops at "way" while the quoted words go
    on: the annotators end the content with the quote. On PolNeAR train, running such clauses on
    to the close made 73 more contents exact and none less.
    """
    out = []
    for lo, hi in content:
        for a, b in mark.spans:
            if a < hi < b and any(c.isalnum() for c in text[hi:b]):
                hi = (trim(text, lo, b) or (lo, b))[1]
                break
        out.append((lo, hi))
    return out


def _from_open(text: str, content: list[CharSpan], mark: MarkedQuote) -> list[CharSpan]:
    """A mixed quote's clause that starts with the quoted words, opened with their mark.

    '“This will be a hard winter” for the farmers, said ...': the parse's clause starts at
    "This", inside the marks, and would be shown with a closing mark and no opening one.
    """
    first, close = mark.spans[0][0], mark.spans[-1][1]
    opening = _outer(text, mark)[0]
    if opening == first:
        return content  # no opening mark in the text to take in
    out = []
    for lo, hi in content:
        if first < lo < mark.spans[0][1] and text[first:lo].rstrip()[-1:] in (".", "!", "?"):
            # '"Every voter knows what Republicans are against. They don't know what they're
            # for" on health care, said ...': the parse's sentence starts after the full stop
            # inside the marks; the quoted words start at the mark (QA helper, forty-fifth
            # session: the first sentence was lost, the shown quote began mid-quote).
            lo = first
        if lo == first:
            # and it ends where the narration after the mark stops going on with the quoted
            # words: '“I am sick of it” on the bridge, and walked off' (the parser had hung the
            # walking on "am").
            cut = _CLAUSE_BREAK.search(text, close, hi)
            lo, hi = opening, (trim(text, opening, cut.start()) or (opening, hi))[1] if cut else hi
        out.append((lo, hi))
    return out


def with_marks(text: str, spans: list[CharSpan], marks: list[MarkedQuote]) -> list[CharSpan]:
    """A mixed quote's pieces with the marks of the quotes it took whole around them.

    '“I know he's not in the top three” nationally, Plater said. “He'd get my vote.”': the
    second quote joins the mixed one as its words between the marks and was shown without them
    ('... nationally … He'd get my vote.'), where the reader must see what was quoted.
    """
    wider = {}
    for mark in marks:
        (a, b), (c, d) = mark.spans[0], mark.spans[-1]
        opened, closed = _outer(text, mark)
        wider[(a, b)] = (opened, closed if (a, b) == (c, d) else b)
        if (c, d) != (a, b):
            wider[(c, d)] = (c, closed)
    return [wider.get(span, span) for span in spans]


def _outer(text: str, mark: MarkedQuote) -> CharSpan:
    """Where ``mark``'s quote starts and ends with its marks, each end kept inside where the
    text does not hold the mark (a quote cut at a paragraph end has no closing one)."""
    first, last = mark.spans[0][0], mark.spans[-1][1]
    opening, close = mark.open_mark, mark.close_mark or ""
    before = first - len(opening)
    start = before if before >= 0 and text[before:first] == opening else first
    end = last + len(close) if close and text[last : last + len(close)] == close else last
    return start, end


def cut_mixed(text: str, found: list[RawAttribution]) -> list[RawAttribution]:
    """End a mixed quote's clause where another attributed quote starts, and never on a
    dangling "and" or an opening mark ('some shouting “robbery” and “shame,” and').

    'Papers called it a “miracle”, a word Reyes dismissed: “...”': the parse gives "called" a
    clause running into Reyes's own quote, which is his, not the papers'.
    """
    # Where each direct quote's attribution starts: the cue right before it ('..., saying, “...”'
    # ends the clause before "saying"), else its first piece.
    starts = sorted(_attribution_start(text, a) for a in found if a.kind == "direct")
    out = []
    for a in found:
        if a.kind == "mixed":
            pieces: list[CharSpan] = []
            for lo, hi in a.content:
                i = bisect.bisect_right(starts, lo)
                if i < len(starts) and starts[i] < hi:
                    hi = starts[i]
                cut = trim(text, lo, _undangle(text, lo, hi))
                if cut and any(ch.isalnum() for ch in text[cut[0] : cut[1]]):
                    pieces.append(cut)
            if not pieces:
                continue  # nothing of its own before the other quote: that quote's narration
            a = RawAttribution(a.kind, tuple(pieces), a.cue, a.source, a.confidence)
        out.append(a)
    return out


#: What a clause cut before the next quote's cue leaves dangling: '..., and'.
_DANGLING_RE = re.compile(r"[\s,;:]*(?:\b(?:and|or|but)\b[\s,;:]*)?$")


def _marks(text: str, lo: int, hi: int) -> int:
    """Quotation marks in ``text[lo:hi]``, apostrophes inside words ("party’s") aside."""

    def inside_word(i: int) -> bool:
        return lo < i < hi - 1 and text[i - 1].isalnum() and text[i + 1].isalnum()

    return sum(1 for i in range(lo, hi) if text[i] in QUOTE_MARKS and not inside_word(i))


def _undangle(text: str, lo: int, hi: int) -> int:
    """The end of a clause cut at ``hi`` without what it leaves dangling: the mark that opens
    the next quote ('..., adding, “'), then commas and a last "and", "or", "but"."""
    while hi > lo and text[hi - 1].isspace():
        hi -= 1
    if hi > lo and text[hi - 1] in QUOTE_MARKS and _marks(text, lo, hi) % 2:
        hi -= 1
    m = _DANGLING_RE.search(text, lo, hi)
    return m.start() if m is not None and m.start() > lo else hi


#: At most this between a cue and the quote it opens for the cue to start the attribution.
_SNUG_CHARS = 4


def _attribution_start(text: str, a: RawAttribution) -> int:
    """Where a direct quote's attribution starts: at its cue when the cue opens the quote
    ('saying, “', 'adding: “'), else at its first piece."""
    start = a.content[0][0]
    if a.cue is None or not a.cue[1] <= start <= a.cue[1] + _SNUG_CHARS:
        return start
    gap = text[a.cue[1] : start].strip(QUOTE_MARK_CHARS + " \t,:")
    return a.cue[0] if not gap else start  # not across a full stop: 'in a statement. “...”'


#: How a phrase before a cue hangs on it when it tells where or when the words were said.
_CUE_MODIFIERS = frozenset({"advcl", "prep", "npadvmod", "advmod", "intj", "mark"})


def quote_side(
    doc: Doc, cand: Candidate, mark: MarkedQuote, quoted: Quoted, speech: set[int]
) -> list[CharSpan]:
    """A cue's content without the parts that are no words of the quote beside it.

    In 'He said he had not seen it, and when asked ..., he said, “I hope not.”' and 'Lee
    suggested the plan was rushed - “...,” she said - and' the parser makes another speech
    clause a second complement of the "said" beside the quote; in 'Asked about the vote,
    Walker said, “...”' it takes the phrase telling when or where it was said for part of
    what was said. Such parts, across the cue from the
    quote or before a quote the cue follows, are dropped when what is left is the quote itself
    (PolNeAR's annotators mark it apart, as a direct quote); a clause the cue interrupts ('The
    nominee, he said, “watched ...”') stays whole.
    """
    first, last = mark.spans[0], mark.spans[-1]
    before = cand.cue[1] <= first[0]
    if cand.cue_token < 0 or (not before and cand.cue[0] < last[1]):
        return cand.content
    near = []
    for c in cand.content:
        across = c[1] <= cand.cue[0] if before else c[0] >= cand.cue[1]
        ahead = not before and c[1] <= first[0]
        span = doc.char_span(c[0], c[1], alignment_mode="expand") if across or ahead else None
        if span is not None and (
            (across and (span.root.dep_ in _CUE_MODIFIERS or _own_complement(span.root, cand.cue_token)))
            or (span.root.head.i == cand.cue_token and span.root.i in speech)
        ):
            continue
        near.append(c)
    return near if near and all(quoted.covers(c) for c in near) else cand.content


def _narration_colon(text: str, mark: MarkedQuote, cand: Candidate, content: list[CharSpan]) -> bool:
    """Whether the words before the quote end in the colon that opens it, with the cue after it.

    'Sen. Ada Pryce scolded him: “...,” she said': the parser hangs the clause before the colon
    on the "said" after the quote, but a colon ends the narration; only the quote was said.
    """
    first = mark.spans[0]
    if cand.cue[0] < mark.spans[-1][1]:
        return False
    colon = colon_before(text, first[0])
    return colon >= 0 and any(a < colon < b for a, b in content)


def _own_complement(root: Token, cue: int) -> bool:
    """A clause hung on the cue itself, not a relative word standing for the quote ("what")."""
    return root.head.i == cue and not root.tag_.startswith("W")


def _after_cue_only(mark: MarkedQuote, cand: Candidate, quoted: Quoted) -> bool:
    """Whether the only unquoted content follows a cue that follows the quote.

    '“...,” said Rita Moss, half joking': the parser reads "Moss ... joking" as a second clause
    of "said"; words after the cue of a quote that precedes it are no part of what was said.
    """
    if cand.cue[0] < mark.spans[-1][1]:
        return False
    return all(quoted.covers(c) or c[0] >= cand.cue[1] for c in cand.content)


def _runs_out(text: str, mark: MarkedQuote, content: list[CharSpan]) -> bool:
    """Whether a parsed content starts inside the quote and runs on past its closing mark.

    '“I am leaving now,” prompting him to laugh' is a direct quote followed by narration; only
    a clause that starts before the quote ('she called it “a farce”') makes a mixed quote.
    """
    first, last = mark.spans[0], mark.spans[-1]
    if any(first[0] <= a < last[1] < b for a, b in content):
        return not _goes_on(text, last)
    # A clause from the opening mark on: direct when the quote ends as a sentence or a turn does
    # ('“..., this one,” Ray Dunn, wearing ..., said'), not a headline's '‘No Doubt’ X Will ...'.
    ends = text[last[0] : last[1]].rstrip(QUOTE_MARK_CHARS + " \t")[-1:]
    return ends in (",", ".", "?", "!") and any(
        a < first[0] < last[1] < b and _only_marks(text, a, first[0]) for a, b in content
    )


def _goes_on(text: str, last: CharSpan) -> bool:
    """Whether the quoted words end mid-clause and the narration after the mark goes on with it.

    '“I am so sick of the campaign lying” about her record, she said': no stop or comma inside
    the marks, and the words after them continue the quoted clause; the annotators mark the
    whole clause, a mixed quote.
    """
    inner = text[last[0] : last[1]].rstrip(QUOTE_MARK_CHARS + " \t")
    if not inner or not inner[-1].isalnum():
        return False
    after = text[last[1] : last[1] + 40].lstrip(QUOTE_MARK_CHARS).lstrip(" ")
    return after[:1].islower()


def _only_marks(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` holds only quotation marks and space (the parse's clause
    began at the opening mark)."""
    return not text[start:end].strip(QUOTE_MARK_CHARS + " \t")


#: Between reported speech and a quote that goes on with it: a comma and at most a conjunction,
#: then the opening mark ('..., but “the offers were ...”', '..., “because ...”').
_GOES_ON_GAP = re.compile(r"\s*[,;]?\s*(?:(?:but|and|or|because|as|so|since)\s+)?[\u201c\"]\s*")


def quotes_going_on(text: str, found: list[RawAttribution]) -> list[RawAttribution]:
    """A quote with no cue or source of its own that goes on with the reported speech just
    before it in the sentence is the end of that speech: one mixed quote.

    'Ruiz said he had received offers, but “the offers were not serious.”': the parser hangs the
    quote's clause on "said" as a second conjunct, so the quote found no speaker of its own and
    was hidden as nobody's, while the reported speech stopped at the comma. PolNeAR's annotators
    mark the whole as one content. Only a quote in lower case (the sentence goes on in it), after
    a comma and at most one conjunction.
    """
    found = sorted(found, key=lambda a: a.content[0][0])
    out: list[RawAttribution] = []
    for a in found:
        prev = out[-1] if out else None
        start = a.content[0][0]
        if (
            prev is not None
            and a.kind == "direct"
            and a.source is None
            and a.cue is None
            and prev.kind != "direct"
            and prev.source is not None
            and prev.cue is not None
            and prev.cue[1] <= prev.content[0][0]
            and text[start : start + 1].islower()
            and _GOES_ON_GAP.fullmatch(text, prev.content[-1][1], start) is not None
        ):
            joined = (*prev.content[:-1], (prev.content[-1][0], a.content[0][1]), *a.content[1:])
            out[-1] = RawAttribution("mixed", joined, prev.cue, prev.source, prev.confidence)
            continue
        out.append(a)
    return out
