"""Speakers who are not the cue's subject: the object of "praised X for saying" or "recalled X
as saying", the one shown speaking in footage or named in "with X saying", "with her rival,
NAME, accusing her", and the occasion left out of an inverted subject ("said X in a
statement"). Split from ``sources.py``, which asks here before it reads the cue's own subject.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from sayso.quotes.attribution.spans import SUBJECT_DEPS, VERB_POS, WHEN, chars
from sayso.quotes.coref.agents import WordClasses, learned_agents, noun_class
from sayso.quotes.coref.lexicon import PICTURE_NOUNS
from sayso.quotes.cues import ADDRESSED_VERBS, ASKING_VERBS, NAMING_VERBS, SPEECH_VERBS, TELLING_VERBS
from sayso.quotes.glyphs import QUOTE_MARKS
from sayso.quotes.types import CharSpan


def object_controller(verb: Token) -> Token | None:
    """The object that speaks in an "of"/"for"/"as" gerund of saying: "praised *Smith* for saying
    ...", "accused *the senator* of claiming ...", "condemned *a President* for describing ...",
    "recalled *the president* as saying ..." (QA helper, twenty-first session: McGahn's memory
    of Trump's words was shown as McGahn's).
    The one praised or accused spoke, not the subject praising or accusing. Only verbs of
    saying (with any other gerund the words are the subject's claim about the object), not
    negated ("for not reporting"), and only when the object can speak."""
    gerund = verb  # "exposed X for defrauding the country and calling voters “stupid”"
    while gerund.dep_ == "conj" and gerund.head.tag_ == "VBG" and gerund.head.i < gerund.i:
        gerund = gerund.head
    prep = gerund.head
    if gerund.dep_ != "pcomp" or verb.tag_ != "VBG" or prep.dep_ != "prep":
        return None
    if prep.lower_ not in ("for", "of", "as"):
        return None  # "as": "recalled the president as saying", "quoted officials as saying"
    lemma = verb.lemma_.lower()
    if lemma not in SPEECH_VERBS | NAMING_VERBS or any(c.dep_ == "neg" for c in verb.children):
        return None  # "criticized X for supporting the bill": the critic's claim, not X's words
    # the nearest object: "quoted state Senator Mark Hollis as saying" parses as two, "state"
    # and "Hollis" (fortieth session)
    obj = max(
        (c for c in prep.head.children if c.dep_ == "dobj" and c.i < prep.i), key=lambda c: c.i, default=None
    )
    if obj is None and prep.head.lemma_.lower() in _OCCASIONS | {"remark", "comment", "word", "rhetoric"}:
        # "condemned Mr. Ortiz's “reckless” remarks for urging ...": whose remarks (QA helper,
        # fiftieth session: the urging went to the ones condemning it; not "Ortiz's penchant
        # for declaring bankruptcy")
        obj = next((c for c in prep.head.children if c.dep_ == "poss" and c.pos_ == "PROPN"), None)
    if obj is None or not can_speak(obj):
        return None  # "gave Carson two Pinocchios for ...", "took the step of announcing ..."
    return obj


#: Verbs that make their object do what the infinitive after it says, and imply it was done:
#: "prompting parents to complain", "led Republicans to say", "forced Sanders to acknowledge".
#: Not "urged/asked/encouraged X to say" (a request: nobody has spoken yet).
_CAUSATIVES = frozenset({"prompt", "lead", "force", "cause", "spur", "drive", "compel", "provoke", "inspire"})


def caused_speaker(verb: Token) -> Token | None:
    """The object a causative verb makes speak: in "The decisive victory led Priebus to declare
    ..." Priebus declares, not the victory (QA helper, forty-third session: "the 142-page plan"
    was shown blasting itself). PolNeAR train's annotators give all 7 such attributions they
    marked to the object; sayso gave them to the causer."""
    head = verb.head
    if verb.dep_ not in ("xcomp", "ccomp") or head.lemma_.lower() not in _CAUSATIVES or head.i >= verb.i:
        return None
    if not any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children):
        return None
    objs = [c for c in head.children if c.dep_ == "dobj" and head.i < c.i < verb.i]
    obj = max(objs, key=lambda c: c.i, default=None)
    if obj is None:
        obj = next((c for c in verb.children if c.dep_ == "nsubj" and c.i < verb.i), None)
    if obj is None or not _speaks(obj):
        return None  # "led the index to show ...", "forced prices to ..."
    return obj


#: Entity types of a name that can speak.
SPEAKING_ENTS = frozenset({"PERSON", "ORG", "NORP", "GPE"})
#: Object pronouns that can speak, and that a participle right after them has for subject
#: ("heard him saying").
_OBJECT_PRONOUNS = frozenset({"him", "her", "them", "me", "us"})


def _speaks(tok: Token) -> bool:
    """A name that can speak, or a noun for people or a group ("parents", "the organizers")."""
    return can_speak(tok) or noun_class(tok.lemma_, WordClasses()) in ("person", "group")


def can_speak(tok: Token) -> bool:
    """A name, a personal pronoun, or a noun PolNeAR's annotators often marked as a source."""
    return (
        tok.ent_type_ in SPEAKING_ENTS
        or tok.lower_ in _OBJECT_PRONOUNS
        or tok.lemma_.lower() in learned_agents()
    )


