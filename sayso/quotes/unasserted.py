"""What a cue reports that nobody asserted: a question put to someone, a supposition, a
request, a condition (``is_unasserted``, one of stage 4's caps in ``caps.py``).

"Asked if he had urged the board to wait", "would have called them", "If we had paid ..., and
the airline informed us that ...", "asked the governor to declare that ...": the words under
such a cue are what someone was asked, supposed or asked to say, not what anyone said. Split
from ``caps.py`` (fortieth session), which had grown past one sitting.
"""

from __future__ import annotations

from typing import Any

from sayso.model import Quote
from sayso.quotes.coref.lexicon import REFLEXIVES
from sayso.quotes.cues import ASKING_VERBS
from sayso.quotes.features import char_tokens

#: Verbs whose if/whether clause is a question put to someone ("asked if he had ...").
QUESTION_VERBS = ASKING_VERBS | {"wonder", "inquire"}


def _asked_of(verb: Any) -> bool:
    """Whether a cue is the verb of a question: 'Yet has Trump called them Nazis?', 'Did the
    mayor say that ...?' (an auxiliary before the subject, a question mark ending the clause).
    What it asks about nobody said (QA helper, twenty-first session: the writer's rhetorical
    question was shown as Trump calling them Nazis). Forty-seventh session: a question ending
    its paragraph ended in the paragraph break, so the writer's "So do policy advisers tell
    members of Congress to fight ...?" was shown as their telling."""
    subj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subj is None or not any(c.dep_ in ("aux", "auxpass") and c.i < subj.i for c in verb.children):
        return False
    last = verb.right_edge
    while last.is_space and last.i > verb.i:  # the paragraph's break hangs on the verb too
        last = last.doc[last.i - 1]
    return last.text == "?" or (last.i + 1 < len(last.doc) and last.doc[last.i + 1].text == "?")


#: Modals that make a cue a supposition: "would have called them ...", "might even counter
#: that ...", "should do all they can to assure that ...". Not "will" ("will say in her speech
#: that ...": a speech announced).
_SUPPOSING_MODALS = frozenset({"would", "might", "could", "should", "must", "may"})


def _supposed(verb: Any) -> bool:
    """Whether a cue says what someone would, might or should say, or what they say if
    something were so ("If black victims really believe police are racist, ..."): the writer's
    supposition, not a report (QA helper, twenty-first session: 10 of 93 faults on a fresh
    sample of real news). A conjunct shares its head's: "If we had paid for a ticket and the
    airline informed us that ...", "might hear this request and say: ..." (fortieth session)."""
    if any(_supposing(c) for c in verb.children):
        return True
    clause = verb
    while clause.dep_ == "xcomp" and clause.head.i < clause.i:
        clause = clause.head  # "should immediately start urging the attorney general to ..."
        if any(_supposing(c) for c in clause.children):
            return True
    if _imagined(verb):
        return True
    head = verb.head
    if verb.dep_ == "conj" and head.i < verb.i:
        # a bare verb shares its head's modal ("might hear and say", not "would go and said");
        # a conjunct before the main clause shares its "if" ("If A, and B told us ..., we would")
        own = any(c.dep_ in ("aux", "nsubj") for c in verb.children)  # "but did confirm", "they do agree"
        but = any(c.dep_ == "cc" and c.lower_ in ("but", "yet") for c in head.children)
        modal = any(c.dep_ == "aux" and c.lower_ in _SUPPOSING_MODALS for c in head.children)
        if verb.tag_ == "VB" and modal and not own and not but:
            return True
        if head.head.i > verb.i and any(
            c.dep_ == "mark" and c.lower_ in ("if", "unless") for c in head.children
        ):
            return True
    return _generic_one(verb)


#: Verbs whose imperative asks the reader to suppose: "And suppose Phillips says he would not".
_SUPPOSE = frozenset({"suppose", "imagine", "assume", "say"})


def _imagined(verb: Any) -> bool:
    """Whether a cue is what the reader is asked to suppose: "And suppose Phillips says he would
    not make a cake ..." (QA helper, forty-eighth session: shown as Phillips's words)."""
    head = verb.head
    return (
        verb.dep_ == "ccomp"
        and head.i < verb.i
        and head.tag_ == "VB"
        and head.lemma_.lower() in _SUPPOSE
        and not any(c.dep_ in ("nsubj", "aux") for c in head.children)
    )


def _supposing(c: Any) -> bool:
    return (c.dep_ == "aux" and c.lower_ in _SUPPOSING_MODALS) or (
        c.dep_ == "mark" and c.lower_ in ("if", "unless")
    )


