"""Relative pronouns as sources: "Smith, who said ...", "the agency, which cautioned ...".

Split from ``resolve.py``. PolNeAR's annotators mark the relative pronoun itself as the source,
so the attribution stage keeps it; who speaks is the noun the clause describes, which the parser
does not always hang it on: a "who" clause on a sentence's verb or on a thing before the person,
a "which" clause on the noun before an organisation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sayso.quotes.coref.agents import WordClasses, noun_class
from sayso.quotes.coref.entities import Resolution
from sayso.quotes.coref.phrases import document_above, person_before_who, person_described

if TYPE_CHECKING:
    from spacy.tokens import Token

    from sayso.quotes.coref.resolve import Resolver

#: Names a relative "that" may stand for as a speaker; a place may not.
_SPEAKING_ENTS = frozenset({"PERSON", "ORG", "NORP"})


def resolve_relative(r: Resolver, root: Token, word: str, relative: bool) -> Resolution:
    """Who a relative pronoun heading a source stands for (``relative``: it heads a relative
    clause, as the parser reads it)."""
    ante = root.head.head if root.head.dep_ == "relcl" else _first_relative(root)
    near = noun_before_relative(root) if relative else None
    misread = ante is not None and (
        ante.pos_ in ("VERB", "AUX")
        or (not may_speak(ante, r.words) and near is not None and may_speak(near, r.words))
    )
    if near is not None and misread:
        ante = near  # "by a judge in Sacramento, who said": not "put", on which it hangs
    if ante is None or ante.i >= root.i:
        return Resolution(None)
    if word in ("who", "whom"):
        ante = person_described(ante, set_off=root.i > 0 and root.nbor(-1).text in (",", "—", "–"))
        ante = person_before_who(root, ante, r.words)
    else:
        ante = document_above(ante, r.words)
    if word == "that" and not may_speak(ante, r.words):
        return Resolution(None)  # "a number of managers that felt", "the way that"
    res = r.resolve_source(ante.left_edge.idx, ante.idx + len(ante))
    return Resolution(res.entity, res.confidence * r.rules.relative_factor)


def may_speak(tok: Token, words: WordClasses) -> bool:
    """A name of a speaking kind, or a noun that names someone."""
    return tok.ent_type_ in _SPEAKING_ENTS or noun_class(tok.lemma_, words) is not None


def noun_before_relative(rel: Token) -> Token | None:
    """The noun a comma sets off right before "who"/"which", as the head of its phrase: in "by a
    judge in Sacramento, who said" and "images from the European Weather Agency, which cautioned"
    the parser hung the clause on the sentence's verb or on "images" (QA helper, forty-third
    session: both had no speaker)."""
    if rel.i < 2 or rel.nbor(-1).text != ",":
        return None
    tok = rel.nbor(-2)
    while tok.dep_ in ("compound", "flat") and tok.head.i > tok.i:
        tok = tok.head
    return tok if tok.pos_ in ("NOUN", "PROPN") else None


def _first_relative(rel: Token) -> Token | None:
    """The noun of the relative clause a second one is joined to: "citizens who are listed as
    having voted, but who told the outlet they never received a ballot" (the parser hung the
    second "who" clause on the sentence's verb; QA helper, forty-fourth session: no speaker)."""
    if rel.head.dep_ != "conj":
        return None
    for t in reversed(rel.doc[rel.sent.start : rel.i]):
        if t.lower_ == rel.lower_ and t.head.dep_ == "relcl":
            return t.head.head
    return None