#: Prepositions of the occasion after an inverted subject: 'said X in a statement', '... on Fox'.
_SETTING_PREPS = frozenset({"in", "on", "at", "during"})
#: What such a phrase names: how or when it was said, not who the speaker is.
_OCCASIONS = frozenset({
    "statement", "interview", "tweet", "post", "email", "letter", "release", "briefing", "speech",
    "call", "conference", "hearing", "video", "message", "memo", "podcast", "broadcast", "show",
})  # fmt: skip


def without_setting(doc: Doc, subject: Token, span: CharSpan | None) -> CharSpan | None:
    """An inverted subject's words without the occasion the parser hung on its name: in
    '“...,” said the mayor's spokesman Tomas Reyes in a statement issued in June' the source
    is the spokesman, not "... in a statement issued in June" (QA helper, twenty-first session).

    A subject that the parser gave a possessive "'s" of its own is a contraction: in "The
    Vermont senator's still way behind, but says ..." the "'s" is "is", and what follows it is
    the first clause, not part of who says (sixth QA read: the speaker was shown as that clause).
    A subject the parser joined to a second clause's subject is that second one alone
    (``_acted_then_joined``).
    """
    if span is None:
        return span
    after = subject.i + 1
    if (
        after < len(doc)
        and doc[after].head.i == subject.i
        and doc[after].dep_ == "case"
        and doc[after].lower_ in ("'s", "’s")
        and span[0] <= subject.idx
        and doc[after].idx < span[1]
    ):
        return (span[0], subject.idx + len(subject.text))
    if (joined := _acted_then_joined(subject)) is not None:
        return chars(doc, joined.left_edge.i, joined.right_edge.i) or span
    if subject.i < subject.head.i:
        return span
    whole = doc.char_span(span[0], span[1], alignment_mode="expand")
    if whole is None:
        return span
    for t in whole:
        if t.dep_ != "prep" or t.lower_ not in _SETTING_PREPS or t.head.ent_type_ != "PERSON":
            continue
        pobj = next((c for c in t.children if c.dep_ == "pobj"), None)
        if pobj is not None and (pobj.lemma_.lower() in _OCCASIONS or pobj.ent_type_ in WHEN):
            cut = chars(doc, whole.start, t.i - 1)
            return cut if cut is not None else span
    return span


def _acted_then_joined(subject: Token) -> Token | None:
    """The second subject of two clauses the parser made one: in "Charles Michel, the prime
    minister of Belgium, called Trump's decision a “brutal act,” and the Swedish prime minister,
    Stefan Löfven, tweeted" the first clause's verb hangs on Michel as a modifier and the
    Swede is his conjunct; who tweeted is the Swede alone (QA helper, fiftieth session)."""
    kids = list(subject.children)
    acts = [c for c in kids if c.dep_ == "acl" and any(g.dep_ in ("dobj", "oprd") for g in c.children)]
    return next((c for c in kids if c.dep_ == "conj" and acts and c.i > acts[0].i), None)


