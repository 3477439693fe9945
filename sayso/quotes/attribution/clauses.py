"""What a cue's clause holds beyond the subtree the parser gave it.

Split from ``candidates.py``. The parse hangs parts of what was said on the cue itself, not on
its complement: the object of "called the fine “absurd” and not a rule ...", the subject of a
passive cue ("*Trump* is expected to unveil ..."), a second "that" clause ("said X, and that
Y"). PolNeAR's annotators put them in the content. And, from ``sources.py``, two readings of a
clause for its speaker: who acts and then tells ("Routh pulled up ... and told her"), and the
authors a title was coordinated with. And two readings of an infinitive the cue governs: whose
impression "seems to" reports, and a phrase the parser took for an infinitive ("said to
resounding applause").
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from sayso.quotes.attribution.spans import chars, subtree
from sayso.quotes.cues import ADDRESSED_VERBS, ASKING_VERBS, SPEECH_NOUNS, SPEECH_VERBS
from sayso.quotes.types import CharSpan


def second_that_clause(doc: Doc, verb: Token, ccomps: list[Token]) -> int | None:
    """Where a second "that" clause of the cue ends: "said the agents were told X, and that his
    firing was improper" (the parser hangs the second clause on the cue; the reported words
    were cut at the first: QA helpers, forty-fifth session). On PolNeAR train the annotators'
    content runs on over all 8 such clauses."""
    last = max(c.right_edge.i for c in ccomps)
    for c in verb.children:
        if (
            c.dep_ == "conj"
            and c.i > last
            and any(m.dep_ == "mark" and m.lower_ == "that" for m in c.children)
        ):
            if _that_determines(c):
                return None
            end = chars(doc, c.left_edge.i, c.right_edge.i)
            return end[1] if end is not None else None
    return None


def _that_determines(clause: Token) -> bool:
    """Whether the "that" read as opening ``clause`` is its subject's determiner: "said he wants
    to protect them, but that very population was left confused" (a bare common noun after
    "that" has no determiner of its own)."""
    subj = next((c for c in clause.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return (
        subj is not None
        and subj.pos_ == "NOUN"
        and not any(c.dep_ in ("det", "poss") for c in subj.children)
        and subj.left_edge.i > 0
        and subj.doc[subj.left_edge.i - 1].lower_ == "that"
    )


def named_as(children: list[Token], ccomps: list[Token]) -> Token | None:
    """The object of "call X Y" when the parser also hung a clause after Y on the cue."""
    dobj = next((c for c in children if c.dep_ == "dobj"), None)
    oprd = next((c for c in children if c.dep_ == "oprd"), None)
    if dobj is None or oprd is None or not dobj.i < oprd.i < min(c.i for c in ccomps):
        return None
    return dobj


def told_subject(children: list[Token], ccomps: list[Token]) -> Token | None:
    """The subject of what is told that the parser took for the cue's second object: "Reade told
    me the only named sources she could give me were her deceased mother and the friend" was
    shown as "were her deceased mother and the friend" (QA read, forty-eighth session; about 7
    such contents in 1,500 news-5k articles). Only after a listener (a dative) and right before
    a clause that has no subject of its own: "told the Post Sessions did not ..." hangs the
    listener on the object, and is left as it is."""
    dative = next((c for c in children if c.dep_ == "dative"), None)
    dobj = next((c for c in children if c.dep_ == "dobj"), None)
    if dative is None or dobj is None or len(ccomps) != 1 or not dative.head.i < dative.i < dobj.i:
        return None  # (not "which the source told Fox would save": "which" is what is told)
    clause = ccomps[0]
    if dobj.right_edge.i + 1 != clause.left_edge.i:
        return None
    return None if any(c.dep_ in _CLAUSE_SUBJECTS for c in clause.children) else dobj


_CLAUSE_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl", "csubj", "csubjpass"})


def passive_subject(doc: Doc, verb: Token, xcomp: Token) -> CharSpan | None:
    """The subject of a passive cue with an infinitive: "*Trump* is expected to unveil ...".

    Nobody named there speaks; the subject belongs to what is said, and PolNeAR's annotators
    mark it as a piece of the content (on train, 29 of 39 such subjects are inside it, and
    none of those attributions has a source).
    """
    subj = next((c for c in verb.children if c.dep_ == "nsubjpass" and c.i < verb.i), None)
    if subj is None or subj.right_edge.i >= xcomp.left_edge.i:
        return None
    return subtree(doc, subj)


def passive_subject_first(doc: Doc, verb: Token, lemma: str, spans: list[CharSpan]) -> list[CharSpan]:
    """``spans`` with the subject of a passive cue in front: "*Russia* has long been known for
    ...", "*who* was accused of ties to ...", "*Trump* has been criticized for failing to ...".

    As with an infinitive (``passive_subject``), nobody named there speaks and the subject is
    what is said of; PolNeAR's annotators put it in the content (on train 53 times against 17
    elsewhere, once the verbs that make it the addressee, ``ADDRESSED_VERBS``, are left out). Not an
    expletive "it" before a clause ("it was revealed that ..."), nor a subject the content
    already holds."""
    if lemma in ADDRESSED_VERBS or not spans:
        return spans
    subj = next((c for c in verb.children if c.dep_ == "nsubjpass" and c.i < verb.i), None)
    if subj is None or subj.lower_ == "it" or subj.right_edge.i >= verb.i:
        return spans
    piece = subtree(doc, subj)
    if piece is None or any(a <= piece[0] < b for a, b in spans) or piece[1] > spans[0][0]:
        return spans
    return [piece, *spans]


def acts_and_tells(clause: Token, verb: Token) -> bool:
    """ "authorities say Routh pulled up to his sister's home and told her he had killed two
    people": a named subject of the reported clause who acts and then tells someone is who
    tells, not the one reporting it (QA helper, forty-sixth session); "added" and the like still
    go on with the outer speaker ("Vale said she was tired and added")."""
    own = next((c for c in clause.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if own is None or own.pos_ not in ("PROPN", "NOUN") or verb.dep_ != "conj" or verb.head.i != clause.i:
        return False
    return verb.lemma_.lower() in ("tell", "inform", "warn", "assure") and any(
        c.dep_ == "dobj" for c in verb.children
    )


def authors_of_title(subject: Token) -> Token:
    """The authors the parser coordinated with a title: in "In their book The Public Wealth of
    Nations, Dag Detter and Stefan Fölster argue", the title is the subject and the authors its
    conjuncts or appositions. A title speaks for nobody; its authors do."""
    if subject.ent_type_ != "WORK_OF_ART":
        return subject
    return next(
        (c for c in subject.children if c.dep_ in ("conj", "appos") and c.ent_type_ == "PERSON"), subject
    )


#: Raising verbs: in "X seems to Y" nobody named speaks; X is what the impression is about.
SEEMING = frozenset({"seem", "appear"})


def seeming_subject(doc: Doc, verb: Token, lemma: str, xcomp: Token) -> CharSpan | None:
    """The subject of "seem"/"appear" with an infinitive: "*the senator* seemed to waver".

    The impression is the writer's, so the subject is a piece of the content, not the source:
    on PolNeAR train 95 of 116 such attributions have no annotated source, and the content
    starts at the subject (without the verb) in 62 of them; we started it at "to" in all.
    """
    if lemma not in SEEMING:
        return None
    subj = next((c for c in verb.children if c.dep_ == "nsubj" and c.i < verb.i), None)
    if subj is None or subj.right_edge.i >= xcomp.left_edge.i:
        return None
    return subtree(doc, subj)


def to_a_noise(verb: Token, xcomp: Token) -> bool:
    """Whether an infinitive the parser found under a saying verb is a phrase of what the room
    did: 'Trump said Saturday to resounding applause' (QA, forty-ninth session: "to resounding
    applause" was shown as what Trump said, twice in one article). After "to", an infinitive
    has its verb's base form, not an "-ing" one; but "admitting to disclosing" and "claimed to
    be investigating" are what was admitted and claimed, so only verbs that take no "to"
    complement count."""
    if _phoned_to(verb, xcomp):
        return True
    if xcomp.tag_ != "VBG" or verb.lemma_.lower() not in _NO_TO_COMPLEMENT:
        return False
    auxes = [a.lower_ for a in xcomp.children if a.dep_ == "aux"]
    if xcomp.dep_ == "pcomp":  # (parsed as a preposition's: "said to resounding applause.")
        return xcomp.head.lower_ == "to" and not auxes
    return auxes == ["to"]


def _phoned_to(verb: Token, xcomp: Token) -> bool:
    """ "Trump, who later Monday called Moore to offer his support": who is called is phoned,
    and the infinitive says why, no words (QA helper, fifty-first session; PolNeAR train marks
    no "called X to ..." but "called on X to ...", which keeps its "on")."""
    if verb.lemma_.lower() != "call" or not any(a.dep_ == "aux" and a.lower_ == "to" for a in xcomp.children):
        return False
    if xcomp.lemma_.lower() in SPEECH_VERBS | _SPEECH_ACTS or any(
        c.lower_ in ("on", "for", "upon") for c in verb.children
    ):
        return False  # ("called her to say ...", "to congratulate him", "called on X to resign")
    called = [c for c in verb.children if c.dep_ in ("dobj", "oprd") and c.i < xcomp.i]
    return any(c.pos_ in ("PROPN", "PRON") for c in called)


#: What a phone call is made to say: "she called Sanders to congratulate him" (PolNeAR train
#: marks it; QA helpers did not count "called Moore to offer his support" as words).
_SPEECH_ACTS = frozenset({
    "congratulate", "concede", "apologize", "apologise", "thank", "urge", "ask", "warn",
    "invite", "demand", "complain", "express", "voice", "plead", "beg", "request", "inform",
    "announce", "condole", "wish",
})  # fmt: skip


#: Saying verbs after which "to" starts no complement of what was said.
_NO_TO_COMPLEMENT = frozenset({"say", "add", "tell", "declare", "joke", "quip", "shout", "exclaim", "remark"})


def asked_whether(lemma: str, clause: Token) -> bool:
    """Whether ``clause`` is the question a verb of asking asks: "asked Sunday if President Obama
    pursued immigration reform “at the risk of ...”" parses the "if" clause as an adverbial
    (QA helper, fiftieth session: only the quoted words were shown, as a direct quote)."""
    return (
        lemma in ASKING_VERBS - {"question"}  # ("leaving some to question if ...": a doubt)
        and clause.dep_ == "advcl"
        and clause.i > clause.head.i  # (not a condition before it: 'If Russia is ..., “...?” asked Dunn')
        and any(m.dep_ == "mark" and m.lower_ in ("if", "whether") for m in clause.children)
    )


def passive_aside(verb: Token, quote_start: int) -> bool:
    """Whether ``verb`` heads a relative clause set off before a quote that goes on with the main
    clause: 'The letter, which was first reported by the Times, “does not add requirements
    ...”' is the letter's wording, not the paper's report (QA helper, fifty-first session: shown
    as the Times's). Only a passive clause ("which was reported by"): in "Lee, who said, “...”"
    the quote is the clause's own."""
    relative = any(c.dep_ == "nsubjpass" and c.tag_ in ("WDT", "WP") for c in verb.children)
    if verb.dep_ != "relcl" or not relative:
        return False
    end = verb.right_edge
    after = verb.doc[end.i + 1] if end.i + 1 < len(verb.doc) else None
    return after is not None and after.text == "," and after.idx < quote_start


def impersonal(verb: Token) -> bool:
    """Whether a verb's passive subject is an impersonal "it": in "had Trump acted sooner, and
    it is estimated he could have saved thousands", nobody named estimates, and the subject of
    the clause it is joined to does not either (QA helper, fifty-second session: Trump's)."""
    return any(c.dep_ in ("nsubjpass", "expl") and c.lower_ == "it" for c in verb.children)


def of_a_report(verb: Token, clause: Token) -> bool:
    """Whether a that-clause after a cue is what a noun of saying that the cue's preposition
    governs says: in "was responding to reports last week that she relied on a private email
    address" the parser hung the reports' claim on "responding" (QA helper, fifty-second
    session: shown as Clinton's words)."""
    if clause.i < verb.i or clause.left_edge.lower_ != "that":
        return False
    # (to: "said in a statement this month that he had reached a settlement" is his own)
    to = [p for p in verb.children if p.dep_ == "prep" and p.lower_ == "to" and p.i < clause.i]
    nouns = [o for p in to for o in p.children if o.dep_ == "pobj"]
    return any(o.lemma_.lower() in SPEECH_NOUNS for o in nouns)


#: Prepositions that open the members of a noun set off after it: "state-run media, including ...".
_MEMBERS = frozenset({"including", "like", "excluding"})


def without_members(doc: Doc, noun: Token) -> CharSpan | None:
    """The words of ``noun`` without a phrase of its members set off by a comma: in "according to
    state-run media, including numerous cancellations of domestic flights this year" the parser
    hung the complaints' examples on "media", and the speaker was "state-run media, including
    numerous cancellations ..." (QA helper, fifty-second session)."""
    span = subtree(doc, noun)
    cut = next(
        (c for c in noun.rights if c.dep_ == "prep" and c.lower_ in _MEMBERS and doc[c.i - 1].text == ","),
        None,
    )
    return chars(doc, noun.left_edge.i, cut.i - 2) if cut is not None and cut.i - 2 >= noun.i else span
