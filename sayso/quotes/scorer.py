"""Stage 4: a learned judge of each quote the rules found: is it someone's words, with this source?

The rules of stages 2 and 3 propose quotes with a hand-set confidence; on real news a third of
what they propose is not speech ("lashes out at husband Alec", "known for his charming
personality"). Word lists tuned on our own examples would only move the problem, so the
decision is learned from the annotators of PolNeAR *train*: ``scripts/train_scorer.py`` runs the
engine on the training articles, labels each proposed quote by whether an annotator marked an
attribution there with an overlapping content and source, and fits a logistic regression over
the features below. The weights and a calibration table ship as ``sayso/data/quote_scorer.json``
(a few hundred kilobytes, read once per process, no network, no extra dependency at run time:
a dot product and a lookup).

``confidence`` then means what users read it as: the estimated probability that a careful
annotator would mark this item as an attribution with this content and source (checked with a
reliability diagram on dev, ``docs/calibration.png``).

Features are named strings (``cue=say``, ``kind=direct``, ``src=PRON``, ...) with values; a name
the model never saw weighs nothing, so the features can grow without breaking old weights (the
file records ``FEATURE_VERSION`` and is refused when it does not match).
"""

from __future__ import annotations

import bisect
import json
import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from typing import Any

from spacy.util import registry

from sayso.model import Quote, Span
from sayso.quotes.cues import CueLexicon, load_lexicon
from sayso.quotes.glyphs import DOUBLE_MARKS, SINGLE_MARKS

#: Bumped whenever ``quote_features`` changes meaning; the shipped weights must match it.
FEATURE_VERSION = 1

_QUOTE_CHARS = frozenset(DOUBLE_MARKS + SINGLE_MARKS)


def _tokens(doc: Any, span: Span | None) -> Any:
    if span is None or span.end <= span.start:
        return None
    return doc.char_span(span.start, span.end, alignment_mode="expand")


def _main_piece(quote: Quote) -> Span | None:
    """The piece that carries indirect speech's clause: the longest, not a fronted word.

    Content split around its cue starts with a pronoun or a subject ("which" + "was not fair",
    "Trump" + "to unveil a new ad"); the first piece alone would read as a noun phrase.
    """
    if not quote.content_spans:
        return None
    if quote.kind != "indirect":
        return quote.content_spans[0]
    return max(quote.content_spans, key=lambda s: s.end - s.start)


def _bucket(n: int, edges: Iterable[int]) -> str:
    for edge in edges:
        if n <= edge:
            return f"<={edge}"
    return "more"


@dataclass(frozen=True)
class DocContext:
    """What every quote of a document reads, taken from the ``Doc`` once: spaCy rebuilds
    ``doc.text`` and ``doc.ents`` from every token on each access, so reading them per quote
    made stage 4 quadratic in the article's length."""

    text: str
    ents: tuple[tuple[int, int, str], ...]  # token start, token end, label; in document order
    starts: tuple[int, ...]
    marked: tuple[tuple[int, int], ...] = ()  # stage 1's quoted pieces, sorted
    marked_starts: tuple[int, ...] = ()

    @classmethod
    def of(cls, doc: Any) -> DocContext:
        ents = tuple((e.start, e.end, e.label_) for e in doc.ents)
        marked = tuple(sorted(sp for m in doc._.sayso_marks or () for sp in m.spans))
        return cls(doc.text, ents, tuple(e[0] for e in ents), marked, tuple(a for a, _ in marked))

    def marked_from(self, lo: int, hi: int) -> list[tuple[int, int]]:
        """The quoted pieces that start at ``lo`` or after and before ``hi``."""
        i = bisect.bisect_left(self.marked_starts, lo)
        j = bisect.bisect_left(self.marked_starts, hi, lo=i)
        return list(self.marked[i:j])

    def labels_within(self, span: Any) -> set[str]:
        """The labels of the entities lying wholly inside ``span`` (what ``span.ents`` gives)."""
        out: set[str] = set()
        for i in range(bisect.bisect_left(self.starts, span.start), len(self.ents)):
            start, end, label = self.ents[i]
            if start >= span.end:
                break
            if end <= span.end:
                out.add(label)
        return out


