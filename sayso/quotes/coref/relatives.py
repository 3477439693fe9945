"""Relative pronouns as sources: "Smith, who said ...", "the agency, which cautioned ...".

Split from ``resolve.py`` (and, for the person a "who" clause describes, from ``phrases.py``).
PolNeAR's annotators mark the relative pronoun itself as the source, so the attribution stage
keeps it; who speaks is the noun the clause describes, which the parser does not always hang it
on: a "who" clause on a sentence's verb or on a thing before the person, a "which" clause on the
noun before an organisation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sayso.quotes.coref.agents import WordClasses, noun_class
from sayso.quotes.coref.entities import Entity, Resolution
from sayso.quotes.coref.lexicon import COLLECTIVE_NOUNS, TITLES, gender_of_noun, title_key
from sayso.quotes.coref.phrases import DEICTIC, document_above

if TYPE_CHECKING:
    from spacy.tokens import Token

    from sayso.quotes.coref.resolve import Resolver

#: Names a relative "that" may stand for as a speaker; a place may not.
_SPEAKING_ENTS = frozenset({"PERSON", "ORG", "NORP"})


def resolve_relative(r: Resolver, root: Token, word: str, relative: bool) -> Resolution:
    """Who a relative pronoun heading a source stands for (``relative``: it heads a relative
    clause, as the parser reads it)."""
    ante = root.head.head if root.head.dep_ == "relcl" else _first_relative(root)
    near = noun_before_relative(root) if relative or ante is None else None
    if (
        near is not None
        and not relative
        and not (near.ent_type_ in ("PERSON", "ORG") and near.dep_ == "pobj")
    ):
        # "Unlike Mr. Obama, who said ...", the "who" clause hung on a verb: only a name a
        # preposition governs (not "in another post, who said", nor an apposition's name)
        near = None
    misread = ante is not None and (
        ante.pos_ in ("VERB", "AUX")
        or (not may_speak(ante, r.words) and near is not None and may_speak(near, r.words))
    )
    if near is not None and (misread or ante is None):
        ante = near  # "by a judge in Sacramento, who said": not "put", on which it hangs
    if ante is None or ante.i >= root.i:
        return Resolution(None)
    set_off = root.i > 0 and root.nbor(-1).text in (",", "—", "–")
    if word in ("who", "whom") and not set_off and _generic_person(ante):
        # "The party resembles the man who told his psychiatrist, '...'": the clause says which
        # man; he is no one named before (QA helper, fiftieth session: a joke went to Trump)
        return Resolution(r.index.own_description(ante.doc[ante.left_edge.i : ante.i + 1], ante, "person"))
    if word in ("who", "whom"):
        ante = person_described(ante, set_off, r.words)
        ante = person_before_who(root, ante, r.words)
        if (listed := _listed_before(r, root, ante)) is not None:
            return Resolution(listed, r.rules.relative_factor * r.rules.plural_confidence)
    else:
        ante = document_above(_one_named_before(ante), r.words)
    if word == "that" and not may_speak(ante, r.words):
        return Resolution(None)  # "a number of managers that felt", "the way that"
    res = r.resolve_source(ante.left_edge.idx, ante.idx + len(ante))
    return Resolution(res.entity, res.confidence * r.rules.relative_factor)


def _one_named_before(ante: Token) -> Token:
    """What a "one" a relative clause describes stands for: "the biggest story about his campaign
    was one that declared it was “running on fumes”" is the story (QA helper, fifty-first
    session: the speaker was "one")."""
    if ante.lower_ != "one" or ante.dep_ != "attr":
        return ante
    subject = next((c for c in ante.head.children if c.dep_ == "nsubj"), None)
    return subject if subject is not None and subject.pos_ == "NOUN" else ante


def _generic_person(noun: Token) -> bool:
    """ "the man", "the woman", "the person": a noun that says nothing but someone's sex, which a
    restrictive "who" clause defines."""
    if noun.pos_ != "NOUN" or noun.lemma_.lower() not in ("man", "woman", "person", "guy", "fellow", "lady"):
        return False
    if noun.dep_ in ("appos", "attr", "nsubj", "nsubjpass"):
        # "Dr. Christine Blasey Ford, the woman who has accused him", "Rove is the man who",
        # "The man who once mocked Mr. Obama ... is himself embracing": someone named
        return False
    return any(c.dep_ == "det" and c.lower_ == "the" for c in noun.children)


def _listed_before(r: Resolver, who: Token, ante: Token) -> Entity | None:
    """All the persons of a list a plural "who" clause follows: "Chancellor Philip Hammond, Sir
    Alan Duncan and Culture Minister Margot James who have all said ..." was the last one's
    (QA helper, forty-fifth session). Plural by its verb ("have", "say") or by "all"/"both"."""
    verb = who.head
    plural = verb.tag_ == "VBP" or any(c.tag_ == "VBP" or c.lower_ in ("all", "both") for c in verb.children)
    if ante.dep_ != "conj" or not plural:
        return None
    first = ante
    while first.dep_ == "conj" and first.head.i < first.i:
        first = first.head
    m = r.index.name_at.get(first.i)
    if m is None or m.entity.kind != "person":
        return None
    others = [o.entity for o in r.index.named_with(first)]
    return r.index.pair(m.entity, *others) if others else None


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
    if tok.ent_type_ in ("DATE", "TIME") and tok.head.dep_ == "prep" and tok.head.i > 0:
        tok = tok.head.nbor(-1)  # "created by President Obama in 2012, who said": not the year
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


def person_described(noun: Token, set_off: bool, words: WordClasses) -> Token:
    """The person a "who" clause describes, past the phrases the parser hung it on.

    In "said Mark Borel, the head of the farm bureau, who has urged ..." the parser attaches
    "who" to "bureau"; "who" speaks of a person, so climb from an object of a preposition to its
    noun ("the head") and from an apposition to the name it describes ("Borel"). A noun that
    is no part of such a phrase stays the antecedent, and so does a person's name that a comma
    sets off from "who" (``set_off``).
    """
    tok = noun
    # the clause's verb says how many it describes: "a source of contention for some lawmakers in
    # those states, who say ..." is the lawmakers, not the source (QA read, thirty-sixth session)
    verb = next((c.tag_ for c in noun.children if c.dep_ == "relcl"), "")
    plural = {"VBP": True, "VBZ": False}.get(verb)
    for _ in range(4):
        if (
            tok.dep_ == "pobj"
            and tok.head.dep_ == "prep"
            and tok.head.head.pos_ in ("NOUN", "PROPN")
            and not (set_off and _named_person(tok))
            # nor a name set off from "who" under a noun naming nobody: "painted a devastating
            # picture of the Joint Chiefs, who told President Johnson" (forty-fifth session)
            and not (set_off and tok.pos_ == "PROPN" and _names_nobody(tok.head.head, words))
            and (plural is None or (tok.head.head.tag_ in ("NNS", "NNPS")) == plural)
            # "an industry of commentators who argue": the commentators, not the industry
            and not (tok.tag_ == "NNS" and tok.head.head.lemma_ in COLLECTIVE_NOUNS)
            # "several women, including one woman who said": the one included, not all of them
            and not _names_a_member(tok.head)
        ):
            # a named person set off by a comma is the one described: "a response from Rep. Ada
            # Okafor, who", "the party of Newt Gingrich, who"; without the comma the clause
            # restricts the noun: "a critic of Donald Trump who denounced him" is the critic
            tok = tok.head.head
        elif tok.dep_ == "appos" and tok.head.pos_ in ("NOUN", "PROPN"):
            tok = tok.head
        elif set_off and tok.dep_ == "pobj" and not _named_person(tok) and (named := _named_before(tok.head)):
            # "attorney Sheri Dillon, of the firm Morgan, Lewis & Bockius, who said": the parser hung
            # "of" on the verb; the name before it is who (QA helper, fifty-second session: the firm)
            tok = named
        elif tok is noun and tok.dep_ == "attr" and tok.head.lemma_ == "be":
            # "Trump is also a populist who has said ...": the one the noun is said of (not an
            # "it" or "this": 'It was Manafort who argued', 'This is a man who said').
            subject = next((c for c in tok.head.children if c.dep_ == "nsubj"), None)
            if subject is None or subject.pos_ not in ("PROPN", "PRON") or subject.lower_ in DEICTIC:
                break
            tok = subject
        else:
            break
    return tok


def _named_before(prep: Token) -> Token | None:
    """The person's name right before a preposition set off by a comma ("Dillon, of ...")."""
    if prep.dep_ != "prep" or prep.i < 2 or prep.nbor(-1).text != ",":
        return None
    name = prep.nbor(-2)
    return name if name.ent_type_ == "PERSON" else None


