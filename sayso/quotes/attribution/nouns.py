"""Nominal cues: "her claim that ...", "a statement saying ...", "said in a statement".

A speech noun with a clause proposes that clause as its content, and its owner ("her", "by the
ministry", the one who issued it) as its source; without a clause it is a bare cue for a quote
beside it. Split from ``candidates.py``, which calls ``noun_candidate`` in its one pass.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from sayso.quotes.attribution.sources import cue_span, source_of
from sayso.quotes.attribution.spans import SUBJECT_DEPS, VERB_POS, chars, subtree
from sayso.quotes.cues import SPEECH_NOUNS, SPEECH_VERBS
from sayso.quotes.rules import Rules
from sayso.quotes.types import Candidate, CharSpan

#: Verbs whose subject answers a speech noun it takes as object, not says it: "Alexander denied
#: accusations that the NSA programs collect all data" was shown as Alexander's (QA helper,
#: thirty-ninth session). PolNeAR train: of 66 such objects of the commonest of these verbs
#: ("dismissed suggestions", "faced claims") the annotators marked 5 as cues.
_DISOWNING = frozenset({
    "deny", "reject", "dismiss", "dispute", "refute", "rebut", "deflect", "downplay", "contest",
    "counter", "challenge", "question", "ridicule", "mock", "decry", "face", "receive", "hear",
    "address", "investigate", "ignore", "mention", "discuss",
})  # fmt: skip
#: Verbs of saying the tagger reads as plural nouns at a sentence's end ("Institute states.").
_VERBS_READ_AS_NOUNS = frozenset(
    {"states", "notes", "says", "adds", "warns", "claims", "reports", "concludes"}
)


def noun_candidate(doc: Doc, noun: Token, lemma: str, rules: Rules) -> Candidate | None:
    """'her claim that ...', 'a statement saying ...': a nominal cue with a clause.

    Without a clause, a speech noun is a bare cue for a quote next to it ("Trump issued a
    statement, “...”").
    """
    if (
        noun.dep_ == "compound"
        and noun.head.pos_ in ("NOUN", "PROPN")
        and noun.head.i > noun.i
        and not any(c.dep_ == "poss" for c in noun.children)
        and not (noun.head.lower_ in _VERBS_READ_AS_NOUNS or noun.head.lower_ == "read")
    ):  # (not "Trump's tweet read, quote, “...”", the verb read as a noun)
        return None  # "fired another warning shot:" is no warning (QA helper: 'another' spoke)
    source: CharSpan | None = None
    deliverer: Token | None = None
    for c in noun.children:
        if c.dep_ == "poss":
            source = subtree(doc, c)
        elif c.dep_ == "prep" and c.lower_ in ("by", "from"):
            pobj = next((g for g in c.children if g.dep_ == "pobj"), None)
            if pobj is not None:
                source = subtree(doc, pobj)
                misread = (
                    pobj.tag_ == "NNS" and pobj.lower_ in _VERBS_READ_AS_NOUNS
                ) or pobj.lower_ == "read"
                if misread and pobj.i > pobj.left_edge.i:  # (or "A statement from Cohen read, “...”")
                    # "a report by the Guttmacher Institute states.": the tagger read the verb
                    # as a plural noun; it is no word of who wrote it (QA helper)
                    source = chars(doc, pobj.left_edge.i, pobj.i - 1)
    if source is None:  # "denying police claims that ...": the claims are the police's (QA read)
        source = _compound_speaker(doc, noun)
    if noun.dep_ == "dobj" and noun.head.lemma_.lower() in _DISOWNING and source is None:
        return None  # "Alexander denied accusations that ...": the accusers' words, not his
    if source is None and noun.dep_ in ("dobj", "nsubjpass") and noun.head.pos_ in VERB_POS:
        source = source_of(doc, noun.head, rules)
    elif source is None and _medium_of_saying(noun):
        # "Pfizer said in a statement that ...", the clause read as the statement's: who said
        # it wrote the statement (not "responded to the claim that ...": someone else's).
        source = source_of(doc, noun.head.head, rules)
    elif source is None and lemma in SPEECH_NOUNS and (deliverer := _delivered_with(noun)) is not None:
        # "Wilkie ended the interview with a message to those veterans: “...”": the message was
        # his, not a speaker of its own (QA helper, forty-second session)
        source = source_of(doc, deliverer, rules)
    cue = (noun.idx, noun.idx + len(noun.text))
    clause = next(
        (c for c in noun.children if c.dep_ in ("acl", "ccomp", "relcl", "appos") and c.i > noun.i),
        None,
    )
    if clause is not None and deliverer is not None:
        source = None  # ("took issue with the argument that ...": someone else's argument)
    if clause is not None and clause.dep_ == "relcl" and any(_relative_subject(c) for c in clause.children):
        return None  # "his tweet that said Dorian would ...": the clause's own "said" reports it
    has_that = clause is not None and any(c.dep_ == "mark" and c.lower_ == "that" for c in clause.children)
    if clause is None or not (has_that or clause.lemma_.lower() == "say"):
        if lemma in SPEECH_NOUNS and not _medium_of(noun) and not _subject_of_other(noun):
            return Candidate("bare", lemma, cue, [], source, cue_token=noun.i)
        return None
    if clause.lemma_.lower() == "say" and any(c.dep_ == "ccomp" and c.i > clause.i for c in clause.children):
        # "released a statement saying he had asked ...": "saying" is a cue of its own, with the
        # same speaker; the noun's item began with the cue word and showed the words twice (QA
        # helper, forty-ninth session)
        return None
    span = subtree(doc, clause)
    if span is None:
        return None
    answer = _answered(noun)
    if answer is not None:
        # 'Trump tweeted after Pelosi's statement that “...”': the parser hung the clause on
        # the statement; the one who tweeted said it (tenth QA read: shown as Pelosi's).
        return Candidate(
            "noun",
            answer.lemma_.lower(),
            cue_span(doc, answer, rules),
            [span],
            source_of(doc, answer, rules),
            cue_token=answer.i,
        )
    return Candidate("noun", lemma, cue, [span], source, cue_token=noun.i)


def _compound_speaker(doc: Doc, noun: Token) -> CharSpan | None:
    """The words before a speech noun that name who spoke: "police claims", "White House
    statement", "government assertion"; not "fan fears" (a verb read as a noun), "tax claims", nor
    a "campaign message" or a "media statement" (made in a campaign, given to the media: on PolNeAR
    dev Obama's "campaign message: “It's about me.”" went to "campaign"). A party's adjective
    too: "Republican claims that ..." (QA helper, fortieth session: shown as the words of the
    lawyer who "fueled" them); not a nation's ("the American idea that no one is above the
    law" is no one's claim)."""
    mods = [
        c
        for c in noun.children
        if c.i < noun.i and (c.dep_ == "compound" or (c.dep_ == "amod" and c.lower_ in _PARTY_WORDS))
    ]
    if not mods:
        return None
    first = min(m.left_edge.i for m in mods)
    words = doc[first : noun.i]
    named = any(t.ent_type_ in ("PERSON", "ORG", "NORP", "GPE") for t in words)
    body = all(t.pos_ == "NOUN" for t in words) and words[-1].lemma_.lower() in _SPEAKING_BODIES
    return chars(doc, first, noun.i - 1) if named or body else None


#: Parties whose adjective before a speech noun names its speakers: "Republican claims".
_PARTY_WORDS = frozenset({"republican", "democratic", "gop"})
#: Bodies that a bare noun before a speech noun names as its speaker: "police claims".
_SPEAKING_BODIES = frozenset(
    {"police", "government", "administration", "military", "army", "prosecution", "regime"}
)


def _relative_subject(tok: Token) -> bool:
    """Whether ``tok`` is the "that"/"which" subject of a relative clause: the noun says itself."""
    return tok.dep_ in ("nsubj", "nsubjpass") and tok.tag_ in ("WDT", "WP")


#: Prepositions of time that put one utterance after another: "tweeted after her statement".
_ANSWERING = frozenset({"after", "following", "since"})


def _answered(noun: Token) -> Token | None:
    """The verb of saying whose words follow a speech noun it answers ("X tweeted after Y's
    statement that ..."): a verb with a subject of its own and no clause of its own. Also
    through a gerund after the preposition: "Jordan said after listening to Volker's testimony
    that “...”" (QA helper, fortieth session: shown as Volker's)."""
    if noun.dep_ != "pobj":
        return None
    prep = noun.head
    if prep.head.dep_ == "pcomp" and prep.head.tag_ == "VBG" and prep.head.head.dep_ == "prep":
        prep = prep.head.head  # "after listening to X's testimony"
    if prep.lower_ not in _ANSWERING or prep.head.i == prep.i:
        return None
    verb = prep.head
    if verb.lemma_.lower() not in SPEECH_VERBS or verb.i > noun.i:
        return None
    if not any(c.dep_ == "nsubj" for c in verb.children):
        return None
    if any(c.dep_ in ("ccomp", "dobj", "xcomp") for c in verb.children):
        return None
    return verb


def _medium_of_saying(noun: Token) -> bool:
    """A speech noun after "in" on a verb of saying: "said *in a statement*", "wrote in a letter"."""
    return _medium_of(noun) and noun.head.head.lemma_.lower() in SPEECH_VERBS


def _delivered_with(noun: Token) -> Token | None:
    """The verb a speech noun after "with" comes with: "responded with a statement", "ended the
    interview with a message" (the parse may hang "with" on the verb's object)."""
    prep = noun.head
    if noun.dep_ != "pobj" or prep.lower_ != "with" or prep.head.i == prep.i:
        return None
    verb = prep.head
    if verb.pos_ == "NOUN" and verb.dep_ == "dobj":
        verb = verb.head
    if verb.lemma_.lower() == "come":
        return None  # "came up with the sign idea": an invention, not a delivery
    return verb if verb.pos_ in VERB_POS and verb.i < noun.i else None


def _subject_of_other(noun: Token) -> bool:
    """Whether a speech noun is the subject of a verb that neither says nor is: "She said
    Republican views on the issue are changing, but politicians “may not ...”" (QA helper,
    fifty-first session: the quote was shown as the Republicans' views)."""
    verb = noun.head
    if noun.dep_ != "nsubj" or verb.pos_ not in VERB_POS or verb.lemma_.lower() in SPEECH_VERBS:
        return False
    if noun.tag_ != "NNS" or any(
        c.dep_ == "poss" or (c.dep_ == "prep" and c.lower_ in ("from", "by")) for c in noun.children
    ):
        return False  # "Krauthammer's statement, “...,” drew 22,000 votes": his own words
    return verb.lemma_.lower() not in _NOUN_GOES_ON


#: Verbs a speech noun is the subject of when it introduces its words all the same ("His
#: statement read:", "The message goes on:", "The letter begins, “...”").
_NOUN_GOES_ON = frozenset({"be", "read", "go", "run", "begin", "start", "end", "continue", "state"})


def _medium_of(noun: Token) -> bool:
    """Whether a speech noun is where a verb's words appeared: 'said *in a statement*', 'wrote
    *in a letter*'. The verb is the cue; the noun proposed as a bare cue of its own took the
    second half of a split quote ('“...,” he said in a statement, “and yet ...”'). Train: exact
    contents +3, one fewer overlap match; no direct quote changes its source."""
    prep = noun.head
    if noun.dep_ != "pobj" or prep.lower_ != "in" or prep.head.i == prep.i:
        return False
    verb = prep.head
    return verb.pos_ in VERB_POS and verb.i < noun.i


#: What only a verb takes: a parse that gives a "noun" one of these read it right as a verb.
_VERB_ARGUMENTS = frozenset({"xcomp", "ccomp", "dobj", "prep", "dative", "advcl"})


def noun_read_as_verb(tok: Token) -> bool:
    """Whether a word the tagger read as a verb is a noun the parse put in a noun's place: "he
    previewed his defense in an all-caps tweet: “...”" made "tweet" a verb whose "subject" was
    "all-caps" (QA helper, forty-ninth session: the quote had no speaker). A preposition's
    object with an article or an owner, and nothing only a verb takes ("in a call to abandon
    X" stays a verb's)."""
    return (
        tok.dep_ == "pobj"
        and tok.tag_ in ("VB", "VBP")  # a noun's form ("tweet"), not "states" (a misparse's verb)
        and any(c.dep_ in ("det", "poss") for c in tok.children)
        and not any(c.dep_ in _VERB_ARGUMENTS for c in tok.children)
    )


def adjective_read_as_verb(tok: Token) -> bool:
    """Whether a participle the tagger read as a finite verb modifies the plural noun after it:
    "Ohio, where 136 pledged delegates are at stake" made "136" speak and "delegates are at
    stake" what it pledged (QA helper, fiftieth session). A number right before it and a plural
    noun right after it: "34 said they have been", "712 responded" stay verbs. A participle the
    parse puts before its noun is an adjective too: "summarized the skepticism with an
    oft-repeated line: “...”" was the skepticism's line (QA helper, fifty-second session)."""
    doc = tok.doc
    if tok.tag_ == "VBN" and tok.dep_ == "amod" and tok.head.i > tok.i:
        # inside a noun phrase its determiner opens, with no subject: not "Trump told supporters"
        opened = any(c.dep_ == "det" and c.i < tok.i for c in tok.head.children)
        return opened and not any(c.dep_ in ("nsubj", "nsubjpass") for c in tok.children)
    if tok.tag_ not in ("VBD", "VBN") or tok.i == 0 or tok.i + 1 >= len(doc):
        return False
    before, after = doc[tok.i - 1], doc[tok.i + 1]
    return before.tag_ == "CD" and before.head.i == tok.i and after.tag_ == "NNS"


def participle_lemma(tok: Token, lemmas: frozenset[str], min_chars: int) -> str | None:
    """The verb of a participle the parser took for a noun: 'with one reader writing: “...”'.

    Only with a subject of its own, so "his writing" or "the saying" stay nouns.
    """
    word = tok.lower_
    if tok.pos_ != "NOUN" or not word.endswith("ing") or len(word) < min_chars:
        return None
    subject = any(c.dep_ in SUBJECT_DEPS for c in tok.children)
    # "with one reader writing": the parser often glues the subject on as a compound
    glued = (
        tok.dep_ == "pobj" and tok.head.lower_ == "with" and any(c.dep_ == "compound" for c in tok.children)
    )
    if not (subject or glued):
        return None
    stem = word[:-3]
    for lemma in (stem, stem + "e", stem[:-1]):
        if lemma in lemmas:
            return lemma
    return None
