"""Definite descriptions as sources: "the actor", "her husband", "the Ohio Republican".

Split from ``resolve.py`` (the resolver asks here for a definite description of a person): the
person who holds that role in the article, else an earlier source described with the same noun,
else a safe guess (a salient person of the noun's gender, the only person so far), else the
description stays its own speaker.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from sayso.model import SpeakerKind
from sayso.quotes.coref.agents import noun_class
from sayso.quotes.coref.entities import Entity, Resolution, Role, last_before, told_before
from sayso.quotes.coref.epithets import RULERS, definite, topic_person
from sayso.quotes.coref.lexicon import DOCUMENT_NOUNS, KIN_NOUNS, PLURAL_QUANTIFIERS, Gender, gender_of_noun
from sayso.quotes.coref.organisations import is_named_group, organisation_subject
from sayso.quotes.coref.phrases import another_group, narrower, whose_phrase
from sayso.quotes.coref.places import (
    Affiliation,
    affiliated,
    fit,
    fitting_holders,
    named_since,
    of_description,
    place_key,
)
from sayso.quotes.coref.unlabelled import of_whom

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from sayso.quotes.coref.resolve import Resolver


def _unnamed_since(r: Resolver, head: str, root: Token, holders: list[Entity]) -> Entity | None:
    """The one described by ``head`` without a name since any of ``holders`` was last named."""
    unnamed = r.index.described_before(head, root.idx, one=root.tag_ == "NN")
    if unnamed is not None and last_before(unnamed, root.idx) > max(
        last_before(e, root.idx) for e in holders
    ):
        return unnamed
    return None


def _last_in_prose(r: Resolver, e: Entity, char: int) -> int:
    """``last_before`` past the mentions in captions: a president named in a photo's caption is
    not the one "the president" of the prose goes on meaning (forty-third session)."""
    at = last_before(e, char)
    if at < 0 or at not in r.view.captions:
        return at
    prose = [m.start for m in e.mentions if m.start < char and m.start not in r.view.captions]
    return max(prose) if prose else at - char  # (named in a caption only: after any in prose)


def resolve_definite(r: Resolver, span: object, root: Token, label: str) -> Resolution:
    """ "the actor", "her husband", "the mum-of-seven": a role elsewhere, else a safe guess."""
    phrase, head = r.view.role_phrase(root), r.view.role_head(root)
    poss = next((c for c in root.children if c.dep_ == "poss"), None)
    possessor: Entity | None = None
    if poss is not None:
        if poss.pos_ == "PRON":
            possessor = r.resolve_pronoun(poss.i).entity
        elif poss.i in r.index.name_at:
            possessor = r.index.name_at[poss.i].entity
    exclude = (possessor,) if possessor is not None else ()
    holders = [e for e in r.index.holders(head, one=root.tag_ == "NN", char=root.idx) if e not in exclude]
    # A title the narration gave someone named before, over one only a quote gives: after
    # "Chinese President Xi" and a tweet of President Trump's naming "President Xi", "the
    # president tweeted" is Trump.
    char = root.idx
    cands = [e for e in holders if told_before(e, phrase, char)]
    if not cands:
        exact = [e for e in holders if any(role.phrase == phrase for role in e.roles)]
        narrowed = [
            e for e in holders if any(narrower(phrase, role.phrase) for role in e.roles if role.head == head)
        ]
        if exact and all(ro.quoted for e in exact for ro in e.roles if ro.phrase == phrase):
            # ... or to the narration's "US president, Donald Trump" named before, over the
            # "President Obama" only his tweet names (QA helper, forty-sixth session)
            exact = [e for e in narrowed if _narrated_before(e, head, char)] or exact
        # (the one member of a legislature named as one, for "the lawmaker": 47th session)
        cands = exact or narrowed or r.index.legislator_before(holders, head, char)
    if (g := gender_of_noun(root.lower_)) is not None:  # "the congressman" is no congresswoman
        cands = [e for e in cands if e.gender in (None, g)]
    if any(c.dep_ == "nummod" and c.i == root.i - 1 and c.lower_ not in ("one", "1") for c in root.children):
        cands = []  # "Two congressman — a Maryland Democrat and ...": not one of them
    if cands and head == "leader":
        cands = cands + _rulers(r, phrase, cands)
    if cands and (office := _office_of(root)):
        cands = [e for e in cands if _holds_office(e, head, office)]
    # A place or a party the holders were named with ("the Ohio governor"; thirty-second session)
    aff = of_description(root) if definite(root) else Affiliation()
    strong, weak = fitting_holders(r, holders, phrase, head, root, aff) if not cands else ([], [])
    if strong and poss is None and _unnamed_since(r, head, root, strong) is not None:
        strong = []  # "a Republican senator, who requested anonymity" spoke since
    cands = cands or strong
    # "Texas' governor said ... the governor said": the governor described without a name since
    # the one named (QA helper, forty-third session)
    named = cands and poss is None and any(last_before(e, char) >= 0 for e in cands)
    if named and (unnamed := _unnamed_since(r, head, root, cands)) is not None:
        return Resolution(unnamed, r.rules.described_earlier_confidence)
    if poss is not None and possessor is None and poss.pos_ == "PROPN":
        cands = [e for e in cands if _may_hold_for(r, e, head, poss)]
    # Words that name a person of their own ("the President of HarborWatch Tom Vale") are
    # not a holder of the role named only further on: the President Calvin Coolidge of a
    # later paragraph spoke a NumbersUSA head's words. A holder named before still is ("Lee,
    # a spokesman for Tom Vale, ... the spokesman for Tom Vale added").
    inside = {r.index.name_at[t.i].entity for t in span if t.i in r.index.name_at}  # type: ignore[attr-defined]
    # nor someone a clause of the description speaks of: "The senator, who as a Republican had
    # crossed party lines to oppose Sessions," is not Sen. Sessions (QA helper, 46th session)
    spoken_of = {
        r.index.name_at[t.i].entity
        for c in root.children
        if c.dep_ in ("relcl", "acl")
        for t in c.subtree
        if t.i in r.index.name_at
    }
    # nor the one named in its "of" phrase ("The son of the late pastor Billy Graham")
    names = [t for t in span if t.i in r.index.name_at]  # type: ignore[attr-defined]
    spoken_of |= {r.index.name_at[t.i].entity for t in names if of_whom(root, t, r.words)}
    cands = [e for e in cands if e not in spoken_of]
    inside -= spoken_of
    if inside - set(exclude):
        cands = [e for e in cands if e in inside or last_before(e, root.idx) >= 0]
        if not cands:
            return Resolution(r.index.own_description(span, root, "person", possessor, label))
    if possessor is not None and len(cands) > 1:
        owned = [
            e
            for e in cands
            if any(
                role.head == head and role.possessor is not None and _owner(r, role.possessor) is possessor
                for role in e.roles
            )
        ]
        cands = owned or cands
    if cands and all(last_before(e, char) < 0 for e in cands):
        # Holders named only further on ("the president", cataphoric, is often the President
        # Obama of a later paragraph), unless an unnamed one was described before: after "One
        # U.S. official said ...", "the official said" went to a Chinese official named later
        # (QA helper, fortieth session). Nor is someone's relative ("said his father": another
        # victim's father named paragraphs further on).
        earlier = r.index.described_before(head, char, one=root.tag_ == "NN") if poss is None else None
        if earlier is not None:
            return Resolution(earlier, r.rules.described_earlier_confidence)
        just_named = [
            m.entity for m, _ in r.view.recent(r.index.antecedents, root.i, 1) if m.entity.kind == "person"
        ]
        if poss is None and any(_may_hold(r, e, head) for e in just_named):
            # nor when the story is about someone named just before: "... was touted by Trump at a
            # press conference. The President called the machine ..." is no President Richard
            # Nixon of a later paragraph's history (QA helper, fifty-second session); "his son" and
            # "the former vice president's spokeswoman" are someone's, named further on, still, and
            # so is a mayor after President Trump, whose role is another ("The mayor of Pittsburgh")
            cands = []
        if head in KIN_NOUNS:
            cands = [e for e in cands if _may_be_kin(head, possessor, e)]
        # nor the president of an advocacy group named last ("Gary L. Bauer, president of the
        # advocacy group American Values" took "the president asks voters"; forty-fourth session)
        if not any(c.dep_ == "prep" and c.lower_ == "of" for c in root.children):  # (not "the dean of X")
            cands = [e for e in cands if not all(ro.scoped for ro in e.roles if ro.head == head)]
    if cands:
        best = max(cands, key=lambda e: _last_in_prose(r, e, char))
        return Resolution(best, r.rules.role_match_confidence)
    # "the witness" is one of "some witnesses", not all of them (QA helper); the one witness
    # described before them is meant ("A soldier has said ... how many soldiers ... the soldier")
    earlier = r.index.described_before(head, root.idx, one=root.tag_ == "NN") if poss is None else None
    earlier = _same_words(r, root, head, earlier) if earlier is not None else None
    bare = root.tag_ == "NN" and all(c.dep_ == "det" for c in root.children)
    if earlier is None and head == "source" and bare:
        earlier = _unnamed_before(r, root.idx)  # '..., said a senior aide. ... the source said'
    elif head == "source" and earlier is not None and any(c.lower_ == "this" for c in root.children):
        # "This source added" is whoever unnamed spoke last: "one Trump ally" of the paragraph
        # before, not "a White House source" further up (QA helper, forty-second session)
        last = _unnamed_before(r, root.idx)
        if last is not None and last_before(last, root.idx) > last_before(earlier, root.idx):
            earlier = last
    if earlier is not None:  # "the source" after "a source close to the couple"
        return Resolution(named_since(r, root, aff, earlier), r.rules.described_earlier_confidence)
    g = gender_of_noun(head) or gender_of_noun(root.lower_)
    if g is not None and poss is not None and poss.ent_type_ in ("GPE", "ORG", "NORP") and possessor is None:
        g = None  # "Iraq's military spokesman" is Iraq's, whom no one named: not the man named last
    named_poss = poss is not None and poss.lower_ not in ("his", "her", "their")
    if g is not None and named_poss and head not in KIN_NOUNS:
        g = None  # nor "Angela Merkel's spokesman": Trump, the man named last (fiftieth session's QA)
    if g is not None:
        res = r.salient_person(root.i, g, window=r.rules.description_window, exclude=exclude, strict=True)
        if (
            res.entity is not None
            and not _nearer_unknown(r, root.i, g, exclude, res.entity)
            and _may_be_kin(head, possessor, res.entity)
        ):
            return Resolution(res.entity, min(res.confidence, r.rules.gendered_guess_cap))
    elif (
        poss is None
        and (root.pos_ == "NOUN" or root.ent_type_ == "NORP")
        and head not in DOCUMENT_NOUNS
        and not any(_counts(t) for t in root.subtree if t.i < root.i)
    ):  # (not "the two inspectors general said": Clinton, the one named, on 48th's QA read)
        # "the Nevada Democrat" (a party label on one person, ``phrases.one_member``) too
        only = r.index.only_person_before(root.i)
        if only is not None and (_no_person(r, only) or fit(aff, r.index.affiliation(only)) < 0):
            only = None  # (nor "the Kentucky senator" when the one named is "Reid, D-Nev.")
        if only is not None and (office := _office_of(root)) and not _holds_office(only, head, office):
            only = None  # (a press secretary)
        # Only one person in the story so far: "the senator" is them, unless the story gave
        # them another role ("council spokesman Derek Fane" is not "the mayor").
        # A party label is no role: "Sen. Harry Reid" is "the Nevada Democrat" too.
        # (a role is a person's noun: not "fact", which a parse of a post's signature gave Trump)
        roles = [role for role in only.roles if noun_class(role.head, r.words) == "person"] if only else []
        other_role = root.ent_type_ != "NORP" and bool(roles)
        if only is not None and not (other_role and all(role.head != head for role in roles)):
            return Resolution(only, r.rules.only_person_confidence)
        topic = topic_person(r, root, head)
        if (
            topic is not None
            and not _no_person(r, topic)
            and fit(aff, r.index.affiliation(topic)) >= 0  # no Republican for "the New York Democrat"
        ):
            return Resolution(topic, r.rules.only_person_confidence)
        if len(weak) == 1:  # the one governor named, for "the Ohio governor"
            return Resolution(weak[0], r.rules.role_match_confidence)
        if root.ent_type_ == "NORP" and (known := affiliated(r, root, aff)) is not None:
            return Resolution(
                known, r.rules.role_match_confidence
            )  # "Reid, D-Nev." for "the Nevada Democrat"
    kind: SpeakerKind = "document" if head in DOCUMENT_NOUNS else "person"
    return Resolution(
        r.index.own_description(span, root, kind, possessor, label),
        r.rules.own_description_confidence,
    )


def _may_hold(r: Resolver, e: Entity, head: str) -> bool:
    """Whether nothing the article calls ``e`` rules out the role ``head``: no role that is a
    person's noun, or this one ("Trump" may be "the President"; "President Trump" no mayor)."""
    roles = [ro.head for ro in e.roles if noun_class(ro.head, r.words) == "person"]
    return not roles or head in roles