def _names_nobody(noun: Token, words: WordClasses) -> bool:
    return noun.pos_ == "NOUN" and not noun.ent_type_ and noun_class(noun.lemma_, words) is None


def _named_person(tok: Token) -> bool:
    """A person's name: tagged so, or a proper noun after a person's noun ("film actress Stormy
    Daniels", which the model tags an organisation: her "who said" went to the payments' records)."""
    return tok.ent_type_ == "PERSON" or (
        tok.pos_ == "PROPN"
        and any(
            c.dep_ == "compound"
            and c.pos_ == "NOUN"
            and (gender_of_noun(c.lower_) is not None or title_key(c.text) in TITLES)
            for c in tok.children
        )
    )


def _names_a_member(prep: Token) -> bool:
    """ "including", "like", "among", "such as": a preposition whose object is one of the noun's
    members, whom a "who" after it describes (a QA read of real articles, thirty-first session:
    "including one woman who said ..." was given to the several women accusing him)."""
    if prep.lower_ in ("including", "like", "among"):
        return True
    return prep.lower_ == "as" and prep.i > 0 and prep.nbor(-1).lower_ == "such"


def person_before_who(who: Token, ante: Token, words: WordClasses) -> Token:
    """The people right before "who" when the parser hung the clause on a thing: in "allegations
    by several women who claim ...", "the comments from veterans who feel ...", "who" went to
    "allegations" and "comments", which name nobody; "who" speaks of a person, so the noun
    right before it, inside the same phrase and able to name someone, is the one described."""
    if who.i == 0 or ante.ent_type_ or ante.pos_ != "NOUN" or noun_class(ante.lemma_, words) is not None:
        return ante
    prev = who.nbor(-1)
    if prev.text in (",", "\u2013", "\u2014", "-") and prev.i > 0:
        prev = prev.nbor(-1)  # "outrage in the media, who demanded", "moderates \u2013 who"
    if prev.ent_type_ in ("DATE", "TIME") and prev.head.dep_ == "prep" and prev.head.i > 0:
        # "echoed by Senate Minority Leader Chuck Schumer on Tuesday who dismissed ...": the
        # parser hung the clause on "The criticism" a clause back (QA helper, forty-second session)
        before = prev.head.nbor(-1)
        if before.ent_type_ == "PERSON" and before.i > ante.i:
            return before
    if prev.pos_ not in ("NOUN", "PROPN") or not any(a.i == ante.i for a in prev.ancestors):
        return ante
    if prev.ent_type_ in ("PERSON", "NORP") or noun_class(prev.lemma_, words) in ("person", "group"):
        return prev
    return ante
