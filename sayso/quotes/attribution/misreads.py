"""Names the parser misread as another part of speech: a manner adverb made the subject
("Trump coyly stated"), a surname made a modal ("May said"). Read by ``sources.py`` once it
has the subject the parse gives, to find the name the parse hid.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from sayso.quotes.attribution.spans import chars
from sayso.quotes.types import CharSpan

#: Nouns ending in "-ly" that name who speaks (not manner adverbs read as the subject).
_LY_NOUNS = frozenset({"family", "assembly"})


def before_adverb(subject: Token) -> Token | None:
    """The name before a manner adverb the parser made a noun and the subject: in 'Trump coyly
    stated' "coyly" was the subject and "Trump" its compound, and the quote had no speaker
    (eighth QA read). Only a lower-case "-ly" word right before its verb, whose compounds are
    proper nouns.

    A noun ending in "-ly" is no adverb: "the Robertson family said" was shown as "Robertson"
    (compare check, thirty-first session). An adverb takes no article or possessive; "family"
    and "assembly" are nouns even without one (a headline's "Robertson family says").
    """
    if not (subject.is_lower and subject.text.endswith("ly") and len(subject.text) > 4):
        return None
    if subject.lower_ in _LY_NOUNS or any(c.dep_ in ("det", "poss") for c in subject.children):
        return None
    if subject.head.i != subject.i + 1:
        return None
    names = [c for c in subject.children if c.dep_ == "compound" and c.pos_ == "PROPN"]
    return names[-1] if names and names[-1].i == subject.i - 1 else None


def modal_name(doc: Doc, verb: Token) -> CharSpan | None:
    """A name the parser read as a modal: in '“...,” May said' the small model makes "May" an
    auxiliary of "said" (news-5k has 21 such cues, "May said", "May told", in articles about
    Theresa May). A capitalised modal before a past or third-person form cannot be one ("may
    said" is no English); it is the subject.
    """
    if verb.tag_ not in ("VBD", "VBZ") or verb.i == 0:
        return None
    before = doc[verb.i - 1]
    if before.head.i != verb.i or before.tag_ != "MD" or not before.text[:1].isupper():
        return None
    if not before.text[1:].islower():
        return None  # "MAY SAID" in a headline in capitals
    return chars(doc, before.i, before.i)