def _same_words(r: Resolver, root: Token, head: str, earlier: Entity) -> Entity:
    """Of the sources described with this noun before, the last one the description's words fit:
    "The senior administration source emphasized ..." is the "senior administration source" of
    the paragraphs above, not "another industry source" who spoke in between (QA helper,
    forty-ninth session). The last one when none fits better ("the source" after any)."""
    words = {c.lower_ for c in root.lefts if c.dep_ in ("amod", "compound", "nmod") and c.is_alpha}
    if not words or words <= set(earlier.label.lower().split()):
        return earlier
    fits = [
        e
        for e in r.index.described.get(head, ())
        if words <= set(e.label.lower().split())
        and last_before(e, root.idx) >= 0
        and not (root.tag_ == "NN" and e.kind == "group")  # (not "Eleven GOP senators")
    ]
    return max(fits, key=lambda e: last_before(e, root.idx)) if fits else earlier


def _narrated_before(e: Entity, head: str, char: int) -> bool:
    """Whether ``e`` was named before ``char`` and the narration gave it a role of ``head``."""
    return last_before(e, char) >= 0 and any(ro.head == head and not ro.quoted for ro in e.roles)


def _may_be_kin(head: str, possessor: Entity | None, guess: Entity) -> bool:
    """Whether a guess by gender may be someone's relative: "his wife" after "Tom Hale told
    reporters that his wife first saw the ad" is Hale's wife, whom the article never names, not
    the spokeswoman quoted above (thirty-fifth session: her words went to the spokeswoman). A
    named possessor's relative is guessed only among those who bear the possessor's surname;
    one known by a single name ("James' father writes") says no surname to check."""
    if possessor is None or head not in KIN_NOUNS or len(possessor.parts) < 2:
        return True
    return bool(guess.parts) and possessor.parts[-1] == guess.parts[-1]


