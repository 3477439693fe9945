"""What gives a person a gender besides titles and gendered nouns (``build.roles_and_gender``):
the first name, the news table's or a name register's guess (``first_name_votes``), and pronouns
whose referent is clear (``pronoun_votes``). Split from ``build.py``; the resolver casts the
first name's vote for a person it finds later (``first_name_vote``).
"""

from __future__ import annotations

import re

from sayso.quotes.coref.agents import WordClasses, noun_class
from sayso.quotes.coref.entities import Entity, Mention
from sayso.quotes.coref.index import EntityIndex
from sayso.quotes.coref.lexicon import (
    TITLES,
    Gender,
    gender_of_first_name,
    gender_of_noun,
    gender_of_person_first_name,
    title_key,
)
from sayso.quotes.coref.salience import rank


def first_name_votes(index: EntityIndex) -> None:
    """A full name's first name says whose gender is likely ("Leeann Tweeden", "Al Franken"), so
    that a pronoun with both in reach can tell them apart. One vote (``Rules.
    first_name_vote_weight``): a title or a gendered noun outweighs it, and so do two pronouns."""
    for e in index.persons:
        first_name_vote(e, index.rules.first_name_vote_weight, index.view.text)


def first_name_vote(e: Entity, weight: int, text: str) -> None:
    """The first name's vote of one person, also of one found later ("Rebeca Wolfe, a mother in
    Reno, said", a source the NER did not tag: the next "she said" went to a senator). A name
    only a register knows is a guess (``Entity.guess``): "Lionel Shriver" is "Ms. Shriver"; and
    none when a capitalised word other than a title stands before each mention, which the parse may
    have cut ("Sullivan" is no first name of "Paulette Sullivan Moore")."""
    if weight <= 0 or len(e.parts) < 2:
        return
    if (g := gender_of_first_name(e.parts[0])) is not None:
        e.votes[g] = e.votes.get(g, 0) + weight
    elif not all(_cut_name(text, m.start) for m in e.mentions):
        e.guess = gender_of_person_first_name(e.parts[0])


_WORD_BEFORE = re.compile(r"(\w+)[ \t]+$")


def _cut_name(text: str, start: int) -> bool:
    m = _WORD_BEFORE.search(text, max(0, start - 30), start)
    return m is not None and m.group(1)[:1].isupper() and title_key(m.group(1)) not in TITLES


def pronoun_votes(index: EntityIndex) -> None:
    """Gender from pronouns whose referent is clear: one unknown-gender person in reach.

    In reach means named in the pronoun's sentence (if someone is named before it there),
    else in that sentence or the one before. A pronoun with two unknown-gender persons in
    reach says nothing; with one, it says that person's gender unless someone already known
    to have that gender is in reach too.
    """
    by_sent: dict[int, list[Mention]] = {}
    doc = index.view.doc
    for m in index.antecedents:
        # a headline's name is out of reach; one inside reported speech is not
        if m.entity.kind == "person" and rank(doc[m.tok], index.rules) < index.rules.rank_headline:
            by_sent.setdefault(m.sent, []).append(m)
    for e in index.persons:
        e.pronoun_votes.clear()
    for _ in range(index.rules.pronoun_vote_passes):  # the second profits from what the first learnt
        for i, g in index.view.pronouns:
            if doc[i].idx in index.view.voiced:
                continue  # a turn's "his" made the interviewer a man (QA helper, 47th session)
            k = index.view.sent_of[i]
            here = by_sent.get(k, [])
            reach = here if any(m.tok < i for m in here) else here + by_sent.get(k - 1, [])
            cands = {m.entity for m in reach}
            if any(e.gender == g for e in cands):
                continue
            unknown = [e for e in cands if e.gender is None]
            if len(unknown) == 1 and not _described_in_reach(index, i, g, here):
                votes = unknown[0].pronoun_votes
                votes[g] = votes.get(g, 0) + 1


_DEFINITE = frozenset({"the", "this", "that"})
#: How far back (in tokens) a described person is looked for: the reach is a sentence or two,
#: and the bound keeps the cost per pronoun fixed however long a run-on "sentence" is.
_DESCRIBED_REACH = 80


def _described_in_reach(index: EntityIndex, i: int, g: Gender, here: list[Mention]) -> bool:
    """Whether a person the narration describes without a name ("the journalist", "The
    president") stands before the pronoun ``i`` in its sentence, or in the sentence before when
    no name stands before it in its own: the pronoun may be theirs. A described person of the
    other gender ("the congresswoman" before "he") does not count, nor one the words name ("the
    president, Joe Biden"), nor an indefinite one, whom the article goes on to name ("A child,
    for instance, like Salem Tesfaye": the parse made "child" the subject of the next clause)."""
    doc, words = index.view.doc, WordClasses.default()
    floor = max(0, i - _DESCRIBED_REACH)
    starts = 1 if any(m.tok < i for m in here) else 2  # its sentence, or that and the one before
    lo = i
    while lo > floor:
        if doc[lo].is_sent_start:
            starts -= 1
            if starts == 0:
                break
        lo -= 1
    for t in doc[lo:i]:
        if t.pos_ != "NOUN" or t.tag_ != "NN" or t.ent_type_:
            continue
        if t.dep_ in ("compound", "attr", "oprd") or noun_class(t.lemma_, words) != "person":
            continue  # (nor a predicate: "Kobach had become the senior counsel" is Kobach)
        if gender_of_noun(t.lemma_) not in (None, g):
            continue
        definite = any(c.dep_ == "det" and c.lower_ in _DEFINITE for c in t.children)
        if definite and not any(w.ent_type_ == "PERSON" for w in (*t.subtree, t.head)):
            return True
    return False