def with_absolute(doc: Doc, verb: Token) -> CharSpan | None:
    """The one doing it in "with X, Y-ing": 'Feinstein has come under fire, with her rival,
    Kevin De Leon, accusing her of a “subpar” performance' is the rival's charge, not
    Feinstein's, whose subject the participle would inherit (QA helper, twenty-first session).
    The words from after "with" to the comma before the participle."""
    if verb.tag_ != "VBG" or verb.dep_ != "advcl" or verb.i < 3 or doc[verb.i - 1].text != ",":
        return None
    head = verb.head
    w = next((c for c in head.children if c.dep_ == "prep" and c.lower_ == "with" and c.i < verb.i), None)
    if w is None or not any(c.dep_ == "pobj" for c in w.children):
        return None
    # Only "with DESCRIPTION, NAME, Y-ing", set off by commas: "celebrated with supporters,
    # calling it ..." or "took a shot at him with his attacks ..., saying" is company or means,
    # and the subject speaks (on train every other "with X, Y-ing" was so).
    name_end = verb.i - 2
    name_start = name_end
    while name_start > w.i and doc[name_start - 1].pos_ == "PROPN":
        name_start -= 1
    if (
        doc[name_start].pos_ != "PROPN"
        or doc[name_start - 1].text != ","
        or w.i == 0
        or doc[w.i - 1].text != ","
    ):
        return None
    if any(t.pos_ in VERB_POS for t in doc[w.i + 1 : name_start]):
        return None
    return chars(doc, w.i + 1, name_end)


def verb_before_participle(doc: Doc, verb: Token) -> Token | None:
    """The verb a participle after a comma belongs to when the parser made the participle the
    subject of a verb inside the quote: in 'Boehner responded late Thursday, saying "an
    apology is in order, but what Americans want is ..."' "saying" became the subject of the
    quote's "is", and the source found was "late Thursday" (QA helper, twenty-first session).
    Whoever did the thing before the comma is saying it."""
    if verb.tag_ != "VBG" or verb.dep_ not in ("csubj", "nsubj") or verb.i < 2 or doc[verb.i - 1].text != ",":
        return None
    tok = doc[verb.i - 2]
    while tok.pos_ not in VERB_POS and tok.head.i != tok.i and tok.head.i < verb.i:
        tok = tok.head
    return tok if tok.pos_ in VERB_POS and tok.i < verb.i and tok.sent.start == verb.sent.start else None


def reported_clause(tok: Token) -> bool:
    """Whether ``tok`` heads a clause that says what was said: a verb's complement, or a "that"
    clause of "made it clear" that the parser hung as an adverbial on the adjective ("Cook made
    it clear that the Watch is no standalone device, explaining that ...": QA helper, fiftieth
    session, the explaining went to the Watch)."""
    if tok.dep_ == "ccomp" and tok.head.pos_ in VERB_POS:
        return True
    if tok.dep_ not in ("ccomp", "advcl") or tok.head.pos_ != "ADJ" or tok.head.head.pos_ not in VERB_POS:
        return False
    that = any(c.dep_ == "mark" and c.lower_ == "that" for c in tok.children)
    return that and any(c.lower_ == "it" for c in tok.head.children)  # (not "so strong that")


def reacted_to(verb: Token) -> Token | None:
    """The name a gerund of saying follows in a noun's phrase: in '..., they added in response
    to Ortiz saying he'd "start talks"' Ortiz is saying it; the parser hangs "saying" on the
    main verb, whose subject only reacts (QA helper, fiftieth session)."""
    prev = verb.doc[verb.i - 1] if verb.i else verb
    if verb.tag_ != "VBG" or verb.dep_ != "advcl" or prev.dep_ != "pobj" or prev.head.lower_ != "to":
        return None
    if prev.head.head.lemma_.lower() not in ("response", "reaction", "reply", "answer", "rebuttal"):
        return None  # (not "penned a letter to X warning", "a brief for X arguing": the writer's)
    if verb.lemma_.lower() not in SPEECH_VERBS or verb.head.i > prev.i:
        return None
    return prev if prev.pos_ == "PROPN" and prev.ent_type_ in SPEAKING_ENTS else None