#: How far back (characters) "the source" looks for the unnamed person who spoke last.
SOURCE_REACH = 1500


def _unnamed_before(r: Resolver, char: int) -> Entity | None:
    """The unnamed person who spoke last, a few paragraphs up at most: "the source" after "a
    senior Democratic aide" said something (eighth QA read: the source was its own speaker), or
    after "the source in Trump's orbit" (a description of its own) spoke again."""
    sources = [e for e in r.index.descriptions.values() if "source" in e.label.lower()]
    people = [e for e in r.index.anonymous if any(noun_class(ro.head, r.words) == "person" for ro in e.roles)]
    spoke = [(last_before(e, char), e) for e in people + sources]
    at, best = max(spoke, key=lambda p: p[0], default=(-1, None))
    return best if at >= 0 and char - at <= SOURCE_REACH else None


def _nearer_unknown(r: Resolver, tok: int, gender: Gender, exclude: tuple[Entity, ...], pick: Entity) -> bool:
    """Whether a person of unknown gender is more likely meant than the gendered ``pick``.

    'Former coach Tim Dorsey said: “...” But, the former league chairman added: “...”':
    nothing tells Dorsey's gender, and the "-man" of the role would hand the quote to the
    last man named before him. Keeping the description is better than that guess.
    """
    # Gender aside: the most salient person, who would be meant if the role said nothing.
    loose = r.salient_person(tok, None, window=r.rules.description_window, exclude=exclude)
    return loose.entity is not None and loose.entity is not pick and loose.entity.gender is None