#: Verbs of musing: "One hopes that ..." is the writer's; "One says China has the most" (one
#: of two sources) is not.
_MUSING = frozenset({"hope", "wonder", "think", "imagine", "suspect", "guess", "feel", "suppose", "fear"})


def _generic_one(verb: Any) -> bool:
    """Whether the cue's subject is the generic "one" in the present or under a modal: "One
    hopes that ...", "one can imagine how hard ...", "one has to think his career is over" is
    the writer musing, not someone quoted (QA helpers, thirty-third session; 8 of the 14 items
    with "one" as speaker on 1,500 news articles, thirty-fourth). "One found that ..." (a study), "“...,” one
    said" (one of a crowd) and "one says ..." (one of two sources) stay."""
    clause = verb.head if verb.dep_ == "xcomp" and verb.head.i != verb.i else verb
    subject = next((c for c in clause.children if c.dep_ == "nsubj"), None)
    if subject is None or subject.lower_ != "one" or subject.n_lefts or subject.n_rights:
        return False
    if clause.i != verb.i or any(c.dep_ == "aux" and c.tag_ == "MD" for c in clause.children):
        return True  # "one has to think", "one can imagine"
    # the word, not the lemma: the model's lemma of "hopes" is "hop"
    return verb.tag_ in ("VBZ", "VBP") and verb.lower_.removesuffix("s") in _MUSING


#: Verbs of asking someone to act: what they ask for is an act, not yet anyone's words.
_REQUESTING = frozenset({
    "ask", "urge", "call", "direct", "order", "press", "push", "demand", "request", "encourage",
    "tell", "instruct", "implore", "invite", "pressure", "beg", "petition", "lobby",
    # ... and of obliging them ("requires social media companies to disclose who is paying":
    # forty-sixth session); not "forced Stumpf to admit", which says he did (dev: annotated)
    "require", "obligate", "mandate",
})  # fmt: skip
#: Verbs whose that-clause in the subjunctive is a demand ("insisted that he resign").
_INSISTING = frozenset({"insist", "require", "recommend", "propose", "suggest", "stipulate", "mandate"})


def _requested(verb: Any) -> bool:
    """Whether a cue is what someone asks another to say: "called on the President to urge
    Senate leaders to pass it", "directed the department to ask courts to ...", "asked the
    governor to declare that ..." (QA helper, thirty-fourth session: shown as the asker's own
    words, beside the request itself). The to-infinitive of a verb of asking that names the one
    asked (its object, or "on" whom it calls)."""
    if _subjunctive(verb):
        return True
    head = verb.head
    if verb.dep_ != "xcomp" or head.i == verb.i or head.lemma_.lower() not in _REQUESTING:
        return False
    if not any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children):
        return False
    return any(c.dep_ == "dobj" or (c.dep_ == "prep" and c.lower_ == "on") for c in head.children)


def _subjunctive(verb: Any) -> bool:
    """ "demanded that another girlfriend call him “Master”": a bare verb with a subject of its own
    in the clause of a demand is the act asked for (thirty-fifth session: the girlfriend's words)."""
    head = verb.head
    if verb.dep_ != "ccomp" or verb.tag_ != "VB" or head.i == verb.i:
        return False
    if head.lemma_.lower() not in _REQUESTING and head.lemma_.lower() not in _INSISTING:
        return False
    return any(c.dep_ == "nsubj" for c in verb.children) and not any(c.dep_ == "aux" for c in verb.children)


#: Verbs of wishing: what someone wants another to say is not yet said.
_WISHING = frozenset({"want", "wish", "prefer"})  # (not "likes to quip": a habit of speech)


def is_wished(doc: Any, quote: Quote) -> bool:
    """Whether a cue is what someone wishes were said or supposes one would do well to say:
    'Vale wants voters to say, “We've been had.”', 'Israel would do well to say “thank you, but
    no”' (QA helpers, forty-second session: shown as the voters' and Israel's words). The
    to-infinitive of a verb of wishing, or of a verb under "would", "could", "should" or
    "might", quotation or not. ("Trump is expected to say ..." is a speech announced.)"""
    cue = char_tokens(doc, quote.cue)
    if cue is None:
        return False
    verb = cue.root
    head = verb.head
    if verb.dep_ not in ("xcomp", "ccomp", "advcl") or head.i == verb.i or head.i > verb.i:
        return False
    if not any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children) or verb.lemma_ == "know":
        return False  # ("he wanted to know, “How surprised are you ...?”" asked it)
    modal = any(c.dep_ == "aux" and c.lower_ in ("would", "could", "should", "might") for c in head.children)
    # "the media would go on to declare ...": the past's future, said
    return head.lemma_.lower() in _WISHING or (modal and head.lemma_.lower() != "go")


