"""Which of several people who share a surname a bare surname is (``build.cluster_names``).

Split from ``build.py``. News names a family in full ("Khizr Khan", his wife "Ghazala Khan",
their son "Humayun Khan") and then writes "Khan". Which one is meant shows in who was last
called by that very name, in a "he" or "she" the bare name's own clause says of itself, and in
a given name the parser split off just before it (QA helpers, thirty-seventh session: a bare
"Khan" went to the son, named last by his first name alone).
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING

from sayso.quotes.coref.entities import Entity, Name, last_before
from sayso.quotes.coref.lexicon import (
    KIN_NOUNS,
    NAME_PARTICLES,
    NAME_SUFFIXES,
    TITLE_ROLES,
    Gender,
    gender_of_pronoun,
)

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from sayso.quotes.coref.index import EntityIndex


#: How many of a person's mentions ``last_called`` looks back over (its cost stays linear).
_LOOK_BACK = 50


def last_called(index: EntityIndex, e: Entity, word: str, char: int) -> int:
    """Where ``e`` was last called by a name with ``word`` in it before ``char``: a bare surname's
    namesakes are told apart by who last bore it, not by a first name alone ("Khizr Khan talked
    about their son Humayun ... Khan criticized" is the father: QA helper, thirty-seventh
    session). Persons never so called rank by ``last_before``, below those who were."""
    text = index.view.text
    k = bisect.bisect_left(e.mentions, char, key=lambda m: m.start)
    for m in reversed(e.mentions[max(0, k - _LOOK_BACK) : k]):
        if word in text[m.start : m.end]:
            return m.start
    return last_before(e, char) - len(text)


def given_name_before(doc: Doc, n: Name, cands: list[Entity]) -> list[Entity]:
    """The namesake whose given name stands right before a bare surname the model tagged alone:
    "Ghazala Khan also addressed ..." at a paragraph's start, parsed as a sentence "Ghazala" and
    a "Khan", went to her son (QA helper, thirty-seventh session)."""
    if n.start == 0 or n.title_words or len(cands) < 2:
        return []
    prev = doc[n.start - 1]
    if prev.lower_ in NAME_PARTICLES:
        return []  # "De Blasio" is Bill de Blasio's surname, not a De's
    if not prev.text[:1].isupper() or not prev.whitespace_ or "\n" in prev.whitespace_:
        return []
    return [e for e in cands if len(e.parts) > 1 and e.parts[0] == prev.text]


def said_of_self(doc: Doc, n: Name) -> Gender | None:
    """The gender of the first "he" or "she" that is a subject in the clause a bare name is the
    subject of, before anyone else is named there: "Khan said he was grateful" is a man,
    whichever namesake the article named last. (Not "his" or "her": "Clinton called his vote
    irresponsible" is Sanders' vote.)"""
    t = doc[n.end - 1]
    if t.dep_ not in ("nsubj", "nsubjpass"):
        return None
    for w in doc[t.i + 1 : t.head.right_edge.i + 1]:
        if w.pos_ == "PROPN" or w.text in ('"', "“", "”", "'"):
            return None  # someone else's pronoun, or a quote's
        if w.lower_ in ("he", "she") and w.dep_ in ("nsubj", "nsubjpass"):
            return gender_of_pronoun(w.lower_)
    return None


def dead(index: EntityIndex, e: Entity) -> bool:
    """Whether the article says ``e`` has died: "the late Carl Vale", "Carl Vale, the board
    member who until his death in 2009 ...", "..., who died in 2009". Of two namesakes, a bare
    surname that speaks now is the living one: "Dad was Neal Knox, ... who until his death in
    2005 ...; Knox accused Gottlieb" is the son (QA helper, fortieth session: all of the son's
    words went to his late father, the namesake named last). Not "Knox, whose father died"."""
    doc = index.view.doc
    for m in e.mentions:
        root = doc[m.tok]
        for t in root.subtree:
            lemma = t.lemma_.lower()
            if lemma == "late" and t.head.i == root.i and t.i < root.i:
                return True
            if lemma == "death" and all(c.lower_ in ("his", "her") for c in t.children if c.dep_ == "poss"):
                return True
            if lemma == "die" and t.pos_ == "VERB":
                subj = next((c for c in t.children if c.dep_ == "nsubj"), None)
                if subj is not None and (subj.i == root.i or subj.lower_ == "who"):
                    return True
    return False


def rank_namesakes(
    index: EntityIndex, cands: list[Entity], n: Name, held: dict[int, int], since: int
) -> list[Entity]:
    """The persons who share the bare surname ``n``, the one it names first.

    The person the bare name has stood for so far (``held``: how often) keeps it: news names a
    second Clinton or Trump in full ("... defeated Hillary Rodham Clinton. But Clinton ...") and
    goes on using the bare name for the first. Before it stood for anyone, the one named in
    full as the subject of a clause since its last use (character ``since``), a few sentences
    back at most, is who it takes up:
    "Rapper Kanye West says ... their first child, North West. West made the remarks" is the
    father (QA helper, forty-second session: every "West" was the child's). Recency decides
    only among equals. A "he" or "she" the bare name's clause says of itself, and death, rule
    out before all that (``said_of_self``, ``dead``)."""
    doc = index.view.doc
    word = n.parts[0]
    if said := said_of_self(doc, n):
        cands = [e for e in cands if e.gender in (None, said)] or cands
    at = doc[n.start].idx
    living = {id(e) for e in cands if not dead(index, e)}
    text = index.view.text
    near = index.view.sent_of[n.start] - index.rules.pronoun_window  # (not pages back: forty-sixth session)
    spoke = {
        id(e)
        for e in cands
        for m in e.mentions
        if since <= m.start < at
        and m.sent >= near
        and word in text[m.start : m.end]
        and " " in text[m.start : m.end].strip()
        and _subject(doc[m.tok])
    }
    return sorted(
        cands,
        key=lambda e: (id(e) in living, held.get(id(e), 0), id(e) in spoke, last_called(index, e, word, at)),
        reverse=True,
    )


def _subject(tok: Token) -> bool:
    """Whether a name is the subject of a main or reported clause, itself or as the apposition of
    one ("her uncle Fernando Tapia told ...")."""
    while tok.dep_ in ("compound", "appos", "flat") and tok.head.i != tok.i:
        tok = tok.head
    if tok.dep_ not in ("nsubj", "nsubjpass"):
        return False
    verb = tok.head  # a main clause's, not a relative clause's ("whose husband, X, was killed")
    while verb.dep_ == "conj" and verb.head.i != verb.i:
        verb = verb.head
    return verb.dep_ in ("ROOT", "ccomp", "parataxis")


def middles_apart(people: list[Entity]) -> bool:
    """Whether two of ``people`` are told apart by their middle names."""
    return any(middles_differ(a.parts, b.parts) for a in people for b in people if a is not b)


def middles_differ(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Whether two names with the same first and last words give different middle names:
    "George W. Bush", "George P. Bush" and "George Herbert Walker Bush" are three people (QA
    helper, twenty-first session: the son's and the grandson's words went to the father). A
    name without a middle one ("George Bush") or with the same initials ("John F. Kennedy",
    "John Fitzgerald Kennedy") differs from none."""
    ma, mb = a[1:-1], b[1:-1]
    return bool(ma and mb) and [w[0] for w in ma] != [w[0] for w in mb]


def named_as_kin(doc: Doc, start: int) -> bool:
    """Whether a name comes right after a noun of kinship: in "Eric Bolling said ... His
    19-year-old son Eric Chase Bolling died" father and son share first and last names, and the
    father's words were all shown as the son's (QA helper, forty-third session: 13 items)."""
    return start > 0 and doc[start - 1].lower_ in KIN_NOUNS


#: Offices one person holds at a time, which a "Jr." the article names without them does not.
_ONE_HOLDER = frozenset({"president", "king", "queen", "pope", "premier", "chancellor"})


def junior_of(e: Entity, n: Name) -> bool:
    """Whether ``e`` is a "Jr." (or "III") whom a short name's title of an office one person holds
    does not fit: "President Trump" beside "Donald Trump Jr." is his father (48th session; not
    "Representative Brooks" for "Morris J. Brooks Jr.")."""
    return suffixed(e.parts) and any(TITLE_ROLES.get(w, w) in _ONE_HOLDER for w in n.title_words)


def suffixed(parts: tuple[str, ...]) -> bool:
    """A name that says its generation ("Donald Jr.", "Hank Williams III"): "his son Donald Jr."
    is the Donald Trump Jr. named before, not a namesake apart."""
    return parts[-1].rstrip(".").lower() in NAME_SUFFIXES