def _counts(t: Token) -> bool:
    """A number that counts the people described ("the two inspectors general", not "the
    two-term president" nor "the second officer")."""
    head = t.head
    return (
        t.dep_ == "nummod"
        and t.tag_ == "CD"
        and t.lower_ not in ("one", "1")
        and head.tag_ in ("NNS", "NNPS")
    )


def _no_person(r: Resolver, e: Entity) -> bool:
    """Whether a name the model took for a person's is a group's or a paper's: the article gives
    it a group noun ("the Islamist group Boko Haram") or always puts it after "the" ("The Ledger
    reports", "the Daily Mail"). Such a name is not who "the soldier" or "the mayor" means."""
    if any(noun_class(role.head, r.words) == "group" for role in e.roles):
        return True
    doc = r.view.doc
    if not e.names or any(doc[m.tok].pos_ != "PROPN" for m in e.mentions):
        return False  # (a description, "the UK ambassador", opens with "the" too)
    firsts = (doc.char_span(m.start, m.end, alignment_mode="expand") for m in e.mentions)
    return all(
        f is not None and (f[0].lower_ == "the" or (f.start > 0 and doc[f.start - 1].lower_ == "the"))
        for f in firsts
    )


def _may_hold_for(r: Resolver, e: Entity, head: str, owner: Token) -> bool:
    """Whether ``e`` may hold the role that ``owner`` has: "Carnival's CEO told CNBC" is not the
    CEO of Tesla named earlier, nor "Brazil's president" the French one (seventh QA read). A
    firm's role needs the article to tie it to the firm ("Voltra CEO Ezra Vane"); a country's or
    state's is ruled out only by another place named with the person ("French President X"),
    since "Gov. Andy Beshear" is "Kentucky's governor" with nothing said."""
    word = owner.lower_
    if owner.ent_type_ not in ("GPE", "NORP", "LOC"):
        return any(
            word in role.phrase.split() or _possessor_is(r, role, word)
            for role in e.roles
            if role.head == head
        )
    places = r.index.affiliation(e).places
    return not places or place_key(owner.text) in places


