"""Stage 4's caps: items kept below the default threshold whatever the learned probability.

The scorer learns PolNeAR's notion of an attribution, which takes in topics ("criticized the
plan"), beliefs and intentions ("declined to comment"), questions put to someone and inferences
("the data suggest"). Shown as quotes they are nobody's words, so each kind is recognised here
and its confidence capped (``TOPIC_CAP``, ``UNSPOKEN_CAP``): stored and exported, shown only to
who asks (``--min-confidence 0``). Each cap's cost and gain are measured in docs/evaluation.md.
"""

from __future__ import annotations

import re
from typing import Any

from sayso.model import Quote
from sayso.quotes.attribution.others import SPEAKING_ENTS
from sayso.quotes.coref.agents import WordClasses, noun_class
from sayso.quotes.cues import NAMING_VERBS, CueLexicon, load_lexicon
from sayso.quotes.features import DocContext, char_tokens, main_piece
from sayso.quotes.titles import headline_line
from sayso.quotes.unasserted import is_unasserted, is_wished

#: The highest confidence of a *topic*: indirect speech whose content is headed by no verb names
#: what was talked about, not what was said ("criticized the plan", "praising Hilaria", "spoke
#: about the economy", "shared photos"); one that says something of it is no topic
#: (``says_of_object``: "accused the board of wasting money"). PolNeAR's annotators mark many of them
#: as attributions, so the learned probability is often high; but shown as a quote, a topic is
#: nobody's words (19 of the 20 topics in a hand-checked sample of 100 shown speakers on real
#: news were wrong, bench/speakers_judged.tsv). Capped below the default threshold, topics are
#: stored and exported but shown only to who asks (``--min-confidence 0``).
TOPIC_CAP = 0.25

#: Words that open a clause of reported speech: with one, the content is a statement.
_COMPLEMENTIZERS = ("that", "if", "whether")
_VERBS = ("VERB", "AUX")
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl", "csubj", "csubjpass"})


def is_topic(quote: Quote, features: dict[str, float], frame: str | None = None, doc: Any = None) -> bool:
    """Indirect speech whose content no verb heads (see ``TOPIC_CAP``).

    The content's *head* decides (``content_frame`` "np"), not the presence of a verb somewhere:
    "that approach, arguing that ..." has verbs, but is a noun phrase naming what the speaker
    criticized, while "that the media failed" and "Congress to act" (after "urged") are headed
    by a verb. Without ``frame``, only content with no verb at all is a topic. With ``doc``, a
    noun phrase of which the content says something is no topic (``says_of_object``)."""
    if quote.kind != "indirect":
        return False
    if features.get("content_has_verb") != 0.0 and frame != "np":
        return False
    return doc is None or not says_of_object(doc, quote)


#: Prepositions that open, after a cue's object, what the speaker said of it.
_PREDICATING = frozenset({"of", "for", "as"})


def says_of_object(doc: Any, quote: Quote) -> bool:
    """The content names someone or something *and says something of it*: "accused Clinton of
    lying", "criticized Ford for opening a plant in Mexico", "described the plan as reckless",
    "called it absolute chaos". That is a claim the speaker made, a paraphrase of their words,
    not a topic: the same words in marks ('called it “absolute chaos”') are a mixed quote and
    shown. On PolNeAR train about three in four such items are annotated attributions, against
    one in two for the topics left ("criticized the plan", "spoke about the economy", "blamed the
    media for the loss").

    What counts: an object predicate of the cue ("called it chaos"), an "as" phrase ("described
    X as ..."), "of" on the cue itself ("accused X of fraud"), or "of"/"for" with an -ing verb
    ("blamed X for leaving"), on the cue or on its object, as the parser may hang it on either."""
    cue = char_tokens(doc, quote.cue)
    toks = char_tokens(doc, main_piece(quote))
    if cue is None or toks is None:
        return False
    root = cue.root
    if not load_lexicon().talks_of_object(root.lemma_.lower()):
        return False  # "see X as", "shown itself unable": an object the annotators rarely take
    for t in toks:
        if t.dep_ == "oprd" and t.head.i == root.i:
            return True
        if t.dep_ != "prep" or t.lower_ not in _PREDICATING or t.nbor(-1).lower_ == "such":
            continue
        on_cue = t.head.i == root.i
        if not on_cue and not (toks.start <= t.head.i < toks.end and t.head.head.i == root.i):
            continue
        if t.lower_ == "as" or (on_cue and t.lower_ == "of"):
            return True
        if any(c.dep_ in ("pobj", "pcomp") and c.tag_ == "VBG" for c in t.children):
            return True
    return False