def clause_between(verb: Token) -> Token | None:
    """The subject of the clause between a participle and the verb the parser hung it on, when
    that verb's own subject speaks for nobody: in "The gutter talk continued after the debate,
    as Kellyanne Conway beat back at ..., saying ..." Conway is saying it, not the talk (QA
    helper, forty-third session: the speaker was "The gutter talk")."""
    head = verb.head
    before = verb.doc[max(0, verb.i - 2) : verb.i].text.replace(" ", "")  # ("...," adding)
    if verb.tag_ != "VBG" or verb.dep_ != "advcl" or head.i >= verb.i or "," not in before[-2:]:
        return None
    subject = next((c for c in head.children if c.dep_ in SUBJECT_DEPS), None)
    # "adding" goes on from words said before: in "Romney and Republicans bristled when Biden
    # accused Romney of ..., adding: “...”" it is Biden who adds, whoever bristled (QA helper,
    # forty-seventh session: the words were Romney's)
    adds = verb.lemma_.lower() == "add" and head.lemma_.lower() not in SPEECH_VERBS
    common = subject is not None and subject.pos_ == "NOUN" and subject.text.islower()  # (not "Trump")
    if common and (named := _named_just_before(verb)) is not None:
        return named  # "The question seemed dead in June, when the Supreme Court blocked it, saying"
    if subject is None or (
        not adds and (can_speak(subject) or noun_class(subject.lemma_, WordClasses()) is not None)
    ):
        return None
    for clause in sorted(
        (c for c in head.children if head.i < c.i < verb.i and c.dep_ in ("advcl", "conj")),
        key=lambda c: -c.i,
    ):
        inner = next((c for c in clause.children if c.dep_ == "nsubj"), None)
        if inner is not None and _speaks(inner) and (not adds or clause.lemma_.lower() in SPEECH_VERBS):
            return inner
    return None


def _named_just_before(verb: Token) -> Token | None:
    """The name that is the subject of a "when"/"as" clause ending right before the
    participle's comma: the one who acted is the one saying, not a thing the main clause is
    about (QA helper, fiftieth session: the court's words went to "The question")."""
    for t in reversed(verb.doc[verb.head.i + 1 : verb.i]):
        if t.dep_ in ("relcl", "advcl") and t.pos_ in VERB_POS and t.right_edge.i >= verb.i - 2:
            if not any(c.lower_ in ("when", "as") for c in t.children):  # (not "after X reported")
                return None
            inner = next((c for c in t.children if c.dep_ == "nsubj"), None)
            named = inner is not None and inner.pos_ == "PROPN" and inner.ent_type_ in SPEAKING_ENTS
            return inner if named else None
    return None


#: Entities a participle after them does not make speak ("a speech on Monday addressing ...").
_NOT_SPEAKING = frozenset({"DATE", "TIME", "GPE", "LOC", "FAC", "EVENT"})


def _subjectless_saying(verb: Token) -> bool:
    """An -ing form of a speech verb with no subject of its own: whose it is must be read off
    the words around it ("footage of X asking", "with X saying")."""
    return (
        verb.tag_ == "VBG"
        and verb.lemma_.lower() in SPEECH_VERBS
        and not any(c.dep_ in SUBJECT_DEPS for c in verb.children)
    )


def shown_speaking(verb: Token) -> CharSpan | None:
    """'The ad uses footage of Hillary Clinton asking, “...”', 'the video shows him saying':
    a participle right after a name, with no comma between, says what that person does; the
    one who uses or shows the footage is not the speaker. After a comma ('She thanked Obama,
    saying') the participle goes with the subject as usual.
    """
    if not _subjectless_saying(verb) or verb.i == 0 or verb.dep_ not in ("xcomp", "acl", "advcl"):
        return None
    prev = verb.doc[verb.i - 1]
    if prev.text == "," and verb.i > 1:
        # "an audiotape ... of Ben Rhodes, White House deputy national security adviser, telling
        # a group ..., “...”": the name's apposition set off between them (QA helper,
        # thirty-ninth session: the quote went to "those reports" the tape bolstered)
        appos = verb.doc[verb.i - 2]
        while appos.dep_ != "appos" and appos.head.i != appos.i and appos.head.i < verb.i - 1:
            appos = appos.head
        if appos.dep_ != "appos" or verb.doc[appos.left_edge.i - 1].text != ",":
            return None
        prev = appos.head
        if prev.dep_ != "pobj" or prev.head.lower_ != "of":
            return None  # (not "an ad attacking Sen. Mary Landrieu, D-La., claiming": the ad's)
    if not (prev.pos_ == "PROPN" or prev.lower_ in _OBJECT_PRONOUNS) or prev.dep_ in SUBJECT_DEPS:
        return None
    if prev.ent_type_ in _NOT_SPEAKING or not (
        prev.dep_ == "dobj" or (prev.dep_ == "pobj" and prev.head.lower_ == "of")
    ):
        return None  # 'a letter to Zucker asking': the letter asks, not its addressee
    first = prev
    while first.i > 0 and verb.doc[first.i - 1].dep_ == "compound" and verb.doc[first.i - 1].head.i == prev.i:
        first = verb.doc[first.i - 1]
    return chars(verb.doc, first.i, prev.i)