def _possessor_is(r: Resolver, role: Role, word: str) -> bool:
    """Whose the role is, as far as the words tell: "Voltra's CEO", or "its CEO" (anyone's)."""
    if role.possessor is None:
        return False
    owner = r.view.doc[role.possessor]
    return owner.lower_ == word or owner.pos_ == "PRON"


def _owner(r: Resolver, tok: int) -> Entity | None:
    t = r.view.doc[tok]
    if t.pos_ == "PRON":
        return r.resolve_pronoun(tok).entity
    m = r.index.name_at.get(tok)
    return m.entity if m else None


def _rulers(r: Resolver, phrase: str, holders: list[Entity]) -> list[Entity]:
    """Who holds a country's ruling office named with the same words as "the Cuban leader":
    "Cuban President Raul Castro" is the Cuban leader too, beside "Salvador Valdes Mesa, a Cuban
    leader who participated in the revolution" (QA helper, forty-second session: Castro's words
    after "Mr. Obama said to Mr. Castro" went to Valdes Mesa). The nearer one is meant."""
    words = phrase.split()[:-1]
    if not words:
        return []
    return [
        e
        for office in RULERS
        for e in r.index.by_role.get(office, ())
        if e not in holders
        and any(role.head == office and role.phrase.split()[:-1] == words for role in e.roles)
    ]


