"""Who speaks: the words naming the source of a cue, read off the parse.

Kept apart from candidate proposal because the same questions are asked twice: once when a
candidate is proposed (the cue's subject, passive agent or inherited subject) and again when a
direct quote is attached and the parse's subject turns out to be a word of the quote (then the
speaker is looked for outside it, by position: ``quote_sources.py``).
"""

from __future__ import annotations

from spacy.tokens import Doc, Span, Token

from sayso.quotes.attribution.spans import Quoted, chars, clip_to_paragraph, line_between
from sayso.quotes.coref.agents import learned_agents
from sayso.quotes.cues import NAMING_VERBS, SPEECH_VERBS
from sayso.quotes.furniture import past_label
from sayso.quotes.glyphs import QUOTE_MARKS
from sayso.quotes.rules import Rules
from sayso.quotes.types import CharSpan

SUBJECT_DEPS = frozenset({"nsubj", "csubj"})
_INHERIT_DEPS = frozenset({"conj", "advcl", "xcomp", "pcomp", "prep", "acomp", "oprd"})
VERB_POS = frozenset({"VERB", "AUX"})
#: Entity types the parser sometimes makes the subject of "said" ("12:15 p.m. Trump said").
WHEN = frozenset({"DATE", "TIME"})


def source_of(doc: Doc, verb: Token, rules: Rules) -> CharSpan | None:
    """The words naming who speaks: the subject, the passive agent, or an inherited subject.

    A cue without a subject of its own takes the one of the verb it hangs from: "he said and
    added", "she left, saying", "he began by saying".
    """
    shown = _shown_speaking(verb) or _with_speaking(verb)
    if shown is not None:
        return shown
    before = _verb_before_participle(doc, verb)
    if before is not None:
        return source_of(doc, before, rules)
    absolute = _with_absolute(doc, verb)
    if absolute is not None:
        return absolute
    controller = _object_controller(verb)
    if controller is not None:
        return chars(doc, controller.left_edge.i, controller.i)  # not "of exploitation" after it
    if _asked_first(verb):
        # 'Asked whether ..., Ryan said ...': the question is the unnamed asker's, not Ryan's
        # (PolNeAR's annotators give it no source 19 times in 23 on train).
        return _agent_of(verb)
    tok = verb
    embedded: Token | None = None
    for _ in range(rules.subject_inherit_depth):
        inherited = tok.i != verb.i
        if (
            inherited
            and tok.dep_ == "ccomp"
            and tok.head.pos_ in VERB_POS
            and tok.head.i < tok.i
            and embedded is None
            and not _speaks_itself(tok)
            and not line_between(doc, tok.head.i, tok.i)
        ):
            # "Ms. Vale said she was tired and added, “...”", "X told the paper that Y “...,”
            # adding, “...”": the parser hung the cue on the reported clause, whose subject is
            # what was said about; the one who adds is the speaker of the clause's own verb.
            own = _own_source(tok, inherited)
            embedded = own if own is not None and own.lower_ not in _NO_SPEAKER else None
            tok = tok.head
            continue
        subject = _own_source(tok, inherited) or (None if inherited else _aside_subject(tok))
        if subject is not None and tok.i != verb.i and subject.lower_ in _NO_SPEAKER:
            # "X said it was a hard call but added, “...”": the parser hung "added" on the
            # reported clause, whose "it" speaks for nobody; X, further up, does.
            subject = None
            if tok.dep_ == "ccomp" and tok.head.i != tok.i:
                tok = tok.head
                continue
        if subject is not None and _participle(subject) and tok.i == verb.i:
            # "Worried by the protests, Mayor Ruiz, the city's mayor, said": the parser made
            # the opening participle the subject; the name after it speaks.
            stranded = _stranded_subject(doc, verb)
            if stranded is not None:
                return stranded
        if subject is not None:
            # "Kingson, who said": the relative pronoun stays the source, as PolNeAR marks it
            # (coreference reads its noun).
            return _without_setting(doc, subject, clip_to_paragraph(doc, subject))
        if tok.dep_ == "acl" and (found := _holder(doc, tok.head, rules)) is not None:
            # "The senator wrote to members saying", "the club issued a statement saying", "sent
            # a text to supporters saying": the parser hangs the participle on the object, or on
            # the listener after "to"; who sends or issues it speaks.
            return found
        if tok.dep_ in ("relcl", "acl") and tok.head.pos_ in ("PROPN", "NOUN", "PRON"):
            # "Smith, who said ...", "the group backing him": the noun the clause describes.
            return chars(doc, tok.head.left_edge.i, tok.head.i)
        if tok.dep_ in _INHERIT_DEPS and tok.head.i != tok.i:
            tok = tok.head
            continue
        break
    if embedded is not None:
        return clip_to_paragraph(doc, embedded)
    return _stranded_subject(doc, verb) or according_to(doc, verb)


