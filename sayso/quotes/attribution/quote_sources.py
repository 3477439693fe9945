"""The speaker of a direct quote when the parse gave none outside the quote.

A cue's subject is often a word of the quote itself, or missing: the parser hangs '“...,” Jo
Ruiz, a nurse, said' and '..., said Mr. Kamin' in odd ways. These functions look for the speaker
by position around the quote and the cue; ``sources.py`` reads the parse's own subjects.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from sayso.quotes.attribution.after import name_after, names_someone
from sayso.quotes.attribution.misreads import role_read_as_verb
from sayso.quotes.attribution.others import listener_after
from sayso.quotes.attribution.sources import source_of, went_on
from sayso.quotes.attribution.spans import (
    SUBJECT_DEPS,
    VERB_POS,
    Quoted,
    chars,
    clip_to_paragraph,
    line_between,
    overlaps,
)
from sayso.quotes.cues import NAMING_VERBS, TELLING_VERBS
from sayso.quotes.furniture import past_label
from sayso.quotes.rules import Rules
from sayso.quotes.types import CharSpan


def quote_source(
    doc: Doc, verb: Token, quote: tuple[CharSpan, ...], rules: Rules, quoted: Quoted | None = None
) -> CharSpan | None:
    """The speaker of a direct quote when the parse gave none outside the quote.

    Tried in order: a subject of the cue outside the quote and outside any other quotation
    marks ('“...,” Flynn said on “Fox and Friends.”': the parser's subject is the title);
    the words between the closing mark and the cue ("...," Jo Ruiz, a nurse, said); a name
    after the cue ("..., said Mr. Kamin"); a noun phrase right before the cue ("the candidate
    stated: ...").
    """
    for child in verb.children:
        inside = any(overlaps((child.idx, child.idx + 1), q) for q in quote) or (
            quoted is not None and quoted.covers((child.idx, child.idx + len(child.text)))
        )
        subject = (
            past_label(child) if child.dep_ in SUBJECT_DEPS and not listener_after(verb, child) else None
        )
        if not inside and subject is not None:
            if line_between(doc, child.i, verb.i):
                continue  # the parser ran the sentence over a paragraph: a word of the one before
            return _after_quotes(doc, clip_to_paragraph(doc, subject), quote, subject.idx)
    # Words naming someone between the closing mark and the cue come before an object after the
    # cue: in '“...,” Jo Ruiz, a nurse, tells the Gazette' the Gazette is the listener.
    ends = [b for _, b in quote if b <= verb.idx]
    if ends:
        gap_start = max(ends)
        first = verb.i
        while first > 0 and doc[first - 1].idx >= gap_start and verb.i - first < rules.between_max_tokens:
            first -= 1
        # A capitalised word counts however it was tagged ('O’Reilly' read as an adverb), unless
        # it is a common word in a headline's capitals ('Time Just Announced').
        between = [
            t
            for t in doc[first : verb.i]
            if t.pos_ in ("PROPN", "PRON", "NOUN") or (t.is_title and not t.is_stop)
        ]
        if between and "\n" not in doc[first : verb.i].text:
            return chars(doc, first, verb.i - 1)
    found = (
        _inverted_source(doc, verb, quote)
        or _words_after(doc, verb, quote)
        or _fronted_source(doc, verb, quote)
    )
    if found:
        return found
    if (went := went_on(verb)) is not None:  # "He denied ..., then said “...”": not the name before
        return clip_to_paragraph(doc, went)
    return _name_before(doc, verb, quote, rules)


def _after_quotes(
    doc: Doc, source: CharSpan | None, quote: tuple[CharSpan, ...], head: int
) -> CharSpan | None:
    """A subject's words without the quote before its head that the parser hung under it.

    In '“It was never safe,” engineer Tomas Reyes said.' the parser made the quote's clause a
    part of "engineer", so the subject's subtree began inside the quote; the speaker's words
    start after the closing mark. A quote after the head, in a clause about the speaker
    ('Ramos, whose book features “rebellious” people'), is left as it was.
    """
    if source is None:
        return None
    start, end = source
    for a, b in quote:
        if a < end and start < b and b <= head:
            start = max(start, b)
    if start == source[0]:
        return source
    if start >= end:
        return None  # the subject's words all lie inside the quote
    first = doc.char_span(start, end, alignment_mode="expand")
    words = [t for t in first or () if not (t.is_punct or t.is_space)] if first is not None else []
    return chars(doc, words[0].i, words[-1].i) if words else None


def _words_after(doc: Doc, verb: Token, quote: tuple[CharSpan, ...]) -> CharSpan | None:
    """'“...,” said Jo Ruiz, president of ...' read by position when the parse is odd.

    Right after a closing mark the cue is inverted and the words after it name the speaker,
    whatever the parser made of them (it often makes "Ruiz" the subject of a later verb, or of
    a clause "Ruiz, half joking"). Only for a cue that follows the quote with nothing but
    punctuation between.
    """
    ends = [b for _, b in quote if b <= verb.idx]
    if not ends or verb.tag_ == "VBG" or verb.lemma_.lower() in TELLING_VERBS:
        return None  # '“...,” referencing the crowd', '“...,” told Fox News': an object follows
    k = verb.i - 1
    while k >= 0 and doc[k].idx >= max(ends):
        if not (doc[k].is_punct or doc[k].is_space) or "\n" in doc[k].text:
            return None
        k -= 1
    return name_after(doc, verb)


def _fronted_source(doc: Doc, verb: Token, quote: tuple[CharSpan, ...]) -> CharSpan | None:
    """'Said Ellis: “...”', 'Continued Stone: “...”': a cue put first in its sentence, then the
    speaker's name and the colon or comma opening the quote (the parser reads "Said Ellis" as
    one name)."""
    if not verb.is_title or not all(verb.idx < a for a, _ in quote):
        return None
    before = doc[verb.i - 1] if verb.i > 0 else None
    if before is not None and not (verb.is_sent_start or "\n" in before.whitespace_ or before.is_punct):
        return None
    found = name_after(doc, verb)
    if found is None:
        return None
    after = doc.char_span(found[1], found[1] + 1, alignment_mode="expand")
    return found if after is not None and after.text in (":", ",") else None


#: Verbs whose passive subject is who is spoken of, not who speaks: 'She is accused of “...”',
#: 'Cohen has long been viewed as Trump's “fixer”' (not "she had been convinced, “...”").
_TARGETING = NAMING_VERBS | frozenset({
    "accuse", "criticize", "criticise", "blame", "fault", "condemn", "praise", "view", "consider",
    "regard", "portray", "depict", "charge", "deride", "mock", "attack", "slam", "hail", "laud",
    "credit", "see",
})  # fmt: skip


def _name_before(doc: Doc, verb: Token, quote: tuple[CharSpan, ...], rules: Rules) -> CharSpan | None:
    """The noun phrase ending nearest before the cue: 'Col. Jo Ruiz, a spokesman in Baghdad, said'.

    From the last name or pronoun before the cue (within its line, outside the quote), climb
    to the head of its phrase, so an appositive ("a spokesman in Baghdad") leads back to the
    name it describes.
    """
    i = verb.i - 1
    limit = max(0, verb.i - rules.name_before_max_tokens)
    while i >= limit:
        tok = doc[i]
        if (
            "\n" in tok.text
            or "\n" in tok.whitespace_
            or any(overlaps((tok.idx, tok.idx + 1), q) for q in quote)
        ):
            return None
        if tok.pos_ in ("PROPN", "PRON") or (i == verb.i - 1 and (tok.pos_ == "NOUN" or names_someone(tok))):
            break  # a name, a pronoun, or a noun or "a second" right before the cue
        if tok.dep_ not in (
            "punct",
            "aux",
            "auxpass",
            "neg",
            "advmod",
            "npadvmod",
            "prep",
            "pobj",
            "det",
            "amod",
        ):
            return None
        i -= 1
    else:
        return None
    head = doc[i]
    if head.dep_ == "nsubjpass" and head.head.i == verb.i and verb.lemma_.lower() in _TARGETING:
        return None  # 'She is accused of “steering public dollars ...”': the accused (forty-fourth)
    # up through "in Baghdad" and "a spokesman", stopping at the name they describe
    while head.dep_ in ("pobj", "prep", "compound") or (head.dep_ == "appos" and head.pos_ != "PROPN"):
        if (
            head.head.i == head.i
            or not limit <= head.head.i < verb.i
            or line_between(doc, head.head.i, verb.i)
        ):
            break  # not up into the paragraph before ('... Privacy Policy\n\nMara Quint, ..., said')
        head = head.head
    if head.dep_ == "prep":
        return None  # 'in an email to The Associated Press said': how it was said, not who
    if head.pos_ in VERB_POS:
        # 'Ruiz seemed ready to joke about the storm in Ohio, telling the crowd, “...”': the
        # phrase before the participle is a clause, not a name (it was the source, "to joke
        # about ..."); the one it tells of speaks.
        found = source_of(doc, head, rules)
        if found is None or found[1] > verb.idx or any(overlaps(found, q) for q in quote):
            return None
        return found
    first = max(head.left_edge.i, limit)
    first = next((k + 1 for k in range(head.i - 1, first - 1, -1) if line_between(doc, k, k + 1)), first)
    last = min(head.right_edge.i, verb.i - 1)
    return chars(doc, first, last)


def _inverted_source(doc: Doc, verb: Token, quote: tuple[CharSpan, ...]) -> CharSpan | None:
    """'..., said Mr. Kamin' when the parser did not make the name the subject.

    An object after the cue is the listener, not the speaker, when the cue comes before the
    quote ('telling the crowd, “...”'): only a cue after the quote has its subject inverted.
    A name right after the cue that the parser made the subject of a clause of its own
    ('..., said Rita Moss, half joking' read as "Moss ... joking") is the inverted subject too.
    """
    after = all(b <= verb.idx for _, b in quote)
    # a cue between the pieces of a split quote is inverted too: '“She's not perfect,” joked
    # one of Obama's longtime advisers, “but ...”' (no speaker in the fifty-second session's QA)
    split = any(b <= verb.idx for _, b in quote) and any(a > verb.idx for a, _ in quote)
    if verb.tag_ == "VBG":
        return None  # '“...,” referencing the crowd': a participle has no inverted subject
    wide = ("dobj", "attr", "npadvmod", "dative", "appos", "nsubj")
    deps = wide if after or split else ("attr", "appos", "nsubj")
    if verb.lemma_.lower() in TELLING_VERBS:
        return None  # '“...,” told Fox News': the one told listens ('“Why?” asked Ruiz' asks)
    for child in verb.children:
        if child.i > verb.i and child.dep_ in deps:
            inside = any(overlaps((child.idx, child.idx + 1), q) for q in quote)
            if names_someone(child) and not inside:
                return clip_to_paragraph(doc, child)
    if after:
        for child in verb.children:
            if child.i > verb.i and child.dep_ in ("ccomp", "advcl", "xcomp"):
                subject = next((c for c in child.children if c.dep_ in SUBJECT_DEPS), None)
                if subject is not None and subject.left_edge.i == verb.i + 1 and subject.pos_ == "PROPN":
                    # "says NASA engineer John Posey": the role read as the clause's verb
                    return role_read_as_verb(doc, subject) or clip_to_paragraph(doc, subject)
    return None
