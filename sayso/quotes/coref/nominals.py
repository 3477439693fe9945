"""People and groups the narration knows by a noun: an unnamed person ("I met a sweet, attractive
woman"), for "she said", and a group a noun brings in with its name ('the organization "People
for Bernie"', "a group who identified themselves as the Cosecha Movement", "a group called ..."),
for the "the organization tweeted" after it. Split from ``build.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sayso.quotes.coref.entities import Entity
from sayso.quotes.coref.lexicon import COLLECTIVE_NOUNS, REFLEXIVES, SELF_NAMING, gender_of_noun

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from sayso.quotes.coref.index import EntityIndex


def collect_nominals(index: EntityIndex) -> None:
    """Unnamed people of the narration ("I met a sweet, attractive woman"), for "she said".

    Only indefinite nouns of a known gender: "his wife" or "the actress" are usually someone
    named elsewhere, and making them new people would steal pronouns from the right person.
    """
    doc = index.view.doc
    for i in index.view.gendered_nouns:
        t = doc[i]
        if t.tag_ != "NN" or t.dep_ in ("appos", "attr", "compound") or index.view.in_zone(t.idx):
            continue
        mods = [c for c in t.children if c.dep_ in ("det", "nummod", "amod", "compound", "punct")]
        if not any(c.lower_ in ("a", "an", "one", "another") for c in mods if c.dep_ in ("det", "nummod")):
            continue
        if any(c.dep_ in ("appos", "compound") and c.i in index.name_at for c in t.children):
            continue
        start = min([i] + [c.i for c in mods if c.i < i])
        e = Entity("anonymous", label=index.view.label(doc[start : i + 1]))
        g = gender_of_noun(t.lower_)
        if g is not None:
            e.votes[g] = e.votes.get(g, 0) + index.rules.strong_vote_weight
        m = index.view.mention(start, i + 1, e, t)
        e.add(m)
        index.add_antecedent(m)
        index.describe(e, t)


#: Nouns for a group that news brings in with its name after it.
_GROUP_NOUNS = COLLECTIVE_NOUNS | {"movement"}


def collect_called(index: EntityIndex) -> None:
    """Groups a noun brings in with their name: the name becomes the group (with a mention where
    it stands), filed under the noun, so that "the group says" after it is that group, and so is
    the noun phrase itself as a source (``unlabelled.self_named``). QA helper, fiftieth session:
    "the organization" and "the group" were their own speakers, the name right there. A person
    so named ("a retired welder named Ruth Okafor") is who the noun phrase is."""
    doc = index.view.doc
    for noun in doc:
        if noun.pos_ != "NOUN" or index.view.in_zone(noun.idx):
            continue
        name = _name_given(noun)
        if name is None:
            continue
        start = name.left_edge.i
        while start < name.i and (doc[start].is_punct or doc[start].lower_ == "the"):
            start += 1
        end = _name_end(doc, start)
        if end == start:
            continue
        person = index.name_at.get(start)
        if person is not None and person.entity.kind == "person":
            index.called[noun.i] = person.entity
            continue
        if noun.lemma_.lower() not in _GROUP_NOUNS:
            continue
        e = index.group(index.view.written(start, end))
        if not any(m.start == doc[start].idx for m in e.mentions):
            m = index.view.mention(start, end, e)
            e.add(m)
            index.add_antecedent(m, plural=True)
        index.remember(index.view.role_head(noun), e)
        index.called[noun.i] = e


def _name_given(noun: Token) -> Token | None:
    """The name a group noun is given: in quotation marks beside it ('the organization "People
    for Bernie"'), by the group itself ("a group who identified themselves as the Cosecha
    Movement") or by the writer ("a group called Moms for Liberty")."""
    doc = noun.doc
    quoted = noun.i + 1 < len(doc) and doc[noun.i + 1].text in ('"', "“")
    # (the other two only after "a"/"an": not "one lawmaker called Trump “...”", a verb the parse
    # hung as a modifier)
    introduced = any(d.dep_ == "det" and d.lower_ in ("a", "an") for d in noun.children)
    for c in noun.children:
        if c.dep_ == "appos" and quoted and _capital(c):
            return c
        if not introduced:
            continue
        reflexive = any(g.dep_ == "dobj" and g.lower_ in REFLEXIVES for g in c.children)
        if c.dep_ == "relcl" and c.lemma_.lower() in SELF_NAMING and reflexive:
            return _as_name(c)
        if c.dep_ == "acl" and c.tag_ == "VBN" and c.lemma_.lower() in ("call", "name"):
            return next((g for g in c.children if g.dep_ in ("oprd", "attr", "dobj") and _capital(g)), None)
    return None


def _as_name(verb: Token) -> Token | None:
    for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ == "as"):
        return next((g for g in prep.children if g.dep_ == "pobj" and _capital(g)), None)
    return None


def _capital(tok: Token) -> bool:
    """A name's head, whatever the tagger made of it ("Friends" of "Friends of the River")."""
    return tok.pos_ in ("PROPN", "NOUN") and tok.text[:1].isupper()


#: Small words inside an organisation's name: "People for Bernie", "Right on Crime".
_NAME_LINKS = frozenset({"for", "of", "on", "in", "the", "and", "to", "&"})


def _name_end(doc: Doc, start: int) -> int:
    """The end of the capitalised name that begins at ``start``, its small words included."""
    end = start
    while end < len(doc):
        t = doc[end]
        after = end
        while after < len(doc) and doc[after].lower_ in _NAME_LINKS:
            after += 1  # ("of the River")
        linked = t.lower_ in _NAME_LINKS and after < len(doc) and doc[after].text[:1].isupper()
        if not (t.text[:1].isupper() or linked or (t.text in ("-", "–") and end > start)):
            break
        end += 1
    while end > start and (doc[end - 1].is_punct or doc[end - 1].lower_ in _NAME_LINKS):
        end -= 1
    return end
