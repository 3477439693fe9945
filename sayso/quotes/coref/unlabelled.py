"""Names the model did not tag as a person's, found in the words of a source.

Split from ``resolve.py``: a name glued to a title or hidden under its source's head ("Antigua
and Barbuda Prime Minister Gaston Browne estimates"), a post's or an excerpt's signature
("— Brit Hume (@brithume) July 8"), a first name and surname the model left untagged ("Theresa
May said:"), a surname read as a common noun ("Parsons said"), a name set beside a noun that
names nobody ("air traffic monitor Flightradar24"), a name a description gives itself ("the
demonstrator, who identified himself as Ryan Clayton").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sayso.quotes.coref.agents import WordClasses, noun_class
from sayso.quotes.coref.entities import Entity
from sayso.quotes.coref.lexicon import (
    REFLEXIVES,
    SELF_NAMING,
    gender_of_first_name,
    gender_of_person_first_name,
)
from sayso.quotes.coref.phrases import signs_a_quote, title_glued

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from sayso.quotes.coref.resolve import Resolver

#: Links by which a name hangs on its source's head as a name, title or apposition (``lone_name``).
_NAME_LINKS = frozenset({"compound", "appos", "conj", "flat", "nmod", "amod"})


def lone_name(r: Resolver, start: int, end: int, glued: bool = False) -> Entity | None:
    """The one person a source names when its parse hid the name: "Antigua and Barbuda Prime
    Minister Gaston Browne estimates", the island the head and the name its conjunct (QA
    read, twenty-second session: such sources had no speaker). Only a name joined to the head
    by name-like links (or glued to a title: ``title_glued``) counts, not one in a clause or
    phrase of its own ("a group funded by Michael Bloomberg")."""
    span = r.view.doc.char_span(start, end, alignment_mode="expand")
    if span is None or not (span.root.pos_ == "PROPN" or title_glued(span[-1], span.end, span.root.i)):
        return None  # "Another Bush backer": a name modifying a common noun is not the source
    found: set[Entity] = set()
    for t in span:
        m = r.index.name_at.get(t.i)
        if m is None or m.entity.kind != "person" or m.tok != t.i:
            continue
        h = t
        while h.i != span.root.i and h.dep_ in _NAME_LINKS and span.start <= h.head.i < span.end:
            h = h.head
        if (h.i == span.root.i and not glued) or title_glued(t, span.end, span.root.i):
            found.add(m.entity)
    full = {e for e in found if len(e.parts) > 1} if len(found) > 1 else found
    return full.pop() if len(full) == 1 else None  # ("Barbuda", read as a name, is no rival)


def signed_name(r: Resolver, start: int, end: int) -> Entity | None:
    """Who signs a post ("— Brit Hume (@brithume) July 8") or a quoted excerpt ("Byron York,
    Washington Examiner"; ``phrases.signs_a_quote``), whatever the model made of the name
    (QA reads, twenty-first to twenty-third sessions: a columnist's posts had no speaker,
    digests' excerpts went to the paper). A person when the first word is a known first
    name, else an organisation; a list of names is left to the parse."""
    if not signs_a_quote(r.view.text, start, end):
        return None
    words = r.view.text[start:end].split()
    span = r.view.doc.char_span(start, end, alignment_mode="expand")
    if span is None or not 1 <= len(words) <= 6 or not all(w[:1].isupper() for w in words):
        return None
    n = r.view.clean_name(span.start, span.end, True)
    if n is not None and len(n.parts) > 1 and gender_of_first_name(n.parts[0]) is not None:
        return r.person_named(n)
    if words[0].lower() == "the" and len(words) > 1:
        words = words[1:]  # "— The White House (@WhiteHouse)" is the "White House" named before
    return r.index.group(" ".join(words))


def untagged_name(r: Resolver, start: int, end: int) -> Entity | None:
    """The person a source of a first name and a surname alone names when the model tagged
    neither ("Theresa May said:", "May" read as a month: QA helper, forty-fifth session,
    the prime minister's words had no speaker), or such a name closing a capitalised title
    before any comma ("Leader of the Scottish Conservatives Ruth Davidson, who backed ...,
    adding": QA helper, forty-fifth session, the leader's words went to the other party
    leader named before)."""
    comma = r.view.text.find(",", start, end)
    cut = end if comma < 0 else comma
    words = r.view.text[start:cut].split()
    if len(words) > 2 and not words[-3][:1].isupper():
        return None  # "the panel's chair Ruth Davidson": a name after common words is left to the parse
    span = r.view.doc.char_span(start, cut, alignment_mode="expand")
    if span is None or len(words) < 2 or len(span) != len(words):
        return None
    name = span[-2:]
    if any(t.ent_type_ == "PERSON" for t in span) or name[0].ent_type_:
        return None
    if name[1].ent_type_ not in ("", "NORP"):
        return None  # (a surname read as a people is still one: "Kirsten Han" was the premier's)
    if not all(t.pos_ == "PROPN" and t.text[:1].isupper() for t in name):
        return None
    if gender_of_person_first_name(words[-2]) is None:
        return None
    n = r.view.clean_name(name.start, name.end, True)
    return r.person_named(n, sure=True) if n is not None and len(n.parts) == 2 else None


def surname_as_noun(r: Resolver, span: Span, root: Token) -> Entity | None:
    """ "Parsons said" after "Andrew Parsons, the ... President": a capitalised word the
    tagger read as a common noun ("parsons") that is the surname of the one person so named
    (QA read, forty-sixth session: his statement had no speaker)."""
    if len(span) != 1 or root.pos_ != "NOUN" or not root.text[:1].isupper() or root.is_sent_start:
        return None
    found = [e for e in r.index.persons if len(e.parts) > 1 and e.parts[-1] == root.text]
    if found:
        return found[0] if len(found) == 1 else None
    if r.full_names is None:  # surname -> the first "<first name> <surname>" (once)
        doc = r.view.doc
        r.full_names = {}
        for t in doc[1:]:
            prev = doc[t.i - 1]
            capitalised = t.text[:1].isupper() and prev.text[:1].isupper() and prev.whitespace_ == " "
            if capitalised and gender_of_person_first_name(prev.text) is not None:
                r.full_names.setdefault(t.text, t.i)
    at = r.full_names.get(root.text)
    if at is None or at >= root.i:
        return None
    n = r.view.clean_name(at - 1, at + 1, True)
    return r.person_named(n, sure=True) if n is not None and len(n.parts) == 2 else None


def appos_name(r: Resolver, span: Span, root: Token) -> str | None:
    """The capitalised name set beside a noun that names nobody: "Flightradar24" of "air
    traffic monitor Flightradar24", "Honest Ads Act" of "One component ..., the Honest Ads
    Act" (not a person's or a place's)."""
    doc = r.view.doc
    named = next((c for c in root.rights if c.dep_ == "appos" and c.i < span.end), None)
    if named is None or named.pos_ != "PROPN" or named.ent_type_ in ("PERSON", "GPE", "DATE"):
        return None
    start = named.i
    while start > 0 and doc[start - 1].text[:1].isupper() and doc[start - 1].pos_ in ("PROPN", "ADJ"):
        start -= 1
    return doc[start : named.i + 1].text if doc[start].text[:1].isupper() else None


def self_named(r: Resolver, root: Token) -> Entity | None:
    """The person a description's relative clause says it is: "shouted the demonstrator, who
    identified himself as Ryan Clayton from Americans Take Action" (QA helper, forty-seventh
    session: the speaker was "the demonstrator", and his next "he cried" went to Trump). A
    group that names itself is that group (``nominals.collect_called``)."""
    if (called := r.index.called.get(root.i)) is not None:
        return called
    for clause in (c for c in root.children if c.dep_ == "relcl" and c.lemma_ in SELF_NAMING):
        if not any(c.dep_ == "dobj" and c.lower_ in REFLEXIVES for c in clause.children):
            continue
        for prep in (c for c in clause.children if c.dep_ == "prep" and c.lower_ == "as"):
            for t in prep.children:
                m = r.index.name_at.get(t.i)
                if m is not None and m.entity.kind == "person":
                    return m.entity
    return None


def of_whom(root: Token, name: Token, words: WordClasses) -> bool:
    """Whether a name closing a person's description stands in its "of" phrase, with no comma
    before it: "The son of the late pastor Billy Graham said" is Graham's son, not Graham (QA
    helper, forty-seventh session); "The son of the pastor, Franklin Graham, said" is Franklin.
    Only a person's noun with a person's noun right before the name: "Centers for Disease
    Control director Rochelle Walensky" and "Supervisor of Elections Susan Bucher" are the
    director and the supervisor."""
    doc = root.doc
    first = name.left_edge.i if name.left_edge.i < name.i else name.i
    while first > 0 and doc[first - 1].dep_ == "compound" and doc[first - 1].pos_ == "PROPN":
        first -= 1
    bearer = doc[first - 1] if first > 0 else None  # "pastor" of "the late pastor Billy Graham"
    if noun_class(root.lemma_, words) != "person" or bearer is None or bearer.i == root.i:
        return False
    if bearer.pos_ != "NOUN" or noun_class(bearer.lemma_, words) != "person":
        return False  # "Supervisor of Elections Susan Bucher" is the supervisor
    return any(
        c.dep_ == "prep" and root.i < c.i < name.i and not any(t.text == "," for t in doc[c.i : name.i])
        for c in root.children
    )
