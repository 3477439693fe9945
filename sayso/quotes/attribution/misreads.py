"""Names the parser misread as another part of speech: a manner adverb made the subject
("Trump coyly stated"), a surname made a modal ("May said"), a name set off before its cue
hung on the opening phrase ("Alarmed by the unrest, Senator Harry Reid, the minority leader,
said"), a conjoined verb joined to the wrong subject, "quoted" read as a modifier. Read by
``sources.py`` once it has the subject the parse gives, to find the name the parse hid.
"""

from __future__ import annotations

from spacy.tokens import Doc, Span, Token

from sayso.quotes.attribution.others import SPEAKING_ENTS, can_speak, someone
from sayso.quotes.attribution.spans import SUBJECT_DEPS, VERB_POS, WHEN, chars, line_between
from sayso.quotes.coref.agents import WordClasses, noun_class
from sayso.quotes.cues import SPEECH_VERBS
from sayso.quotes.types import CharSpan

#: Entity types of a place the parser reads into the name after it.
_PLACES = frozenset({"GPE", "LOC", "FAC"})
#: Nouns ending in "-ly" that name who speaks (not manner adverbs read as the subject).
_LY_NOUNS = frozenset({"family", "assembly"})


def before_adverb(subject: Token) -> Token | None:
    """The name before a manner adverb the parser made a noun and the subject: in 'Trump coyly
    stated' "coyly" was the subject and "Trump" its compound, and the quote had no speaker
    (eighth QA read). Only a lower-case "-ly" word right before its verb, whose compounds are
    proper nouns.

    A noun ending in "-ly" is no adverb: "the Robertson family said" was shown as "Robertson"
    (compare check, thirty-first session). An adverb takes no article or possessive; "family"
    and "assembly" are nouns even without one (a headline's "Robertson family says").
    """
    if not (subject.is_lower and subject.text.endswith("ly") and len(subject.text) > 4):
        return None
    if subject.lower_ in _LY_NOUNS or any(c.dep_ in ("det", "poss") for c in subject.children):
        return None
    if subject.head.i != subject.i + 1:
        return None
    names = [c for c in subject.children if c.dep_ == "compound" and c.pos_ == "PROPN"]
    return names[-1] if names and names[-1].i == subject.i - 1 else None


def modal_name(doc: Doc, verb: Token) -> CharSpan | None:
    """A name the parser read as a modal or an adverb: in '“...,” May said' the small model
    makes "May" an auxiliary of "said" (news-5k has 21 such cues, "May said", "May told", in
    articles about Theresa May). A capitalised modal before a past or third-person form cannot
    be one ("may said" is no English); it is the subject.
    """
    if verb.tag_ not in ("VBD", "VBZ", "VBN") or verb.i == 0:
        return None
    if verb.tag_ == "VBN" and any(c.dep_ in ("aux", "auxpass") for c in verb.children):
        return None  # (a participle without its auxiliary is a past tense the tagger misread)
    before = doc[verb.i - 1]
    if before.head.i != verb.i or not before.text[:1].isupper() or not before.text[1:].islower():
        return None  # (not "MAY SAID" in a headline in capitals)
    if before.tag_ == "MD":
        return chars(doc, before.i, before.i)
    # A surname read as an adverb: "And Skelly called Braynard “a real smart guy ...”" (PolNeAR
    # train; "Kelly", "Connelly", "Early" too), inside a sentence, where no adverb is capitalised.
    if before.dep_ == "advmod" and before.tag_ == "RB" and not before.is_sent_start and verb.is_lower:
        # (not a heading in title case: "Trump Just Announced Who He ...")
        return chars(doc, before.i, before.i)
    return None


_FINITE_TAGS = frozenset({"VBD", "VBZ", "VBP", "MD"})
#: Words that open a sentence with a phrase set off by a comma before its subject ("At the
#: club, ...", "Alarmed by ..., ...", "Later, ..."): prepositions, participles, adverbs.
_OPENING_TAGS = frozenset({"IN", "RB", "VBN", "VBG", "TO", "WRB"})
#: The longest name or description read as a stranded subject, in tokens.
_STRANDED_MAX = 12