#: What the noun phrase of "with X saying" is made of.
_WITH_NP_POS = frozenset({"DET", "ADJ", "NOUN", "PROPN", "NUM", "ADP", "PART", "PUNCT"})


def with_speaking(verb: Token, reach: int = 15) -> CharSpan | None:
    """'The vote was close, with one official saying that ...', 'The talk ended with Maddow
    asking ...': in the absolute construction the noun phrase after "with", right before the
    participle, is who speaks, not the clause's subject. Read by position, since the parser
    seldom makes that phrase the participle's subject. After a comma ('tangled with Trump,
    saying') the participle goes with the subject as usual.
    """
    if not _subjectless_saying(verb):
        return None
    doc = verb.doc
    last = verb.i - 1
    comma = False
    # (and the participle's own time: "argued with the umpire, this time saying ...": Serena
    # Williams's words were shown as the umpire's, thirty-ninth session)
    own = {t.i for c in verb.lefts if c.dep_ in ("advmod", "npadvmod") for t in c.subtree}
    while last >= 0 and (doc[last].pos_ == "ADV" or doc[last].text == "," or last in own):
        comma = comma or doc[last].text == ","
        last -= 1
    if comma and doc[last].pos_ != "PROPN":
        return None  # 'She left with a smile, saying ...': the participle goes with the subject
    k = last
    while k >= max(0, verb.i - reach) and doc[k].lower_ != "with":
        tok = doc[k]
        if tok.pos_ not in _WITH_NP_POS or tok.text in QUOTE_MARKS:
            return None
        if "\n" in tok.whitespace_ or tok.is_sent_start:
            return None
        if (tok.pos_ == "PUNCT" and tok.text != ",") or (tok.pos_ == "ADP" and tok.lower_ != "of"):
            return None  # 'launched it with CREDO Action on Wednesday asking': a phrase of the verb
        k -= 1
    if k < 0 or doc[k].lower_ != "with" or k >= last:
        return None
    if comma and not any(doc[i].text == "," for i in range(k + 1, last)):
        # after a comma only a name in apposition closes the phrase ('with the head of the
        # party, Rona Daniels, recently insisting'); 'tangled with Trump, saying' is the subject's
        return None
    named = [doc[i] for i in range(k + 1, last + 1) if doc[i].pos_ in ("NOUN", "PROPN")]
    if not named or doc[last].pos_ not in ("NOUN", "PROPN"):
        return None
    return chars(doc, k + 1, last)


def listener_after(verb: Token, child: Token) -> bool:
    """A word after a verb of telling that the parser made its subject: '“...,” told Fox News'
    (real coverage, thirty-first session: the network was shown as the speaker). No subject is
    put after "told" as after "said"; the one told listens."""
    return child.i > verb.i and verb.lemma_.lower() in TELLING_VERBS and child.dep_ in SUBJECT_DEPS


#: Verbs whose passive subject is spoken to; not "assure" ("can be assured “that ...”", "rest
#: assured": certain, not told).
_TOLD = (ADDRESSED_VERBS | ASKING_VERBS) - {"assure"}


def addressed(verb: Token) -> bool:
    """A passive of telling or asking ('Quill was asked, “...?”', "he was told he would have to
    decline", "the producer, who was informed that ..."), or one joined to a passive ("were
    released and told to come back").

    Its subject is the one spoken to, not the speaker: the words are the asker's or teller's,
    named only by an agent ('asked by the host'). Without this, the nearest name before the
    cue took the question (on train such questions have no annotated source, or the agent),
    and on real coverage the one told was shown as the speaker (thirty-first session).

    So is the subject of a passive with an infinitive, what is said of it: "He listened to the
    call and is said to have told investigators ..." (QA helper, thirty-eighth session: shown
    as his words, with the infinitive for content, beside the "told" they hold).
    """
    passive = verb.tag_ == "VBN" and any(c.dep_ == "auxpass" for c in verb.children)
    infinitive = any(c.dep_ == "xcomp" and any(a.lower_ == "to" for a in c.children) for c in verb.children)
    if passive and infinitive:
        return True
    if verb.lemma_.lower() not in _TOLD or verb.tag_ not in ("VBN", "VBD"):
        return False
    if verb.tag_ == "VBN" and any(c.dep_ in ("auxpass", "nsubjpass") for c in verb.children):
        return True
    aux = next((c for c in verb.children if c.dep_ == "auxpass" and c.i < verb.i), None)
    if aux is not None and any(c.dep_ in SUBJECT_DEPS and c.i < aux.i for c in verb.children):
        return True  # (a passive the tagger read as a past tense: "Sanders was once again asked";
        # not '“Is it a moment ...?” asked Maya MacGuineas', the quote's "Is" read as its auxiliary)
    # the tagger often reads the joined participle as a past tense: one with no subject of its own
    own_subject = any(c.dep_ in SUBJECT_DEPS for c in verb.children)
    head = verb.head
    return verb.dep_ == "conj" and not own_subject and any(c.dep_ == "auxpass" for c in head.children)


