"""Who an epithet opening its clause takes up: "Boehner said on CBS ... The Ohio Republican
pointed to ...".

Split from ``descriptions.py``. News names a person, then goes on with a description instead
of the name; the main subject of the sentence before is who it means, unless the article's
words rule that person out (another office, another state or party) or the sentence before
brought in someone else who fits it as well ("... from a former rival, Cory Booker. The New
Jersey senator tweeted"). Then the epithet stays its own speaker rather than a guess.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sayso.quotes.coref.entities import Entity, Mention
from sayso.quotes.coref.places import STAFF, fit, of_description

if TYPE_CHECKING:
    from spacy.tokens import Token

    from sayso.quotes.coref.resolve import Resolver


def topic_person(r: Resolver, root: Token, head: str) -> Entity | None:
    """The person the epithet headed by ``root`` (role noun ``head``) takes up from the sentence
    before, when nothing rules them out and nobody else that sentence brings in fits as well."""
    topic, others = _subject_before(r, root)
    if topic is None or _role_conflict(r, topic, root, head) or _also_fits(r, others, topic, root, head):
        return None
    return topic


def _subject_before(r: Resolver, root: Token) -> tuple[Entity | None, set[Entity]]:
    """The person a subject description opening its clause takes up from the sentence before:
    "Boehner said on CBS ... The Ohio Republican pointed to ...", "Hagel arrived in Kabul. The
    defense secretary reassured ...", "The bulletin, the Texas Republican said, ...". News names
    a person, then goes on with an epithet; the one main-clause subject of the sentence before
    is who it means (and nobody when there are two). The other people that sentence names come
    along, for ``_also_fits``.
    """
    subject = root.dep_ in ("nsubj", "nsubjpass") and root.head.dep_ in ("ROOT", "parataxis")
    noun = root.tag_ == "NN" or root.ent_type_ == "NORP"  # a party label: "the Ohio Republican"
    if not subject or not noun or root.lower_ == "one" or any(c.dep_ == "prep" for c in root.children):
        return None, set()  # not "no one", "the aides", "the top Democrat on the committee" (a new one)
    lead = root.doc[max(root.sent.start, root.i - 6) : root.i]  # ("The former vice-president", misparsed)
    if not any(t.dep_ in ("det", "poss") or t.lower_ == "the" for t in lead):
        return None, set()  # an epithet has its "the": not a headline's "U.N. chief calls for ..."
    found: set[Entity] = set()
    others: set[Entity] = set()
    named: set[Entity] = set()  # every person the sentence before names, main subject or not
    main_people = False
    own = root.sent.start
    for m, d in r.view.recent(r.index.antecedents, root.i, 1):
        # the sentence before, or the one a quote ran on from ('McConnell announced ... "...,"
        # the Kentucky Republican said': the parser made one sentence of them)
        before = d == 1 or (d == 0 and _quoted(r.view.text[m.end : root.idx]))
        main = m.entity.kind == "person" and m.rank == r.rules.rank_main_subject
        if d == 0 and not before and m.tok < own and main:
            # the narration sentence right before a quote that opens its own sentence ('Michael
            # Brown was blunt. "...," the former mayor said': distances skip the quote's sentence,
            # so it is "this" sentence). It is who is meant when it names no one else; either
            # way, a sentence further back is not (QA, forty-first session: the epithet went to
            # the person of the paragraph before).
            return _one_named(r, m, own), set()
        if before and m.entity.kind == "person":
            named.add(m.entity)
            main_people = main_people or m.rank == r.rules.rank_main_subject
        if before and main:
            found.add(m.entity)
        elif before and m.entity.kind == "person" and _introduced(r, m):
            others.add(m.entity)
    if not found and not main_people and len(named) == 1 and _fits_alone(root, next(iter(named))):
        # "Hundreds of doctors signed a letter urging Arizona Gov. Doug Ducey to require them.
        # Facing mounting pressure ..., the Republican said ...": no person is the subject
        # before, and the one person it names is who is meant (QA helper, fifty-first session)
        return named.pop(), set()
    return (found.pop() if len(found) == 1 else None), others


def _fits_alone(root: Token, person: Entity) -> bool:
    """Whether the one person a sentence names, though not its subject, is who an epithet
    means: a party label ("the Republican"), or a role the article gave them ("Gov. Ducey" and
    "the governor"); not any description ("the witness" after "Witness 14 is sympathetic to
    Brown", "Every established pundit")."""
    return root.ent_type_ == "NORP" or any(role.head == root.lemma_.lower() for role in person.roles)


def _introduced(r: Resolver, m: Mention) -> bool:
    """Whether ``m`` brings a new person into the story the way news does before telling more of
    them: named for the first time, set beside a description of theirs ("from a former rival,
    Cory Booker"). Someone merely named again or in passing ("his endorsement of Mr. Trump")
    leaves the subject of the sentence the one an epithet takes up."""
    tok = r.view.doc[m.tok]
    return (
        tok.dep_ == "appos"
        and tok.head.pos_ == "NOUN"
        and bool(m.entity.mentions)
        and m.entity.mentions[0].start == m.start
    )


def _also_fits(r: Resolver, others: set[Entity], topic: Entity, root: Token, head: str) -> bool:
    """Whether someone else the sentence before names may just as well be the one an epithet
    means: "Joe Biden has picked up another endorsement from a former rival, Cory Booker. The
    New Jersey senator tweeted: ..." is Booker, whom a reader knows for a senator; nothing in
    the article says so, nor that Biden is not one (QA, forty-eighth session: Booker's tweet
    went to Biden). Only a role the article gave the subject ("Sen. Joe Biden"), or one it gave
    each other person that rules them out, keeps the subject; otherwise the epithet stays its
    own speaker rather than a guess."""
    if any(role.head == head for role in topic.roles):
        return False
    return any(o is not topic and not _role_conflict(r, o, root, head) for o in others)


def _one_named(r: Resolver, m: Mention, own: int) -> Entity | None:
    """The main subject ``m`` of the sentence before token ``own`` when it is the only person
    that sentence names ('Reyes met Ortiz. "...," the Nevada Democrat said': either), what it
    reports aside ('Johnson conceded that Obama "holds all the cards"')."""
    start = r.view.doc[m.tok].sent.start
    for o, _ in r.view.recent(r.index.antecedents, own, 0):
        if o.tok < start or o.rank >= r.rules.rank_reported:
            continue
        if o.entity is not m.entity and o.entity.kind == "person":
            return None
    return m.entity


def _quoted(between: str) -> bool:
    """Whether a quotation paragraph stands in ``between`` (a break, an opening and a closing
    mark): not 'Reyes met Ortiz. "...," the Nevada Democrat said', where either may be meant."""
    return "\n" in between and sum(between.count(c) for c in '"\u201c\u201d') >= 2


def _role_conflict(r: Resolver, topic: Entity, root: Token, head: str) -> bool:
    """Whether the article's words rule ``topic`` out for this description: another role
    ("council spokesman Derek Fane" is not "the mayor"; a party label is no role, but a
    spokeswoman is not "the Arizona Republican"), or a place or party of its own ("the Turkish
    president" right after Trump spoke; "the Kentucky senator" after "Reid, D-Nev."). A state or
    a party the article never gave the topic is no conflict: "Republican presidential hopeful
    John Kasich adopted a related line. The Ohio governor ..." (thirty-second session: such
    epithets were their own speakers)."""
    if not definite(root):
        if any(c.ent_type_ in ("NORP", "GPE") for c in root.children if c.dep_ in ("amod", "compound")):
            return True  # ("No Democratic senator", as before: no one the sentence before names)
    elif fit(of_description(root), r.index.affiliation(topic)) < 0:
        return True
    if root.ent_type_ == "NORP":
        return any(role.head in STAFF for role in topic.roles)
    offices = [role for role in topic.roles if role.head not in _RUNNING and role.head not in _TIES]
    same = {head} | (_LEADERS if head in _LEADERS else set()) | (RULERS if head == "leader" else set())
    return bool(offices) and all(role.head not in same for role in offices)


#: Words for the one who heads a body, any of which a story may use for the same person: "Gen.
#: Keith Alexander, NSA director" is "the security chief" a paragraph later (QA helper,
#: thirty-ninth session: a speaker of its own).
_LEADERS = frozenset({"chief", "head", "director", "leader", "boss", "chairman", "chairwoman", "chair"})
#: Offices a country's "leader" holds: "US President Donald Trump ... the US leader tweeted" (QA
#: helper, fortieth session: the epithet was a speaker of its own).
RULERS = frozenset({"president", "prime", "minister", "premier", "chancellor", "king", "queen", "emperor"})
#: Roles of someone running for an office, which any office holder may be: "presidential
#: hopeful John Kasich" is "the Ohio governor" too.
_RUNNING = frozenset(
    {"hopeful", "candidate", "nominee", "contender", "challenger", "frontrunner", "front-runner"}
)
#: What one is to someone else, not an office: "a former rival, Cory Booker" may be "the New
#: Jersey senator" (forty-ninth session).
_TIES = frozenset(
    {
        "rival",
        "opponent",
        "ally",
        "foe",
        "adversary",
        "critic",
        "friend",
        "supporter",
        "colleague",
        "predecessor",
        "successor",
        "protege",
        "mentor",
        "confidant",
    }
)


def definite(root: Token) -> bool:
    """ "the Ohio governor", not "a" or "no Democratic senator" (whom no place points to)."""
    return any(c.dep_ == "det" and c.lower_ == "the" for c in root.children)