def quote_features(doc: Any, quote: Quote, context: DocContext | None = None) -> dict[str, float]:
    """What the scorer knows of one quote: its kind, cue, source, content and their layout."""
    ctx = context if context is not None else DocContext.of(doc)
    f: dict[str, float] = {"bias": 1.0, f"kind={quote.kind}": 1.0}
    f["rule_confidence"] = quote.confidence
    text = ctx.text
    content = " ".join(s.text for s in quote.content_spans)
    words = len(content.split())
    f[f"content_words{_bucket(words, (2, 4, 8, 16, 32, 64))}"] = 1.0
    f["content_log_words"] = math.log1p(words)
    f[f"pieces={min(len(quote.content_spans), 3)}"] = 1.0
    first = quote.content_spans[0] if quote.content_spans else None
    if first is not None:
        before = text[max(0, first.start - 1) : first.start]
        after = text[first.end : first.end + 1]
        f["marked"] = float(before in _QUOTE_CHARS or after in _QUOTE_CHARS)
        start_word = first.text.split(" ", 1)[0].lower().strip(",.;:")
        if start_word in ("that", "to", "if", "whether", "how", "why", "what"):
            f[f"starts={start_word}"] = 1.0
        f["content_upper_start"] = float(first.text[:1].isupper())
    content_toks = _tokens(doc, _main_piece(quote))
    if content_toks is not None and len(content_toks):
        f["content_has_verb"] = float(any(t.pos_ in ("VERB", "AUX") for t in content_toks))
        f["content_has_subject"] = float(any(t.dep_ in ("nsubj", "nsubjpass", "expl") for t in content_toks))
        root = content_toks.root
        f[f"content_root_dep={root.dep_}"] = 1.0
        f[f"content_root_pos={root.pos_}"] = 1.0
        ents = ctx.labels_within(content_toks)
        if len(ents & {"PERSON", "ORG", "GPE"}) and words <= 4:
            f["content_is_short_name"] = 1.0
    cue = _tokens(doc, quote.cue)
    if cue is None:
        f["no_cue"] = 1.0
    else:
        head = cue.root
        f[f"cue={head.lemma_.lower()}"] = 1.0
        f[f"cue_pos={head.pos_}"] = 1.0
        f[f"cue_dep={head.dep_}"] = 1.0
        f[f"cue_tag={head.tag_}"] = 1.0
        if any(c.dep_ == "neg" for c in head.children):
            f["cue_negated"] = 1.0
        if content_toks is not None and len(content_toks):
            rel = "inside" if cue.start >= content_toks.start and cue.end <= content_toks.end else ""
            if not rel:
                rel = "before" if cue.end <= content_toks.start else "after"
            f[f"cue_{rel}_content"] = 1.0
            gap = content_toks.start - cue.end if rel == "before" else cue.start - content_toks.end
            f[f"cue_gap{_bucket(max(gap, 0), (0, 1, 3, 8, 20))}"] = 1.0
            heads = {
                t.head.i
                for t in content_toks
                if t.head.i < content_toks.start or t.head.i >= content_toks.end
            }
            if head.i in heads:
                f["content_hangs_on_cue"] = 1.0
            f[f"cue_x_kind={head.lemma_.lower()}|{quote.kind}"] = 1.0
    source = _tokens(doc, quote.source)
    if source is None:
        f["no_source"] = 1.0
    else:
        root = source.root
        f[f"src_pos={root.pos_}"] = 1.0
        f[f"src_dep={root.dep_}"] = 1.0
        labels = ctx.labels_within(source)
        for label in sorted(labels)[:3]:
            f[f"src_ent={label}"] = 1.0
        f[f"src_words{_bucket(len(source), (1, 2, 4, 8))}"] = 1.0
        if root.lower_ in ("i", "we", "you", "me", "us"):
            f["src_first_second_person"] = 1.0
        if root.pos_ == "PRON":
            f[f"src_pron={root.lower_}"] = 1.0
        if cue is not None:
            f["src_is_cue_subject"] = float(root.head.i == cue.root.i and root.dep_.startswith("nsubj"))
    f["has_speaker"] = float(quote.speaker is not None)
    return f


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
    cue = _tokens(doc, quote.cue)
    toks = _tokens(doc, _main_piece(quote))
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
#: Verbs that give their object a name, the speaker's words (the small model parses the name as
#: an apposition of the object as often as as its predicate).
NAMING_VERBS = frozenset({
    "call", "dub", "label", "brand", "term", "nickname", "name", "describe", "characterize",
    "declare", "deem",
})  # fmt: skip


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
    cue = _tokens(doc, quote.cue)
    lo, hi = quote.content_spans[0].start, quote.content_spans[-1].end
    titles = ctx.marked_from(lo, hi)
    if cue is None or not titles or not all(_title_like(text[a:b]) for a, b in titles):
        return False
    if any(t.pos_ not in ("VERB", "NOUN") for t in cue) or cue.root.lemma_.lower() in NAMING_VERBS:
        return False  # 'according to', a colon, a dash; 'called the plan “A Gift”'
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
    toks = _tokens(doc, _main_piece(quote))
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


