"""Candidate proposal: one pass over the tokens, proposing every construction that may report speech.

A *candidate* is a cue word in a construction ("X said that ...", "..., X said", "according
to X", "X's claim that ...", a "NAME: text" line), with the content and source that construction
implies and a confidence looked up in the cue lexicon per lemma and construction. Nothing is
decided here: attaching quotation marks (``attach.py``) and the stage (``__init__.py``) choose
among candidates. ``scripts/learn_cues.py`` calls ``candidates(every_verb=True)`` to learn the
lexicon, so proposal must not depend on the lexicon beyond its cheap lemma filter.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator

from spacy.tokens import Doc, Token

from sayso.quotes.attribution.clauses import (
    SEEMING,
    asked_whether,
    named_as,
    of_a_report,
    passive_subject,
    passive_subject_first,
    second_that_clause,
    seeming_subject,
    to_a_noise,
    told_subject,
    without_members,
)
from sayso.quotes.attribution.fronted import with_fronted
from sayso.quotes.attribution.layout import line_candidates
from sayso.quotes.attribution.misreads import free_relative
from sayso.quotes.attribution.nouns import (
    adjective_read_as_verb,
    noun_candidate,
    noun_read_as_verb,
    participle_lemma,
)
from sayso.quotes.attribution.others import someone
from sayso.quotes.attribution.sources import cue_span, source_of
from sayso.quotes.attribution.spans import SUBJECT_DEPS, VERB_POS, WHEN, chars, subtree, subtree_minus, trim
from sayso.quotes.attribution.trims import cut_content, keep_to_paragraphs, set_phrase
from sayso.quotes.cues import (
    ADDRESSED_VERBS,
    OCCASION_NOUNS,
    SPEECH_NOUNS,
    SPEECH_VERBS,
    CueLexicon,
    load_lexicon,
)
from sayso.quotes.glyphs import (
    DOUBLED,
    LEFT_DOUBLE,
    LEFT_SINGLE,
    QUOTE_MARKS,
    STRAIGHT_DOUBLE,
    STRAIGHT_SINGLE,
)
from sayso.quotes.rules import DEFAULT_RULES, Rules
from sayso.quotes.types import Candidate, CharSpan, MarkedQuote

_CONTENT_DEPS = frozenset({"ccomp"})
_PREPS = frozenset({"for", "on", "to", "about", "of", "against", "at", "with", "over"})
#: Prepositions that, after a cue's object, set the scene of the speech act, not what it was about:
#: PolNeAR leaves "criticized X *at a rally*" out of the content, keeps "criticized X *for* ...",
#: "described X *as* ..." (on train, phrases after the object headed by "as", "for", "to", "of",
#: "with" are inside the content 83-95% of the time; by "on", "at", "after", "before" 20-43%).
_SCENE_PREPS = frozenset({"on", "at", "after", "during", "before", "since", "until", "amid", "following"})
#: Entity types of a place or a time: "endorsed X *in Iowa*", "*in December*" set the scene too.
_SCENE_ENTS = frozenset({"DATE", "TIME", "GPE", "LOC", "FAC", "EVENT"})


def _lets(verb: Token) -> bool:
    """A verb under "Let's" or "let us", whose subject is the writer with the reader (thirty-first
    session's QA read: "Let’s say you and your child are from Honduras" was said by "’s")."""
    if verb.dep_ == "conj" and verb.head.i < verb.i and _lets(verb.head):
        return True  # "let's take it a step further and posit that ..." (forty-sixth session)
    us = any(c.dep_ == "nsubj" and c.lower_ in ("'s", "’s", "us") for c in verb.children)
    return us and verb.head.lemma_.lower() == "let" and verb.head.i < verb.i


def _purpose(verb: Token) -> bool:
    """A verb after "in order to" or "so as to": what an act is for, not anything said (QA
    helper, forty-sixth session: "in order to assure that ..." was the noun "order"'s)."""
    doc, i = verb.doc, verb.i
    if i < 3 or doc[i - 1].lower_ != "to":
        return False
    return (doc[i - 3].lower_, doc[i - 2].lower_) in (("in", "order"), ("so", "as"))


def _verb_candidates(doc: Doc, verb: Token, lemma: str, rules: Rules) -> Iterator[Candidate]:
    children = list(verb.children)
    deps = {c.dep_ for c in children}
    source = source_of(doc, verb, rules)
    if lemma in SEEMING and source is not None:
        said_by = doc.char_span(source[0], source[1], alignment_mode="expand")  # not doc.text: O(n)
        if said_by is not None and said_by.text.lower() == "it":
            source = None  # "It seems (that) ...": the writer's hedge, nobody named speaks
    cue = cue_span(doc, verb, rules)
    announces = any(c.dep_ == "punct" and c.text == ":" and c.i > verb.i for c in children)
    announces = announces or _ends_before_quote(doc, verb)
    ccomps = [
        c for c in children if (c.dep_ in _CONTENT_DEPS or asked_whether(lemma, c)) and _apart(doc, c, verb)
    ]
    if ccomps:
        spans = [s for s in (subtree(doc, c) for c in ccomps) if s]
        if spans and (more := second_that_clause(doc, verb, ccomps)) is not None:
            spans[-1] = (spans[-1][0], more)
        named = named_as(children, ccomps) or told_subject(children, ccomps)
        if named is not None:
            # 'called the fine “absurd” and not a rule the league is bound to enforce':
            # the parser took the relative clause of the predicative for a clause of the cue;
            # what was said runs from the object through it (so does "told me the sources ...
            # were", whose subject the parser took for an object).
            whole = chars(doc, named.left_edge.i, max(c.right_edge.i for c in ccomps))
            spans = [whole] if whole else spans
        if source is not None:
            # 'Ada Salk, a rabbi helping to organize it, said ...': the parser made the
            # speaker's apposition a clause of the cue; who speaks is no part of what is said.
            # (A relative clause's piece holds its subject and runs past the cue: "who he
            # claims has been unfair" is cut later, by ``_without_cue_clause``.)
            spans = [s for s in spans if s[1] > verb.idx or s[1] <= source[0] or s[0] >= source[1]]
        if spans:
            spans = passive_subject_first(doc, verb, lemma, spans)
            yield Candidate("ccomp", lemma, cue, spans, source, cue_token=verb.i)
    elif "xcomp" in deps and not to_a_noise(verb, xcomp := next(c for c in children if c.dep_ == "xcomp")):
        first = xcomp.left_edge.i
        for c in children:
            if c.dep_ == "dobj" and c.i < xcomp.i:
                first = min(first, c.left_edge.i)
            elif _called_on(lemma, verb, c, xcomp):
                # "called on Congress to act": who is called on is part of what is asked for
                # (on PolNeAR train the content starts there 19 times, at "to" 5 times).
                first = min(first, c.i + 1)
        span = chars(doc, first, xcomp.right_edge.i)
        raised = passive_subject(doc, verb, xcomp)
        seeming = seeming_subject(doc, verb, lemma, xcomp)
        if span and raised:
            # "Some advisers are said to be urging ...": the subject is part of what is said.
            yield Candidate("xcomp", lemma, cue, [raised, span], _agent(doc, verb), cue_token=verb.i)
        elif span and seeming:
            yield Candidate("xcomp", lemma, cue, [seeming, span], None, cue_token=verb.i)
        elif span:
            yield Candidate("xcomp", lemma, cue, [span], source, cue_token=verb.i)
    elif "dobj" in deps:
        dobj = next(c for c in children if c.dep_ == "dobj")
        last = dobj.right_edge.i
        scene = False  # past a phrase setting the scene, later phrases are not content either
        for c in children:
            if c.i <= dobj.i:
                continue
            if c.dep_ in ("oprd", "advcl", "acomp") or (c.dep_ == "dobj" and dobj.i < verb.i and _marked(c)):
                last = max(last, c.right_edge.i)  # (and 'which X pronounced “nonsense”', misparsed)
            elif c.dep_ == "prep" and not scene:
                if _occasion(c):
                    continue  # "praised the plan *in an interview*": not content, unless more is
                if _about_content(c):
                    last = max(last, c.right_edge.i)
                else:
                    scene = True
        span = chars(doc, _topic_start(dobj), last)
        if span:
            spans = passive_subject_first(doc, verb, lemma, [span])
            yield Candidate("dobj", lemma, cue, spans, source, cue_token=verb.i)
    else:
        for prep in children:
            if prep.dep_ == "prep" and prep.lower_ in _PREPS and prep.i > verb.i:
                pobj = next((c for c in prep.children if c.dep_ in ("pobj", "pcomp")), None)
                if pobj is not None and pobj.ent_type_ not in WHEN and not to_a_noise(verb, pobj):
                    # (not "announced on Tuesday")
                    span = subtree(doc, pobj)
                    if span:
                        key = f"{lemma} {prep.lower_}"
                        cue = cue_span(doc, verb, rules, prep)
                        spans = passive_subject_first(doc, verb, lemma, [span])
                        yield Candidate("prep", key, cue, spans, source, cue_token=verb.i)
                    break
    # "..., she said, ..." / "..., officials said." : the cue hangs off the content's verb;
    # not a clause "that" subordinates ("she conceded that she had told the board": what she
    # conceded is no words of the telling).
    head = verb.head
    has_subject = any(c.dep_ in SUBJECT_DEPS for c in children)
    # (not a quote's own "said" before its closing mark: '“... came out and said, ‘...’” Mr. Rogers told')
    reported = verb.dep_ == "ccomp" and head.i < verb.i and head.lemma_.lower() in SPEECH_VERBS
    reported = reported and not any(t.is_quote for t in doc[head.i : verb.i])
    if (
        head.i != verb.i
        and source is not None
        and not ccomps
        and not free_relative(verb)  # not "That's not what the director said"
        and not reported  # "He said leaders pledged the fund would ...": the pledge is what he said
        and (verb.dep_ == "parataxis" or (verb.dep_ == "ccomp" and has_subject and "mark" not in deps))
    ):
        spans = with_fronted(doc, verb, subtree_minus(doc, _parenthetical_root(doc, head, verb), verb))
        # Not when the speaker stands in that clause: 'X, citing the length of the list, said'.
        if spans and not any(a <= source[0] < b for a, b in spans):
            yield Candidate("para", lemma, cue, spans, source, cue_token=verb.i)
    if not ccomps:
        # No clause of its own: the cue of a quote the parser did not hang under it.
        yield Candidate("bare", lemma, cue, [], source, cue_token=verb.i, announces=announces)


#: What opens a quotation right after a sentence of speaker and verb alone.
_OPENING = STRAIGHT_DOUBLE + LEFT_DOUBLE + STRAIGHT_SINGLE + LEFT_SINGLE
#: What may hang on a cue that is a sentence of its own: "Bystrom agreed.", "He then added."
_BARE_SENTENCE_DEPS = frozenset({"nsubj", "punct", "advmod", "aux", "npadvmod", "neg"})


def _ends_before_quote(doc: Doc, verb: Token) -> bool:
    """A sentence that is only a speaker and a verb of saying, right before a quotation in its
    paragraph: 'Dianne Bystrom agreed. “Mainstream Republicans ...”' announces the quote as a
    colon would (on train the quote went to the speaker of the paragraph before)."""
    if not any(c.dep_ == "nsubj" for c in verb.children):
        return False
    if any(c.dep_ not in _BARE_SENTENCE_DEPS for c in verb.children):
        return False
    end = verb.i + 1
    if end >= len(doc) or doc[end].text not in (".", "!") or end + 1 >= len(doc):
        return False
    start = verb.sent.start
    if start > 0 and "\n" not in doc[start - 1].whitespace_ + doc[start - 1].text:
        return False  # not the paragraph's first sentence: '“...?” Trump said. “...”' is one quote
    if any(t.is_quote or t.text in QUOTE_MARKS or t.text in DOUBLED for t in doc[start : verb.i]):
        return False
    nxt = doc[end + 1]
    return "\n" not in doc[end].whitespace_ and nxt.text[:1] in _OPENING


def _parenthetical_root(doc: Doc, head: Token, verb: Token) -> Token:
    """What a cue set off by commas inside a sentence speaks of: the whole sentence.

    In 'The city needs money, planners say, to rebuild the wall' the parser may hang "say" on
    the purpose clause after it; what the planners say is the sentence around them.
    """
    lo, hi = verb.left_edge.i, verb.right_edge.i
    left = doc[lo].text == "," or (lo > 0 and doc[lo - 1].text == ",")
    right = doc[hi].text == "," or (hi + 1 < len(doc) and doc[hi + 1].text == ",")
    set_off = left and right
    root = verb.sent.root
    if not set_off or head.i == root.i or root.i == verb.i or not root.left_edge.i < lo:
        return head
    return root


#: A cue with one of these after it says its own thing there, so a clause before it is no
#: content of its: 'It has been fast-tracked, but, with the odds high, Republicans are considering
#: tucking it into a spending bill' (the parser hung the first clause on "considering"). On train:
#: 12 such items no annotator marked and 5 annotated ones gone, 15 annotated contents found
#: instead. Not "ccomp": after "said" a second clause is as often a quote's second half or
#: another statement (72 annotated items lost against 83 gained, 16 spurious gone, 29 new).
_OWN_COMPLEMENTS = frozenset({"xcomp"})
#: ... nor past a colon or a semicolon when it has a clause of its own after it: 'Doubt has had a
#: cumulative effect: some 20 percent said ...' (train: 10 more exact contents, 29 items that
#: overlapped an annotated one turned into 28 that match one).
_CLAUSE_BREAKS = frozenset({":", ";"})


def _apart(doc: Doc, clause: Token, verb: Token) -> bool:
    """Whether a clause before its cue is set apart from the cue's own clause, as what was said
    is: '... is over, officials said', '“...” he said'. With nothing between them ('It jars the
    senses to watch Cole accuse her rival'), a semicolon, or a complement of the cue's own
    (``_OWN_COMPLEMENTS``, ``_CLAUSE_BREAKS``) the parser made a clause of the narration the
    cue's complement; a quote between them still sets a clause apart. Clauses after the cue
    are never in question."""
    if clause.i > verb.i:
        # Not the main clause after the comma of a subordinate clause that the parser made the
        # root ('After Lee announced Ortiz as his deputy, “...” became a best-seller'), nor the
        # second half of another's clause ('asked Omar about her insistence that police be
        # defunded and an alternative force should be put in place': "and" is "defunded"'s).
        end = _subordinate_end(verb) if verb.dep_ == "ROOT" else None
        cc = doc[clause.left_edge.i - 1]
        stray = cc.dep_ == "cc" and verb.i < cc.head.i < cc.i and cc.head.head.i != verb.i
        stray = stray or of_a_report(verb, clause)  # "responding to reports that ..."
        return (end is None or clause.left_edge.idx < end) and not stray
    gap = doc[clause.right_edge.i + 1 : verb.i]
    if any(t.text == ";" for t in doc[clause.right_edge.i : verb.i]):
        return False  # 'X called Y “a bigot;” Y accused X of ...': two clauses (ninth QA read)
    if any(t.is_quote for t in gap):
        return True
    own = {c.dep_ for c in verb.children if c.i > verb.i}
    if own & _OWN_COMPLEMENTS or ("ccomp" in own and any(t.text in _CLAUSE_BREAKS for t in gap)):
        return False
    if verb.lemma_.lower() not in ADDRESSED_VERBS and any(_own_object(verb, c) for c in verb.children):
        return False  # "As the death toll rises ..., the attack adds extra weight to the question"
    if len(gap) == 0 or any(t.text in _APART or t.is_space for t in gap):
        return True
    # The comma that sets it apart may hang inside the clause: "... and had worked for him for
    # years, a source close to the situation said." (forty-fifth session). Only a verb of saying
    # that closes its sentence, with its subject between: "It was, Simon told me, “...”", "...
    # their bodies, the harm will inevitably continue" are no such reports.
    return doc[clause.right_edge.i].text == "," and _closing_report(verb)


def _closing_report(verb: Token) -> bool:
    """A verb of saying that ends its sentence, but for when and where: "..., officials said
    Tuesday in a statement."."""
    if verb.lemma_.lower() not in SPEECH_VERBS:
        return False
    if any(c.dep_ == "nsubj" and c.lower_ in ("i", "we", "you") for c in verb.children):
        return False  # "his message is, I told you so."
    after = verb.doc[verb.i + 1 : verb.sent.end]
    return not any(t.pos_ in ("VERB", "AUX") or t.is_quote for t in after)


def _own_object(verb: Token, obj: Token) -> bool:
    """An object after a cue that is what the cue does, not whom it tells ("told the paper") nor
    a list it announces ("he said: a plane crash, Christmas, ...")."""
    doc = verb.doc
    return (
        obj.dep_ == "dobj"
        and obj.i > verb.i
        and not someone(obj)
        and not any(t.text == ":" for t in doc[verb.i : obj.left_edge.i])
    )


#: Conjunctions that make a clause subordinate: its verb says when or why, not the main clause
#: after it ("as" is left out: 'As Lee put it, “...”' is an attribution).
_SUBORDINATORS = frozenset({
    "after", "before", "when", "whenever", "once", "since", "until", "while", "because",
    "although", "though", "unless",
})  # fmt: skip


def _subordinate_end(verb: Token) -> int | None:
    """The comma that ends a subordinate clause opening the sentence, headed by ``verb`` ('After
    Lee announced Ortiz as his deputy, “Mending the Harbor” became a best-seller': the parser
    hung the main clause on "announced", and the book title became Lee's words), or None."""
    marks = [c for c in verb.children if c.dep_ == "mark" and c.lower_ in _SUBORDINATORS and c.i < verb.i]
    if not marks or not _opens_sentence(marks[0]):
        return None  # only a clause that opens the sentence ('..., though he said, “...”' is not)
    # The first comma after the verb: the parser hangs it anywhere, on the verb or inside the
    # main clause ('..., “Dereliction of Duty” became ...' read as an apposition). Not one
    # inside quotation marks ('Although he says he “loves China,” and “...,” he ...').
    doc = verb.doc
    for t in doc[verb.i + 1 : verb.sent.end - 1]:
        if t.text == "," and not (not t.whitespace_ and doc[t.i + 1].is_quote):
            return t.idx
    return None


def _opens_sentence(tok: Token) -> bool:
    """First of its sentence, or of its paragraph (the parser may run a paragraph that starts
    after a closing mark into the sentence before)."""
    return tok.i == tok.sent.start or tok.doc[tok.i - 1].is_space


#: Punctuation that sets a cue clause apart from what was said (a hyphen inside a word does not).
_APART = frozenset({",", ";", ":", "—", "–", "--", "(", ")", ".", "?", "!"})
#: Prepositions after a cue's object that introduce what the speech was about: PolNeAR starts the
#: content after them ("raised concerns *about* X" -> "X"). On train, the content starts at the
#: object of "about" 35 times in 54 and at the noun 15 times; of "against" 8 in 10.
_TOPIC_PREPS = frozenset({"about", "against"})


def _topic_start(dobj: Token) -> int:
    """The first token of a cue object's content: the noun, or the topic it introduces.

    In "issued a cautious note about the jobs report" the noun is part of the cue and the
    content is "the jobs report". A "that" clause after the noun does not work the same way:
    "made a false claim that X" keeps the noun as often as not, so the noun stays.
    """
    for c in dobj.children:
        if c.i > dobj.i and c.dep_ == "prep" and c.lower_ in _TOPIC_PREPS:
            pobj = next((g for g in c.children if g.dep_ in ("pobj", "pcomp")), None)
            if pobj is not None:
                return pobj.left_edge.i
    return dobj.left_edge.i


#: Prepositions after "call" whose object is the one asked: "called *on* X to ...".
_CALLED_ON = frozenset({"on", "upon"})


def _called_on(lemma: str, verb: Token, prep: Token, xcomp: Token) -> bool:
    return (
        lemma == "call"
        and prep.dep_ == "prep"
        and prep.lower_ in _CALLED_ON
        and verb.i < prep.i < xcomp.i
        and prep.right_edge.i > prep.i
    )


def _agent(doc: Doc, verb: Token) -> CharSpan | None:
    """Who a passive cue names as the speaker ("is expected *by analysts* to ..."), if anyone."""
    for c in verb.children:
        if c.dep_ == "agent":
            pobj = next((g for g in c.children if g.dep_ == "pobj"), None)
            if pobj is not None:
                return subtree(doc, pobj)
    return None


def _marked(tok: Token) -> bool:  # (its words in quotation marks)
    return any(t.text in QUOTE_MARKS for t in tok.doc[max(0, tok.left_edge.i - 1) : tok.right_edge.i + 1])


def _about_content(prep: Token) -> bool:
    """Whether a phrase after a cue's object belongs to the content ("criticized X *for* Y")."""
    if prep.lower_ in _SCENE_PREPS:
        return False
    pobj = next((c for c in prep.children if c.dep_ in ("pobj", "pcomp")), None)
    return pobj is None or pobj.ent_type_ not in _SCENE_ENTS


def _occasion(prep: Token) -> bool:
    """Whether a phrase after a cue's object tells where the words were said ("in a tweet")."""
    return prep.lower_ == "in" and any(c.dep_ == "pobj" and c.lower_ in OCCASION_NOUNS for c in prep.children)


def _according_candidate(doc: Doc, tok: Token) -> Candidate | None:
    """'according to X, ...': X is the source, the clause it modifies is the content."""
    to = next((c for c in tok.children if c.lower_ == "to"), None)
    if to is None:
        return None
    pobj = next((c for c in to.children if c.dep_ == "pobj"), None)
    if pobj is None:
        return None
    head = tok.head
    if head.i == tok.i:
        return None
    if _said_by_someone(head, tok):  # '“...,” he said, according to two advisers, “...”': the
        return None  # words are his, the advisers how the reporter knows it
    head = _first_conjunct(head, tok)
    spans = subtree_minus(doc, head, tok)
    source = without_members(doc, pobj)
    comma = _subject_after_comma(doc, head, tok, pobj)
    if comma is not None:
        # "According to McCabe, Deputy Attorney General Rod Rosenstein brought up ...": the
        # parser read the subject as an apposition of McCabe, so Rosenstein was the source and
        # the content had no subject (QA helper, twenty-first session).
        source = chars(doc, pobj.left_edge.i, comma - 1)
        subject_on = chars(doc, comma + 1, head.right_edge.i)
        spans = [subject_on] if subject_on is not None else spans
    if not spans:
        return None
    cue = (tok.idx, to.idx + len(to.text))
    return Candidate("accord", "according to", cue, spans, source, cue_token=tok.i)


def _said_by_someone(head: Token, according: Token) -> bool:
    """Whether the clause an "according to" hangs on is, or is the complement of, a verb of
    saying whose subject comes first: "Schiff said that ... need ..., according to NPR" (QA
    read, twenty-third session: five such quotes went to the outlet). Not "[Trump] said ...",
    nor "..., according to a study, twice the rate scientists had predicted"."""
    if head.lemma_.lower() == "say" and any(c.dep_ in SUBJECT_DEPS for c in head.children):
        return True  # (also "According to the paper, an aide said that ...")
    # "His message, according to a member in the room: “...”" (QA, 49th session: the member's):
    # the parser makes the noun the subject of the words after the colon
    colon = any(t.text == ":" for t in head.doc[according.i : head.i])
    for noun in [c for c in head.children if c.dep_ in SUBJECT_DEPS and c.i < according.i] if colon else []:
        if noun.lemma_.lower() in SPEECH_NOUNS and any(c.dep_ == "poss" for c in noun.children):
            return True
    if any(_said_aside(c) and c.i < according.i for c in head.children):
        return True  # "Otherwise, he said, Biden will become “history to me,” according to ..."
    verb = head
    while verb.lemma_.lower() not in SPEECH_VERBS and verb.dep_ in ("ccomp", "xcomp") and verb.head != verb:
        verb = verb.head
    subject = any(c.dep_ in SUBJECT_DEPS and not c.is_punct and c.i < according.i for c in verb.children)
    if not subject and verb.tag_ == "VBG" and verb.dep_ in ("advcl", "conj"):
        # a participle whose subject is its clause's: "Biden has made a point of ..., telling the
        # NRA that “...”, according to Richard Feldman" (QA helper, forty-ninth session: the
        # words went to Feldman, who was there)
        subject = any(c.dep_ in SUBJECT_DEPS and c.i < verb.i for c in verb.head.children)
    if verb.lemma_.lower() not in SPEECH_VERBS or not subject:
        return False
    return verb.lemma_.lower() == "say" or any(c.dep_ in ("ccomp", "xcomp") for c in verb.children)


def _said_aside(verb: Token) -> bool:
    """A parenthetical "he said" set in the clause it reports (thirty-sixth session's QA read:
    the clause went to the agency it was "according to")."""
    return (
        verb.dep_ == "parataxis"
        and verb.lemma_.lower() in SPEECH_VERBS
        and any(c.dep_ in SUBJECT_DEPS for c in verb.children)
        and not set_phrase(verb.doc, verb)  # "All told, ..."
    )


def _subject_after_comma(doc: Doc, head: Token, according: Token, pobj: Token) -> int | None:
    """The comma inside an opening "according to X, Y" whose Y is the subject of the clause
    the phrase modifies: the clause's verb follows Y and has no subject of its own."""
    last = pobj.right_edge.i
    if according.i != head.left_edge.i or last + 1 != head.i or head.pos_ not in VERB_POS:
        return None
    if any(c.dep_ in SUBJECT_DEPS or c.dep_ == "nsubjpass" for c in head.children):
        return None
    for i in range(pobj.left_edge.i + 1, last):
        if doc[i].text == "," and any(t.pos_ in ("PROPN", "NOUN", "PRON") for t in doc[i + 1 : last + 1]):
            return i
    return None


def _first_conjunct(head: Token, cue: Token) -> Token:
    """What an 'according to X' after coordinated clauses vouches for: all of them.

    In 'Sales rose in May, but rents fell, according to the county' the parser hangs the phrase
    on the last clause, and the content was that clause alone; PolNeAR's annotators take the
    whole coordination (train: exact "according to" contents 222 -> 235 of 378 matched, no
    other change). A fronted subordinate clause is not cut away: train lost by that.
    """
    while cue.i > head.i and head.dep_ == "conj" and head.head.pos_ in VERB_POS and head.head.i < head.i:
        head = head.head
    return head


def candidates(
    doc: Doc,
    lexicon: CueLexicon | None = None,
    marks: list[MarkedQuote] | None = None,
    *,
    every_verb: bool = False,
    rules: Rules = DEFAULT_RULES,
) -> list[Candidate]:
    """All constructions in ``doc`` that may be attributions, each with its confidence.

    ``marks`` tell which cues stand inside a quotation. ``every_verb`` proposes every verb and noun
    regardless of the lexicon: to learn the lexicon's statistics from gold data (``scripts/learn_cues.py``).
    """
    lex = lexicon or load_lexicon()
    found: list[Candidate] = []
    for tok in doc:
        lemma = tok.lemma_.lower()
        if lemma == "accord" and tok.dep_ == "prep":
            if cand := _according_candidate(doc, tok):
                found.append(cand)
            continue
        if tok.is_title and tok.i > 0 and doc[tok.i - 1].is_lower and doc[tok.i - 1].is_alpha:
            continue  # "employee Said “Sam” Haddad": a capital after a lower-case word is a name
        participle = participle_lemma(tok, lex.lemmas, rules.participle_min_chars)
        if participle:
            found.extend(_verb_candidates(doc, tok, participle, rules))
            continue
        if not every_verb and lemma not in lex.lemmas:
            continue
        if tok.pos_ in VERB_POS and tok.tag_ == "VBG" and tok.i > 0 and doc[tok.i - 1].tag_ in ("RBR", "RBS"):
            continue  # "more pressing things to think about": a graded participle is an adjective
        if tok.pos_ in VERB_POS and (
            _lets(tok) or set_phrase(doc, tok) or _purpose(tok) or adjective_read_as_verb(tok)
        ):
            continue  # "Let's say you are from Honduras", "All told, ...", "136 pledged delegates"
        as_noun = noun_read_as_verb(tok)  # "in an all-caps tweet: “...”" (tweet read as a verb)
        if tok.pos_ in VERB_POS and not as_noun:
            found.extend(_verb_candidates(doc, tok, lemma, rules))
        elif (tok.pos_ == "NOUN" or as_noun) and (every_verb or lemma in SPEECH_NOUNS or lemma in lex.lemmas):
            cand = noun_candidate(doc, tok, lemma, rules)
            if cand:
                found.append(cand)
    text = doc.text
    for cand in found:
        if cand.cue_token >= 0:
            cand.closes_at = _subordinate_end(doc[cand.cue_token])
            if doc[cand.cue_token].dep_ == "advcl":
                cand.head_cue = doc[cand.cue_token].head.i
        if cand.cue_token >= 0 and cand.content:
            cand.content = cut_content(doc, text, cand.content, doc[cand.cue_token])
    keep_to_paragraphs(text, found)
    found.extend(line_candidates(doc, text, rules))
    pieces = sorted((span, m.spans) for m in marks or () for span in m.spans)
    starts = [span[0] for span, _ in pieces]
    kept: list[Candidate] = []
    for cand in found:
        i = bisect.bisect_right(starts, cand.cue[0]) - 1
        cand.quoted = i >= 0 and cand.cue[0] < pieces[i][0][1]
        if cand.quoted and cand.content:
            # A cue inside a quotation is a word of that quote ('“He is praising her”'): what it
            # introduces is inside the same quote too, never the narration around it, which a
            # parser that joined quote and narration in one sentence would hand it.
            cand.content = _within(text, cand.content, pieces[i][1])
            if not cand.content:
                continue
        cand.confidence = lex.confidence(cand.stat_pattern, cand.key)
        kept.append(cand)
    return kept


def _within(text: str, spans: list[CharSpan], quote: tuple[CharSpan, ...]) -> list[CharSpan]:
    """The parts of ``spans`` inside the quote's pieces, without the spaces and marks at their ends."""
    parts = (trim(text, max(a, qa), min(b, qb)) for a, b in spans for qa, qb in quote)
    return [p for p in parts if p]
