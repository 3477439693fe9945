"""Who speaks: the words naming the source of a cue, read off the parse.

Kept apart from candidate proposal because the same questions are asked twice: once when a
candidate is proposed (the cue's subject, passive agent or inherited subject) and again when a
direct quote is attached and the parse's subject turns out to be a word of the quote (then the
speaker is looked for outside it: an inverted subject, the words between the closing mark and
the cue, the noun phrase right before the cue).
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from sayso.quotes.attribution.spans import chars, clip_to_paragraph, overlaps
from sayso.quotes.rules import Rules
from sayso.quotes.types import CharSpan

SUBJECT_DEPS = frozenset({"nsubj", "csubj"})
_INHERIT_DEPS = frozenset({"conj", "advcl", "xcomp", "pcomp", "prep", "acomp", "oprd"})
VERB_POS = frozenset({"VERB", "AUX"})
#: Entity types the parser sometimes makes the subject of "said" ("12:15 p.m. Trump said").
WHEN = frozenset({"DATE", "TIME"})


def source_of(doc: Doc, verb: Token, rules: Rules) -> CharSpan | None:
    """The words naming who speaks: the subject, the passive agent, or an inherited subject.

    A cue without a subject of its own takes the one of the verb it hangs from: "he said and
    added", "she left, saying", "he began by saying".
    """
    tok = verb
    for _ in range(rules.subject_inherit_depth):
        subject = _own_source(tok)
        if subject is not None:
            return clip_to_paragraph(doc, subject)
        if tok.dep_ in ("relcl", "acl") and tok.head.pos_ in ("PROPN", "NOUN", "PRON"):
            # "Smith, who said ...", "the group backing him": the noun the clause describes.
            return chars(doc, tok.head.left_edge.i, tok.head.i)
        if tok.dep_ in _INHERIT_DEPS and tok.head.i != tok.i:
            tok = tok.head
            continue
        return None
    return None


def _own_source(tok: Token) -> Token | None:
    agent = None
    for child in tok.children:
        if child.dep_ in SUBJECT_DEPS and child.ent_type_ not in WHEN:
            return child
        if child.dep_ == "agent":
            agent = child
    if agent is not None:
        for pobj in agent.children:
            if pobj.dep_ == "pobj":
                return pobj
    return None


def quote_source(doc: Doc, verb: Token, quote: tuple[CharSpan, ...], rules: Rules) -> CharSpan | None:
    """The speaker of a direct quote when the parse gave none outside the quote.

    Tried in order: a subject of the cue outside the quote; the words between the closing mark
    and the cue ("...," Jo Ruiz, a nurse, said); a name after the cue ("..., said Mr. Kamin");
    a noun phrase right before the cue ("the candidate stated: ...").
    """
    for child in verb.children:
        inside = any(overlaps((child.idx, child.idx + 1), q) for q in quote)
        if child.dep_ in SUBJECT_DEPS and child.ent_type_ not in WHEN and not inside:
            return clip_to_paragraph(doc, child)
    # Words naming someone between the closing mark and the cue come before an object after the
    # cue: in '“...,” Jo Ruiz, a nurse, tells the Gazette' the Gazette is the listener.
    ends = [b for _, b in quote if b <= verb.idx]
    if ends:
        gap_start = max(ends)
        first = verb.i
        while first > 0 and doc[first - 1].idx >= gap_start and verb.i - first < rules.between_max_tokens:
            first -= 1
        between = [t for t in doc[first : verb.i] if t.pos_ in ("PROPN", "PRON", "NOUN")]
        if between and "\n" not in doc[first : verb.i].text:
            return chars(doc, first, verb.i - 1)
    found = _inverted_source(doc, verb, quote)
    if found:
        return found
    return _name_before(doc, verb, quote, rules)


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
    # up through "in Baghdad" and "a spokesman", stopping at the name they describe
    while head.dep_ in ("pobj", "prep", "compound") or (head.dep_ == "appos" and head.pos_ != "PROPN"):
        if head.head.i == head.i or not limit <= head.head.i < verb.i:
            break
        head = head.head
    first = max(head.left_edge.i, limit)
    last = min(head.right_edge.i, verb.i - 1)
    return chars(doc, first, last)


def _inverted_source(doc: Doc, verb: Token, quote: tuple[CharSpan, ...]) -> CharSpan | None:
    """'..., said Mr. Kamin' when the parser did not make the name the subject."""
    for child in verb.children:
        if child.i > verb.i and child.dep_ in ("dobj", "attr", "npadvmod", "dative", "appos", "nsubj"):
            inside = any(overlaps((child.idx, child.idx + 1), q) for q in quote)
            if names_someone(child) and not inside:
                return clip_to_paragraph(doc, child)
    return None


def names_someone(tok: Token) -> bool:
    """A noun, a name or a pronoun; or an elliptical 'a third', 'another' ('..., slammed a third')."""
    if tok.ent_type_ in WHEN:
        return False  # "..., Jo Ruiz said Monday": the day is not the speaker
    if tok.pos_ in ("PROPN", "NOUN", "PRON"):
        return True
    return tok.pos_ in ("ADJ", "NUM", "DET") and (
        tok.lower_ == "another" or any(c.dep_ == "det" for c in tok.children)
    )


def cue_span(doc: Doc, verb: Token, rules: Rules, extra: Token | None = None) -> CharSpan:
    first, last = verb.i, verb.i
    for child in verb.children:
        if child.dep_ == "prt" and abs(child.i - verb.i) <= rules.particle_max_distance:
            first, last = min(first, child.i), max(last, child.i)
    if extra is not None:
        first, last = min(first, extra.i), max(last, extra.i)
    return (doc[first].idx, doc[last].idx + len(doc[last].text))