#: Verbs whose if/whether clause is a question put to someone ("asked if he had ...").
ASKING_VERBS = frozenset({"ask", "press", "question", "wonder", "inquire", "query", "quiz"})


def is_unasserted(doc: Any, quote: Quote) -> bool:
    """A cue inside a question: 'Asked if he had urged the board to wait, ...', 'pressed whether
    she thought the vote was fair'. The words under the cue are what someone was asked about,
    not what anyone said. Of the 24 such items on PolNeAR train that the learned scorer alone
    would show, 21 are no annotated attribution (of all it would show, 17%); on real news they
    were 3 of the 20 items a hand check found not to be speech (``bench/items_judged.tsv``,
    "unasserted question"). Capped like unspoken items (``UNSPOKEN_CAP``)."""
    cue = _tokens(doc, quote.cue)
    if cue is None:
        return False
    tok = cue.root
    for _ in range(8):
        head = tok.head
        if head.i == tok.i:
            return False
        marked = any(c.dep_ == "mark" and c.lower_ in ("if", "whether") for c in tok.children)
        asker = head.head if head.dep_ == "prep" else head  # 'pressed her on whether ...'
        if marked and asker.lemma_.lower() in ASKING_VERBS:
            return True
        tok = head
    return False


#: Verbs whose negation is the negated belief: "I don't think it's fair" says "it isn't fair".
_NEG_RAISING = frozenset({
    "think", "believe", "expect", "suppose", "imagine", "reckon", "feel", "want", "guess", "anticipate",
})  # fmt: skip