_DEFINITE = frozenset({"the", "this", "that", "these", "those"})


def _in_condition(verb: Any) -> bool:
    """Whether a cue stands in a noun's clause inside an "if" clause: "If a pollster calls
    someone who says they voted already, ...", "if pollsters find more respondents who are
    claiming to have voted" (eighth QA read: shown as what someone said). From the noun the
    cue's clause describes, someone only supposed (not a name, not "the ..."), up to the first
    verb, which must carry the "if"."""
    if verb.dep_ not in ("relcl", "acl"):
        return False
    tok = verb.head
    definite = any(c.dep_ == "poss" or c.lower_ in _DEFINITE for c in tok.children)
    if tok.pos_ == "PROPN" or tok.ent_type_ or definite:
        return False  # "unless she gets the support of the Unionist Party - whose leader said ...'
    for _ in range(6):
        if tok.pos_ in ("VERB", "AUX"):
            return any(c.dep_ == "mark" and c.lower_ in ("if", "unless") for c in tok.children)
        if tok.head.i == tok.i:
            return False
        tok = tok.head
    return False


#: Judgements that something cannot be said yet: "it was too early to say ...", "hard to say".
_CANNOT_SAY = frozenset({"early", "soon", "hard", "difficult", "impossible", "premature", "easy"})


def _too_early(verb: Any) -> bool:
    """ "Sources said it was even too early to say investigators had identified the suspect",
    "it is frankly hard to say just what the president aims to achieve", "impossible to say
    whether ...": what nobody can say yet (QA helper, forty-sixth session; 3 such items shown
    on the first 1,500 news-5k articles, none anyone's words). Nor what it would be easy to say:
    "It makes it too easy for Republicans in Alabama to say that ..." (forty-eighth session)."""
    head = verb.head
    if head.pos_ == "AUX" and verb.dep_ == "xcomp":
        # "it was impossible to say whether ...": the parse hangs both on the copula (QA
        # helper, forty-ninth session: shown as what "they" said)
        head = next((c for c in head.children if c.dep_ == "acomp" and c.i < verb.i), head)
    if head.i >= verb.i or head.pos_ != "ADJ" or head.lemma_.lower() not in _CANNOT_SAY:
        return False
    if not any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children):
        return False
    too = any(c.lower_ == "too" for c in head.children)
    return too or head.lemma_.lower() not in ("early", "soon")


#: Verbs whose reflexive object makes them thought: "convinced themselves", "found itself".
_INNER = frozenset({"convince", "persuade", "find", "tell"})


def _to_oneself(verb: Any) -> bool:
    """What one tells oneself, and the writer's "It's telling that ...": "white people convinced
    themselves that ...", "They told themselves that ...", "The United States found itself
    involved in ...", "It's telling that none of the co-sponsors ..." (QA helpers, forty-eighth
    session: 5 such items shown on 80 articles, none anyone's words to anyone)."""
    doc = verb.doc
    if verb.lemma_.lower() in _INNER and verb.i + 1 < len(doc) and doc[verb.i + 1].lower_ in REFLEXIVES:
        return True  # (not "described himself as", "introduced herself as": said to others)
    return verb.lower_ == "telling" and any(c.dep_ == "nsubj" and c.lower_ == "it" for c in verb.children)


def is_unasserted(doc: Any, quote: Quote) -> bool:
    """A cue inside a question: 'Asked if he had urged the board to wait, ...', 'pressed whether
    she thought the vote was fair', or asking itself ('Did the mayor say that ...?'). The words
    under the cue are what someone was asked about, not what anyone said. Of the 24 such items
    on PolNeAR train that the learned scorer alone would show, 21 are no annotated attribution
    (of all it would show, 17%); on real news they were 3 of the 20 items a hand check found
    not to be speech (``bench/items_judged.tsv``, "unasserted question"). Capped like unspoken
    items (``UNSPOKEN_CAP``)."""
    cue = char_tokens(doc, quote.cue)
    if cue is None:
        return False
    tok = cue.root
    if quote.kind != "direct" and (
        _asked_of(tok)
        or _supposed(tok)
        or _in_condition(tok)
        or _requested(tok)
        or _too_early(tok)
        or _to_oneself(tok)
    ):
        return True
    for _ in range(8):
        head = tok.head
        if head.i == tok.i:
            return False
        marked = any(c.dep_ == "mark" and c.lower_ in ("if", "whether") for c in tok.children)
        asker = head.head if head.dep_ == "prep" else head  # 'pressed her on whether ...'
        if marked and asker.lemma_.lower() in QUESTION_VERBS:
            return True
        tok = head
    return False
