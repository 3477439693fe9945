"""Stage 2: find cues, contents and sources in the parse, and tie quotation marks to them.

Everything works over the dependency parse the model already produced: one pass over the
tokens proposes *candidates* (a cue word in a construction, with the content and source that
construction implies), a second pass over the quotation marks attaches each quote to the cue
that governs it, or to the cue announcing it in the sentence before ("He said:"), or to the
quote it continues (a quote running over several paragraphs, a split quote). Every step is
linear in the number of tokens and marks (lookups by bisection): no second model pass, no
per-sentence ``nlp()``.

Two things the small English parser gets wrong shape the rules: it often runs one sentence
over a paragraph break (so contents and sources are cut at the cue's paragraph), and it
often takes a word of a quote for the subject of "said" (so a direct quote's speaker is
looked for outside the quote: inverted subject, the words between the closing mark and the
cue, the noun phrase before the cue).

How much to trust a candidate comes from ``sayso.quotes.cues``: per lemma and construction,
how often PolNeAR's annotators marked it as an attribution. Candidates below
``MIN_CONFIDENCE`` are dropped; that one number trades recall for precision.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass

from spacy.tokens import Doc, Token

from sayso.model import QuoteKind
from sayso.quotes.cues import SPEECH_NOUNS, TITLE_WORDS, CueLexicon, load_lexicon
from sayso.quotes.types import CharSpan, MarkedQuote, RawAttribution

#: Candidates whose estimated precision is below this are not reported.
MIN_CONFIDENCE = 0.3

#: A cue-less quote this short (in words) inside running text is a title or a scare quote.
SCARE_MAX_WORDS = 3

_TRIM = " \t\r\n\u00a0,;:.-–—―"
_MARKS = "“”\"'‘’«»„‹›"
_CONTENT_DEPS = frozenset({"ccomp"})
_SUBJECT_DEPS = frozenset({"nsubj", "csubj"})
_INHERIT_DEPS = frozenset({"conj", "advcl", "xcomp", "pcomp", "prep", "acomp", "oprd"})
_PREPS = frozenset({"for", "on", "to", "about", "of", "against", "at", "with", "over"})
_VERB_POS = frozenset({"VERB", "AUX"})
#: Entity types the parser sometimes makes the subject of "said" ("12:15 p.m. Trump said").
_WHEN = frozenset({"DATE", "TIME"})

_NEWLINE_RE = re.compile("\n")
_SIGNATURE_RE = re.compile(
    r"[^\S\n]*[”\"'’»]?[^\S\n]*\n\s*"  # the closing mark, then a line break
    r"(?P<dash>[-–—―])[^\S\n]*(?P<name>[A-Z][\w.'’\- ]{0,58}\w)\.?[^\S\n]*(?:\n|$)"  # "- Name."
)
_COLON_RE = re.compile(r"^([A-Z][\w.'’\- ]{0,48}?)\s*:\s+(\S.*)$")
#: Words that tie a verb after a quote to the narration, not to the quote ("...,” before adding").
_LINKED_RE = re.compile(r"[\W_]*(?:before|after|while|when|as|since|by|then|and|but|until|with)\b", re.I)
_DASH_RE = re.compile(r"^(.*\S)\s*[―—–]\s*(@?[A-Z][^\n―—–(]{1,60})")


@dataclass(slots=True)
class Candidate:
    """One possible attribution read off the parse, before quotes are attached."""

    pattern: str
    key: str
    cue: CharSpan
    content: list[CharSpan]
    source: CharSpan | None
    confidence: float = 0.0
    cue_token: int = -1
    #: The cue announces content that follows it outside this sentence ("He said:").
    announces: bool = False
    #: The cue itself stands inside quotation marks ("I think ...," she said): annotators
    #: rarely count those, so they have statistics of their own.
    quoted: bool = False

    @property
    def stat_pattern(self) -> str:
        """The construction the confidence is looked up under."""
        base = "ccomp" if self.pattern == "bare" else self.pattern
        return f"q:{base}" if self.quoted else base


# --- small helpers over token ranges --------------------------------------------------------
def _chars(doc: Doc, first: int, last: int) -> CharSpan | None:
    """Characters of tokens ``first..last`` (inclusive) without punctuation or space at the ends.

    Works on tokens, not on ``doc.text``, which spaCy rebuilds on every access.
    """
    while first <= last and (doc[first].is_punct or doc[first].is_space):
        first += 1
    while last >= first and (doc[last].is_punct or doc[last].is_space):
        last -= 1
    if last < first:
        return None
    return (doc[first].idx, doc[last].idx + len(doc[last].text))


def _trim(text: str, start: int, end: int) -> CharSpan | None:
    while start < end and text[start] in _TRIM:
        start += 1
    while end > start and text[end - 1] in _TRIM:
        end -= 1
    return (start, end) if end > start else None


def _subtree_minus(doc: Doc, keep: Token, drop: Token) -> list[CharSpan]:
    """Character spans of ``keep``'s subtree without ``drop``'s subtree (one or two pieces)."""
    lo, hi = keep.left_edge.i, keep.right_edge.i
    dlo, dhi = drop.left_edge.i, drop.right_edge.i
    pieces = [_chars(doc, lo, min(hi, dlo - 1)), _chars(doc, max(lo, dhi + 1), hi)]
    return [p for p in pieces if p]


def _subtree(doc: Doc, tok: Token) -> CharSpan | None:
    return _chars(doc, tok.left_edge.i, tok.right_edge.i)


def _source_of(doc: Doc, verb: Token) -> CharSpan | None:
    """The words naming who speaks: the subject, the passive agent, or an inherited subject.

    A cue without a subject of its own takes the one of the verb it hangs from: "he said and
    added", "she left, saying", "he began by saying".
    """
    tok = verb
    for _ in range(5):
        subject = _own_source(tok)
        if subject is not None:
            return _clip_to_paragraph(doc, subject)
        if tok.dep_ in ("relcl", "acl") and tok.head.pos_ in ("PROPN", "NOUN", "PRON"):
            # "Smith, who said ...", "the group backing him": the noun the clause describes.
            return _chars(doc, tok.head.left_edge.i, tok.head.i)
        if tok.dep_ in _INHERIT_DEPS and tok.head.i != tok.i:
            tok = tok.head
            continue
        return None
    return None


def _own_source(tok: Token) -> Token | None:
    agent = None
    for child in tok.children:
        if child.dep_ in _SUBJECT_DEPS and child.ent_type_ not in _WHEN:
            return child
        if child.dep_ == "agent":
            agent = child
    if agent is not None:
        for pobj in agent.children:
            if pobj.dep_ == "pobj":
                return pobj
    return None


def _clip_to_paragraph(doc: Doc, head: Token) -> CharSpan | None:
    """The subtree of ``head`` without what spills over a line break (a headline above it)."""
    first, last = head.left_edge.i, head.right_edge.i
    for i in range(head.i - 1, first - 1, -1):
        if "\n" in doc[i].text or "\n" in doc[i].whitespace_:
            first = i + 1
            break
    for i in range(head.i, last + 1):
        if "\n" in doc[i].text or ("\n" in doc[i].whitespace_ and i < last):
            last = i
            break
    return _chars(doc, first, last)


def _quote_source(doc: Doc, verb: Token, quote: tuple[CharSpan, ...]) -> CharSpan | None:
    """The speaker of a direct quote when the parse gave none outside the quote.

    Tried in order: a subject of the cue outside the quote; a name after the cue ("..., said
    Mr. Kamin"); the words between the closing mark and the cue ("...," Jo Ruiz, a nurse, said);
    a noun phrase right before the cue ("the candidate stated: ...").
    """
    for child in verb.children:
        inside = any(_overlaps((child.idx, child.idx + 1), q) for q in quote)
        if child.dep_ in _SUBJECT_DEPS and child.ent_type_ not in _WHEN and not inside:
            return _clip_to_paragraph(doc, child)
    found = _inverted_source(doc, verb, quote)
    if found:
        return found
    ends = [b for _, b in quote if b <= verb.idx]
    if ends:
        gap_start = max(ends)
        first = verb.i
        while first > 0 and doc[first - 1].idx >= gap_start and verb.i - first < 15:
            first -= 1
        between = [t for t in doc[first : verb.i] if t.pos_ in ("PROPN", "PRON", "NOUN")]
        if between and "\n" not in doc[first : verb.i].text:
            return _chars(doc, first, verb.i - 1)
    return _name_before(doc, verb, quote)


def _name_before(doc: Doc, verb: Token, quote: tuple[CharSpan, ...]) -> CharSpan | None:
    """The noun phrase ending nearest before the cue: 'Col. Jo Ruiz, a spokesman in Baghdad, said'.

    From the last name or pronoun before the cue (within its line, outside the quote), climb
    to the head of its phrase, so an appositive ("a spokesman in Baghdad") leads back to the
    name it describes.
    """
    i = verb.i - 1
    limit = max(0, verb.i - 25)
    while i >= limit:
        tok = doc[i]
        if (
            "\n" in tok.text
            or "\n" in tok.whitespace_
            or any(_overlaps((tok.idx, tok.idx + 1), q) for q in quote)
        ):
            return None
        if tok.pos_ in ("PROPN", "PRON") or (i == verb.i - 1 and (tok.pos_ == "NOUN" or _names_someone(tok))):
            break  # a name, a pronoun, or a noun or "a second" right before the cue
        if tok.dep_ not in (
            "punct",
            "aux",
            "auxpass",
            "neg",
            "advmod",
            "npadvmod",
            "prep",
            "pobj",
            "det",
            "amod",
        ):
            return None
        i -= 1
    else:
        return None
    head = doc[i]
    # up through "in Baghdad" and "a spokesman", stopping at the name they describe
    while head.dep_ in ("pobj", "prep", "compound") or (head.dep_ == "appos" and head.pos_ != "PROPN"):
        if head.head.i == head.i or not limit <= head.head.i < verb.i:
            break
        head = head.head
    first = max(head.left_edge.i, limit)
    last = min(head.right_edge.i, verb.i - 1)
    return _chars(doc, first, last)


def _inverted_source(doc: Doc, verb: Token, quote: tuple[CharSpan, ...]) -> CharSpan | None:
    """'..., said Mr. Kamin' when the parser did not make the name the subject."""
    for child in verb.children:
        if child.i > verb.i and child.dep_ in ("dobj", "attr", "npadvmod", "dative", "appos", "nsubj"):
            inside = any(_overlaps((child.idx, child.idx + 1), q) for q in quote)
            if _names_someone(child) and not inside:
                return _clip_to_paragraph(doc, child)
    return None


def _names_someone(tok: Token) -> bool:
    """A noun, a name or a pronoun; or an elliptical 'a third', 'another' ('..., slammed a third')."""
    if tok.ent_type_ in _WHEN:
        return False  # "..., Jo Ruiz said Monday": the day is not the speaker
    if tok.pos_ in ("PROPN", "NOUN", "PRON"):
        return True
    return tok.pos_ in ("ADJ", "NUM", "DET") and (
        tok.lower_ == "another" or any(c.dep_ == "det" for c in tok.children)
    )


def _cue_span(doc: Doc, verb: Token, extra: Token | None = None) -> CharSpan:
    first, last = verb.i, verb.i
    for child in verb.children:
        if child.dep_ == "prt" and abs(child.i - verb.i) <= 2:
            first, last = min(first, child.i), max(last, child.i)
    if extra is not None:
        first, last = min(first, extra.i), max(last, extra.i)
    return (doc[first].idx, doc[last].idx + len(doc[last].text))


# --- candidates from the parse --------------------------------------------------------------
def _verb_candidates(doc: Doc, verb: Token, lemma: str) -> Iterator[Candidate]:
    children = list(verb.children)
    deps = {c.dep_ for c in children}
    source = _source_of(doc, verb)
    cue = _cue_span(doc, verb)
    announces = any(c.dep_ == "punct" and c.text == ":" and c.i > verb.i for c in children)
    ccomps = [c for c in children if c.dep_ in _CONTENT_DEPS]
    if ccomps:
        spans = [s for s in (_subtree(doc, c) for c in ccomps) if s]
        if spans:
            yield Candidate("ccomp", lemma, cue, spans, source, cue_token=verb.i)
    elif "xcomp" in deps:
        xcomp = next(c for c in children if c.dep_ == "xcomp")
        first = xcomp.left_edge.i
        for c in children:
            if c.dep_ == "dobj" and c.i < xcomp.i:
                first = min(first, c.left_edge.i)
        span = _chars(doc, first, xcomp.right_edge.i)
        if span:
            yield Candidate("xcomp", lemma, cue, [span], source, cue_token=verb.i)
    elif "dobj" in deps:
        dobj = next(c for c in children if c.dep_ == "dobj")
        last = dobj.right_edge.i
        for c in children:
            if c.dep_ in ("oprd", "advcl", "acomp") and c.i > dobj.i:
                last = max(last, c.right_edge.i)
        span = _chars(doc, dobj.left_edge.i, last)
        if span:
            yield Candidate("dobj", lemma, cue, [span], source, cue_token=verb.i)
    else:
        for prep in children:
            if prep.dep_ == "prep" and prep.lower_ in _PREPS and prep.i > verb.i:
                pobj = next((c for c in prep.children if c.dep_ in ("pobj", "pcomp")), None)
                if pobj is not None and pobj.ent_type_ not in _WHEN:  # not "announced on Tuesday"
                    span = _subtree(doc, pobj)
                    if span:
                        key = f"{lemma} {prep.lower_}"
                        cue = _cue_span(doc, verb, prep)
                        yield Candidate("prep", key, cue, [span], source, cue_token=verb.i)
                    break
    # "..., she said, ..." / "..., officials said." : the cue hangs off the content's verb.
    head = verb.head
    has_subject = any(c.dep_ in _SUBJECT_DEPS for c in children)
    if (
        head.i != verb.i
        and source is not None
        and not ccomps
        and (verb.dep_ == "parataxis" or (verb.dep_ == "ccomp" and has_subject))
    ):
        spans = _subtree_minus(doc, head, verb)
        if spans:
            yield Candidate("para", lemma, cue, spans, source, cue_token=verb.i)
    if not ccomps:
        # No clause of its own: the cue of a quote the parser did not hang under it.
        yield Candidate("bare", lemma, cue, [], source, cue_token=verb.i, announces=announces)


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
    spans = _subtree_minus(doc, head, tok)
    if not spans:
        return None
    cue = (tok.idx, to.idx + len(to.text))
    return Candidate("accord", "according to", cue, spans, _subtree(doc, pobj), cue_token=tok.i)


def _noun_candidate(doc: Doc, noun: Token, lemma: str) -> Candidate | None:
    """'her claim that ...', 'a statement saying ...': a nominal cue with a clause.

    Without a clause, a speech noun is a bare cue for a quote next to it ("Trump issued a
    statement, “...”").
    """
    source: CharSpan | None = None
    for c in noun.children:
        if c.dep_ == "poss":
            source = _subtree(doc, c)
        elif c.dep_ == "prep" and c.lower_ in ("by", "from"):
            pobj = next((g for g in c.children if g.dep_ == "pobj"), None)
            if pobj is not None:
                source = _subtree(doc, pobj)
    if source is None and noun.dep_ in ("dobj", "nsubjpass") and noun.head.pos_ in _VERB_POS:
        source = _source_of(doc, noun.head)
    cue = (noun.idx, noun.idx + len(noun.text))
    clause = next(
        (c for c in noun.children if c.dep_ in ("acl", "ccomp", "relcl", "appos") and c.i > noun.i),
        None,
    )
    has_that = clause is not None and any(c.dep_ == "mark" and c.lower_ == "that" for c in clause.children)
    if clause is None or not (has_that or clause.lemma_.lower() == "say"):
        if lemma in SPEECH_NOUNS:
            return Candidate("bare", lemma, cue, [], source, cue_token=noun.i)
        return None
    span = _subtree(doc, clause)
    if span is None:
        return None
    return Candidate("noun", lemma, cue, [span], source, cue_token=noun.i)


def _looks_like_name(words: str) -> bool:
    """'PENCE', 'Rush Limbaugh', 'Poll': a short run of capitalised words, not a clause."""
    parts = words.split()
    return 0 < len(parts) <= 6 and all(
        p[:1].isupper() or p[:1].isdigit() or p in _NAME_JOINERS for p in parts
    )


_NAME_JOINERS = frozenset({"of", "the", "and", "de", "van", "von", "for", "in", "on", "to", "a"})


def _line_candidates(text: str) -> Iterator[Candidate]:
    """Attributions marked by layout: 'NAME: text' transcripts and headlines, '"..." ― NAME'."""
    start = 0
    for line in text.split("\n"):
        end = start + len(line)
        m = _COLON_RE.match(line)
        if m and _looks_like_name(m.group(1)):
            colon = start + line.index(":", m.end(1))
            source = _trim(text, start + m.start(1), start + m.end(1))
            content = _trim(text, start + m.start(2), end)
            if source and content:
                yield Candidate("colon", ":", (colon, colon + 1), [content], source)
        d = _DASH_RE.match(line)
        if d and len(d.group(1)) > 20 and d.group(1).rstrip()[-1:] in "”\"’'":
            dash = start + d.end(1) + (len(line[d.end(1) :]) - len(line[d.end(1) :].lstrip()))
            source = _trim(text, start + d.start(2), start + d.end(2))
            content = _trim(text, start + d.start(1), start + d.end(1))
            if source and content:
                yield Candidate("dash", "―", (dash, dash + 1), [content], source)
        start = end + 1


def _keep_to_paragraphs(text: str, found: list[Candidate]) -> None:
    """Cut contents and sources at the cue's paragraph.

    The small parser often runs a sentence across a paragraph break, hanging the next
    paragraph's quote under this paragraph's verb. A cue whose whole content was in another
    paragraph becomes a bare cue (announcing it when a colon ends the paragraph).
    """
    breaks = [m.start() for m in _NEWLINE_RE.finditer(text)]
    if not breaks:
        return
    for cand in found:
        k = bisect.bisect_left(breaks, cand.cue[0])
        lo = breaks[k - 1] + 1 if k > 0 else 0
        hi = breaks[k] if k < len(breaks) else len(text)
        if cand.source and (cand.source[1] <= lo or cand.source[0] >= hi):
            cand.source = None
        elif cand.source:
            cand.source = _trim(text, max(cand.source[0], lo), min(cand.source[1], hi))
        if not cand.content:
            continue
        clipped = [_trim(text, max(a, lo), min(b, hi)) for a, b in cand.content if a < hi and b > lo]
        cand.content = [c for c in clipped if c]
        if not cand.content:
            cand.pattern = "bare"
            cand.announces = cand.announces or text[:hi].rstrip().endswith(":")


def _participle_lemma(tok: Token, lemmas: frozenset[str]) -> str | None:
    """The verb of a participle the parser took for a noun: 'with one reader writing: “...”'.

    Only with a subject of its own, so "his writing" or "the saying" stay nouns.
    """
    word = tok.lower_
    if tok.pos_ != "NOUN" or not word.endswith("ing") or len(word) < 6:
        return None
    subject = any(c.dep_ in _SUBJECT_DEPS for c in tok.children)
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


def candidates(
    doc: Doc,
    lexicon: CueLexicon | None = None,
    marks: list[MarkedQuote] | None = None,
    *,
    every_verb: bool = False,
) -> list[Candidate]:
    """All constructions in ``doc`` that may be attributions, each with its confidence.

    ``marks`` tell which cues stand inside a quotation. ``every_verb`` proposes every verb and
    noun regardless of the lexicon: used to learn the lexicon's statistics from an annotated
    corpus (``scripts/learn_cues.py``).
    """
    lex = lexicon or load_lexicon()
    found: list[Candidate] = []
    for tok in doc:
        lemma = tok.lemma_.lower()
        if lemma == "accord" and tok.dep_ == "prep":
            cand = _according_candidate(doc, tok)
            if cand:
                found.append(cand)
            continue
        participle = _participle_lemma(tok, lex.lemmas)
        if participle:
            found.extend(_verb_candidates(doc, tok, participle))
            continue
        if not every_verb and lemma not in lex.lemmas:
            continue
        if tok.pos_ in _VERB_POS:
            found.extend(_verb_candidates(doc, tok, lemma))
        elif tok.pos_ == "NOUN" and (every_verb or lemma in SPEECH_NOUNS or lemma in lex.lemmas):
            cand = _noun_candidate(doc, tok, lemma)
            if cand:
                found.append(cand)
    text = doc.text
    _keep_to_paragraphs(text, found)
    found.extend(_line_candidates(text))
    quoted = sorted(span for m in marks or () for span in m.spans)
    starts = [a for a, _ in quoted]
    for cand in found:
        i = bisect.bisect_right(starts, cand.cue[0]) - 1
        cand.quoted = i >= 0 and cand.cue[0] < quoted[i][1]
        cand.confidence = lex.confidence(cand.stat_pattern, cand.key)
    return found


# --- quotation marks ------------------------------------------------------------------------
def _overlaps(a: CharSpan, b: CharSpan) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _inside(inner: CharSpan, outer: CharSpan, text: str) -> bool:
    """Whether ``inner`` lies in ``outer`` give or take punctuation and the marks themselves."""
    lo, hi = outer
    while lo > 0 and text[lo - 1] in _TRIM + "“”\"'‘’«»„":
        lo -= 1
    while hi < len(text) and text[hi] in _TRIM + "“”\"'‘’«»„":
        hi += 1
    return lo <= inner[0] and inner[1] <= hi


def _word_count(text: str, span: CharSpan) -> int:
    return len(text[span[0] : span[1]].split())


def _is_scare(text: str, mark: MarkedQuote) -> bool:
    """A short quote that no cue claims is a title, a nickname or a scare quote, not speech."""
    return len(mark.spans) == 1 and _word_count(text, mark.spans[0]) <= SCARE_MAX_WORDS


class _Sentences:
    """Sentence lookup by character offset (bisect), for "the sentence before this quote"."""

    def __init__(self, doc: Doc) -> None:
        self.sents = list(doc.sents)
        self.starts = [s.start_char for s in self.sents]

    def index(self, char: int) -> int:
        return max(0, bisect.bisect_right(self.starts, char) - 1)


#: A bare cue this far (in characters) from its quote is too far to be its cue.
_BARE_REACH = 100
#: A quote with no cue this close after an attributed one continues it.
_CONTINUE_REACH = 200
#: Line breaks a cue-less quote may be from the quote it continues (one blank line).
_CONTINUE_BREAKS = 2
#: Characters between a cue and a quote its clause holds that cost the cue 0.1 of its score.
_NEAR_CHARS = 500.0
#: The most characters between a cue and the second half of a split quote ("he told the host, ").
_SPLIT_GAP = 30
#: A bare cue needs at least this confidence as a speech verb.
_BARE_MIN = 0.35


def _pick_cue(
    text: str,
    mark: MarkedQuote,
    lo: int,
    hi: int,
    by_sentence: dict[int, list[int]],
    cands: list[Candidate],
) -> tuple[int | None, bool]:
    """The candidate that governs ``mark`` (sentences ``lo..hi``), and whether its content covers it.

    Each kind of evidence has a base score, then the cue's own confidence decides between
    candidates of one kind. Strongest first: a cue whose parsed content overlaps the quote in the
    quote's sentence; a speech verb right next to the quote ("...," he said); such a cue in the
    neighbouring sentence (the sentence splitter often cuts after a closing mark); a cue
    announcing the quote before it ("He said:").
    """
    first = mark.spans[0]
    colon = _colon_before(text, first[0])
    best: int | None = None
    best_score = 0.0
    covers = False
    for sj in range(lo - 1, hi + 2):
        near = lo <= sj <= hi
        for ci in by_sentence.get(sj, ()):
            cand = cands[ci]
            if _overlaps(cand.cue, first):
                continue
            score = 0.0
            overlap = any(_overlaps(c, first) for c in cand.content)
            if overlap and cand.confidence >= MIN_CONFIDENCE:
                # Of two clauses holding the quote, the cue nearer to it governs it: "She said
                # ..., and when pressed, the mother of three replied, “...”".
                away = cand.cue[0] - first[1] if cand.cue[0] >= first[1] else first[0] - cand.cue[1]
                score = (2.0 if near else 1.0) + cand.confidence - min(0.6, max(0, away) / _NEAR_CHARS)
            elif cand.confidence >= _BARE_MIN and sj >= lo and _bare_for(cand, first):
                if cand.cue[0] >= first[1]:
                    if _LINKED_RE.match(text, first[1], cand.cue[0]):
                        continue  # '“...,” before repeating her request': narration, not a cue
                    dist = cand.cue[0] - first[1]
                    gap = (first[1], cand.cue[0])
                elif colon >= 0 and cand.cue[1] <= colon:
                    # "X replied before she repeated: “...”": the cue nearest the colon wins.
                    dist = colon - cand.cue[1]
                    gap = (cand.cue[1], colon)
                elif cand.cue[1] <= first[0]:
                    dist = 0 if cand.announces else first[0] - cand.cue[1]
                    gap = (first[0], first[0]) if cand.announces else (cand.cue[1], first[0])
                else:
                    continue
                if "\n" in text[gap[0] : gap[1]]:
                    continue  # a cue in another paragraph, not announcing this quote
                if dist < _BARE_REACH:
                    score = 1.5 + cand.confidence - dist / _BARE_REACH
            elif (
                (cand.announces or (colon >= 0 and "\n" not in text[cand.cue[1] : colon]))
                and cand.cue[1] <= first[0]
                and cand.confidence >= _BARE_MIN
                and cand.pattern in ("bare", "ccomp")
                and sj in (lo - 1, lo)
            ):
                score = 0.5 + cand.confidence
            if score > best_score:
                best, best_score, covers = ci, score, overlap
    if best is not None and colon >= 0:
        nearer = _cue_nearest_colon(text, colon, cands[best].cue, lo, by_sentence, cands)
        if nearer is not None:
            return nearer, False
    return best, covers


def _cue_nearest_colon(
    text: str, colon: int, cue: CharSpan, lo: int, by_sentence: dict[int, list[int]], cands: list[Candidate]
) -> int | None:
    """A speech cue between the chosen cue and the colon opening the quote, if there is one.

    In '"...," X replied before she repeated: "..."' the parser hangs both quotes under
    "replied"; the cue right before the colon is the one that introduces this quote.
    """
    if cue[1] > colon:
        return None
    found: int | None = None
    for sj in (lo - 1, lo):
        for ci in by_sentence.get(sj, ()):
            cand = cands[ci]
            if (
                cand.pattern == "bare"
                and cand.source is not None
                and cand.confidence >= _BARE_MIN
                and cue[1] <= cand.cue[0]
                and cand.cue[1] <= colon
                and "\n" not in text[cand.cue[1] : colon]
                and (found is None or cand.cue[0] > cands[found].cue[0])
            ):
                found = ci
    return found


def _interrupts(text: str, cue: CharSpan, quote: CharSpan) -> bool:
    """Whether the cue clause only interrupts a quote that resumes right after it.

    '“...,” he told the host, “...”' is one split quote; '“...,” she said of the election, in
    which ..., “...”' goes on to say more before the next quote, which stands on its own.
    """
    gap = text[cue[1] : quote[0]]
    return cue[1] <= quote[0] and len(gap) <= _SPLIT_GAP and not any(c in gap for c in ".!?\n")


def _bare_for(cand: Candidate, quote: CharSpan) -> bool:
    """Whether ``cand`` may stand as the cue of a quote it does not contain.

    A bare cue, or the cue between the two halves of a split quote: in '“...,” he told the
    host, “...”' the parser hangs only the second half under "told".
    """
    if cand.pattern == "bare":
        return True
    return (
        cand.pattern == "ccomp"
        and cand.source is not None
        and cand.cue[0] >= quote[1]
        and all(a >= cand.cue[1] for a, _ in cand.content)
    )


def _colon_before(text: str, start: int) -> int:
    """The offset of the colon right before ``start`` (marks and space skipped), or -1."""
    i = start - 1
    while i >= 0 and (text[i].isspace() or text[i] in _MARKS):
        i -= 1
    return i if i >= 0 and text[i] == ":" else -1


def _dash_line_attribution(text: str, mark: MarkedQuote) -> RawAttribution | None:
    """A quote paragraph signed on the next line: '"..."' then '- Sanders.' (fact-check style)."""
    m = _SIGNATURE_RE.match(text, mark.spans[-1][1])
    if m is None:
        return None
    dash = m.start("dash")
    return RawAttribution(
        "direct", tuple(mark.spans), (dash, dash + 1), (m.start("name"), m.end("name")), 0.7
    )


def _colon_attribution(doc: Doc, text: str, mark: MarkedQuote) -> RawAttribution | None:
    """'Cruz called them on it: “...”': the clause before a colon introduces the quote after it.

    Used when no cue of the lexicon claimed the quote; the verb of that clause stands as cue.
    """
    colon = _colon_before(text, mark.spans[0][0])
    if colon < 0:
        return None
    span = doc.char_span(colon, colon + 1, alignment_mode="expand")
    if span is None or len(span) == 0:
        return None
    verb = span[0].head if span[0].dep_ == "punct" else span[0]
    for _ in range(3):
        if verb.pos_ in _VERB_POS or verb.head.i == verb.i:
            break
        verb = verb.head
    if verb.pos_ not in _VERB_POS or verb.idx > colon:
        return None
    source = _source_of(doc, verb)
    if source is None or source[1] > colon:
        return None
    return RawAttribution("direct", tuple(mark.spans), _cue_span(doc, verb), source, 0.6)


def _attach_marks(
    doc: Doc, marks: list[MarkedQuote], cands: list[Candidate]
) -> tuple[list[RawAttribution], set[int]]:
    """Direct quotes: tie each quote to its cue; returns them and the candidates they used."""
    if not marks:
        return [], set()
    text = doc.text
    quoted = _Quoted(text, marks)
    sents = _Sentences(doc)
    by_sentence: dict[int, list[int]] = {}
    for ci, cand in enumerate(cands):
        by_sentence.setdefault(sents.index(cand.cue[0]), []).append(ci)
    used: set[int] = set()
    groups: dict[int, list[CharSpan]] = {}
    mixed: set[int] = set()
    order: list[int] = []
    no_cue: list[MarkedQuote] = []
    by_cue: dict[CharSpan, int] = {}
    last_group: int | None = None
    last_end = -1

    for mark in sorted((m for m in marks if m.depth == 0 and m.spans), key=lambda m: m.spans[0][0]):
        first = mark.spans[0]
        lo, hi = sents.index(first[0]), sents.index(max(first[0], first[1] - 1))
        best, covers = _pick_cue(text, mark, lo, hi, by_sentence, cands)
        if (
            best is None
            and last_group is not None
            and _continues(text, last_end, first[0])
            and _colon_before(text, first[0]) < last_end
        ):
            groups[last_group].extend(mark.spans)
            last_end = mark.spans[-1][1]
            continue
        if best is None:
            no_cue.append(mark)
            last_group, last_end = None, mark.spans[-1][1]
            continue
        # One cue word may yield several candidates ("told" bare and "told" with a clause);
        # the halves of a split quote land on different ones, yet belong together.
        canon = by_cue.setdefault(cands[best].cue, best)
        if canon != best and not _interrupts(text, cands[canon].cue, first):
            canon = best
        covers = covers and canon == best
        best = canon
        if best in groups and _colon_before(text, first[0]) > max(b for _, b in groups[best]):
            # '"...," X replied before she repeated: "..."': a colon introduces a new utterance;
            # only a bare cue clause between the pieces makes a split quote.
            no_cue.append(mark)
            last_group, last_end = None, mark.spans[-1][1]
            continue
        cand = cands[best]
        if _is_scare(text, mark) and _labelled(text, mark, cand.cue):
            last_group, last_end = None, mark.spans[-1][1]
            continue  # 'papers dubbed the run a “miracle”': a label, not speech
        used.add(best)
        if best not in groups:
            groups[best] = []
            order.append(best)
        # A quote inside a larger clause is a mixed quote: keep the clause.
        if covers and not all(quoted.covers(c) for c in cand.content) and not _runs_out(mark, cand.content):
            groups[best].extend(cand.content)
            mixed.add(best)
        else:
            groups[best].extend(mark.spans)
        last_group, last_end = best, mark.spans[-1][1]

    out: list[RawAttribution] = []
    for ci in order:
        cand = cands[ci]
        spans = tuple(sorted(set(groups[ci])))
        kind: QuoteKind = "mixed" if ci in mixed else "direct"
        source = cand.source
        inside = source is not None and ci not in mixed and any(_overlaps(source, q) for q in spans)
        if cand.cue_token >= 0 and (source is None or inside):
            # The parser took a word of the quote for the subject, or found none.
            source = _quote_source(doc, doc[cand.cue_token], spans)
        conf = min(1.0, 0.55 + 0.45 * cand.confidence) if source else 0.5
        out.append(RawAttribution(kind, spans, cand.cue, source, round(conf, 3)))
    for mark in no_cue:
        introduced = _colon_attribution(doc, text, mark) or _dash_line_attribution(text, mark)
        if introduced:
            out.append(introduced)
        elif not _is_scare(text, mark):
            out.append(RawAttribution("direct", tuple(mark.spans), None, None, 0.45))
    return _cut_mixed(text, out), used


def _cut_mixed(text: str, found: list[RawAttribution]) -> list[RawAttribution]:
    """End a mixed quote's clause where another attributed quote starts.

    'Papers called it a “miracle”, a word Reyes dismissed: “...”': the parse gives "called" a
    clause running into Reyes's own quote, which is his, not the papers'.
    """
    starts = sorted(a.content[0][0] for a in found if a.kind == "direct")
    if not starts:
        return found
    out = []
    for a in found:
        if a.kind == "mixed":
            pieces: list[CharSpan] = []
            for lo, hi in a.content:
                i = bisect.bisect_right(starts, lo)
                if i < len(starts) and starts[i] < hi:
                    hi = starts[i]
                cut = _trim(text, lo, hi)
                if cut:
                    pieces.append(cut)
            if pieces:
                a = RawAttribution(a.kind, tuple(pieces), a.cue, a.source, a.confidence)
        out.append(a)
    return out


_WORD_BEFORE_RE = re.compile(r"(\w+)\W*(?:(?:the|a|an|his|her|their|its)\W+)?$", re.I)


def _labelled(text: str, mark: MarkedQuote, cue: CharSpan) -> bool:
    """Whether a short quote is a name or a label: 'dubbed it a “miracle”', 'known as “X”'."""
    if text[cue[0] : cue[1]].lower() in TITLE_WORDS:
        return True
    start = mark.spans[0][0]
    m = _WORD_BEFORE_RE.search(text, max(0, start - 40), start)
    return m is not None and m.group(1).lower() in TITLE_WORDS | {"as"}


def _runs_out(mark: MarkedQuote, content: list[CharSpan]) -> bool:
    """Whether a parsed content starts inside the quote and runs on past its closing mark.

    '“I am leaving now,” prompting him to laugh' is a direct quote followed by narration; only
    a clause that starts before the quote ('she called it “a farce”') makes a mixed quote.
    """
    first, last = mark.spans[0], mark.spans[-1]
    return any(first[0] <= a < last[1] < b for a, b in content)


class _Quoted:
    """The quoted stretches of a document, for "is this span quoted?" in O(log n)."""

    def __init__(self, text: str, marks: list[MarkedQuote]) -> None:
        self.text = text
        self.spans = sorted(span for m in marks for span in m.spans)
        self.starts = [a for a, _ in self.spans]

    def _near(self, span: CharSpan) -> list[CharSpan]:
        i = bisect.bisect_right(self.starts, span[1])
        return [q for q in self.spans[max(0, i - 3) : i] if _overlaps(q, span)]

    def covers(self, span: CharSpan) -> bool:
        """Whether ``span`` lies inside one quote, give or take its marks and punctuation."""
        return any(_inside(span, q, self.text) for q in self._near(span))


def _continues(text: str, prev_end: int, start: int) -> bool:
    """A quote right after the previous one (same or next paragraph) with no cue of its own."""
    gap = text[prev_end:start]
    return gap.count("\n") <= _CONTINUE_BREAKS and len(gap) < _CONTINUE_REACH


# --- the stage ------------------------------------------------------------------------------
def _before(spans: list[CharSpan], starts: list[int], end: int, n: int) -> list[CharSpan]:
    """The last ``n`` of the sorted ``spans`` starting before ``end``."""
    i = bisect.bisect_left(starts, end)
    return spans[max(0, i - n) : i]


#: The speaker's and listener's own words inside a quote, never the source of narration.
_QUOTE_PERSONS = frozenset({"i", "you", "we"})


def attribute(doc: Doc, marks: list[MarkedQuote]) -> list[RawAttribution]:
    """Every attribution in ``doc``: direct quotes tied to their cue, plus indirect speech."""
    cands = candidates(doc, marks=marks)
    direct, used = _attach_marks(doc, marks, cands)
    taken = sorted(s for a in direct for s in a.content)
    starts = [a for a, _ in taken]
    out = list(direct)
    for ci, cand in enumerate(cands):
        if ci in used or not cand.content or cand.confidence < MIN_CONFIDENCE:
            continue
        # Content already reported as (part of) a direct quote is not reported twice.
        if any(_overlaps(c, q) for c in cand.content for q in _before(taken, starts, c[1], 3)):
            continue
        # '“... you're not talking,” before repeating her request': the parser hung the
        # narration on a verb of the quote, whose subject is no source of the narration.
        if (
            cand.source
            and doc.text[cand.source[0] : cand.source[1]].lower() in _QUOTE_PERSONS
            and any(_overlaps(cand.source, q) for q in _before(taken, starts, cand.source[1], 2))
        ):
            continue
        out.append(
            RawAttribution("indirect", tuple(cand.content), cand.cue, cand.source, round(cand.confidence, 3))
        )
    out.sort(key=lambda a: a.content[0][0])
    return out