#: Verbs of remembering or hearing someone speak: their object says the quote.
_RECALLING = frozenset({"recall", "remember", "hear", "overhear"})


def recalled_speaking(verb: Token) -> CharSpan | None:
    """'“Are you saying I’m not a progressive?” Mr. West recalled the president asking': the one
    recalled, or heard, speaking says the quote; the quote was shown as the recaller's own (QA
    helper, thirty-fifth session). The participle or bare verb of speaking must follow its
    object: "recalled the president saying", "heard him say"."""
    if verb.lemma_.lower() not in _RECALLING:
        return None
    for obj in verb.children:
        if obj.dep_ not in ("dobj", "ccomp", "xcomp", "advcl"):
            continue
        speaking = obj if obj.pos_ in VERB_POS else None
        if speaking is not None:  # "heard him say": the object is the bare verb's subject
            subjects = [c for c in speaking.children if c.dep_ in SUBJECT_DEPS and c.i < speaking.i]
            obj = subjects[0] if subjects else speaking
        else:
            after = [c for c in [*obj.children, *verb.children] if c.dep_ in _SPEAKING_DEPS and c.i > obj.i]
            speaking = after[0] if after else obj
        if speaking is obj or speaking.tag_ not in ("VBG", "VB"):
            continue
        if speaking.lemma_.lower() not in SPEECH_VERBS:
            continue
        if obj.lower_ in _OBJECT_PRONOUNS or obj.pos_ == "PROPN" or someone(obj):
            return chars(verb.doc, obj.left_edge.i, obj.i)
    return None


_SPEAKING_DEPS = frozenset({"acl", "advcl", "xcomp", "ccomp"})


def overheard(verb: Token) -> CharSpan | None:
    """'Kerry was overheard by an NBC News analyst saying “...”': the participle hangs on the
    one who heard, but the one heard says it (QA helper, fortieth session: shown as the
    analyst's)."""
    if verb.dep_ != "acl" or verb.tag_ != "VBG" or verb.lemma_.lower() not in SPEECH_VERBS:
        return None
    by = verb.head.head
    if verb.head.dep_ != "pobj" or by.dep_ != "agent" or by.head.lemma_.lower() not in _RECALLING:
        return None
    heard = next((c for c in by.head.children if c.dep_ == "nsubjpass"), None)
    return chars(verb.doc, heard.left_edge.i, heard.i) if heard is not None else None


#: Verbs of perceiving someone speak: "I listened to a guide tell students that ...".
_PERCEIVING = frozenset({"listen", "hear", "watch", "see"})


def perceived_speaker(verb: Token) -> CharSpan | None:
    """'I listened to an American guide tell a group of students that ...': the one listened to
    speaks, not the listener the parser hung the bare verb on (QA helper, forty-fourth session:
    shown as the author's words)."""
    head = verb.head
    if verb.tag_ != "VB" or head.i >= verb.i or head.lemma_.lower() not in _PERCEIVING:
        return None
    if any(c.dep_ in SUBJECT_DEPS for c in verb.children):
        return None
    heard = next((c for c in head.children if c.dep_ == "dobj" and c.right_edge.i == verb.i - 1), None)
    to = next((c for c in head.children if c.dep_ == "prep" and c.lower_ == "to"), None)
    if heard is None and to is not None:
        heard = next((c for c in to.children if c.dep_ == "pobj" and c.right_edge.i == verb.i - 1), None)
    return chars(verb.doc, heard.left_edge.i, heard.i) if heard is not None and someone(heard) else None


