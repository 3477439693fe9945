"""A set-off cue with its speaker after it and what is said around it: "But no president, said
Paul, should have the power ...", "A vote for Biden, said Trump, was a vote for Omar". The parser
gives the cue the words before it as a subject; they open what is said. Split from
``sources.py`` (forty-second session).
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from sayso.quotes.attribution.spans import chars
from sayso.quotes.types import CharSpan


def fronted_subject(verb: Token) -> Token | None:
    """The subject of what is said, put before a cue set off by commas with its speaker after
    it: in 'But no president, said Paul, should have the power ...' the parser gives "said" two
    subjects, "president" and "Paul". Paul speaks; "no president" opens what he said (tenth QA
    read: the speaker shown was "no president", and the content lost its "no")."""
    if verb.dep_ != "parataxis" or verb.head.i < verb.i:
        return None
    before = [c for c in verb.children if c.dep_ == "nsubj" and c.i < verb.i]
    after = [c for c in verb.children if c.dep_ == "nsubj" and c.i > verb.i]
    if not after and (named := named_after_set_off(verb)) is not None:
        after = [named]  # "A vote for Biden, said Trump, was ...": the name read as a modifier
    if len(before) != 1 or len(after) != 1:
        return None
    fronted = before[0]
    if _fronted_end(fronted) + 2 != verb.i or verb.doc[verb.i - 1].text != ",":
        return None
    return fronted


def named_after_set_off(verb: Token) -> Token | None:
    """The name right after a set-off cue that the parser made a modifier, not its subject: in
    "A vote for Biden, said Trump, was a vote for Omar" "Trump" hung on "said" as an adverbial
    noun, and the speaker shown was "a vote for Biden" (QA helper, forty-second session)."""
    if verb.dep_ != "parataxis" or verb.head.i < verb.i:
        return None
    for c in verb.children:
        if c.i > verb.i and c.dep_ in ("npadvmod", "dobj") and c.ent_type_ == "PERSON":
            end = c.right_edge.i
            if end + 1 < len(c.doc) and c.doc[end + 1].text == ",":
                return c
    return None


def _fronted_end(fronted: Token) -> int:
    """The last word of a fronted subject, without the comma the parser may hang on it."""
    end = fronted.right_edge.i
    return end - 1 if fronted.doc[end].text == "," and end > fronted.i else end


def with_fronted(doc: Doc, verb: Token, spans: list[CharSpan]) -> list[CharSpan]:
    """A set-off cue's content with the subject put before it (``fronted_subject``)."""
    fronted = fronted_subject(verb)
    if fronted is None:
        return spans
    first = chars(doc, fronted.left_edge.i, _fronted_end(fronted))
    return ([first] if first else []) + [s for s in spans if not first or s[0] >= first[1]]