def is_denied(doc: Any, quote: Quote) -> bool:
    """A negated cue: 'Reid would not say whether he prefers Trump', 'The US has not accused
    Russia of the hack', 'I never said no'. Whatever follows is what nobody said; shown as a
    quote it reads as the very words denied. PolNeAR's annotators mark most of them (48 of the
    66 that would be shown on train), as they mark topics; capped like unspoken items
    (``UNSPOKEN_CAP``). Not the verbs whose negation moves into what is believed ("Democrats
    don't think she can catch up": a stated belief, ``_NEG_RAISING``)."""
    cue = _tokens(doc, quote.cue)
    if cue is None:
        return False
    root = cue.root
    return root.lemma_.lower() not in _NEG_RAISING and any(c.dep_ == "neg" for c in root.children)


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
    (``UNSPOKEN_CAP``), direct quotes never (a quote in marks is someone's words whoever it is)."""
    return quote.kind != "direct" and quote.source is None


@dataclass(frozen=True)
class QuoteScorer:
    """Logistic weights over ``quote_features`` and an increasing calibration table; a topic's
    confidence is at most ``topic_cap``, an unspoken item's at most ``unspoken_cap`` (``None``:
    the learned probability alone)."""

    weights: dict[str, float]
    calib_x: tuple[float, ...]
    calib_y: tuple[float, ...]
    topic_cap: float | None = TOPIC_CAP
    unspoken_cap: float | None = UNSPOKEN_CAP

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> QuoteScorer:
        if data.get("feature_version") != FEATURE_VERSION:
            raise ValueError(
                f"quote scorer weights are for features v{data.get('feature_version')}, "
                f"this sayso computes v{FEATURE_VERSION}: retrain with scripts/train_scorer.py"
            )
        cal = data.get("calibration") or {"x": [], "y": []}
        return cls(dict(data["weights"]), tuple(cal["x"]), tuple(cal["y"]))

    def raw(self, features: dict[str, float]) -> float:
        """The uncalibrated probability of the logistic model."""
        z = sum(self.weights.get(name, 0.0) * value for name, value in features.items())
        return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))

    def probability(self, features: dict[str, float]) -> float:
        """The calibrated probability: the raw one mapped through the isotonic table from train."""
        p = self.raw(features)
        xs, ys = self.calib_x, self.calib_y
        if not xs:
            return p
        i = bisect.bisect_left(xs, p)
        if i <= 0:
            return ys[0]
        if i >= len(xs):
            return ys[-1]
        x0, x1, y0, y1 = xs[i - 1], xs[i], ys[i - 1], ys[i]
        return y0 if x1 == x0 else y0 + (y1 - y0) * (p - x0) / (x1 - x0)

    def rescore(self, doc: Any, quotes: Iterable[Quote]) -> tuple[Quote, ...]:
        """The quotes with ``confidence`` replaced by the calibrated probability (capped for
        topics and unspoken items)."""
        context = DocContext.of(doc)
        out = []
        for q in quotes:
            features = quote_features(doc, q, context)
            p = self.probability(features)
            cap = quote_cap(doc, q, features, self.topic_cap, self.unspoken_cap, context)
            if cap is not None:
                p = min(p, cap)
            out.append(replace(q, confidence=round(p, 4)))
        return tuple(out)


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
    if unspoken_cap is not None and (is_addressed(quote) or is_sourceless(quote)):
        caps.append(unspoken_cap)
    return min(caps, default=None)


@lru_cache(maxsize=4)
def load_scorer(name: str = "quote_scorer.json") -> QuoteScorer | None:
    """The shipped scorer, or None when the package has none (the rules' confidence stays)."""
    path = resources.files("sayso").joinpath("data", name)
    if not path.is_file():
        return None
    return QuoteScorer.from_dict(json.loads(path.read_text(encoding="utf-8")))


@registry.misc("sayso.quote_scorer.v1")
def quote_scorer(
    weights: str | None = "quote_scorer.json",
    topic_cap: float | None = TOPIC_CAP,
    unspoken_cap: float | None = UNSPOKEN_CAP,
) -> QuoteScorer | None:
    """The scorer of the component config: the packaged weights by name, or ``None`` (no stage 4,
    the rules' own confidence stays; ``scripts/train_scorer.py`` trains on that). ``topic_cap``
    ``null`` leaves topics at their learned probability, ``unspoken_cap`` ``null`` unspoken items
    (the speech table is the packaged lexicon's, ``sayso.quotes.cues.load_lexicon``)."""
    scorer = load_scorer(weights) if weights else None
    if scorer is None:
        return None
    return replace(scorer, topic_cap=topic_cap, unspoken_cap=unspoken_cap)