def _office_of(root: Token) -> set[str]:
    """The words of an office a description names after "of": "the secretary of state"."""
    joined = [c for c in root.children if c.dep_ == "conj"]  # "the president and vice president of X"
    of = next((c for t in (root, *joined) for c in t.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    pobj = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
    return {t.lower_ for t in pobj.subtree if t.is_alpha} if pobj is not None else set()


def _holds_office(e: Entity, head: str, office: set[str]) -> bool:
    """Whether ``e`` may hold the office "the <head> of <office>" names: no role of that noun, or
    one no other words tell apart. "Press Secretary Sarah Sanders" is no "secretary of state" (QA
    helper, forty-second session: Pompeo's words went to her)."""
    held = [role for role in e.roles if role.head == head]
    fits = [role for role in held if set(role.phrase.split()) - {head, "former"} <= office]
    if held and office & _PRIVATE_BODIES:
        # "the president and vice president of the centrist think tank Third Way" are not
        # "President Obama" (QA helper, fifty-first session): a title alone heads no such body
        return any(role.scoped or set(role.phrase.split()) - {head, "former"} for role in fits)
    return not held or bool(fits)


#: Bodies that are no office of state: the head of one is named with it ("president of the
#: advocacy group X"), not by a bare title.
_PRIVATE_BODIES = frozenset({
    "tank", "group", "company", "firm", "organization", "organisation", "foundation", "institute",
    "university", "college", "association", "union", "coalition", "nonprofit", "charity",
    "corporation", "bank", "club", "network", "society", "center", "centre", "campaign",
})  # fmt: skip


def owned_label(r: Resolver, span: object, root: Token, label: str) -> str:
    """A description's label with its owner's name: "his office" -> "Mario Ruiz’s office",
    "whose leader" -> "Unionist Party’s leader", "Ruiz's office" -> "Mario Ruiz’s office". The
    eighth QA read found speakers shown as "his campaign" and "whose leader": the right referent
    under a name a reader cannot use, and one "his office" for every man's. Only an owner with a
    proper name: the person a "his"/"her" or a name stands for, the organisation the sentence is
    about for "its", the noun a "whose" clause hangs on; never "their" (which of them?). Hand-checked
    on the first 1,500 news-5k articles: of 70 owners named, 59 were right (one of the wrong, an
    "its" given to the outlet named before, is why "its" now takes the sentence's subject); the
    other wrong ones are the pronoun resolver's errors, which "he said" shows the same way."""
    poss = next((c for c in root.children if c.dep_ == "poss"), None)
    first = next((t for t in span if not t.is_punct and not t.is_space), None)  # type: ignore[attr-defined]
    if poss is None or first is None or first.i != poss.left_edge.i:
        return label
    case = next((c for c in poss.children if c.dep_ == "case"), None)
    owned = poss.right_edge if case is not None else poss  # the last word of the owner's
    written = r.view.written(owned.i, owned.i + 1)  # "’s" as given, not the model's "'s"
    at = label.find(written) if case is not None else (0 if label.lower().startswith(poss.lower_) else -1)
    if at < 0:
        return label
    rest = label[at + len(written) :]
    owner = _owner_of(r, poss, root) if case is None or poss.i in r.index.name_at else None
    if owner is None or owner.kind not in ("person", "group") or owner.members:
        return label
    name = owner.name
    if not name[:1].isupper() or (owner.kind == "group" and not is_named_group(owner)):
        return label
    if case is not None and len(name.split()) <= len(label[:at].split()):
        return label  # "Mayor Vale's lawyers" says no less than "Vale’s lawyers"
    return f"{name}{'’' if name.endswith('s') else '’s'}{rest}"


def _owner_of(r: Resolver, poss: Token, root: Token) -> Entity | None:
    """Who owns a description (``owned_label``)."""
    word = poss.lower_
    if poss.pos_ == "PROPN":
        owner = r.index.name_at[poss.i].entity
        namesakes = [e for e in r.index.persons if poss.text in e.parts]
        # "Kim’s regime" in an article that names Kim Jong Un and Kim Kwan-jin: whose?
        return owner if owner.kind == "person" and len(namesakes) < 2 else None
    if word in ("his", "her"):
        return r.resolve_pronoun(poss.i).entity
    if word == "its":  # the organisation the sentence or the one before is about, not any named
        return organisation_subject(r, poss)  # ("its website" was NPR's, which reported on a firm)
    if word == "whose" and root.head.dep_ == "relcl" and root.head.head.pos_ in ("PROPN", "NOUN"):
        noun = root.head.head
        return r.refers_to(noun.left_edge.idx, noun.idx + len(noun)).entity
    return None


#: How far back (characters) "the two aides" looks for the two people named together.
PAIR_REACH = 4000
#: ... and a bare "both": about a sentence or two.
BOTH_REACH = 300


#: How many people "the two", "the three men", "the four senators" are (thirty-ninth session:
#: "wrote the three men" after "Sens. John McCain ..., Lindsey Graham ... and Marco Rubio ...
#: warned Mr. Obama in a letter" was a speaker of its own).
_COUNTS = {"two": 2, "three": 3, "four": 4}


def pair_before(r: Resolver, root: Token, dets: set[str]) -> Entity | None:
    """The two people named together who spoke last, for "the two Biden aides", "the pair", "the
    duo" (eighth QA read: 'writes Anita Dunn ... and Kate Bedingfield ... In their letter, the two
    Biden aides write' showed "the two Biden aides", eleven paragraphs on). Only when both were
    named within ``PAIR_REACH`` characters before. A bare "both" too ("Sen. Ana Ruiz and Sen.
    Tom Vale discussed the deal, but both said ...": QA helper, thirty-fifth session, "both" was
    its own speaker), within a sentence or two."""
    both = root.lower_ == "both" and not dets
    counted = [_COUNTS[d] for d in dets if d in _COUNTS] if root.tag_ == "NNS" else []
    n = (
        2
        if both or root.lower_ in ("pair", "duo")
        else 3
        if root.lower_ == "trio"
        else max(counted, default=0)
    )
    if not both and ("the" not in dets or not n):
        return None  # (not "Two senior House GOP sources": two others)
    reach = BOTH_REACH if both else PAIR_REACH
    best: tuple[int, Entity] | None = None
    for pair in r.index.pairs.values():
        if len(pair.members) != n:
            continue
        at = min(last_before(m, root.idx) for m in pair.members)
        if at >= 0 and root.idx - at <= reach and (best is None or at > best[0]):
            best = (at, pair)
    return best[1] if best else None


def group_described_earlier(
    r: Resolver, span: object, root: Token, head: str, first: Token, plural: bool
) -> Entity | None:
    """The group last described with this noun. A bare "the family" looks past the group the
    narration's subjects made of its own words, to "the Robertson family" named before it
    (thirty-first session), of the same number: "the companies" are not "the combined company".
    """
    if plural and whose_phrase(root) is not None:
        return None  # "Lawyers for 33 counties" are not the "Lawyers for the city" before them
    if all(t.i == root.i or t.lower_ == "the" for t in span):  # type: ignore[attr-defined]
        earlier = r.index.described_before(head, first.idx)
        if earlier is not None and plural and _counted(earlier.label):
            return None  # "Senators calculated" are not the "Few senators" on the floor (QA, 49th)
        if earlier is not None and (r.view.doc[earlier.mentions[-1].tok].tag_ in ("NNS", "NNPS")) == plural:
            return earlier
        if earlier is not None and not plural and is_named_group(earlier):
            return earlier  # (a name's number is no group's: 'the organization "People for Bernie"')
        if earlier is not None and plural and root.lower_ != head and earlier.label.lower().endswith(head):
            return None  # bare "authorities" are not "Boston's public transit authority" (46th)
    earlier = r.index.described_before(head, root.idx)
    if earlier is None or any(m.tok == root.i for m in earlier.mentions):
        return earlier  # (the group the narration's subjects made of these very words)
    if _counted(earlier.label) and not _counted(r.view.text[root.left_edge.idx : root.idx + len(root)]):
        return None  # (nor "Analysts questioned" the "some financial analysts" before them)
    return None if another_group(root, earlier.label) else earlier


def _counted(label: str) -> bool:
    """Whether a label counts some of its kind ("few senators", "many Democrats")."""
    words = label.split()
    return len(words) > 1 and words[0].lower() in PLURAL_QUANTIFIERS


#: "the 25-year-old", "The 30-year-old Phillies newcomer": an age that describes someone.
_AGED = re.compile(r"(?i)the\s+\d+-year-old\b")


def aged_person(r: Resolver, span: Span, root: Token) -> Resolution | None:
    """Who "the 25-year-old" is: news describes a person named just before by age ("Yankees
    outfielder Clint Frazier. The 25-year-old, who says he's taken heat ..."), which the model
    reads as a date and the rules as nobody (QA helper, thirty-seventh session: no speaker, or
    "some players"). The salient person before it, as for a pronoun of unknown gender; else the
    description itself, which is someone."""
    if not _AGED.match(span.text):
        return None
    res = r.salient_person(root.i, None, window=r.rules.description_window, exclude=())
    if res.entity is not None and res.entity.kind == "person":
        return Resolution(res.entity, min(res.confidence, r.rules.gendered_guess_cap))
    return Resolution(r.index.own_description(span, root, "person"), r.rules.own_description_confidence)