def stranded_subject(doc: Doc, verb: Token) -> CharSpan | None:
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
    if verb.dep_ != "ROOT" or any(not opening_participle(c) for c in subjects):
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
    # the opening phrase ends with a place, then its comma
    in_place = start - 2 >= sent.start and doc[start - 1].text == "," and doc[start - 2].ent_type_ in _PLACES
    while in_place and end < j and all(t.ent_type_ in _PLACES for t in doc[start:end]):
        start = end + 1  # "In Austin, Texas, Barbara Olpinski, 51, said": past the state (not
        # "Friday, Texas, leading a coalition of 13 states, asked")
        end = next((c for c in commas if c >= start), j)
    if end == j:
        return None  # "Angelo, thank you for ...": a name addressed, with nothing set off after it
    words = doc[start:end]
    if not 0 < len(words) <= _STRANDED_MAX or any(t.pos_ in VERB_POS for t in words):
        return None
    root = words.root
    if root.pos_ not in ("PROPN", "NOUN") or not (root.pos_ == "PROPN" or can_speak(root)):
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
    return appos.ent_type_ in SPEAKING_ENTS and appos.head.ent_type_ != "PERSON"


def opening_participle(tok: Token) -> bool:
    """A participle the parser took for a subject: "*Worried* by the protests, Ruiz said"."""
    return tok.pos_ == "VERB" and tok.tag_ in ("VBN", "VBG") and tok.i == tok.sent.start


RELATIVE_TAGS = frozenset({"WDT", "WP", "WP$"})


def _own_clause(tok: Token, name: Span) -> bool:
    """A finite verb with a subject of its own that is no relative clause's ("Lee suggested",
    not "who supported", "whose start-up uses", "a union that has endorsed"), nor the name
    itself (the tagger read "Ada Salk, a rabbi helping ..." as "Salk rabbis")."""
    subjects = [c for c in tok.children if c.dep_ in SUBJECT_DEPS]
    if tok.tag_ not in _FINITE_TAGS or not subjects or all(name.start <= c.i < name.end for c in subjects):
        return False
    first = tok.left_edge
    return first.tag_ not in RELATIVE_TAGS and first.lower_ != "that"


def role_read_as_verb(doc: Doc, subject: Token) -> CharSpan | None:
    """The whole name when the parser read a role before it as a verb: in '“...,” says NASA
    engineer John Posey, who ...' "engineer" was a verb, "NASA" its subject and the speaker
    (QA helper, forty-third session). A person noun right after the subject, with a person's
    name right after it, is the name's title."""
    verb = subject.head
    if verb.pos_ != "VERB" or verb.i != subject.i + 1 or subject.ent_type_ not in SPEAKING_ENTS:
        return None
    if noun_class(verb.lower_, WordClasses()) != "person":
        return None
    name = next((c for c in verb.children if c.dep_ == "dobj" and c.ent_type_ == "PERSON"), None)
    if name is None or any(t.ent_type_ != "PERSON" for t in doc[verb.i + 1 : name.i + 1]):
        return None
    return chars(doc, subject.left_edge.i, name.i)


def free_relative(verb: Token) -> bool:
    """Whether a cue heads a free relative, "what the director said": 'That's not exactly what
    the director said' names words said elsewhere, and the sentence around it is the writer's
    (QA helper, forty-fourth session: "That's not exactly" was shown as the director's). The
    parser hangs such a clause on the main verb as a complement, as it hangs a parenthetical
    "he said"; the "what" before the cue tells them apart (on PolNeAR train the annotators mark
    the "what" itself as the content)."""
    return any(c.lower_ in ("what", "whatever") and c.i < verb.i for c in verb.children)