#: Words a title in marks may hold in lower case ("Gang of Eight", "Tales From the Crypt").
_TITLE_SMALL_WORDS = frozenset({
    "a", "an", "the", "of", "and", "or", "for", "in", "on", "to", "at", "by", "with", "from", "as",
})  # fmt: skip
_FINITE_TAGS = frozenset({"VBD", "VBZ", "VBP", "MD"})


def _title_like(text: str) -> bool:
    words = [w for w in text.replace("’", "'").split() if any(ch.isalpha() for ch in w)]
    return 0 < len(words) <= 8 and all(
        w.lstrip("'\"(")[:1].isupper() or w.lower() in _TITLE_SMALL_WORDS for w in words
    )


def _between(lo: int, hi: int, pieces: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The ranges of ``lo``..``hi`` outside ``pieces`` (sorted, inside it)."""
    out, at = [], lo
    for a, b in sorted(pieces):
        if a > at:
            out.append((at, a))
        at = max(at, b)
    return out + ([(at, hi)] if hi > at else [])


def is_titled_topic(doc: Any, quote: Quote, frame: str, context: DocContext | None = None) -> bool:
    """A mixed quote that is a topic around a title in marks: 'blasted the hit film “Frozen”',
    'promoting his book “Sin Miedo”', 'proposed a “Swexit” referendum'. The marks set off a
    name, not anyone's words, and what is left names what was talked about (``is_topic``). Not
    after a verb that names its object ('called it “Crooked Hillary”': the speaker's words,
    ``NAMING_VERBS``), nor when a finite verb outside the marks makes a statement of it, nor in
    a headline, whose title case is no title's."""
    if quote.kind != "mixed" or frame != "np" or quote.cue is None:
        return False
    ctx = context if context is not None else DocContext.of(doc)
    text = ctx.text
    cue = char_tokens(doc, quote.cue)
    lo, hi = quote.content_spans[0].start, quote.content_spans[-1].end
    titles = ctx.marked_from(lo, hi)
    if cue is None or not titles or not all(_title_like(text[a:b]) for a, b in titles):
        return False
    if (
        any(t.pos_ not in ("VERB", "NOUN", "ADP") for t in cue)
        or cue.root.lemma_.lower() in NAMING_VERBS | _LAYOUT_LEMMAS
    ):
        return False  # 'according to', a colon, a dash; 'called the plan “A Gift”' ('said on' is a cue)
    outside = "".join(text[a:b] for a, b in _between(lo, hi, titles))
    if _title_like(quote.cue.text + " " + outside):
        return False  # a headline ('Asked Men To “Redefine Masculinity”'): its case is no title's
    content = doc.char_span(lo, hi, alignment_mode="expand")
    return content is not None and not any(
        t.tag_ in _FINITE_TAGS and not any(a <= t.idx < b for a, b in titles) for t in content
    )


#: The highest confidence of an *unspoken* item (``is_unspoken``); the same reasoning as topics.
UNSPOKEN_CAP = 0.25
#: The smallest share of direct quotes among the attributions a cue lemma introduces on train
#: (``CueLexicon.speech_share``) for its non-finite complement to be shown as someone's words.
SPEECH_SHARE_MIN = 0.045
#: Complement frames that are not a statement: "declined *to comment*", "resisted *thinking*".
NONFINITE_FRAMES = frozenset({"inf", "ger", "vp"})


def content_frame(doc: Any, quote: Quote) -> str:
    """How a quote's content hangs on its cue: ``clause`` (a finite clause: it has a subject or
    a complementizer), ``inf`` (to + verb, with or without a subject: "Congress to act"),
    ``ger`` (an -ing verb with no subject), ``vp`` (another verb phrase with no subject), ``np``
    (no verb heads it); ``direct`` for quotes in marks.

    The head is the content's first top-level word (whose syntactic head lies outside it), or,
    when that one is no verb, a verb complement of the cue beside it: after "urged", "Congress
    to act" is headed by "act"; after "blamed", "the media for failing to report" by "media"."""
    if quote.kind == "direct":
        return "direct"
    toks = char_tokens(doc, main_piece(quote))
    if toks is None or not len(toks):
        return "np"
    if toks[0].lower_ in _COMPLEMENTIZERS and any(
        t.pos_ in _VERBS and any(c.dep_ in _SUBJECTS for c in t.children) for t in toks
    ):
        return "clause"  # "that those who question it demean ..." even when parsed as a pronoun
    start, end = toks.start, toks.end
    tops = [t for t in toks if t.pos_ != "PUNCT" and (t.head.i == t.i or not start <= t.head.i < end)]
    if not tops:
        return "np"
    root = tops[0]
    if root.pos_ not in _VERBS:
        if any(t.pos_ in _VERBS and t.dep_ == "ROOT" for t in tops[1:]):
            # "According to McCabe, Rosenstein brought up ...": the sentence's own verb, whose
            # subject the parser hung on the phrase before it; a clause
            return "clause"
        root = next((t for t in tops if t.pos_ in _VERBS and t.dep_ in ("xcomp", "ccomp")), None)
        if root is None:
            return "np"
    children = list(root.children)
    if toks[0].lower_ == "to" or any(c.dep_ == "aux" and c.tag_ == "TO" for c in children):
        return "inf"
    if toks[0].lower_ in _COMPLEMENTIZERS and toks[0].head.i == root.i:
        return "clause"
    for child in children:
        if child.dep_ in _SUBJECTS:
            return "clause"
        if child.dep_ == "mark" and child.lower_ in _COMPLEMENTIZERS:
            return "clause"
    return "ger" if root.tag_ == "VBG" else "vp"


#: Cues that are words of their own: a colon or a dash are layouts of attribution, whose
#: content is never a complement of theirs; so is "according to" (whose head the parser tags
#: as the verb "accord").
_WORD_CUES = frozenset({"cue_pos=VERB", "cue_pos=NOUN", "cue_pos=ADJ", "cue_pos=AUX"})
_LAYOUT_LEMMAS = frozenset({"accord"})


def cue_lemma(features: dict[str, float]) -> str | None:
    """The lemma of a verb, noun or adjective cue as ``quote_features`` read it, else None."""
    if not any(name in features for name in _WORD_CUES):
        return None
    lemma = next((name[4:] for name in features if name.startswith("cue=")), None)
    return None if lemma in _LAYOUT_LEMMAS else lemma


#: Verbs of knowing: their complement is a fact the writer vouches for, not the subject's words
#: ("we know that ...", "most people don't understand how ...", "Lerner understood that ...").
#: On 300 news-5k articles, 20 of 20 sampled shown items with these cues were nobody's words;
#: on train they introduce 1 direct quote in 140 annotated attributions.
KNOWING_VERBS = frozenset({"know", "understand", "realize", "realise", "learn"})


def is_unspoken(frame: str, lemma: str | None, lexicon: CueLexicon, noun: bool = False) -> bool:
    """A belief, intention or action, not anyone's words: a non-finite complement ("declined to
    comment", "sought to block", "resisted thinking", "seems to agree", "expecting Republicans to
    go back") of a cue that hardly ever introduces quoted words on train
    (``CueLexicon.speech_share`` below ``SPEECH_SHARE_MIN``; ``noun``: the cue is a noun, "his
    plan to ..."), or any complement of a verb of knowing (``KNOWING_VERBS``). Verbs of saying
    keep theirs: "urged him to resign", "vowed to fight" are speech acts. Other finite clauses
    stay too: "she believes that ..." is a stated belief."""
    if lemma in KNOWING_VERBS and not noun:
        return True
    if frame not in NONFINITE_FRAMES or lemma is None:
        return False
    return lexicon.speech_share(lemma, noun=noun) < SPEECH_SHARE_MIN


#: Verbs whose infinitive is what was not done: "declined to say", "refused to call for",
#: "struggled to call it a mistake" (eighth QA read: shown as the very words he could not say).
_REFUSING = frozenset({"decline", "refuse", "fail", "avoid", "hesitate", "struggle", "neglect"})


def is_denied(doc: Any, quote: Quote) -> bool:
    """A negated cue: 'Reid would not say whether he prefers Trump', 'The US has not accused
    Russia of the hack', 'I never said no'. Whatever follows is what nobody said; shown as a
    quote it reads as the very words denied. PolNeAR's annotators mark most of them (48 of the
    66 that would be shown on train), as they mark topics; capped like unspoken items
    (``UNSPOKEN_CAP``). So is "Nor did officials reveal that ..." and a cue under "declined to"
    or "refused to" (QA helper, twenty-first session: "declined to call on her colleagues to
    begin impeachment proceedings" was shown as her call for them; on train 17 more items so
    hidden, all annotated: "declined to say whether ...", "refused to call it terrorism").
    A negated belief too ("Rozell doesn't think the inquiries have tainted Pence", "Democrats
    don't think Clinton can catch Sanders"): a stated belief, but its content, shown without the
    "not", says the opposite of what was believed. Kept visible until the thirty-eighth session;
    QA helpers then found 3 such reversals in 42 real articles, the worst error a fact-checker
    can meet. On train 9 of 88 were shown, 5 of them annotated."""
    if _nobody(doc, quote):
        return True
    cue = char_tokens(doc, quote.cue)
    if cue is None:
        return False
    root = cue.root
    if root.dep_ == "xcomp" and root.head.lemma_.lower() in _REFUSING:
        return True  # "declined to call on her colleagues to begin ...": what she would not say
    if root.dep_ == "acomp" and any(c.dep_ == "neg" for c in root.head.children):
        return True  # "Derksen is not convinced that's the entire explanation" (thirty-ninth session)
    if _held_back(root):
        return True
    verb = root.head
    voiced = root.dep_ == "dobj" and verb.lemma_.lower() in _VOICING
    if voiced and any(c.dep_ == "neg" for c in verb.children):
        return True  # "Members of Congress have not yet expressed concern that ..."
    source = char_tokens(doc, quote.source) if quote.source else None
    if source is not None and source.root.head.i == root.i and source[0].dep_ == "neg":
        return True  # "Not everyone agrees that going after Warren is right" (forty-fourth session)
    return any(c.dep_ == "neg" or (c.dep_ == "cc" and c.lower_ in ("nor", "neither")) for c in root.children)


def is_denied_words(doc: Any, quote: Quote) -> bool:
    """Words in marks a negated cue governs: 'The Court did not explicitly define “neutral and
    generally applicable law”' was shown as the Court's words (QA helper, 48th session). Not a
    quote a colon announces ("She did not mince words: “...”")."""
    cue = char_tokens(doc, quote.cue) if quote.kind == "direct" and quote.content_spans else None
    if cue is None or not any(c.dep_ == "neg" for c in cue.root.children):
        return False
    root, start = cue.root, quote.content_spans[0].start
    if not root.idx < start < root.right_edge.idx + len(root.right_edge):
        return False  # (not in the cue's clause, after it)
    return not any(t.text == ":" for t in doc[root.i + 1 : root.right_edge.i + 1] if t.idx < start)


#: Verbs that voice a noun cue: "expressed concern that", "made the case that" (not "was not
#: backing off his insistence that": he still insists).
_VOICING = frozenset({"express", "voice", "make", "raise", "issue", "offer", "give", "state"})
#: What a cue under "<verb> from"/"<verb> short of" was kept from: "refrained from saying".
_HOLDING_BACK = frozenset({"refrain", "hold", "keep", "abstain", "stop", "desist"})


def _held_back(cue: Any) -> bool:
    """A cue its speaker stopped short of: "stopped short of saying ISIS posed a direct
    threat", "held back from calling for an investigation", "Instead of flatly declaring what
    will be achieved" (QA helpers, forty-fifth session: shown as what was said)."""
    prep = cue.head
    if cue.dep_ != "pcomp" or prep.lower_ not in ("of", "from"):
        return False
    above = prep.head
    if prep.lower_ == "of":  # ("Instead" hangs on "of"; "short" heads it, or sits beside it)
        short = above.lower_ == "short" or any(c.lower_ == "short" for c in above.children)
        return short or any(c.lower_ == "instead" for c in prep.children)
    return above.lemma_.lower() in _HOLDING_BACK


def _nobody(doc: Any, quote: Quote) -> bool:
    """A source that is no one: "No one said the plan would be easy", "Nobody claimed that ...",
    "None of them accused him of ..." (QA helper, forty-first session: shown as the words of
    "no one")."""
    source = char_tokens(doc, quote.source) if quote.source else None
    if source is None:
        return False
    root = source.root
    return root.lower_ in _NO_ONE or any(c.dep_ == "det" and c.lower_ == "no" for c in root.children)


#: Words that name no one as a speaker.
_NO_ONE = frozenset({"nobody", "none", "neither", "noone"})


#: What an aggregator puts where it cut a lead off.
_CUT_MARKS = ("...", "\u2026", "[...]", "[\u2026]")


def is_cut_off(quote: Quote, text: str) -> bool:
    """Reported speech that the article's text cuts off: the lead an aggregator shows ends in
    "..." right after it ('Southwest told The Federalist that attributing the cancellations
    to...'). Shown, the clause reads as a whole statement while it stops mid-phrase (QA helper,
    twentieth session: 2 of 30 real stories showed one). A direct quote so cut still gives the
    speaker's own words, and compare pairs it with the other outlets' full quote; reported
    speech is never corroborated that way. Capped like unspoken items (``UNSPOKEN_CAP``)."""
    if quote.kind != "indirect" or not quote.content_spans:
        return False
    end = quote.content_spans[-1].end
    rest = text[end : end + 12].strip()
    if rest and (rest not in _CUT_MARKS or text[end + 12 :].strip()):
        return False
    return bool(rest) or quote.content.rstrip().endswith(_CUT_MARKS)


def is_described_thing(quote: Quote) -> bool:
    """A quote that a "which" right after it describes: 'the Village People's “YMCA,” which
    blasted from a Trump trailer': the marks hold the name of a thing the clause is about, not
    anyone's words (QA helper, twenty-first session: the song was shown as a quote of
    "which")."""
    src = quote.source
    if src is None or src.text.lower() != "which" or not quote.content_spans:
        return False
    return 0 <= src.start - quote.content_spans[-1].end <= 3


def is_addressed(quote: Quote) -> bool:
    """Said by "you", and "you" is nobody found: "Could you say the winning team got
    outplayed?", "If you thought there was going to be a pivot ...", "You agree to receive
    offers": a reader or listener addressed, or anyone at all, not someone who spoke. On the
    items check's 300 news articles 26 items were shown so; read one by one, at most two were
    someone's words. PolNeAR's annotators mark 12 of the 19 shown on train; capped like
    unspoken items (``UNSPOKEN_CAP``), direct quotes too."""
    return quote.speaker is None and quote.source is not None and quote.source.text.lower() == "you"


def is_sourceless(quote: Quote) -> bool:
    """Reported speech with no words naming anyone: "It's worth noting that ...", "There have
    been suggestions that ...", "It may be the case that ...", "Imagine how much ...". Who said
    it is the question sayso answers, and here the article names nobody. On the items check's
    300 news articles 111 such items were shown; of 30 read one by one, 6 to 10 were someone's
    words whose source the extraction missed ("The right dismisses ...", "Christie apologizes
    and says ..."), the rest the writer's own voice, furniture or hypotheticals. PolNeAR's
    annotators mark more of them (dev at the default: content F1 0.7089 -> 0.7058, precision
    0.9404 -> 0.9421, source F1 0.6521 -> 0.6528); capped like unspoken items
    (``UNSPOKEN_CAP``), direct quotes never (a quote in marks is someone's words whoever it is).

    A source that is its own cue names nobody either, unless stage 3 found someone in it: "the
    idea that “...”", "just the demand that we “believe ...”" (a noun cue taken for its own
    source; sixteenth session: 4 such items shown on the same articles, none anyone's words)."""
    if quote.kind == "direct":
        return False
    if quote.source is None:
        return True
    cue = quote.cue
    return (
        quote.speaker is None
        and cue is not None
        and quote.source.start < cue.end
        and cue.start < quote.source.end
    )


def is_unnamed_label(quote: Quote, doc: Any = None) -> bool:
    """Reported speech after a line label stage 3 finds nobody in: "Reality Check: FDR and
    Truman supported ...?", "FILE PHOTO: Shoppers carry bags ...", "Analysis: Trump isn't
    changing ...", "MASKING THE RISKS: The brouhaha over ...". A label that names someone (a
    transcript's "GONYEA:", a headline's "Dems:") has a speaker; one that names nobody heads a
    section, a caption or a kicker that ``agents.is_section_label`` did not drop (its words
    stand in a named entity elsewhere in the article, or one names a document). On the items
    check's 300 news articles 8 such items were shown, none anyone's words ("GALLUP:
    UNEMPLOYMENT'S 30 DAY JUMP - ...", a related link's "White House: ..."); on train 6, 4
    of them annotated (column headlines: "Milbank: Republicans ..."), and dev pays 3 annotated
    items (content F1 at the default 0.7051 -> 0.7040). Not direct quotes, nor an interview's
    one- and two-letter "Q:" and "A:", whose turns are speech, nor a label holding a named
    entity. Capped like unspoken items (``UNSPOKEN_CAP``)."""
    if quote.kind == "direct" or quote.speaker is not None or quote.source is None:
        return False
    cue = quote.cue
    if cue is None or cue.text != ":" or len(quote.source.text.replace(".", "").strip()) <= 2:
        return False
    label = char_tokens(doc, quote.source) if doc is not None else None
    return label is None or not any(t.ent_type_ for t in label)


#: What a source asks of the reporter: "asked not to be named", "asked to remain anonymous",
#: "requested anonymity to speak freely", "asking that she not be identified".
_ANONYMITY = re.compile(
    r"(?:that \w+ )?(?:not (?:to )?be (?:named|identified|quoted)"
    r"|to remain (?:anonymous|unnamed|off the record)"
    r"|anonymity(?=$|[ ,.;](?:to|because|in order|as|so)\b|[,.;]?$))\b",
    re.IGNORECASE,
)


def is_anonymity_request(quote: Quote) -> bool:
    """The sourcing formula of an unnamed source: "an official, who asked not to be named",
    "all of whom asked to remain off the record": the terms the reporter agreed to, not what
    the story reports anyone saying (QA helpers, forty-sixth session: 2 shown on 80 fresh
    news articles; 6 on the first 1,500 news-5k articles). PolNeAR's annotators mark "who
    requested anonymity to ..." (4 of 6 on train), already below the default; capped like
    unspoken items (``UNSPOKEN_CAP``), direct quotes never."""
    return quote.kind != "direct" and _ANONYMITY.match(quote.content.strip()) is not None


#: Pronouns standing for a thing, and the cues by which a thing lets the writer infer: "This
#: suggests that the company confused the dates", "it shows how much the party has changed"
#: (QA helpers, forty-sixth session: 7 such items shown on 80 fresh articles, none speech; 46 on
#: the first 1,500 news-5k articles). Only when stage 3 found nobody behind the pronoun.
_THING_PRONOUNS = frozenset({"it", "this", "that", "these", "those", "which"})
_INFERRING = frozenset({
    "suggest", "show", "indicate", "imply", "demonstrate", "highlight", "reveal", "explain",
    "underscore", "signal", "mean", "prove", "illustrate",
})  # fmt: skip


def names_nobody(doc: Any, quote: Quote, lemma: str | None, lexicon: CueLexicon, noun: bool = False) -> bool:
    """Reported speech whose source is a thing, with a cue that is no verb of saying: "The
    public's reaction underscores ..., revealing that ...", "Weak imports suggest ...", "That
    whiplash signaled ...", "A closer look at the numbers shows ...". Stage 3 found nobody in the
    source words (a common noun that names no person, group, organisation or document) and the
    cue hardly ever introduces quoted words on train (``CueLexicon.speech_share`` below
    ``SPEECH_SHARE_MIN``, as for ``is_unspoken``): an inference, the writer's, not anyone's
    words. "According to" and colons (no cue word) keep theirs: what they introduce has a
    source by construction. On the items check's 300 news articles 36 items were shown so; read
    one by one, 6 to 9 were someone's words whose speaker stage 3 did not know ("Firefighters at
    the scene disputed ...", "her minions suggested ..."). PolNeAR's annotators mark most of
    them (they take the writer's "simple math shows" as an attribution); capped like unspoken
    items (``UNSPOKEN_CAP``)."""
    if quote.kind == "direct" or quote.speaker is not None or quote.source is None or lemma is None:
        return False
    source = char_tokens(doc, quote.source)
    if source is not None and source.root.lower_ in _THING_PRONOUNS and lemma in _INFERRING:
        return True  # "This suggests that ...", "it shows how ...": nobody found, the writer's
    if source is None or source.root.pos_ != "NOUN" or source.root.ent_type_:
        return False  # a pronoun nobody was found for, a number ("23 percent said"), a name
    return lexicon.speech_share(lemma, noun=noun) < SPEECH_SHARE_MIN


#: Nouns of evidence: what they "show" is a figure's or a picture's source, not anyone's words.
_EVIDENCE = frozenset({
    "poll", "polling", "survey", "data", "figure", "number", "statistic", "indicator", "estimate",
    "video", "footage", "photo", "image", "record", "trove", "chart", "graph", "evidence",
    # machines: "the poll-book laptops indicated that voters had already voted" (forty-sixth)
    "machine", "laptop", "computer", "device", "screen", "sensor", "meter",
})  # fmt: skip
#: Cues that say what evidence shows.
_SHOWING = frozenset({
    "show", "suggest", "indicate", "reveal", "find", "point", "demonstrate", "confirm", "display",
})  # fmt: skip
#: Heads of an amount of evidence: "a wide range of other indicators suggest" (46th session).
_PARTITIVES = frozenset({"range", "host", "series", "set", "array", "variety", "number", "body", "raft"})
#: Heads of a share of those polled: "42 percent said". Not "a majority", "nearly half": "the
#: majority wrote" is a court's opinion, "nearly half of Congress pledged" lawmakers' words.
_SHARES = frozenset({"percent", "%"})


def is_evidence(doc: Any, quote: Quote) -> bool:
    """Reported speech whose source is evidence or a share of those polled: "Polling regularly
    shows that ...", "Data this week showed ...", "video of the event showed that ...",
    "according to many estimates ...", "Fifty percent of owners said they ...". A figure's or
    a survey's source, not anyone's words: QA helpers (thirty-fourth session) found 27 such
    items among 689 shown on 54 fresh news articles. On the first 1,500 news-5k articles 411
    shown items are so hidden (1.8%; 30 read at random: all polls, data, figures or videos).
    PolNeAR's annotators mark most of them, as they mark "simple math shows" (dev at the
    default: 23 hidden, 21 annotated; content F1 0.7003 -> 0.6929, precision 0.9443 -> 0.9448);
    capped like unspoken items (``UNSPOKEN_CAP``), direct quotes never. A report, a study or a
    statement is a document that speaks (``coref.documents``) and keeps its words."""
    if quote.kind == "direct" or quote.source is None or quote.cue is None:
        return False
    source = char_tokens(doc, quote.source)
    cue = char_tokens(doc, quote.cue)
    if source is None or cue is None:
        return False
    root = source.root
    if root.tag_ in ("WP", "WDT") and root.head.dep_ == "relcl":
        root = root.head.head  # "including 49 percent who said ..." (forty-fifth session: shown)
    if root.lower_ in _SHARES or root.ent_type_ == "PERCENT":
        return True
    if root.lemma_.lower() in _PARTITIVES:  # "a wide range of other indicators suggest ..."
        of = next(
            (g for c in root.children if c.lower_ == "of" for g in c.children if g.dep_ == "pobj"), root
        )
        root = of if of.lemma_.lower() in _EVIDENCE else root  # (not "a number of writers")
    if root.pos_ not in ("NOUN", "PROPN") or root.ent_type_:
        return False
    shown = cue.root.lemma_.lower() in _SHOWING or cue.root.lower_ == "according"
    return shown and (root.lemma_.lower() in _EVIDENCE or root.lower_ in _EVIDENCE)  # "data": "datum"


#: Cues that, with a thing as their subject, say what may happen, not what anyone said.
_RISK_VERBS = frozenset({"threaten"})


def is_risk(doc: Any, quote: Quote) -> bool:
    """A thing that "threatens to" do something: "Both events threaten to suck local media
    oxygen away", "a populist message that threatens to cut into his base", "The storm
    threatened to flood the city" say what may happen, the writer's words (QA helpers,
    forty-fourth session: four such items shown as speech on 80 fresh news articles). A person,
    a group or an organisation that threatens to act makes a threat, which stays. On PolNeAR
    train such thing subjects are annotated 2 times in 7 ("technology threatens to change
    the industry"); capped like unspoken items (``UNSPOKEN_CAP``)."""
    if quote.kind == "direct" or quote.cue is None or quote.source is None:
        return False
    cue = char_tokens(doc, quote.cue)
    source = char_tokens(doc, quote.source)
    if cue is None or source is None or cue.root.lemma_.lower() not in _RISK_VERBS:
        return False
    verb = cue.root
    if not any(c.dep_ == "xcomp" for c in verb.children):
        return False
    root = source.root
    if root.tag_ in ("WDT", "WP") and verb.dep_ == "relcl":
        root = verb.head  # "a message that threatens to ...": the message
    if root.lower_ in ("it", "this", "that"):
        return True
    if root.pos_ in ("PRON", "PROPN") or root.ent_type_ in SPEAKING_ENTS:
        return False  # (nor "The North ... threatened to abandon the meeting": North Korea)
    return noun_class(root.lemma_, WordClasses()) not in ("person", "group")


def quote_cap(
    doc: Any,
    quote: Quote,
    features: dict[str, float],
    topic_cap: float | None = TOPIC_CAP,
    unspoken_cap: float | None = UNSPOKEN_CAP,
    context: DocContext | None = None,
) -> float | None:
    """The highest confidence ``quote`` may be given: the lower cap of those that apply (a topic,
    an unspoken item), or None. Independent of the weights, so ``scripts/train_scorer.py``
    reports the confidence users see, caps included."""
    frame = content_frame(doc, quote)
    caps = []
    if topic_cap is not None and (
        is_topic(quote, features, frame, doc) or is_titled_topic(doc, quote, frame, context)
    ):
        caps.append(topic_cap)
    if (
        unspoken_cap is not None
        and quote.kind != "direct"
        and (
            is_unspoken(frame, cue_lemma(features), load_lexicon(), "cue_pos=NOUN" in features)
            or is_unasserted(doc, quote)
            or is_denied(doc, quote)
        )
    ):
        caps.append(unspoken_cap)
    if unspoken_cap is not None and (
        is_denied_words(doc, quote)
        or is_described_thing(quote)
        or is_addressed(quote)
        or is_cut_off(quote, context.text if context is not None else doc.text)
        or is_sourceless(quote)
        or is_unnamed_label(quote, doc)
        or is_anonymity_request(quote)
        or names_nobody(doc, quote, cue_lemma(features), load_lexicon(), "cue_pos=NOUN" in features)
        or is_evidence(doc, quote)
        or is_risk(doc, quote)
        or is_wished(doc, quote)
        or _in_headline(quote, context.text if context is not None else doc.text)
    ):
        caps.append(unspoken_cap)
    return min(caps, default=None)


def _in_headline(quote: Quote, text: str) -> bool:
    """A quote whose words and cue stand in a headline's line (``titles.headline_line``)."""
    spans = [*quote.content_spans, *([quote.cue] if quote.cue is not None else [])]
    return headline_line(text, min(s.start for s in spans), max(s.end for s in spans))
