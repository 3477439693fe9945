"""When and where the words were said, which is no part of them: "said *Tuesday* his actions
are lawful", "claimed victory *in a tweet*".

Split from ``trims.py`` (``cut_content`` calls both cuts). The parser hangs the day or the
occasion on what was said; PolNeAR's annotators leave them out.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from sayso.quotes.attribution.spans import SUBJECT_DEPS, trim
from sayso.quotes.coref.lexicon import WEEKDAYS
from sayso.quotes.cues import OCCASION_NOUNS
from sayso.quotes.types import CharSpan

#: Entity types of a phrase telling when something was said: "Tuesday", "last week".
_TIME_ENTS = frozenset({"DATE", "TIME"})
#: Prepositions opening such a phrase: "on Friday", "at a rally Tuesday" aside.
_TIME_PREPS = frozenset({"on", "in", "at", "during", "earlier", "later"})
#: Words of a time phrase that can tell when the speaker spoke: not "in 2015", "these days",
#: "third-quarter" (what was said is about them: "said in 2015 the region was in conflict").
_WHEN_SAID = WEEKDAYS | {
    "yesterday",
    "today",
    "tonight",
    "week",
    "weekend",
    "month",
    "earlier",
    "later",
    "ago",
}


def without_leading_time(doc: Doc, text: str, content: list[CharSpan], cue: Token) -> list[CharSpan]:
    """A clause reported right after its cue without "that" starts after the day it was said on:
    in "said Tuesday his actions are lawful", "said on Friday he met ...", the parser hangs the
    day on the reported clause, but it tells when the cue's speaker spoke, and PolNeAR's
    annotators leave it out. "said that on Friday he met ..." keeps it: it is inside the clause.
    """
    if not content or cue.i + 1 >= len(doc):
        return content
    a, b = content[0]
    span = doc.char_span(a, b, alignment_mode="expand")
    if span is None or len(span) < 3 or span.start > cue.i + 3 or span.start <= cue.i:
        return content
    first = span[0]
    # (a weekday the model tagged no date: "told reporters Wednesday Trump would issue ...", read
    # as a word of the subject's name; QA helper, forty-ninth session)
    weekday = first.lower_ in WEEKDAYS and first.text[:1].isupper()
    if first.ent_type_ in _TIME_ENTS or weekday:
        end = first.i + 1
        while end < span.end and doc[end].ent_iob_ == "I":
            end += 1
    elif first.lower_ in _TIME_PREPS and any(
        c.dep_ == "pobj" and c.ent_type_ in _TIME_ENTS for c in first.children
    ):
        end = first.right_edge.i + 1
    else:
        return content
    phrase = doc[first.i : end]
    if not any(t.lower_ in _WHEN_SAID for t in phrase) or any(t.like_num for t in phrase):
        return content
    while end < span.end and doc[end].is_punct:
        end += 1
    if end - first.i > 4 or span.end - end < 2:
        return content
    subject = doc[end]
    while subject.dep_ not in SUBJECT_DEPS and subject.head.i < span.end and subject.head.left_edge.i == end:
        if subject.head == subject:
            break
        subject = subject.head
    on_subject = phrase.root.head == subject and phrase.root.dep_ == "compound"  # (not "next week's")
    if subject.dep_ not in SUBJECT_DEPS or not (phrase.root.head == subject.head or on_subject):
        return content  # the clause's subject comes next, the day hung on its verb (or on it)
    rest = trim(text, doc[end].idx, b)
    return ([rest] if rest else []) + content[1:]


def without_trailing_occasion(doc: Doc, text: str, content: list[CharSpan], cue: Token) -> list[CharSpan]:
    """An object content ends before the day or the place its cue's words were said: the parser
    hangs "endorsed Cruz *last week*", "claimed victory *in a tweet*" on the object noun, but they
    tell when and where the cue's speaker spoke, and PolNeAR's annotators leave them out. Only
    for a noun object; a clause keeps its own days ("said he would visit Iowa on Tuesday")."""
    if not content or cue.pos_ not in ("VERB", "AUX"):
        return content
    a, b = content[-1]
    span = doc.char_span(a, b, alignment_mode="expand")
    if span is None or span.start <= cue.i or span.root.dep_ != "dobj" or span.root.head != cue:
        return content
    last = span.end
    while last > span.start and doc[last - 1].is_punct:
        last -= 1
    for tok in span.root.children:
        if tok.i <= span.root.i or tok.right_edge.i + 1 != last:
            continue
        words = doc[tok.i : last]
        if tok.dep_ == "prep" and tok.lower_ in _TIME_PREPS:
            said = any(t.lower_ in OCCASION_NOUNS for t in words) or (
                any(t.ent_type_ in _TIME_ENTS for t in words) and any(t.lower_ in _WHEN_SAID for t in words)
            )
        elif tok.dep_ == "npadvmod" and tok.ent_type_ in _TIME_ENTS:
            said = any(t.lower_ in _WHEN_SAID for t in words) and not any(t.like_num for t in words)
        else:
            continue
        if said:
            kept = trim(text, a, doc[tok.left_edge.i].idx)
            return content[:-1] + ([kept] if kept else [])
    return content