def according_to(doc: Doc, verb: Token) -> CharSpan | None:
    """Who a clause is "according to", for a cue in it that names no one: in "The storm is
    expected to weaken by Saturday, according to the weather service" the expectation is the
    weather service's."""
    tok = verb
    for _ in range(4):
        for c in tok.children:
            if c.dep_ == "prep" and c.lower_ == "according":
                to = next((t for t in c.children if t.lower_ == "to"), None)
                pobj = next((t for t in to.children if t.dep_ == "pobj"), None) if to is not None else None
                if pobj is not None:
                    return chars(doc, pobj.left_edge.i, pobj.right_edge.i)
        if tok.head.i == tok.i:
            break
        tok = tok.head
    return None


def _object_controller(verb: Token) -> Token | None:
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
    obj = next((c for c in prep.head.children if c.dep_ == "dobj" and c.i < prep.i), None)
    if obj is None or not _can_speak(obj):
        return None  # "gave Carson two Pinocchios for ...", "took the step of announcing ..."
    return obj


_FINITE_TAGS = frozenset({"VBD", "VBZ", "VBP", "MD"})
#: Words that open a sentence with a phrase set off by a comma before its subject ("At the
#: club, ...", "Alarmed by ..., ...", "Later, ..."): prepositions, participles, adverbs.
_OPENING_TAGS = frozenset({"IN", "RB", "VBN", "VBG", "TO", "WRB"})
#: The longest name or description read as a stranded subject, in tokens.
_STRANDED_MAX = 12


#: Prepositions of the occasion after an inverted subject: 'said X in a statement', '... on Fox'.
_SETTING_PREPS = frozenset({"in", "on", "at", "during"})
#: What such a phrase names: how or when it was said, not who the speaker is.
_OCCASIONS = frozenset({
    "statement", "interview", "tweet", "post", "email", "letter", "release", "briefing", "speech",
    "call", "conference", "hearing", "video", "message", "memo", "podcast", "broadcast", "show",
})  # fmt: skip


def _without_setting(doc: Doc, subject: Token, span: CharSpan | None) -> CharSpan | None:
    """An inverted subject's words without the occasion the parser hung on its name: in
    '“...,” said the mayor's spokesman Tomas Reyes in a statement issued in June' the source
    is the spokesman, not "... in a statement issued in June" (QA helper, twenty-first session)."""
    if span is None or subject.i < subject.head.i:
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


def _with_absolute(doc: Doc, verb: Token) -> CharSpan | None:
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


def _verb_before_participle(doc: Doc, verb: Token) -> Token | None:
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


