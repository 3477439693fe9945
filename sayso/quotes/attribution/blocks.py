"""Block quotes: a paragraph quoted whole, set off by layout instead of quotation marks.

Opinion pieces and blogs quote a speech, a ruling or another outlet's passage as a paragraph
of its own after a line that ends with a colon: "Scalia wrote, with characteristic sarcasm:" /
"Justice Blackmun begins his statement by ...", "As the New York Times reported:" / "The case
against the men ...". The web page indents it; the text sayso gets keeps only the line break,
so no mark opens it and the parse sees a new sentence with no cue. The QA helpers of the
thirty-eighth session found eight such passages missed in 42 real articles (a justice's
opinion, a radio host's monologue, a preacher's post, a newspaper's report), the longest
quotations of their articles.

A paragraph is taken as a block quote only when the colon that ends the paragraph before it
closes a clause whose verb is one of writing or saying (``BLOCK_VERBS``) and that has a source
of its own (``frames.colon_attribution``): "Here are the emails:" or "The rules are simple:"
introduce no one's words. One paragraph, the first after the colon (a page's "Advertisement:"
line between them skipped): how far an indented passage runs the text does not say, and the
paragraph after it is as often the writer's comment on it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

from spacy.tokens import Doc

from sayso.quotes.attribution.frames import PAGE_WORD, colon_attribution
from sayso.quotes.glyphs import QUOTE_MARKS
from sayso.quotes.rules import Rules
from sayso.quotes.titles import title_case
from sayso.quotes.types import MarkedQuote, RawAttribution

#: Verbs whose colon clause introduces a quoted passage: writing, saying, reporting.
BLOCK_VERBS = frozenset({
    "say", "write", "report", "state", "tweet", "post", "add", "explain", "note", "declare",
    "remark", "comment", "observe", "continue", "testify", "put", "read", "tell", "announce",
    "argue", "conclude", "warn", "insist", "respond", "reply", "answer", "elaborate", "begin",
    # a court's opinion ("The judges held:" above the panel's words; forty-fourth session)
    "hold", "rule",
})  # fmt: skip
#: Fewest words a block quote has: a shorter paragraph is a heading or a caption.
BLOCK_MIN_WORDS = 8
#: A line between the colon and the passage that the page put there: "Advertisement:".
_PAGE_LINE = re.compile(PAGE_WORD + r":[^\S\n]*\n\s*")
#: A paragraph's end: a line break.
_PARAGRAPH_END = re.compile(r"[^\S\n]*\n")
#: A paragraph that is no passage of prose: a list's item ("-- Allows Iran to ...", "1. The
#: installation"), a transcript's turn ("STEVE DOOCY (co-host): Now that ...").
_NOT_PROSE = re.compile(r"(?:[-–—•*]+|\d{1,2}[.)])\s|[A-Z][A-Z.'’ -]{2,40}(?:\([^)\n]{1,40}\))?:")
#: What presents something the text does not hold: "Here's what Wilson said in 2015:" stands
#: above a video, and the paragraph after it is the video's caption or the writer's comment.
_PRESENTS = re.compile(r"(?i)(?:here['’]?s|here is|here are|watch|listen)\b")


def block_quotes(doc: Doc, text: str, rules: Rules) -> Iterator[RawAttribution]:
    """Each paragraph a colon clause of writing or saying introduces, as its speaker's direct
    quote (``text`` is ``doc.text``, read once by the caller)."""
    for colon in re.finditer(r":[^\S\n]*\n\s*", text):
        start = colon.end()
        page = _PAGE_LINE.match(text, start)
        if page is not None:
            start = page.end()
        if start >= len(text) or text[start] in QUOTE_MARKS:
            continue  # a quote in marks finds its own introducer
        end_match = _PARAGRAPH_END.search(text, start)
        end = end_match.start() if end_match is not None else len(text.rstrip())
        words = text[start:end].split()
        if (
            len(words) < BLOCK_MIN_WORDS
            or text[start:end].rstrip().endswith(":")
            or _NOT_PROSE.match(text, start)
        ):
            continue
        if not _introduces(text, colon.start()):
            continue
        # the clause before the colon, as for a quote in marks right after it
        probe = MarkedQuote(spans=((colon.end(), end),), open_mark="", close_mark=None)
        found = colon_attribution(doc, text, probe, rules, loose=False)
        if found is None or found.cue is None or found.source is None:
            continue
        cue = doc.char_span(found.cue[0], found.cue[1], alignment_mode="expand")
        ours = text[found.source[0] : found.source[1]].lower().startswith("our ")
        # (not a live blog's "Our original post continues:": the outlet's own words)
        if cue is not None and len(cue) and cue.root.lemma_.lower() in BLOCK_VERBS and not ours:
            yield dataclasses.replace(found, content=((start, end),))


def _introduces(text: str, colon: int) -> bool:
    """Whether the sentence a colon ends can introduce a passage: not one that presents media
    ("Here's what he said:", "Watch:") nor a heading in title case ("Update at 7:09 p.m. ET.
    Boston Marathon Will Continue:")."""
    line = text[text.rfind("\n", 0, colon) + 1 : colon]
    sentence = re.split(r"(?<=[.!?])\s+(?=[A-Z])", line)[-1].strip()
    return not _PRESENTS.match(sentence) and not title_case(sentence)
