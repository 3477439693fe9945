"""Documents as sources: "a statement from the White House", "Trump's letter", "the report".

Split from ``resolve.py`` (the resolver asks here when a source's head is a document noun): a
document is its author's words when the article says whose it is, else its own speaker (kind
``document``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sayso.quotes.coref.entities import Entity, Resolution, last_before
from sayso.quotes.coref.lexicon import DOCUMENT_NOUNS, GROUP_LABELS, PICTURE_NOUNS
from sayso.quotes.coref.organisations import organisation_by_kind, organisation_subject
from sayso.quotes.coref.phrases import issuing_subject, named_author
from sayso.quotes.cues import SPEECH_VERBS

if TYPE_CHECKING:
    from spacy.tokens import Token

    from sayso.quotes.coref.resolve import Resolver

#: Documents whose "of" is what they examine, not who made them: "a POLITICO analysis of
#: Bush's third quarter report found" is not Bush's finding (QA helper, fortieth session).
_EXAMINING = frozenset(
    {"analysis", "review", "study", "audit", "investigation", "examination", "assessment", "evaluation"}
    # "the survey of 10,000 adults nationwide": those asked, not who asks (forty-fifth session)
    | {"survey", "poll", "polling"}
)
#: Documents that are a part of the document their "of" names: "read a portion of the interim
#: rule" is the rule's words (forty-fifth session: the speaker was "a portion").
_PARTS = frozenset({"portion", "excerpt"})
#: What a record is "of" that is no author: "a readout of the calls", "a transcript of the
#: hearing" (fiftieth session's QA: the readout's words went to "the calls").
_EVENTS = frozenset({"call", "meeting", "hearing", "interview", "conversation", "talk", "session", "debate"})
#: How far back (tokens) "the statement" looks for the one someone issued (``_issuer_of``).
ISSUER_LOOKBACK = 150
#: Document nouns that stand for any document named before ("the document", "the text").
_GENERIC = frozenset({"document", "text"})
#: Documents an organisation issues in its own voice.
_RELEASES = frozenset({"statement", "release"})
#: Verbs by which a document goes on with what its author said before ("The statement added:").
_GOING_ON = frozenset({"add", "continue"})


def _apostrophe_owner(child: Token) -> bool:
    """ "Sanders’ tweet": a name ending in "s" and a bare apostrophe, which the parser hangs on
    the document as a modifier with the apostrophe as punctuation, not as its possessor (QA
    helper, thirty-eighth session: the tweet was a speaker of its own)."""
    nxt = child.doc[child.i + 1] if child.i + 1 < len(child.doc) else None
    return (
        child.dep_ in ("nmod", "compound")
        and child.pos_ == "PROPN"
        and child.lower_.endswith("s")
        and nxt is not None
        and nxt.text in ("’", "'")
        and nxt.head.i == child.i
    )


#: Verbs that say who made a document: "a report published by the Brennan Center".
_AUTHORING = frozenset(
    {"publish", "write", "author", "issue", "release", "produce", "prepare", "compile", "post"}
)
#: Participles that say to whom a document is owed: "credited to X", "attributed to X".
_CREDITING = frozenset({"credit", "attribute"})


def _published_by(root: Token) -> Token | None:
    """The agent of a participle that says who made the document: "according to a report
    published by the Brennan Center" was the report's, a speaker of its own (QA helper,
    thirty-ninth session), or "from" it ("a report released Wednesday from the Center for
    Immigration Studies": fifty-first session); or to whom it is credited: "a post from an
    account credited to X" (fortieth session)."""
    for c in root.children:
        lemma = c.lemma_.lower()
        if c.dep_ != "acl" or lemma not in _AUTHORING | _CREDITING:
            continue
        credited = lemma in _CREDITING
        by = next(
            (
                g
                for g in c.children
                if (
                    (g.dep_, g.lower_) == ("prep", "to")
                    if credited
                    else g.dep_ == "agent" or (g.dep_, g.lower_) == ("prep", "from")
                )
            ),
            None,
        )
        maker = next((g for g in by.children if g.dep_ == "pobj"), None) if by is not None else None
        if maker is not None and (maker.pos_ == "PROPN" or maker.ent_type_):
            return maker  # a name: not "test results released by the state" (any state)
    return None


def resolve_document(
    r: Resolver, span: object, root: Token, head: str, label: str, indefinite: bool
) -> Resolution:
    """ "a statement from the White House", "Trump's letter", "the report": its author if said.

    The author is the document's possessor, an organisation or person named in front of it
    ("a CNN poll"), or the object of its "from"/"by"/"of"; a later
    "the statement" goes back to the last document of that noun, and so to its author.
    Without an author the document itself is the speaker (kind ``document``). A bare plural is
    new, as an indefinite is: "Breitbart rounded up tweets that falsely suggested ..." are no
    tweets of the Laura Ingraham who "tweeted" before (QA helper, fifty-second session).
    """
    bare = root.tag_ == "NNS" and not any(c.dep_ in ("det", "poss", "compound") for c in root.children)
    indefinite = indefinite or bare
    author = next((c for c in root.children if c.dep_ == "poss" or _apostrophe_owner(c)), None)
    if author is None:  # "a CNN poll", "a White House statement": an organisation's own
        author = _compound_author(root)
    if author is None:
        # "a video of Ryan and Gutierrez", "photos of the mayor": "of" a picture is who is
        # in it, not who made it (the video's claim went to the two shown in it).
        of = () if head in PICTURE_NOUNS | _EXAMINING else ("of",)  # (what they show, not who made them)
        for c in root.children:
            if c.dep_ == "prep" and c.lower_ in ("from", "by", *of):
                author = next((g for g in c.children if g.dep_ == "pobj"), None)
                if author is not None and c.lower_ == "of" and author.lemma_.lower() in _EVENTS:
                    author = None
                if author is not None:
                    break
    if author is None:
        author = _published_by(root)
    if author is not None and author.pos_ in ("PROPN", "NOUN", "PRON"):
        last = author.right_edge
        if last.dep_ == "case" and last.i > author.left_edge.i:  # "the center's forecast"
            last = last.doc[last.i - 1]
        res = r.resolve_source(author.left_edge.idx, last.idx + len(last))
        if res.entity is not None and (res.entity.kind != "document" or head in _PARTS):
            r.index.remember(head, res.entity)
            return Resolution(res.entity, res.confidence * r.rules.described_earlier_confidence)
    maker = _issuing(root)
    if author is None and maker is not None:  # "the committee released a report that revealed"
        res = r.resolve_source(maker.left_edge.idx, maker.idx + len(maker))
        if res.entity is not None and res.entity.kind in ("person", "group"):
            r.index.remember(head, res.entity)
            return Resolution(res.entity, res.confidence * r.rules.described_earlier_confidence)
    if author is None and indefinite and head in _RELEASES and root.dep_ in ("nsubj", "nsubjpass"):
        # "The U.S. Soccer Federation voted to ... “...,” a Wednesday statement said": the
        # organisation the sentence before is about issued it (a QA read of real news, thirty-
        # third session: one federation's statement was shown under three speakers)
        issuer = organisation_subject(r, root)
        if issuer is not None:
            r.index.remember(head, issuer)
            return Resolution(issuer, r.rules.described_earlier_confidence)
    if not indefinite and head == "paper":  # "the paper said": the newspaper named before
        paper = organisation_by_kind(r, head, root)
        if paper is not None:
            return Resolution(paper, r.rules.described_earlier_confidence)
    if not indefinite:
        earlier = r.index.described_before(head, root.idx)
        if earlier is not None and _named_otherwise(root, earlier):
            earlier = None  # "The Democratic memo says" is not "the Republican memo" before it
        issuer = _issuer_of(r, head, root.i)
        # the nearer of the two: "a 2013 tweet" two paragraphs up is not "the tweet" of the show
        # that "tweeted a screenshot" in this one (QA helper, twenty-first session)
        if issuer is not None and (
            earlier is None or last_before(issuer, root.idx) > last_before(earlier, root.idx)
        ):
            earlier = issuer
        if earlier is None and head in _GENERIC:
            earlier = _document_before(r, root)
        if (
            earlier is None
            and head in _RELEASES
            and root.dep_ == "nsubj"
            and root.head.lemma_ in SPEECH_VERBS
        ):
            earlier = _announced_before(r, root)
        if earlier is None and root.head.lemma_ in _GOING_ON and root.dep_ == "nsubj":
            # (the document that adds, not one added: "Henry added the caption which reads"
            # went to the group that spoke last; forty-fifth session)
            earlier = _spoke_before(r, root, head)
        if earlier is not None:
            return Resolution(earlier, r.rules.described_earlier_confidence)
    e = r.index.own_description(span, root, "document", None, label, new=indefinite)
    r.index.remember(head, e)
    return Resolution(e, r.rules.own_description_confidence)


#: Nouns that are a document only when a paper or a person's name is on them: "The Times piece
#: confirms ..." (QA helper, forty-ninth session: no speaker), not "The pieces suggest".
_OWNED_DOCUMENT_NOUNS = frozenset({"piece", "op-ed", "oped", "write-up", "writeup", "expose", "exposé"})


def owned_document(root: Token) -> bool:
    """Whether ``root`` is a piece a paper or a person put out ("The Times piece", "a Post
    op-ed", "Kaczynski's piece")."""
    return root.lemma_.lower() in _OWNED_DOCUMENT_NOUNS and any(
        c.dep_ in ("compound", "poss") and _a_name(c) for c in root.children
    )


def _compound_author(root: Token) -> Token | None:
    """The organisation or person named in front of a document: "a CNN poll", "a White House
    statement". Not a bare "court": "Court documents indicate" are a case's filings, mostly the
    prosecutors', and the eighth QA read found three such quotes shown as the court's words."""
    return next(
        (
            c
            for c in root.children
            if c.dep_ == "compound"
            and c.ent_type_ in GROUP_LABELS | {"PERSON"}
            and not (c.lower_ == "court" and not any(g.dep_ in ("compound", "amod") for g in c.children))
        ),
        None,
    )


#: Verbs whose subject made the document they take: "X released a report", "issued a statement".
_ISSUING = frozenset(
    {"release", "issue", "publish", "write", "send", "file", "post", "unveil", "submit", "sign"}
)


def _issuing(root: Token) -> Token | None:
    """The named subject of the verb that issued the document ``root`` is the object of."""
    verb = root.head
    if root.dep_ != "dobj" or verb.lemma_.lower() not in _ISSUING:
        return None
    subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    return subj if subj is not None and subj.pos_ in ("PROPN", "NOUN") else None


def _named_otherwise(root: Token, earlier: Entity) -> bool:
    """Whether a document's capitalised modifiers ("Democratic", "Senate") are no words of the
    document described before under the same noun: "The Democratic memo says ..." after "The
    Republican memo says ..." was the Republican memo's (QA helper, forty-second session). An
    epithet ("the new report") still takes it up."""
    if any(t.lower_ in ("other", "another") for t in root.lefts if t.dep_ in ("amod", "det")):
        return True  # "Other news reports said" after "The report said" (forty-third session)
    words = {t.lower_ for t in root.lefts if t.dep_ in ("amod", "compound", "nmod") and _a_name(t)}
    return bool(words) and not words <= set(earlier.label.lower().split())


def _a_name(t: Token) -> bool:
    """A proper noun or a named place, party or body ("Pew", "Democratic"), not a capital of
    the sentence's start ("New studies", "Recent polling")."""
    return t.pos_ == "PROPN" or t.ent_type_ in ("NORP", "ORG", "GPE", "PERSON")


def _document_before(r: Resolver, root: Token) -> Entity | None:
    """Whose words "the document" or "the text" are: the author of the nearest document subject
    before it with a named author ("The NSA report makes clear ... The document states:"; QA
    read, twenty-second session: the report's words went to "the document"), or the last
    document found to speak, whichever is nearer, a few sentences up at most."""
    doc = r.view.doc
    spoke_at = next((at for at, _ in reversed(r.documents) if at < root.idx), -1)
    for i in range(root.i - 1, max(-1, root.i - ISSUER_LOOKBACK), -1):
        t = doc[i]
        if t.idx <= spoke_at:
            break
        if t.dep_ != "nsubj" or t.lemma_.lower() not in DOCUMENT_NOUNS or r.view.in_zone(t.idx):
            continue  # (a subject: "the findings of the House's investigation" is not the text)
        author = named_author(t) or _compound_author(t)
        if author is not None:
            e = r.resolve_source(author.idx, author.idx + len(author)).entity
            if e is not None and e.kind in ("person", "group"):
                return e
    return _last_before(r.documents, r, root)


def _announced_before(r: Resolver, root: Token) -> Entity | None:
    """Who made the statement that says first: the subject of the sentence before when its verb
    is one of saying ("An armed forces spokesman announced the strikes on state radio ... The
    statement said ..." is the spokesman's: QA helper, fifty-second session, three quotes had
    "the statement" for speaker). Not when a sentence stands between them."""
    if root.sent.start == 0:
        return None
    verb = root.doc[root.sent.start - 1].sent.root
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if verb.lemma_.lower() not in SPEECH_VERBS or subject is None:
        return None
    e = r.resolve_source(subject.left_edge.idx, subject.idx + len(subject)).entity
    return e if e is not None and e.kind in ("person", "group", "anonymous") else None


def _spoke_before(r: Resolver, root: Token, head: str) -> Entity | None:
    """The organisation or document that spoke last, a few sentences up, before "the statement
    added:" (QA read, twenty-second session: 'the justice department said: "...". The statement
    added: "..."' gave the second quote to a speaker "the statement"). Not a document of
    another kind: "the statement added" after "The resolution says ..." is not the resolution."""
    e = _last_before(r.spoken, r, root)
    return None if e is not None and e.kind == "document" and head not in e.label.lower() else e


def _last_before(found: list[tuple[int, Entity]], r: Resolver, root: Token) -> Entity | None:
    lo = r.view.doc[max(0, root.i - ISSUER_LOOKBACK)].idx
    for at, e in reversed(found):
        if at < root.idx:
            return e if at >= lo else None
    return None


def _issuer_of(r: Resolver, head: str, tok: int) -> Entity | None:
    """Who issued the document "the statement" goes back to (``phrases.issuing_subject``):
    "Facebook issued a statement ... the statement said" is Facebook's (QA helper, twentieth
    session: the statement was its own speaker)."""
    subj = issuing_subject(r.view.doc, head, tok, ISSUER_LOOKBACK)
    if subj is None or subj.idx in r.view.captions:
        return None  # (not "Media caption The BBC's Dave Lee reports from ...": QA helper, 40th session)
    res = r.resolve_source(subj.left_edge.idx, subj.idx + len(subj))
    return res.entity if res.entity is not None and res.entity.kind != "document" else None


def _the(t: Token) -> bool:
    return any(c.dep_ == "det" and c.lower_ == "the" for c in t.children)


def document_subject(root: Token) -> Token | None:
    """The document an "it" that speaks takes up: the one document noun that is the main
    subject of the sentence before ("The report devotes many pages to ... Comprehensive
    immigration reform is a critical first step, it says"; "Another study tracked ... It found
    ..."). Such an "it" had no speaker (QA helper, forty-second session)."""
    doc = root.doc
    if root.sent.start == 0:
        return None
    before = doc[root.sent.start - 1].sent
    for _ in range(2):  # "It said ... . It also said ...": the same "it" going on
        it = any(c.dep_ == "nsubj" and c.lower_ == "it" for c in before.root.children)
        root_it = before.root.pos_ == "VERB" and it
        if before.start == 0 or not root_it:  # (not "It's not clear if ...": nobody going on)
            break
        before = doc[before.start - 1].sent
    found = [
        t
        for t in before
        if t.dep_ in ("nsubj", "nsubjpass")
        and t.head.dep_ == "ROOT"
        and (t.head.lemma_ != "be" or _the(t))  # ("this -- an investigation by ... -- is where he
        # finds himself"; but "The lawsuit filed Thursday is the first to ... It alleges" is the
        # lawsuit's: forty-sixth session)
        and t.tag_ == "NN"
        and t.lemma_.lower() in DOCUMENT_NOUNS
    ]
    if not found and _no_it(before.root):
        # "The president and his advisers didn't have the report, instead reviewing Barr's
        # summary ... It said ...": the subject before can be no "it", so the one document
        # read or sent is (QA helper, fifty-first session: the summary's words had no speaker)
        found = [
            t
            for t in before
            if t.dep_ == "dobj"
            and t.tag_ == "NN"
            and t.lemma_.lower() in DOCUMENT_NOUNS
            and t.head.lemma_.lower() in _HANDLING  # (not "to have a consistent message")
        ]
    return found[0] if len(found) == 1 else None


#: Verbs by which people read, get or send a document (``document_subject``).
_HANDLING = frozenset({
    "review", "read", "receive", "obtain", "get", "see", "release", "issue", "send", "publish",
    "file", "submit", "sign", "draft", "write", "deliver", "post", "share", "circulate", "transmit",
    "leak", "study", "examine", "unveil",
})  # fmt: skip


def _no_it(root: Token) -> bool:
    """Whether the subject of ``root`` is one no "it" takes up: people, or several things."""
    subj = next((c for c in root.children if c.dep_ == "nsubj"), None)
    if subj is None:
        return False
    joined = any(c.dep_ == "conj" for c in subj.children)
    people = subj.ent_type_ == "PERSON" or subj.lower_ in ("he", "she", "they", "we", "i", "you")
    return joined or people or subj.tag_ in ("NNS", "NNPS")


#: Verbs by which someone sends a message: "Donat emailed me for the first time ever." (Not
#: "write": "I've written on the Senate. It does say advise and consent" is the Constitution.)
_SENDING = frozenset({"email", "e-mail", "text", "tweet", "message", "mail", "fax"})


def message_sender(root: Token) -> Token | None:
    """Who sent the message an "It read:" takes up: the subject of the sentence before, when
    its main verb sends one ("On Dec. 29, Donat emailed me for the first time ever. It read:
    “...”": the email's words had no speaker; QA helper, forty-sixth session)."""
    doc = root.doc
    if root.head.lemma_.lower() not in ("read", "say") or root.sent.start == 0:
        return None
    before = doc[root.sent.start - 1].sent
    verb = before.root
    if verb.lemma_.lower() not in _SENDING:
        return None
    subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    return subj if subj is not None and subj.pos_ in ("PROPN", "PRON") and subj.lower_ != "it" else None