def _stranded_subject(doc: Doc, verb: Token) -> CharSpan | None:
    """The subject the parser hung elsewhere when an apposition stands before the cue.

    In "Alarmed by the unrest, Senator Harry Reid, the minority leader, said ...", "At the
    club, Jay Pine, its president, suggested ..." or "Ada Salk, a rabbi helping to organize
    it, said ..." the small model makes the name a conjunct of the opening phrase's noun, an
    apposition, or the subject of a clause of its own, and the finite cue is left with no
    subject. The name is the first comma-set phrase after the opening phrase, when the last
    comma of the run stands right before the cue (its own auxiliaries and adverbs aside:
    "have also said", "last week said"). A phrase with a verb in it is a clause, not a name.
    """
    subjects = (c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass", "csubj", "expl"))
    if verb.dep_ != "ROOT" or any(not _participle(c) for c in subjects):
        return None
    left = [c for c in verb.children if c.i < verb.i]
    if verb.tag_ not in _FINITE_TAGS and not any(c.dep_ == "aux" and c.tag_ in _FINITE_TAGS for c in left):
        return None
    own = {t.i for c in left if c.dep_ in ("aux", "neg", "advmod", "npadvmod") for t in c.subtree}
    sent = verb.sent
    j = verb.i - 1
    while j > sent.start and j in own:
        j -= 1
    if j <= sent.start or doc[j].text != "," or line_between(doc, sent.start, verb.i):
        return None
    start = sent.start
    while start < j and doc[start].pos_ == "CCONJ":  # "And in Iowa, ...", "But Lee, ..."
        start += 1
    commas = [t.i for t in doc[start:j] if t.text == ","]
    opening = doc[start : commas[0]] if commas else None
    if doc[start].tag_ in _OPENING_TAGS or (opening and all(t.ent_type_ in WHEN for t in opening)):
        if not commas:
            return None
        start = commas[0] + 1  # "At the club, ...", "Friday, ..."
    end = next((c for c in commas if c >= start), j)
    if end == j:
        return None  # "Angelo, thank you for ...": a name addressed, with nothing set off after it
    words = doc[start:end]
    if not 0 < len(words) <= _STRANDED_MAX or any(t.pos_ in VERB_POS for t in words):
        return None
    root = words.root
    if root.pos_ not in ("PROPN", "NOUN") or not (root.pos_ == "PROPN" or _can_speak(root)):
        return None  # "..., many of them skeptical, the chief suggested": no name
    if root.dep_ == "appos" and root.head.i < start and not _named_apart(root):
        return None  # "In addition to Mr. Lee, two members ...": read as Lee's apposition
    if any(_own_clause(t, words) for t in doc[end:j]):
        return None  # "Voters, Clinton suggested, don't ...": a cue of its own in between
    return chars(doc, start, end - 1)


def _named_apart(appos: Token) -> bool:
    """A name that coreference reads as itself, not as the person it was hung on: a person's
    name, or a group's or place's after a word that is no person ("Friday, Texas, ...")."""
    if appos.ent_type_ == "PERSON":
        return True
    return appos.ent_type_ in _SPEAKING_ENTS and appos.head.ent_type_ != "PERSON"


def _participle(tok: Token) -> bool:
    """A participle the parser took for a subject: "*Worried* by the protests, Ruiz said"."""
    return tok.pos_ == "VERB" and tok.tag_ in ("VBN", "VBG") and tok.i == tok.sent.start


_RELATIVE_TAGS = frozenset({"WDT", "WP", "WP$"})


def _own_clause(tok: Token, name: Span) -> bool:
    """A finite verb with a subject of its own that is no relative clause's ("Lee suggested",
    not "who supported", "whose start-up uses", "a union that has endorsed"), nor the name
    itself (the tagger read "Ada Salk, a rabbi helping ..." as "Salk rabbis")."""
    subjects = [c for c in tok.children if c.dep_ in SUBJECT_DEPS]
    if tok.tag_ not in _FINITE_TAGS or not subjects or all(name.start <= c.i < name.end for c in subjects):
        return False
    first = tok.left_edge
    return first.tag_ not in _RELATIVE_TAGS and first.lower_ != "that"


#: Entity types of a name that can speak.
_SPEAKING_ENTS = frozenset({"PERSON", "ORG", "NORP", "GPE"})
#: Object pronouns that can speak, and that a participle right after them has for subject
#: ("heard him saying").
_OBJECT_PRONOUNS = frozenset({"him", "her", "them", "me", "us"})


def _can_speak(tok: Token) -> bool:
    """A name, a personal pronoun, or a noun PolNeAR's annotators often marked as a source."""
    return (
        tok.ent_type_ in _SPEAKING_ENTS
        or tok.lower_ in _OBJECT_PRONOUNS
        or tok.lemma_.lower() in learned_agents()
    )


#: Verbs of asking whose fronted passive participle names the one asked, not the asker.
_ASKING = frozenset({"ask", "press", "question", "quiz", "query"})
#: Verbs whose passive subject is the one addressed (``addressed``).
_ADDRESSING = _ASKING | {"tell"}


def addressed(verb: Token) -> bool:
    """A passive verb of asking or telling: 'Quill was asked, “...?”', 'he was told, “...”'.

    Its subject is the one addressed, not the speaker: the words are the asker's, named only by
    an agent ('asked by the host'). Without this, the nearest name before the cue took the
    question (on train, such questions have no annotated source, or the agent).
    """
    return (
        verb.lemma_.lower() in _ADDRESSING
        and verb.tag_ == "VBN"
        and any(c.dep_ in ("nsubjpass", "auxpass") for c in verb.children)
    )


def _asked_first(verb: Token) -> bool:
    """'Asked if ...', 'Pressed on ...' before the clause it hangs on, as a passive participle."""
    fronted = verb.dep_ == "advcl" and verb.i < verb.head.i
    return fronted and verb.tag_ == "VBN" and verb.lemma_.lower() in _ASKING


def _agent_of(verb: Token) -> CharSpan | None:
    """The passive agent's words ('asked by reporters'), if the verb has one."""
    for child in verb.children:
        if child.dep_ == "agent":
            for pobj in child.children:
                if pobj.dep_ == "pobj":
                    return chars(verb.doc, pobj.left_edge.i, pobj.right_edge.i)
    return None


def _aside_subject(verb: Token) -> Token | None:
    """The subject the parser gave to a participle aside before the verb: in 'Sen. Kwan
    (D-Vt.), citing the length of the list, said, “...”' "Kwan" hangs on "citing", and "said"
    (under it or over it) has no subject of its own."""
    asides = list(verb.children)
    if verb.dep_ == "parataxis" and verb.head.i < verb.i:
        asides.append(verb.head)  # '... Kwan, citing the length of the list, said': "said" under it
    for child in asides:
        if (
            child.dep_ in ("advcl", "ccomp", "ROOT")
            and 0 < child.i < verb.i
            and child.tag_ in ("VBG", "VBN")
            and child.nbor(-1).text == ","
            and not any(c.dep_ in ("mark", "aux", "auxpass") for c in child.children)
        ):
            subject = next((c for c in child.children if c.dep_ == "nsubj" and c.i < child.i), None)
            if subject is not None:
                return subject
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


def _shown_speaking(verb: Token) -> CharSpan | None:
    """'The ad uses footage of Hillary Clinton asking, “...”', 'the video shows him saying':
    a participle right after a name, with no comma between, says what that person does; the
    one who uses or shows the footage is not the speaker. After a comma ('She thanked Obama,
    saying') the participle goes with the subject as usual.
    """
    if not _subjectless_saying(verb) or verb.i == 0 or verb.dep_ not in ("xcomp", "acl", "advcl"):
        return None
    prev = verb.doc[verb.i - 1]
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


def _with_speaking(verb: Token, reach: int = 15) -> CharSpan | None:
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
    while last >= 0 and (doc[last].pos_ == "ADV" or doc[last].text == ","):
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


def _speaks_itself(verb: Token) -> bool:
    """A verb of saying with a subject of its own ('“I'm sorry,” he replied, telling ...'): its
    subject speaks, whatever clause the parser hung it under."""
    return verb.lemma_.lower() in SPEECH_VERBS and any(c.dep_ in SUBJECT_DEPS for c in verb.children)


def _holder(doc: Doc, noun: Token, rules: Rules) -> CharSpan | None:
    """Who holds, sends or issues ``noun``: the source of the verb it is the object of.

    "issued a statement" (object), "sent a text to supporters" (the listener after "to" of a
    verb's object or of the verb itself).
    """
    if noun.dep_ == "pobj" and noun.head.lower_ == "to" and noun.head.head.i != noun.head.i:
        noun = noun.head.head
        if noun.pos_ in VERB_POS:
            return source_of(doc, noun, rules)
    if noun.dep_ == "dobj" and noun.head.i != noun.i:
        return source_of(doc, noun.head, rules)
    return None


def mend_parens(text: str, source: CharSpan) -> CharSpan | None:
    """A source that opens a parenthesis and stops short of its ")", mended.

    The parser ends "Rep. Tom Brill (R-WI) said" at "WI": a party and state label belongs
    whole to the name it follows, as the annotators mark it ("Rep. Tom Brill (R-WI)").
    """
    a, b = source
    if "(" not in text[a:b] or ")" in text[text.rindex("(", a, b) : b] or text[b : b + 1] != ")":
        return None
    return (a, b + 1)


def loose_source(doc: Doc, verb: Token, rules: Rules, quoted: Quoted | None = None) -> CharSpan | None:
    """The subject of a direct quote's cue the parser linked only loosely ("dep") to its clause.

    The parser hangs a verb on "dep" when an interruption stands between it and its subject:
    'Sen. Greer (D-Ore.), noting the crowd, said, “...”' (under "noting"), 'X waved, then
    leaned in and boomed: “...”'. For a quote's cue that has no source otherwise, the subject
    of the verb it hangs on speaks. Not for indirect speech, where "dep" joins too much.
    """
    tok = verb
    for _ in range(rules.subject_inherit_depth):
        if tok.dep_ not in ("dep", "conj") or tok.head.i == tok.i or tok.head.pos_ not in VERB_POS:
            return _misparsed_subject(doc, verb, rules)
        tok = tok.head
        if quoted is not None and quoted.covers((tok.idx, tok.idx + len(tok.text))):
            return _narration_subject(doc, tok, verb, rules, quoted)
        found = source_of(doc, tok, rules)
        if found is not None:
            return found
    return None


def _narration_subject(doc: Doc, root: Token, verb: Token, rules: Rules, quoted: Quoted) -> CharSpan | None:
    """The subject of the narration's verb when the parser made a quote's verb the sentence's root.

    In 'Mr. Trump hardly clarified the matter -- “That makes me smart” -- and, when questioned,
    asserting, “...”' the parser hangs "clarified" and "asserting" both on "makes"; the verb of
    the narration before the cue, outside the marks, has the speaker.
    """
    for child in sorted((c for c in root.children if c.i < verb.i), key=lambda c: -c.i):
        if child.pos_ in VERB_POS and not quoted.covers((child.idx, child.idx + len(child.text))):
            found = source_of(doc, child, rules)
            if found is not None and not quoted.covers(found):
                return found
    return None


def _misparsed_subject(doc: Doc, verb: Token, rules: Rules) -> CharSpan | None:
    """The speaker of a quote's cue that the parser tore from its subject.

    Three misparses seen on PolNeAR train: a name right before the verb taken for an adverb
    ('And Smith called Lee “...”'), a participle taken for a subject ('X shared the news,
    writing “...”'), and an infinitive under an adverb ('X went so far as to say: “...”').
    """
    before = doc[verb.i - 1] if verb.i > 0 else None
    if before is not None and before.head.i == verb.i and before.pos_ == "PROPN" and before.dep_ != "nsubj":
        return chars(doc, before.left_edge.i, before.i)
    head = verb.head
    if verb.dep_ == "nsubj" and verb.pos_ == "VERB":
        for _ in range(3):  # up to the first verb before the participle
            if head.i < verb.i or head.head.i == head.i:
                break
            head = head.head
    elif verb.dep_ in ("advcl", "xcomp") and head.pos_ in ("ADV", "ADJ"):
        head = head.head
    else:
        return None
    if head.i >= verb.i or head.pos_ not in VERB_POS:
        return None
    found = source_of(doc, head, rules)
    return found if found is not None and found[1] <= doc[verb.i].idx else None


_ARTICLES = frozenset({"the", "a", "an"})
#: Subjects that name no speaker when a cue inherits them from the clause it hangs on.
_NO_SPEAKER = frozenset({"it", "this", "that", "what", "there"})


def _own_source(tok: Token, inherited: bool = False) -> Token | None:
    """The subject or passive agent of ``tok``; for a verb a cue inherits its subject from, the
    passive subject before the agent: in "Sidi was joined by the mayor and joked" or "Ruiz was
    prompted to say" the one joined or prompted speaks, not the agent."""
    agent = None
    passive = None
    for child in _nearest_subject_first(tok):
        if child.lower_ in _ARTICLES and child.n_lefts + child.n_rights == 0:
            continue  # "the then–senator": the parser split at the dash, the article left alone
        if child.dep_ in SUBJECT_DEPS and (found := past_label(child)) is not None:
            return _authors_of_title(found)
        if child.dep_ == "agent":
            agent = child
        elif child.dep_ == "nsubjpass" and inherited:
            passive = child
    if passive is not None:
        return passive
    if agent is not None:
        for pobj in agent.children:
            if pobj.dep_ == "pobj":
                return pobj
    return None


def _nearest_subject_first(verb: Token) -> list[Token]:
    """A verb's children, the nearest of its subjects before it first.

    The small model gives a verb two subjects when something stands between the real one and
    the phrase before it: "His final assessment: “It's not quite optimistic,” he said" ("said"
    gets "assessment" and "he"), "The Louisiana governor barely qualified ..., but he feels"
    ("feels" gets both clauses' subjects), "Local news affiliate ABC 7 reporting". The one right
    before the verb is its own. Not a relative clause's subject ("whose party") or a floating
    quantifier of the first ("Republican figures — whose party ... — both suggested")."""
    children = list(verb.children)
    subjects = [
        c
        for c in children
        if c.dep_ in SUBJECT_DEPS
        and c.i < verb.i
        and c.tag_ != "DT"
        and c.left_edge.tag_ not in _RELATIVE_TAGS
    ]
    if len(subjects) < 2:
        return children
    last = subjects[-1]
    if last.left_edge.i > 0 and last.doc[last.left_edge.i - 1].pos_ in ("ADP", "SCONJ"):
        return children  # "a status made hours before the shootings said": a preposition's object
    return [last] + [c for c in children if c.i != last.i]


def _authors_of_title(subject: Token) -> Token:
    """The authors the parser coordinated with a title: in "In their book The Public Wealth of
    Nations, Dag Detter and Stefan Fölster argue", the title is the subject and the authors its
    conjuncts or appositions. A title speaks for nobody; its authors do."""
    if subject.ent_type_ != "WORK_OF_ART":
        return subject
    return next(
        (c for c in subject.children if c.dep_ in ("conj", "appos") and c.ent_type_ == "PERSON"), subject
    )


def cue_span(doc: Doc, verb: Token, rules: Rules, extra: Token | None = None) -> CharSpan:
    first, last = verb.i, verb.i
    for child in verb.children:
        if child.dep_ == "prt" and abs(child.i - verb.i) <= rules.particle_max_distance:
            first, last = min(first, child.i), max(last, child.i)
    if extra is not None:
        first, last = min(first, extra.i), max(last, extra.i)
    return (doc[first].idx, doc[last].idx + len(doc[last].text))