def place_before_name(doc: Doc, subject: Token) -> CharSpan | None:
    """The speaker's words without the place the parser read into them: in 'In Mount Prospect,
    Ill., Barbara Olpinski, 51, said ...' "In" was left without its object and the town and
    state became part of the subject, so "Ill." was shown as the speaker (QA helper,
    forty-fourth session; "In Austin, Texas, X said" gave "Texas"). Only a place that opens
    the subject, set off by its comma, after a preposition the parser left with no object; when
    the parser made the place itself the subject, the name it joined to the place."""
    first = subject.left_edge.i
    if first == 0:
        return None
    prep = doc[first - 1]
    if prep.pos_ != "ADP" or any(c.dep_ == "pobj" for c in prep.children):
        return None
    if subject.ent_type_ in _PLACES:
        joined = (c for c in subject.rights if c.dep_ in ("conj", "appos") and c.ent_type_ == "PERSON")
        named = next(joined, None)
        return None if named is None else chars(doc, named.left_edge.i, named.right_edge.i)
    comma = None
    for t in doc[first : subject.i]:
        if t.text == ",":
            comma = t.i
        elif t.ent_type_ not in _PLACES:
            break
    if comma is None or comma == first:
        return None
    return chars(doc, comma + 1, subject.right_edge.i)


#: Auxiliaries by the number of the subject they agree with.
_PLURAL_AUX = frozenset({"are", "were", "have", "do"})
_SINGULAR_AUX = frozenset({"is", "was", "has", "does"})


def agreeing_subject(verb: Token) -> CharSpan | None:
    """The subject a conjoined verb agrees with when the verb it is joined to has another:
    "Republican lawmakers are concerned about where President Trump is headed on trade and are
    asking who ... is in charge" (QA helper, fifty-first session: the asking went to Trump, the
    parse joined "are asking" to "is headed"). Its own auxiliary's number rules the nearer
    subject out; the subject further up that agrees with it speaks."""
    if verb.dep_ != "conj" or any(c.dep_ in SUBJECT_DEPS for c in verb.children):
        return None
    aux = next((c.lower_ for c in verb.children if c.dep_ in ("aux", "auxpass") and c.i < verb.i), None)
    plural = aux in _PLURAL_AUX
    if not plural and aux not in _SINGULAR_AUX:
        return None
    near = next((c for c in verb.head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if near is None or _plural(near) == plural:
        return None
    for up in verb.head.ancestors:
        subject = next((c for c in up.children if c.dep_ in ("nsubj", "nsubjpass") and c.i < verb.i), None)
        if subject is not None and _plural(subject) == plural and someone(subject):
            return chars(verb.doc, subject.left_edge.i, subject.i)
    return None


def _plural(subject: Token) -> bool:
    """Whether a subject is plural: a plural noun, "they"/"we", or several joined."""
    joined = any(c.dep_ == "conj" for c in subject.children)
    return joined or subject.tag_ in ("NNS", "NNPS") or subject.lower_ in ("they", "we", "you")


def parse_lost_speaker(verb: Token) -> CharSpan | None:
    """Who speaks where the parse joined the cue to the wrong subject (``agreeing_subject``) or
    lost the one quoted (``quoted_before``)."""
    return agreeing_subject(verb) or quoted_before(verb)


#: Words of a noun phrase between "quoted" and the participle after it.
_NP_POS = frozenset({"PROPN", "NOUN", "PART", "ADJ", "DET", "NUM"})


def quoted_before(verb: Token) -> CharSpan | None:
    """'The Springfield Republican newspaper in 2012 quoted Brown's campaign manager saying:
    “...”': the parser made "quoted" a modifier of the manager and the paper the subject of
    "saying" (QA helper, fifty-first session: shown as the paper's). The noun phrase between
    a finite or past "quoted" and the participle of saying right after it speaks."""
    doc = verb.doc
    if verb.tag_ != "VBG" or verb.lemma_.lower() not in SPEECH_VERBS or verb.i < 2:
        return None
    last = doc[verb.i - 1]
    if not (last.pos_ == "PROPN" or someone(last)):
        return None
    k = verb.i - 1
    while k > max(0, verb.i - 8) and doc[k - 1].pos_ in _NP_POS:
        k -= 1
    quoted = doc[k - 1] if k > 0 else None
    if quoted is None or quoted.lemma_.lower() != "quote" or quoted.tag_ not in ("VBD", "VBN", "VBZ", "VBP"):
        return None
    return chars(doc, k, verb.i - 1)
