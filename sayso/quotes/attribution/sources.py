"""Who speaks: the words naming the source of a cue, read off the parse.

Kept apart from candidate proposal because the same questions are asked twice: once when a
candidate is proposed (the cue's subject, passive agent or inherited subject) and again when a
direct quote is attached and the parse's subject turns out to be a word of the quote (then the
speaker is looked for outside it, by position: ``quote_sources.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from spacy.tokens import Doc, Token

from sayso.quotes.attribution.clauses import acts_and_tells, authors_of_title, impersonal
from sayso.quotes.attribution.fronted import fronted_subject, named_after_set_off
from sayso.quotes.attribution.misreads import (
    RELATIVE_TAGS,
    before_adverb,
    modal_name,
    opening_participle,
    parse_lost_speaker,
    place_before_name,
    role_read_as_verb,
    stranded_subject,
)
from sayso.quotes.attribution.others import (
    addressed,
    caused_speaker,
    clause_between,
    listener_after,
    object_controller,
    overheard,
    perceived_speaker,
    quoted_there,
    reacted_to,
    reported_clause,
    setting_of,
    shown_in_medium,
    shown_speaking,
    someone,
    verb_before_participle,
    with_absolute,
    with_speaking,
    without_setting,
)
from sayso.quotes.attribution.spans import (
    SUBJECT_DEPS,
    VERB_POS,
    Quoted,
    chars,
    clip_to_paragraph,
    line_between,
    subtree,
)
from sayso.quotes.coref.agents import WordClasses, noun_class
from sayso.quotes.coref.places import principal_set_off
from sayso.quotes.cues import ASKING_VERBS, SPEECH_VERBS
from sayso.quotes.furniture import past_label
from sayso.quotes.rules import Rules
from sayso.quotes.types import CharSpan

_INHERIT_DEPS = frozenset({"conj", "advcl", "xcomp", "pcomp", "prep", "acomp", "oprd"})


def source_of(doc: Doc, verb: Token, rules: Rules) -> CharSpan | None:
    """The words naming who speaks: the subject, the passive agent, or an inherited subject.

    A cue without a subject of its own takes the one of the verb it hangs from: "he said and
    added", "she left, saying", "he began by saying".
    """
    shown = shown_speaking(verb) or with_speaking(verb) or overheard(verb)
    shown = shown or perceived_speaker(verb) or shown_in_medium(verb) or parse_lost_speaker(verb)
    if shown is not None:
        return shown
    if fronted_subject(verb) is not None and (named := named_after_set_off(verb)) is not None:
        return chars(doc, named.left_edge.i, named.right_edge.i)
    before = verb_before_participle(doc, verb) or _compared_with(verb)
    if before is not None:
        return source_of(doc, before, rules)
    if (between := clause_between(verb) or reacted_to(verb)) is not None:
        return chars(doc, between.left_edge.i, between.i)  # "..., as Conway beat back ..., saying"
    absolute = with_absolute(doc, verb)
    if absolute is not None:
        return absolute
    if _after_time(verb) or _past_clause(verb):
        return source_of(doc, (verb.head.head if _past_clause(verb) else verb.head), rules)
    controller = object_controller(verb) or caused_speaker(verb)
    if controller is not None:
        return chars(doc, controller.left_edge.i, _quoted_end(doc, controller, verb))  # not "of exploitation"
    if _asked_first(verb) or addressed(verb):
        # 'Asked whether ..., Ryan said ...': the question is the unnamed asker's, not Ryan's
        # (PolNeAR's annotators give it no source 19 times in 23 on train); "he was told he
        # would have to decline", "the producer, who was informed that ...": who is told
        # listens, and the teller is the agent if one is named (none 45 times in 59 on train)
        return _agent_of(verb)
    tok = verb
    embedded: Token | None = None
    for _ in range(rules.subject_inherit_depth):
        inherited = tok.i != verb.i
        if (
            inherited
            and reported_clause(tok)
            and tok.head.i < tok.i
            and embedded is None
            and not _speaks_itself(tok)
            and not line_between(doc, tok.head.i, tok.i)
            and not acts_and_tells(tok, verb)
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
        if subject is not None and opening_participle(subject) and tok.i == verb.i:
            # "Worried by the protests, Mayor Ruiz, the city's mayor, said": the parser made
            # the opening participle the subject; the name after it speaks.
            stranded = stranded_subject(doc, verb)
            if stranded is not None:
                return stranded
        if subject is not None and (titled := role_read_as_verb(doc, subject)) is not None:
            return titled  # "says NASA engineer John Posey": not "NASA"
        if subject is not None and (named := before_adverb(subject)) is not None:
            subject = named  # "Trump coyly stated": the parser read the adverb as the noun
        if subject is not None and tok.i != verb.i and _urges_self(verb, subject):
            senders = _senders(doc, verb)
            if senders is not None:
                return senders
        if subject is not None and (placed := place_before_name(doc, subject)) is not None:
            return placed  # "In Austin, Texas, Barbara Olpinski, 51, said": not "Texas"
        if subject is not None:
            # "Kingson, who said": the relative pronoun stays the source, as PolNeAR marks it
            # (coreference reads its noun).
            return without_setting(doc, subject, clip_to_paragraph(doc, subject))
        if tok.dep_ == "acl" and (found := _holder(doc, tok.head, rules)) is not None:
            # "The senator wrote to members saying", "the club issued a statement saying", "sent
            # a text to supporters saying": the parser hangs the participle on the object, or on
            # the listener after "to"; who sends or issues it speaks.
            return found
        if tok.dep_ in ("relcl", "acl") and tok.head.pos_ in ("PROPN", "NOUN", "PRON"):
            # "Smith, who said ...", "the group backing him": the noun the clause describes, or
            # who sent the thing it names ("calls from Iraqi men saying ...": QA helper, 34th).
            sender = _sent_from(tok.head) if tok.dep_ == "acl" else None
            head = sender if sender is not None else tok.head
            return chars(doc, head.left_edge.i, head.i)
        if tok.dep_ == "conj" and (aside := _aside_before(tok)) is not None:
            tok = aside
            continue
        if tok.dep_ in _INHERIT_DEPS and tok.head.i != tok.i and not impersonal(tok):
            tok = tok.head
            continue
        break
    if embedded is not None:
        return clip_to_paragraph(doc, embedded)
    if (went := went_on(verb)) is not None:
        return clip_to_paragraph(doc, went)
    return modal_name(doc, verb) or stranded_subject(doc, verb) or according_to(doc, verb)


#: What a survey compares groups by: "more likely than men to say".
_LIKELIER = frozenset({"likely", "apt", "inclined", "willing", "prone", "eager"})


def _compared_with(verb: Token) -> Token | None:
    """The verb whose subject says it in "Women are more likely than men to say ...": the parser
    made "than men to say" a clause with "men" its subject (QA helper, forty-fourth session: a
    survey's comparison group shown as who says it)."""
    if not any(c.dep_ == "mark" and c.lower_ == "than" for c in verb.children):
        return None
    if verb.head.lemma_.lower() not in _LIKELIER or not any(c.lower_ == "to" for c in verb.children):
        return None  # (not "more than he told a judge", "less than we might expect")
    head = verb.head
    while head.pos_ not in VERB_POS and head.head.i != head.i:
        head = head.head
    return head if head.i != verb.i and head.pos_ in VERB_POS else None


def went_on(verb: Token) -> Token | None:
    """The subject of the clause a subjectless cue goes on from: in 'He denied that he had asked
    Ukraine to investigate Biden, then said “of course I did”' the parser made "denied" a clause
    of "said", which took "Biden" before it (QA helper, forty-first session)."""
    if verb.dep_ in ("dep", "conj") and verb.head.i < verb.i and verb.head.pos_ in VERB_POS:
        clause: Token | None = verb.head  # (or the parser hung "said" on "denied")
    elif verb.dep_ == "ROOT":
        clause = next((c for c in verb.lefts if c.dep_ in ("ccomp", "conj") and c.pos_ in VERB_POS), None)
    else:
        return None
    if clause is None or not any(t.lower_ == "then" for t in verb.doc[clause.i + 1 : verb.i]):
        return None
    if clause.tag_ != verb.tag_:
        return None  # not "Murphy has seen employees quit jobs, then claim they were fired"
    return next((c for c in clause.children if c.dep_ in ("nsubj", "nsubjpass") and c.i < clause.i), None)


def _aside_before(conj: Token) -> Token | None:
    """The "X said" set in the clause a conjunct cue hangs on: in "Manafort's attorneys do not
    seem to have scored, Futterman said, but added that ..." who adds is Futterman, not the
    clause's subject (QA helper, thirty-ninth session)."""
    head = conj.head
    return next(
        (
            c
            for c in head.children
            if c.dep_ == "parataxis"
            and head.i < c.i < conj.i
            and c.lemma_.lower() in SPEECH_VERBS
            and any(s.dep_ in SUBJECT_DEPS for s in c.children)
        ),
        None,
    )


def _sent_from(thing: Token) -> Token | None:
    """Who a document or call that says something came from ("a letter from the governor")."""
    lemma = thing.lemma_.lower()
    if lemma not in ("call", "voicemail") and noun_class(lemma, WordClasses.default()) != "document":
        return None
    prep = next((c for c in thing.children if c.dep_ == "prep" and c.lower_ == "from"), None)
    sender = next((c for c in prep.children if c.dep_ == "pobj"), None) if prep is not None else None
    return sender if sender is not None and someone(sender) else None


def _quoted_end(doc: Doc, noun: Token, verb: Token) -> int:
    """Where a speaking object ends: its head noun, or the closing mark of a quotation it opens
    ('CNN quoted a “source with direct knowledge of the talks” as saying': the source was
    'a “source', shown as such; eighth QA read)."""
    if not any(doc[k].text == "“" for k in range(noun.left_edge.i, noun.i)):
        return noun.i
    return next((k for k in range(noun.i + 1, verb.i) if doc[k].text == "”"), noun.i)


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


def _asked_first(verb: Token) -> bool:
    """'Asked if ...', 'Pressed on ...' before the clause it hangs on, as a passive participle;
    and 'When asked Sunday if he had told Pelosi ..., he said', which the tagger reads as a past
    tense with no subject (tenth QA sample's news: the question was shown as the president's).
    After its clause too, with its "when": in "Christie said when asked whether ...", "Trump
    didn't jab when asked whether ..." the question is the unnamed asker's (PolNeAR's
    annotators give it no source 11 times in 11 on train; thirty-sixth session's QA read)."""
    if verb.dep_ != "advcl" or verb.lemma_.lower() not in ASKING_VERBS:
        return False
    elided = (
        verb.tag_ in ("VBD", "VBN")
        and verb.i > 0
        and verb.doc[verb.i - 1].lower_ in _ELIDING
        and not any(c.dep_ in SUBJECT_DEPS for c in verb.children)
    )
    if verb.i > verb.head.i:
        return elided
    # "Asked whether Hamas would ..., Hamdan said": the tagger reads the sentence's first word
    # as a past tense with no subject (QA helper, forty-third session: 3 questions shown as
    # the answerers' words)
    opening = verb.i == verb.sent.start and not any(c.dep_ in SUBJECT_DEPS for c in verb.children)
    return verb.tag_ == "VBN" or elided or opening


#: Words before a passive participle whose "he was" is left out: "When asked", "If pressed".
_ELIDING = frozenset({"when", "if", "after", "once", "while", "as", "unless", "until"})


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


def _speaks_itself(verb: Token) -> bool:
    """A verb of saying with a subject of its own ('“I'm sorry,” he replied, telling ...'): its
    subject speaks, whatever clause the parser hung it under."""
    return verb.lemma_.lower() in SPEECH_VERBS and any(c.dep_ in SUBJECT_DEPS for c in verb.children)


#: Prepositions of time the parser may read as opening a clause ("before the vote noting").
_WHEN = frozenset({"before", "after", "during"})


def _after_time(verb: Token) -> bool:
    """A participle whose "subject" is a time: in "Clapper released a statement before the vote
    noting that ..." the parser made "before the vote noting" a clause and "the vote" its
    subject (eighth QA read: the speaker was "the vote"); who released it notes."""
    return (
        verb.tag_ == "VBG"
        and verb.dep_ == "advcl"
        and verb.head.pos_ in VERB_POS
        and any(c.dep_ == "mark" and c.lower_ in _WHEN and c.i < verb.i for c in verb.children)
        and any(c.dep_ == "nsubj" and c.pos_ == "NOUN" for c in verb.children)
    )


#: Conjunctions of a clause that says when or why, not who goes on speaking.
_CLAUSE_MARKS = frozenset({"before", "after", "until", "since", "because", "once"})


def _past_clause(verb: Token) -> bool:
    """A participle set off after a clause of time that ends its sentence's main clause: in "Rabbi
    Stern gave a speech before Anna and Jared first arrived, urging congregants to ..." the
    rabbi urges; the parser hung "urging" on "arrived" (QA helper, fortieth session: shown as
    the couple's words). Not after "as", "while" or "when" ("Clinton asks as a maintenance guy
    walks in, saying ..." is the guy's), and only when the main clause's subject can speak."""
    clause = verb.head
    return (
        verb.tag_ == "VBG"
        and verb.dep_ == "advcl"
        and verb.i > 0
        and verb.doc[verb.i - 1].text == ","
        and not any(c.dep_ in SUBJECT_DEPS for c in verb.children)
        and clause.dep_ == "advcl"
        and clause.head.i < clause.i
        and clause.head.pos_ in VERB_POS
        and any(c.dep_ == "mark" and c.lower_ in _CLAUSE_MARKS and c.i < clause.i for c in clause.children)
        and any(c.dep_ == "nsubj" and someone(c) for c in clause.head.children)  # not "The fracas erupted"
    )


#: A subject pronoun and the object pronoun of the same person: "he ... urging him".
_SAME_PERSON = {"he": "him", "she": "her", "they": "them"}


def _urges_self(verb: Token, subject: Token) -> bool:
    """Whether a cue that inherits its subject would have that person speak to themselves: in
    "He reversed himself after getting 40 calls from customers urging him to ..." "urging"
    has no subject of its own, and "he" is the one urged (tenth QA read). Only a sign: in "he
    held his fire on Carson, calling him a “nice guy”" he speaks, of Carson; so the cue goes
    to others only if ``_senders`` finds them."""
    him = _SAME_PERSON.get(subject.lower_)
    return him is not None and any(c.dep_ == "dobj" and c.lower_ == him for c in verb.children)


def _senders(doc: Doc, verb: Token) -> CharSpan | None:
    """Who sent what the verb above a participle cue received: "calls *from customers* urging"."""
    for obj in verb.head.children:
        if obj.dep_ == "dobj" and obj.i < verb.i:
            for prep in obj.children:
                pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
                if prep.dep_ == "prep" and prep.lower_ in ("from", "by") and pobj is not None:
                    return subtree(doc, pobj)
    return None


def _holder(doc: Doc, noun: Token, rules: Rules) -> CharSpan | None:
    """Who holds, sends or issues ``noun``: the source of the verb it is the object of ("issued
    a statement"), of the verb after whose "to" it stands ("sent a text to supporters"), or of
    the verb it is the setting of ("filed suit in state courts accusing")."""
    if noun.dep_ == "pobj" and noun.head.lower_ == "to" and noun.head.head.i != noun.head.i:
        noun = noun.head.head
        if noun.pos_ in VERB_POS:
            return source_of(doc, noun, rules)
    if (setting := setting_of(noun)) is not None:  # "filed suit in state courts accusing ..."
        return quoted_there(setting) or source_of(doc, setting, rules)
    if noun.dep_ == "dobj" and noun.head.i != noun.i and noun.head.lemma_.lower() not in _RECEIVING:
        participle = any(c.dep_ == "acl" and c.tag_ == "VBG" for c in noun.children)
        if participle and noun.head.lemma_.lower() in _PRESENTING and someone(noun):
            return None  # "AP cited a Guatemalan official saying ...": the official says it
        return source_of(doc, noun.head, rules)
    return None


#: Verbs whose subject is on the receiving end of what their object says: "lawmakers have
#: received phone calls saying, “You guys are next”" is the callers' threat, not the lawmakers'
#: (eleventh QA read). Not "read": "the spokesman read a statement saying ..." announces it.
_RECEIVING = frozenset({"receive", "get", "hear", "see", "obtain", "intercept", "review", "find"})
#: Verbs that present their object speaking: "AP cited an official saying ...", "the ad features
#: voters telling ..." (QA helper, thirty-fourth session: the words were the AP's). Not verbs of
#: addressing: "emailed supporters saying ..." is the sender's; nor "cited a vote to say": his.
_PRESENTING = frozenset({
    "cite", "quote", "feature", "interview", "show", "film", "record", "depict", "portray",
})  # fmt: skip


def mend_source(text: str, source: CharSpan, content: Sequence[CharSpan] = ()) -> CharSpan | None:
    """A source that opens a parenthesis or a quotation mark and stops short of its close, mended.

    The parser ends "Rep. Tom Brill (R-WI) said" at "WI": a party and state label belongs
    whole to the name it follows, as the annotators mark it ("Rep. Tom Brill (R-WI)").
    """
    a, b = source
    words = text[a:b]
    if any(a < e and s < b + 2 for s, e in content):
        return None  # 'The quote: “It's one thing ...,” said a cardiologist': the quote's own marks
    if words.count("\u201c") > words.count("\u201d") or words.count('"') % 2 == 1:
        # 'said Trump's "Contract With the American Voter,"': a title's closing mark, after the
        # comma the parser left out with it
        closing = text[b : b + 2]
        if closing[:1] in ('"', "\u201d"):
            return (a, b + 1)
        if closing[:1] == "," and closing[1:] in ('"', "\u201d"):
            return (a, b + 2)
        return None
    if "(" not in words or ")" in text[text.rindex("(", a, b) : b] or text[b : b + 1] != ")":
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
        if listener_after(tok, child):
            continue
        if child.dep_ in SUBJECT_DEPS and (found := past_label(child)) is not None:
            return authors_of_title(found)
        if child.dep_ == "agent":
            agent = child
        elif child.dep_ == "nsubjpass" and (inherited or _has_read_as_is(tok)):
            passive = child
    if passive is not None:
        return passive
    if agent is not None:
        for pobj in agent.children:
            if pobj.dep_ == "pobj":
                return pobj
    return None


def _has_read_as_is(verb: Token) -> bool:
    """ "his rivals, whom he's slammed as “weak”": the parser read "'s" (has) as a passive's "is";
    with an object of its own ("whom") the clause is active and its subject speaks (QA read)."""
    return any(c.dep_ == "auxpass" and c.lower_ in ("'s", "’s") for c in verb.children) and any(
        t.lower_ == "whom" or (t.dep_ == "dobj" and t.tag_ in ("WP", "WDT") and t.head == verb)
        for t in verb.subtree
    )


def _nearest_subject_first(verb: Token) -> list[Token]:
    """A verb's children, the nearest of its subjects before it first.

    The small model gives a verb two subjects when something stands between the real one and
    the phrase before it: "His final assessment: “It's not quite optimistic,” he said" ("said"
    gets "assessment" and "he"), "The Louisiana governor barely qualified ..., but he feels"
    ("feels" gets both clauses' subjects), "Local news affiliate ABC 7 reporting". The one right
    before the verb is its own, also after a relative pronoun ("the woman who police say ...").
    Not a relative clause's subject ("whose party") or a floating quantifier of the first."""
    children = list(verb.children)
    fronted = fronted_subject(verb)
    if fronted is not None:
        return [c for c in children if c.i != fronted.i]  # the subject after the verb speaks
    subjects = [
        c
        for c in children
        if c.dep_ in SUBJECT_DEPS
        and c.i < verb.i
        and c.tag_ != "DT"
        and c.left_edge.tag_ not in RELATIVE_TAGS
    ]
    relative = [c for c in children if c.dep_ in SUBJECT_DEPS and c.i < verb.i and c.tag_ in ("WP", "WDT")]
    if relative and subjects and subjects[-1].i > relative[-1].i:  # "the woman who police say slashed"
        return [subjects[-1]] + [c for c in children if c.i != subjects[-1].i and c not in relative]
    if len(subjects) < 2:
        return children
    last = subjects[-1]
    if last.left_edge.i > 0 and last.doc[last.left_edge.i - 1].pos_ in ("ADP", "SCONJ"):
        return children  # "a status made hours before the shootings said": a preposition's object
    if principal_set_off(subjects[0], last):
        return children  # "A spokeswoman for the top Republican, Rep. Doug Collins, noted"
    doc = last.doc
    if (
        last.ent_type_ != "PERSON"
        and last.left_edge.i > 0
        and doc[last.left_edge.i - 1].text == ","
        and doc[last.right_edge.i].text == ","
    ):
        # "This photo provided by X and Y, participants in the experiment, shows": a description
        # set off by commas, read as a second subject (QA helper, forty-second session); a
        # name so set off speaks ("The former employee, Kathryn Spiers, wrote")
        return children
    return [last] + [c for c in children if c.i != last.i]


def cue_span(doc: Doc, verb: Token, rules: Rules, extra: Token | None = None) -> CharSpan:
    first, last = verb.i, verb.i
    for child in verb.children:
        if child.dep_ == "prt" and abs(child.i - verb.i) <= rules.particle_max_distance:
            first, last = min(first, child.i), max(last, child.i)
    if extra is not None:
        first, last = min(first, extra.i), max(last, extra.i)
    return (doc[first].idx, doc[last].idx + len(doc[last].text))