def quoted_one(verb: Token) -> CharSpan | None:
    """'“...,” the Philadelphia Inquirer quoted state Senate Majority Leader Jake Corman': the
    one quoted said it; the paper only relays it (QA helper, fortieth session: shown as the
    paper's). PolNeAR's annotators give such quotes to the paper; a reader asks who spoke."""
    if verb.lemma_.lower() != "quote":
        return None
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    if obj is None or not (obj.pos_ == "PROPN" or someone(obj)):
        return None
    return chars(verb.doc, obj.left_edge.i, obj.i)


def someone(tok: Token) -> bool:
    """Whether a noun names a person, a group or an organisation (not a thing)."""
    if tok.ent_type_ in ("PERSON", "NORP", "ORG"):
        return True
    return tok.pos_ == "NOUN" and noun_class(tok.lemma_, WordClasses.default()) in ("person", "group")


_SHOWING = frozenset({"show", "capture", "depict", "feature"})


def shown_in_medium(verb: Token) -> CharSpan | None:
    """Who a subjectless participle's words belong to when its clause's subject is a video: "a
    video surfaced online showing a handcuffed George Floyd ... being pinned ..., while pleading
    that he couldn't breathe" (QA helper, forty-ninth session: the video pleaded). The person the
    video shows; nobody (the parse's subject) otherwise is left to the other rules."""
    if verb.tag_ != "VBG" or any(c.dep_ in SUBJECT_DEPS for c in verb.children) or verb.head.i == verb.i:
        return None
    head = verb.head
    subject = next((c for c in head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None or subject.lemma_.lower() not in PICTURE_NOUNS:
        return None
    shows = [t for t in (*head.children, *subject.children) if t.lemma_.lower() in _SHOWING and t.i < verb.i]
    for show in shows:
        shown = next((c for c in show.children if c.dep_ == "dobj"), None)
        if shown is not None and someone(shown):
            return chars(verb.doc, shown.left_edge.i, shown.i)
    return None


def setting_of(noun: Token) -> Token | None:
    """The verb whose setting ``noun`` is ("in state courts", "on Fox News", "at the rally"),
    when a participle of saying hangs on it and it names no one who speaks: "plaintiffs filed
    suit in state courts accusing ..." is the plaintiffs' accusation, not the courts' (QA
    helper, fifty-first session)."""
    prep = noun.head
    if noun.dep_ != "pobj" or prep.dep_ != "prep" or prep.lower_ not in _SETTING_PREPS:
        return None
    kind = noun_class(noun.lemma_, WordClasses.default())
    if noun.ent_type_ == "PERSON" or noun.pos_ == "PRON" or kind == "person":
        return None
    said = [c for c in noun.children if c.dep_ == "acl" and c.tag_ == "VBG"]
    if not any(c.lemma_.lower() in SPEECH_VERBS for c in said):
        return None  # (not "embarked on a quest to find the “secret location”")
    verb = prep.head
    if verb.pos_ not in VERB_POS or verb.i > noun.i:
        return None
    shown = verb.lemma_.lower() in _SHOWN_THERE
    authored = any(c.dep_ == "acl" and c.tag_ == "VBN" for c in noun.children)
    if kind == "document" and not shown and (prep.lower_ != "in" or authored):
        return None  # "voting on an amendment sponsored by McConnell warning ...": the amendment's
    # who acted there is named: not "Trump's call ... was cited in court cases attacking the ban"
    return verb if shown or any(c.dep_ == "nsubj" for c in verb.children) else None


#: Passive verbs whose subject is the one seen or heard there: "was shown on another video
#: joking about ...", "was quoted in a 2011 article saying ...".
_SHOWN_THERE = frozenset({"quote", "show", "see", "hear", "catch", "film", "record", "capture", "overhear"})
#: Prepositions of where something was said or done.
_SETTING_PREPS = frozenset({"in", "on", "at", "during"})


def quoted_there(verb: Token) -> CharSpan | None:
    """'Benefield, an advocate, was quoted in a 2011 Herald article saying, “...”', "she was
    shown on another video joking about ...": who was quoted or shown there speaks, not the
    article or the video (QA helper, fifty-first session: the paper's)."""
    quoted = next((c for c in verb.children if c.dep_ == "nsubjpass"), None)
    if verb.lemma_.lower() not in _SHOWN_THERE or quoted is None:
        return None
    return chars(verb.doc, quoted.left_edge.i, quoted.i)
