"""Transcript turns: paragraphs opening with a speaker label in capitals ("MARKHAM: ..."),
and signed contributions, paragraphs closed by a line with the writer's name ("-- Karl Rove,
Fox News contributor").

Split from ``view.py``: the view finds the turns once per article, and the resolver gives a
label, and an "I" in the turn it opens, to the person the article names with the label's
last word, or with the signature.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

from sayso.quotes.coref.lexicon import TITLES, title_key
from sayso.quotes.coref.phrases import best_name

if TYPE_CHECKING:
    from spacy.tokens import Span


#: A transcript turn: a paragraph opening with a speaker label in capitals ("MARKHAM:", "SEN.
#: DANA MARKHAM:", "REV. MARTIN LUTHER KING JR.:", "JUAN GONZÁLEZ:", "BK :").
_LABEL = r"([A-ZÀ-ÖØ-Þ][A-ZÀ-ÖØ-Þ.'’\-]+(?: [A-ZÀ-ÖØ-Þ][A-ZÀ-ÖØ-Þ.'’\-]+){0,5}) ?:[ \t]"
_TURN = re.compile(r"^[ \t]*" + _LABEL, re.MULTILINE)
#: Such a label where a paragraph starts (``match`` at the paragraph's first character).
TURN_LABEL = re.compile(_LABEL)

#: The same label inside a paragraph, after a sentence ends or breaks off ("--"): a transcript
#: run into one paragraph ("... Did you say 67? NUCATOLA: 67. ACTOR: Okay."; thirty-fifth
#: session, an "I think" in such a turn was shown as the article's author's), or after a stage
#: direction ("... the rent? (Laughter.) THE PRESIDENT: ..."). Counted only when the article has
#: several.
_INLINE_TURN = re.compile(r"(?<=[.?!\u201d\"\]\)\-\u2014] )" + _LABEL)

#: Labelled paragraphs that make an article a transcript, whose turns run over paragraphs.
_TRANSCRIPT_TURNS = 3


def transcript_turns(text: str, ents: tuple[Span, ...]) -> list[tuple[int, int, int, tuple[int, int]]]:
    """Transcript turns: (label start, label end, turn end, where the article names the turn's
    speaker), in text order. A turn runs from its label to the end of its paragraph; in a
    transcript (``_TRANSCRIPT_TURNS`` labels or more) to the next label, since an answer runs
    over paragraphs ("WALLACE TURBEVILLE: ..." then "But I think, most importantly, ..."), but
    the last turn still ends with its paragraph (what follows may be the article's own).

    A label counts only when a person the article names carries its last word ("MONTAGNE:" and
    "Renee Montagne"): headings in capitals with a colon ("RELATED:", "FILE PHOTO:", "THE
    FACTS:") name nobody.
    """
    people: dict[str, list[Span]] = {}
    initials: dict[str, list[Span]] = {}  # "ch" -> "Christopher Hill": a roundtable's labels
    for ent in ents:
        if ent.label_ == "PERSON" and not ent.text.isupper():
            last = ent[-2] if len(ent) > 1 and ent[-1].tag_ == "POS" else ent[-1]  # "Lehrer's"
            people.setdefault(last.lower_, []).append(ent)
            words = [t.lower_ for t in ent if t.text[:1].isupper() and title_key(t.text) not in TITLES]
            if len(words) >= 2:
                initials.setdefault("".join(w[0] for w in words), []).append(ent)
    out = []
    labels = list(_TURN.finditer(text))
    inline = list(_INLINE_TURN.finditer(text))
    if len(inline) >= _TRANSCRIPT_TURNS:
        labels = sorted(labels + inline, key=lambda m: m.start(1))
    for n, m in enumerate(labels):
        label = m.group(1).lower()
        named = people.get(label.split()[-1])
        if named is None and label.isalpha() and len(label) <= 3:
            found = initials.get(label, [])
            named = found if len({e.text for e in found}) == 1 else None
        if named:
            end = text.find("\n", m.end(1))
            best = best_name(label, named)
            nxt = labels[n + 1].start(1) if n + 1 < len(labels) else None
            if nxt is not None and (end < 0 or nxt < end):
                end = nxt  # the next turn starts in this paragraph
            elif nxt is not None and len(labels) >= _TRANSCRIPT_TURNS and end >= 0:
                end = _answer_end(text, end, nxt, best[-1].text)
            span = (best.start_char, best.end_char)
            out.append((m.start(1), m.end(1), len(text) if end < 0 else end, span))
    return out


#: A line that is a name and nothing else: "Sean Illing", "James Loewen".
_NAME_LINE = re.compile(r"^[ \t]*([A-Z][\w.'’\-]+(?: [A-Z][\w.'’\-]+){1,3})[ \t]*$", re.MULTILINE)


def name_line_turns(text: str, ents: tuple[Span, ...]) -> list[tuple[int, int, int, tuple[int, int]]]:
    """An interview printed with each turn under its speaker's name on a line of its own, no colon
    ("Sean Illing" / "According to your book, ..." / "James Loewen" / "It's true enough. ..."):
    every "I think" of the historian's answers was shown as the article's author's (QA helper,
    forty-eighth session: 4 items of one article). Only when ``_TRANSCRIPT_TURNS`` such lines or
    more, of two people or more who each label two turns or more, a person the model tags on
    one of them at least; a turn runs to the next name line, the last one to the end of the
    article."""
    people = {e.start_char: e.end_char for e in ents if e.label_ == "PERSON"}
    found = [m.span(1) for m in _NAME_LINE.finditer(text)]
    labels = {text[a:b] for a, b in found if people.get(a) == b}  # (the model tags it once at least)
    times = Counter(text[a:b] for a, b in found)  # (not a list of victims, each named once)
    lines = [(a, b) for a, b in found if text[a:b] in labels and times[text[a:b]] > 1]
    if len(lines) < _TRANSCRIPT_TURNS or len({text[a:b] for a, b in lines}) < 2:
        return []
    ends = [a for a, _ in lines[1:]] + [len(text)]
    return [(a, b, end, (a, b)) for (a, b), end in zip(lines, ends, strict=True)]


def _answer_end(text: str, end: int, limit: int, surname: str) -> int:
    """Where a transcript answer ends: at the next label (``limit``), unless a paragraph on the
    way names its speaker, which a speaker does not do of himself: after a clip of a
    politician ("DONALD TRUMP: ...") the host's unlabelled question ("And I wanted to ask
    you, the impact—Trump, in his remarks, ...") is no longer his turn."""
    own = re.compile(rf"\b{re.escape(surname)}\b")
    while end < limit:
        nxt = text.find("\n", end + 1, limit)
        stop = limit if nxt < 0 else nxt
        if text[end:stop].strip() and own.search(text, end, stop):
            return end
        end = stop
    return limit


#: A signature closing a contribution: a line of a dash and a name, a role after a comma ("--
#: Karl Rove, Fox News contributor", "— Christal Hayes").
_SIGNATURE = re.compile(
    r"^[ \t]*(?:--|[—–-])[ \t]*([A-Z][^\n,]{2,60})(?:,[^\n]{0,160})?[ \t]*$", re.MULTILINE
)
#: Signatures that make an article a collection of signed contributions (one alone is more
#: often a credit: "—Felicia Schwartz contributed to this article.").
_SIGNED = 2
#: Paragraphs a signed contribution reaches back at most, when no signature stands before it.
SIGNED_MAX_PARAGRAPHS = 8


def signed_blocks(text: str, ents: tuple[Span, ...]) -> list[tuple[int, int, int, tuple[int, int]]]:
    """Contributions each closed by its writer's signature, as turns (start, start, end, the
    signed name): a Fox News roundup of ten commentators' reviews showed their "I think ..."
    as the article's author's, and a live blog's signed entries too (QA helper, thirty-ninth
    session). A signature counts only when the model tags a person at its start and it credits
    no one ("contributed to this article")."""
    starts = {e.start_char: e for e in ents if e.label_ == "PERSON"}
    signed = []
    for m in _SIGNATURE.finditer(text):
        ent = starts.get(m.start(1))
        if ent is None or text[ent.end_char : m.end(1)].strip():
            continue  # the name alone, then a role: not a tweet's "— Nancy Pelosi (@SpeakerPelosi) ..."
        if "contributed" not in m.group(0) and "reporting" not in m.group(0).lower():
            signed.append((m.start(), m.end(), (ent.start_char, ent.end_char)))
    if len(signed) < _SIGNED:
        return []
    out = []
    prev_end = None
    for start, end, name in signed:
        lo = prev_end if prev_end is not None else _paragraphs_back(text, start, SIGNED_MAX_PARAGRAPHS)
        if text[lo:start].strip():
            out.append((lo, lo, start, name))
        prev_end = end
    return out


def _paragraphs_back(text: str, at: int, n: int) -> int:
    lo = at
    for _ in range(n):
        k = text.rfind("\n\n", 0, max(0, lo - 1))
        if k < 0:
            return 0
        lo = k + 2
    return lo
