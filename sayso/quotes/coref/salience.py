"""How salient a mention is: its grammatical role, and whether it stands in reported speech.

Pronouns go to the most salient compatible mention (``Resolver.salient_person``); a mention's
``rank`` is its penalty, from its role here and from where it stands in ``DocView.rank``.
``CharRanges`` answers "is this character inside quoted (or reported) speech?" for the view.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

import numpy

from sayso.quotes.coref.agents import PERSON_NOUNS
from sayso.quotes.coref.entities import told_before
from sayso.quotes.coref.lexicon import AGENT_NOUNS, DOCUMENT_NOUNS, TITLES, gender_of_noun, gender_of_pronoun
from sayso.quotes.coref.phrases import told_something
from sayso.quotes.cues import ASKING_VERBS, SPEECH_VERBS
from sayso.quotes.rules import Rules

if TYPE_CHECKING:
    from spacy.tokens import Token

    from sayso.quotes.coref.entities import Entity
    from sayso.quotes.coref.lexicon import Gender
    from sayso.quotes.coref.resolve import Resolver


class CharRanges:
    """A union of character ranges, asked whether it holds a character.

    The ranges given may overlap or nest (a quote's marks inside its content); they are merged
    once, so each question is one binary search.
    """

    def __init__(self, ranges: Iterable[tuple[int, int]] = ()) -> None:
        merged: list[list[int]] = []
        for a, b in sorted(ranges):
            if merged and a <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], b)
            elif a < b:
                merged.append([a, b])
        self._starts = [a for a, _ in merged]
        self._ends = [b for _, b in merged]

    def __contains__(self, char: int) -> bool:
        k = bisect.bisect_right(self._starts, char) - 1
        return k >= 0 and char < self._ends[k]


def rank(root: Token, rules: Rules) -> float:
    """Salience penalty of a mention from its grammatical role (see ``Mention.rank``)."""
    t = root
    if t.dep_ == "ROOT" and t.pos_ in ("PROPN", "NOUN"):
        return rules.rank_headline  # a verbless line: a caption, a byline, a headline
    if t.dep_ in ("appos", "compound", "conj") and t.head.dep_ in ("nsubj", "nsubjpass"):
        t = t.head
    if t.dep_ not in ("nsubj", "nsubjpass"):
        return rules.rank_other
    verb = t.head
    while verb.dep_ == "conj" and verb.head is not verb:
        verb = verb.head
    return rules.rank_main_subject if verb.dep_ == "ROOT" else rules.rank_embedded_subject


def unknown_gender_cost(e: Entity, gender: Gender | None, rules: Rules) -> float:
    """What a person of unknown gender loses as the referent of "he" or "she": less when the
    first name alone is unknown ("Zac Moffat ... he said"), and for an unnamed spokesperson or
    aide, whose gender a story rarely gives ("A spokesperson for Laura Quinn said ... “...,”
    she said": QA helper, fortieth session, shown as Quinn's)."""
    if gender is None or e.gender is not None:
        return 0.0
    if not e.parts and any(role.head in AGENT_NOUNS for role in e.roles):
        return rules.unknown_agent_penalty
    return (
        rules.unknown_first_name_penalty
        if len(e.parts) > 1 and gender == "m"
        else rules.unknown_gender_penalty
    )


def in_description(tok: Token, rules: Rules) -> float:
    """The penalty of a name standing inside the appositive that describes another person ("X, a
    former defense aide to Sen. Susan Collins"): who is described, not who is named in passing,
    is whom the next "she said" goes on about (QA helper, fifty-second session: Collins took the
    quotes of her former aide, whose first name tells no gender)."""
    t = tok
    for _ in range(4):
        if t.dep_ == "appos" and t.i != tok.i and t.head.ent_type_ == "PERSON":
            return rules.rank_in_description
        if t.head.i == t.i:
            break
        t = t.head
    return 0.0


class PronounChain:
    """The narration's subject pronouns as antecedents: "He plotted for days to tweet about
    Brzezinski ... He called her" is the man the first "he" was, not Brzezinski.

    Only the pronouns that are sources of quotes used to count (they become mentions once
    resolved), so a person carried through a paragraph by "he" lost to any name an object or a
    clause brought in. Each subject pronoun of the narration is resolved once, in order (so
    resolving one never recurses further than the one before it), and offered to later pronouns
    at its own distance and rank.
    """

    def __init__(self, resolver: Resolver, *, plural: bool = False) -> None:
        self.r = resolver
        doc = resolver.view.doc
        if plural:  # "They also want assurances ... And they are asking McConnell" (QA read)
            self.toks = _plural_subjects(resolver)
        else:
            self.toks = [i for i, _ in resolver.view.pronouns if doc[i].dep_ in ("nsubj", "nsubjpass")]
        self.plural = plural
        self._done = 0  # pronouns resolved so far, in order
        self.described = [] if plural else described_subjects(resolver)
        self._described_toks = [i for i, _ in self.described]

    def before(self, tok: int, window: int) -> Iterator[tuple[Entity, int, float, Gender | None]]:
        """(person, sentence distance, rank, gender) of each resolved subject pronoun before
        ``tok``, latest first, within ``window`` sentences; then of each subject a role names
        (``described_subjects``). The gender is the pronoun's: a "she" resolved to a person
        of unknown gender ("Ariana Grande") is no antecedent of a later "he" (QA read)."""
        k = bisect.bisect_left(self.toks, tok)
        while self._done < k:  # resolve the earlier ones first, in order
            self._done += 1
            self.r.resolve_pronoun(self.toks[self._done - 1])
        view = self.r.view
        sent = view.sent_of[tok]
        for j in range(k - 1, -1, -1):
            i = self.toks[j]
            d = sent - view.sent_of[i]
            if d > window:
                break
            e = self.r.resolved[i].entity
            if e is not None and (e.kind == "person" or self.plural):
                yield e, d, rank(view.doc[i], self.r.rules), gender_of_pronoun(view.doc[i].lower_)
        for j in range(bisect.bisect_left(self._described_toks, tok) - 1, -1, -1):
            i, e = self.described[j]
            d = sent - view.sent_of[i]
            if d > window:
                return
            yield e, d, view.rank(view.doc[i]), None  # (less salient inside reported speech)


def _plural_subjects(r: Resolver) -> list[int]:
    """Tokens of the narration's subject "they", in order (one pass over the token arrays)."""
    doc, view = r.view.doc, r.view
    strings = doc.vocab.strings
    lower, deps = doc.to_array("LOWER"), doc.to_array("DEP")
    found = numpy.flatnonzero((lower == strings["they"]) & (deps == strings["nsubj"]))
    return [i for i in found.tolist() if not view.in_zone(doc[i].idx)]


def described_subjects(r: Resolver) -> list[tuple[int, Entity]]:
    """Subjects of the narration that a role names, with the one person who holds it: "President
    Obama" in the lead, then "The president made the comments Friday ... Arguing that ..., he
    noted" is Obama (eleventh QA read: "he" went to Romney, named as an object before). Only "the"
    and a role the narration gave exactly one person named before it, so no guess is made; one
    pass over the dependency labels (numpy), the roles looked up only for subject nouns."""
    view, index = r.view, r.index
    if not index.by_role:
        return []
    doc = view.doc
    strings = doc.vocab.strings
    deps = doc.to_array("DEP")
    subjects = numpy.flatnonzero((deps == strings["nsubj"]) | (deps == strings["nsubjpass"]))
    found: list[tuple[int, Entity]] = []
    for i in subjects.tolist():
        t = doc[i]
        if t.pos_ != "NOUN" or not any(c.dep_ == "det" and c.lower_ == "the" for c in t.children):
            continue
        if any(c.dep_ == "poss" for c in t.children) or view.in_zone(t.idx):
            continue
        phrase = view.role_phrase(t)
        holders = [e for e in index.by_role.get(view.role_head(t), ()) if told_before(e, phrase, t.idx)]
        if len(holders) == 1 and holders[0].kind == "person":
            found.append((i, holders[0]))
    return found


#: How many sentences after a pronoun nobody before can be, a teaser looks for its person.
CATAPHORA_WINDOW = 2


def cataphoric_person(r: Resolver, tok: int, gender: Gender | None) -> Entity | None:
    """The person a pronoun anticipates when the article names no person before it: a lead's
    "Seconds after announcing that he was nominating Judge Neil Gorsuch, President Trump turned
    ..." or a teaser's "'...,' he says" above the story that names him. The first person named
    after it as a subject, within ``CATAPHORA_WINDOW`` sentences, of a gender that fits."""
    view = r.view
    mentions = r.index.antecedents
    sent = view.sent_of[tok]
    first = bisect.bisect_right(mentions, tok, key=lambda m: m.tok)
    if any(mentions[k].entity.kind == "person" for k in range(first)):
        return None  # someone was named before: no teaser (stops at the first person named)
    for k in range(first, len(mentions)):
        m = mentions[k]
        if m.sent - sent > CATAPHORA_WINDOW:
            return None
        e = m.entity
        if e.kind == "person" and m.rank <= r.rules.rank_embedded_subject:
            return e if not (gender and e.gender and e.gender != gender) else None
    return None


#: Verbs of asking whose object is the one who answers.
_ASKING = ASKING_VERBS | {"challenge", "interview"}


def asked_person(r: Resolver, t: Token, gender: Gender | None) -> Entity | None:
    """The one asked, for the "he" who answers: 'When host Tom Bastow asked the Ohio Republican
    whether he stood by it, he answered' is the Republican's answer, not the host's (seventh
    QA read: the main subject of the clause before won, and the guest's reply went to the
    host). A subject pronoun after a clause of asking put before it, with a person as object, or
    as the passive's subject: "When this source was interviewed, he said" is the source, not
    the Steele named in the sentence before (QA helper, fifty-second session)."""
    if t.dep_ != "nsubj":
        return None
    for a in t.head.children:
        if a.dep_ != "advcl" or a.i > t.i or a.lemma_.lower() not in _ASKING:
            continue
        obj = next((c for c in a.children if c.dep_ in ("dobj", "dative")), None)
        if obj is None:  # "When this source was interviewed, he said": the one asked, passive
            obj = next((c for c in a.children if c.dep_ == "nsubjpass"), None)
        if obj is None or obj.pos_ == "PRON":
            return None
        m = r.index.name_at.get(obj.i)
        e = m.entity if m is not None else r.refers_to(obj.left_edge.idx, obj.idx + len(obj.text)).entity
        if (
            e is not None
            and e.kind in ("person", "anonymous")
            and not (gender and e.gender and e.gender != gender)
        ):
            return e
    return None


def dislocated_subject(r: Resolver, t: Token, gender: Gender | None) -> Entity | None:
    """The person a subject pronoun takes up again: "Pelosi, at a press conference Thursday,
    she dismissed the idea" (the parser makes both subjects of "dismissed"). The co-argument
    rule of ``Resolver.salient_person`` ruled Pelosi out, and her three quotes went to the man
    named a paragraph before (QA helper, twenty-first session)."""
    if t.dep_ != "nsubj" or parenthetical(t.head):
        return None
    for c in t.head.children:
        if c.i >= t.i or c.dep_ != "nsubj" or not any(x.text == "," for x in t.doc[c.i + 1 : t.i]):
            continue
        m = r.index.name_at.get(c.i)
        e = m.entity if m is not None else None
        if e is not None and e.kind == "person" and not (gender and e.gender and e.gender != gender):
            return e
    return None


def said_of(mention: Token, verb: Token) -> bool:
    """Whether a name before a set-off cue is what its words are said of, not who says them:
    "Romney, he tweeted on Oct. 5, has been ..." (both hung on the cue) and 'Trump, he
    continued, “is reinventing ...”' (the cue hung on the verb the name is the subject of: the
    historian's words went to Trump, QA read, forty-eighth session)."""
    head = mention.head
    return (head == verb or (verb.dep_ == "parataxis" and head == verb.head)) and parenthetical(verb)


def parenthetical(verb: Token) -> bool:
    """A cue set in the sentence it reports: in "Romney, he tweeted on Oct. 5, has been “fighting
    me ...”" the name is the subject of "has been", and "he" is who tweeted it, not Romney (QA
    helper, forty-third session). A comma after the cue's words, then a verb, in quotation marks
    or not ('Trump, he continued, “is reinventing the style ...”' was given to Trump: QA read,
    forty-eighth session)."""
    doc = verb.doc
    for x in doc[verb.i + 1 : min(len(doc), verb.i + 10)]:
        if x.text == ",":
            k = x.i + 1
            while k < len(doc) and doc[k].is_quote:
                k += 1
            return k < len(doc) and doc[k].tag_ in ("VBZ", "VBD", "VBP", "MD")
        if x.text in (".", "\n") or x.is_space:
            return False
    return False


def subjectless_clause(t: Token) -> frozenset[int]:
    """Tokens of a clause without a subject of its own put before a subject pronoun: its names
    are not the pronoun's referent. "When asked about the meeting between Trump Jr., Kushner and
    Manafort, he responded" is not Manafort's answer (eleventh QA read: the nearest name won over
    the man the sentence before was about): the clause's unsaid subject is "he", and a name
    inside the clause of which he is the subject is someone else (as in "Asked about Manafort's
    trial, he said", "After meeting Kushner, he said"). A clause with its own subject ("When
    Manafort arrived, he said") may well name him. The same for the objects in a phrase set
    before him: "During arguments before the 2nd Circuit, they contended", "In an interview with
    Dick Cavett, he said" (thirty-sixth session); not its owners and subjects ("During Prince
    Harry's visit, he joked", "In an article that McMaster published, he wrote"), though the
    owner of a noun further in is ("In an appearance before Goodlatte's committee, he said")."""
    if t.dep_ not in ("nsubj", "nsubjpass"):
        return frozenset()
    out: set[int] = set()
    for c in t.head.children:
        if c.i > t.i:
            continue
        if c.dep_ == "prep":
            # the owner of the phrase's own noun may be him, not one further in ("In a marathon
            # appearance before Goodlatte's committee, he insisted": QA helper, 41st session)
            heads = {g.i for g in c.children if g.dep_ == "pobj"}
            out.update(
                x.i
                for x in c.subtree
                if x.dep_ not in ("nsubj", "nsubjpass") and not (x.dep_ == "poss" and x.head.i in heads)
            )
        elif (
            c.dep_ == "advcl"
            and c.pos_ in ("VERB", "AUX")
            and not any(x.dep_ in ("nsubj", "nsubjpass", "expl", "csubj") for x in c.children)
        ):
            out.update(range(c.left_edge.i, c.right_edge.i + 1))
    return frozenset(out)


def first_called_the(text: str, e: Entity) -> bool:
    """Whether a one-word "person" was first named with "the": "The Hill reports:" (eleventh QA
    read: the model tagged the paper a person, and the senator's "he said" after it went to
    "Hill"). No "he" or "she"; the name stays, to link "the Chronicle" to "San Francisco
    Chronicle". Only the first mention is read, so the cost stays one slice per candidate."""
    if len(e.parts) != 1 or not e.mentions:
        return False
    start = e.mentions[0].start
    return text[max(0, start - 4) : start].lower() == "the "


def plural_subject_before(t: Token) -> Token | None:
    """The plural subject of a clause set before a subject "they", whom that "they" is: "If the
    latter want to make America great, they surely recognize ..." (QA helper, thirty-ninth
    session: the country was shown as the speaker), "When critics read the plan, they said"."""
    if t.dep_ not in ("nsubj", "nsubjpass"):
        return None
    for c in t.head.children:
        if c.dep_ == "advcl" and c.i < t.i:
            for s in c.children:
                if s.dep_ in ("nsubj", "nsubjpass") and (
                    s.tag_ in ("NNS", "NNPS") or s.lower_ in ("latter", "former")
                ):
                    return s
    return None


def journalist_told(root: Token) -> bool:
    """Whether a name is an outlet's journalist whom someone told something: "One person in the
    room told CNN's Sunlen Serfaty that the President ...". The reporter only listens; the "he
    said, according to the source" after it is the President's, not the reporter's (QA helper,
    forty-third session)."""
    if root.dep_ == "poss" or not told_something(root):
        return False
    return any(c.dep_ == "poss" and c.ent_type_ == "ORG" for c in root.children)


def named_below(r: Resolver, pronoun: Token) -> tuple[Entity, ...]:
    """Who the subject pronoun of a verb of saying cannot be: the person named as the subject of
    what it reports. In "He said Allen currently is in Washington" he is not Allen (who would be
    "he" again), so the official who had just spoken is meant (QA helper, forty-eighth session:
    both of his "he said"s went to Allen). Only that subject: writers do repeat a name deeper
    in ("although he added he had no control over his brother, who mirrored Jeb's lines")."""
    verb = pronoun.head
    if pronoun.dep_ != "nsubj" or verb.lemma_.lower() not in SPEECH_VERBS:
        return ()
    found = []
    for clause in (c for c in verb.children if c.dep_ == "ccomp" and c.i > pronoun.i):
        for subject in (c for c in clause.children if c.dep_ in ("nsubj", "nsubjpass")):
            m = r.index.name_at.get(subject.i)
            quoted = any(t.is_quote for t in pronoun.doc[pronoun.i : subject.i])  # ('he warned,
            if m is not None and m.entity.kind == "person" and not quoted:  # “...,” Trump told')
                found.append(m.entity)
    return tuple(found)


def told_by(r: Resolver, pronoun: Token) -> tuple[Entity, ...]:
    """Who "he said, according to the source" is not: the source that tells of it (QA helper,
    forty-third session: the one in the room who told CNN took the President's words)."""
    verb = pronoun.head
    if verb.lemma_.lower() not in SPEECH_VERBS:
        return ()  # ("According to Lazar's plea agreement, he faces ...": Lazar)
    for a in (c for c in verb.children if c.dep_ == "prep" and c.lower_ == "according"):
        for obj in (g for to in a.children for g in to.children if g.dep_ == "pobj"):
            if any(w.pos_ == "PRON" for w in obj.subtree) or obj.lemma_.lower() in DOCUMENT_NOUNS:
                return ()  # (a pronoun after this one is resolved in its turn, not now)
            e = r.resolve_source(obj.left_edge.idx, obj.idx + len(obj)).entity
            return (e,) if e is not None else ()
    return ()


#: Conjunctions of an adjunct clause whose subject pronoun the main clause's subject binds.
_ADJUNCT_MARKS = frozenset({"after", "when", "because", "since", "before", "as", "while", "until", "once"})


def governing_subject(r: Resolver, t: Token, gender: Gender | None) -> Entity | None:
    """The person a subject pronoun of an adjunct clause takes up: the subject of the clause it
    hangs on, named or described before it. "An official with the office came under fire last
    week after she said that ..." is the official, not the DeVos named the sentence before (QA
    helper, forty-sixth session). Only a singular person, named or called by a person's noun
    ("official", "senator"), of the pronoun's gender if known; the clause it hangs on finite
    ("with Weaver standing behind him as he urged" is Sanders's), and not when that clause has
    an object pronoun of the same gender ("a judge would be biased against him because he has
    advocated a wall": whose "him" the "he" may be)."""
    verb = t.head
    main = _what_one_said(verb) if t.dep_ == "nsubj" else None
    if main is None:
        if t.dep_ != "nsubj" or verb.dep_ not in ("advcl", "conj") or verb.head.i >= verb.i:
            return None
        if verb.dep_ == "advcl" and not any(
            c.dep_ == "mark" and c.lower_ in _ADJUNCT_MARKS and c.i < t.i for c in verb.children
        ):
            return None
        if verb.dep_ == "conj" and (
            verb.head.pos_ not in ("VERB", "AUX")
            or verb.head.dep_ != "ROOT"
            or any(c.dep_ == "mark" for c in verb.children)
        ):
            return None  # (not "that the nominee would need ... and that he planned": two claims)
        main = verb.head
    finite = main.tag_ in ("VBD", "VBZ", "VBP") or any(
        c.dep_ in ("aux", "auxpass") and c.tag_ in ("VBD", "VBZ", "VBP", "MD") for c in main.children
    )
    subj = next((c for c in main.children if c.dep_ in ("nsubj", "nsubjpass") and c.i < t.i), None)
    if not finite or subj is None or subj.tag_ not in ("NN", "NNP") or subj.i < t.sent.start:
        return None
    if any(x.lower_ == ("him" if t.lower_ == "he" else "her") for x in t.doc[subj.i + 1 : t.i]):
        return None
    m = r.index.name_at.get(subj.i)
    lemma = subj.lemma_.lower()
    if m is not None:
        e: Entity | None = m.entity
    elif (subj.pos_ == "NOUN" and (lemma in PERSON_NOUNS or lemma in TITLES or gender_of_noun(lemma))) or (
        subj.ent_type_ == "NORP" and subj.tag_ == "NNP"  # "The Senate's leading Democrat"
    ):
        e = r.resolve_source(subj.left_edge.idx, subj.idx + len(subj)).entity
    else:
        return None
    if e is None or e.kind not in ("person", "anonymous") or (gender and e.gender and e.gender != gender):
        return None
    return e


def _what_one_said(verb: Token) -> Token | None:
    """The verb whose subject a pronoun in "over what he said was ..." takes up: "Trump ...
    declined to participate over what he said was poor treatment by Fox News" is Trump's
    reason, not Cruz's, the sentence's subject (QA helper, fifty-first session). The free
    relative's verb hangs on a preposition of the clause; up through infinitives to the verb
    that has a subject."""
    if verb.dep_ != "pcomp" or verb.head.dep_ != "prep" or not any(c.lower_ == "what" for c in verb.subtree):
        return None
    main = verb.head.head
    while main.dep_ == "xcomp" and not any(c.dep_ in ("nsubj", "nsubjpass") for c in main.children):
        main = main.head
    return main if main.pos_ in ("VERB", "AUX") and main.i < verb.i else None
