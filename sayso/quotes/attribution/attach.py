"""Attaching quotation marks to cues: which candidate governs each quote stage 1 found.

One pass over the marked quotes in text order. Each quote goes to the cue whose parsed content
holds it, or to a speech verb right next to it ("...," he said), or to the cue announcing it
in the sentence before ("He said:"), or to the quote it continues (a quote over several
paragraphs, the second half of a split quote). Quotes no cue claims are still reported (a
colon, a clause of any verb or a signature line may introduce them: ``frames.py``) unless they
are short enough to be a title or a scare quote. The scoring lives in ``pick_cue``; the
grouping of pieces in ``attach_marks``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from spacy.tokens import Doc, Token

from sayso.model import QuoteKind
from sayso.quotes.attribution.candidates import Candidate
from sayso.quotes.attribution.frames import (
    announced_elsewhere,
    as_put_attribution,
    colon_attribution,
    colon_before,
    dash_line_attribution,
    frame_after_attribution,
    named_before_colon,
    said_before_attribution,
    unfront,
)
from sayso.quotes.attribution.mixed import cut_mixed, mixed_clause
from sayso.quotes.attribution.sources import (
    VERB_POS,
    loose_source,
    mend_parens,
    quote_source,
    source_of,
)
from sayso.quotes.attribution.spans import Quoted, Sentences, after_a_word, chars, overlaps, word_count
from sayso.quotes.cues import TITLE_WORDS
from sayso.quotes.glyphs import CLOSING_MARKS, QUOTE_MARKS
from sayso.quotes.rules import Rules
from sayso.quotes.types import CharSpan, MarkedQuote, RawAttribution

#: Words that tie a verb after a quote to the narration, not to the quote ("...,” before adding").
_LINKED_RE = re.compile(r"[\W_]*(?:before|after|while|when|as|since|by|then|and|but|until|with)\b", re.I)
_WORD_BEFORE_RE = re.compile(r"(\w+)\W*(?:(?:the|a|an|his|her|their|its)\W+)?$", re.I)


def _is_scare(text: str, mark: MarkedQuote, max_words: int) -> bool:
    """A short quote that no cue claims is a title, a nickname or a scare quote, not speech."""
    return len(mark.spans) == 1 and word_count(text, mark.spans[0]) <= max_words


def _pick_cue(
    text: str,
    mark: MarkedQuote,
    lo: int,
    hi: int,
    by_sentence: dict[int, list[int]],
    cands: list[Candidate],
    rules: Rules,
    next_start: int,
) -> tuple[int | None, bool]:
    """The candidate that governs ``mark`` (sentences ``lo..hi``), and whether its content covers it.

    Each kind of evidence has a base score, then the cue's own confidence decides between
    candidates of one kind. Strongest first: a cue whose parsed content overlaps the quote in the
    quote's sentence; a speech verb right next to the quote ("...," he said); such a cue in the
    neighbouring sentence (the sentence splitter often cuts after a closing mark); a cue
    announcing the quote before it ("He said:"). ``next_start`` is where the next quote starts
    (or the end of the text): a cue after a finished sentence that goes on to introduce words
    of its own is not this quote's.
    """
    first = mark.spans[0]
    colon = colon_before(text, first[0])
    best: int | None = None
    best_score = 0.0
    covers = False
    for sj in range(lo - 1, hi + 2):
        near = lo <= sj <= hi
        for ci in by_sentence.get(sj, ()):
            cand = cands[ci]
            if overlaps(cand.cue, first):
                continue
            score = 0.0
            overlap = any(overlaps(c, first) for c in cand.content)
            if overlap and cand.confidence >= rules.min_confidence:
                # Of two clauses holding the quote, the cue nearer to it governs it: "She said
                # ..., and when pressed, the mother of three replied, “...”".
                away = cand.cue[0] - first[1] if cand.cue[0] >= first[1] else first[0] - cand.cue[1]
                base = rules.score_clause_near if near else rules.score_clause_far
                score = base + cand.confidence - min(rules.near_max_penalty, max(0, away) / rules.near_chars)
            elif cand.confidence >= rules.bare_min and sj >= lo and _bare_for(cand, first):
                if cand.cue[0] >= first[1]:
                    if _LINKED_RE.match(text, first[1], cand.cue[0]):
                        continue  # '“...,” before repeating her request': narration, not a cue
                    if _ends_sentence(text, first) and _introduces_next(
                        text, cand, next_start, rules.sentence_reach
                    ):
                        continue  # '“... there.” He added, “...”': the cue of the next quote
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
                if dist < rules.bare_reach:
                    score = rules.score_bare + cand.confidence - dist / rules.bare_reach
            elif (
                (cand.announces or (colon >= 0 and "\n" not in text[cand.cue[1] : colon]))
                and cand.cue[1] <= first[0]
                and cand.confidence >= rules.bare_min
                and cand.pattern in ("bare", "ccomp")
                and sj in (lo - 1, lo)
            ):
                score = rules.score_announce + cand.confidence
            if score > best_score:
                best, best_score, covers = ci, score, overlap
    if best is not None and colon >= 0:
        nearer = _cue_nearest_colon(text, colon, cands[best].cue, lo, by_sentence, cands, rules.bare_min)
        if nearer is not None:
            return nearer, False
    return best, covers


def _own_subject(verb: Token) -> bool:
    """Whether a verb has a subject of its own, rather than one a participle would inherit."""
    return any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children)


#: How a participle or second verb that goes on from the first hangs on it ("before asking").
_GOING_ON = frozenset({"advcl", "conj", "xcomp", "pcomp"})
#: Between a cue and the quote it introduces: at most one word (the listener) and a comma.
_SNUG_RE = re.compile(r"[ \t]*(?:\w+[ \t]*)?[,:][ \t]*")


def _snug_cue(
    doc: Doc,
    text: str,
    first: CharSpan,
    clause: Candidate,
    lo: int,
    by_sentence: dict[int, list[int]],
    cands: list[Candidate],
    bare_min: float,
) -> int | None:
    """A speech cue right before the quote, after the cue whose clause the parser gave it.

    In '“...,” Blige sings to Clinton before asking her, “...”' the parser makes both quotes
    complements of "sings"; the cue just before the second one ("asking her,") introduces it,
    and PolNeAR's annotators mark it as an attribution of its own. A participle with no subject
    of its own must have the clause's speaker: the parser often hangs it on another verb.
    """
    for ci in _speaking_cues(lo, by_sentence, cands, bare_min):
        cand = cands[ci]
        if (
            not cand.quoted
            and clause.cue[1] < cand.cue[0]
            and cand.cue[1] <= first[0]
            and _SNUG_RE.fullmatch(text, cand.cue[1], first[0] - 1)
            and doc[cand.cue_token].dep_ in _GOING_ON
            and (cand.source == clause.source or _own_subject(doc[cand.cue_token]))
        ):
            return ci
    return None


def _speaking_cues(
    lo: int, by_sentence: dict[int, list[int]], cands: list[Candidate], bare_min: float
) -> Iterator[int]:
    """Bare speech cues with a source, likely enough to stand, in sentence ``lo`` and the one before."""
    for sj in (lo - 1, lo):
        for ci in by_sentence.get(sj, ()):
            cand = cands[ci]
            if cand.pattern == "bare" and cand.source is not None and cand.confidence >= bare_min:
                yield ci


def _cue_nearest_colon(
    text: str,
    colon: int,
    cue: CharSpan,
    lo: int,
    by_sentence: dict[int, list[int]],
    cands: list[Candidate],
    bare_min: float,
) -> int | None:
    """A speech cue between the chosen cue and the colon opening the quote, if there is one.

    In '"...," X replied before she repeated: "..."' the parser hangs both quotes under
    "replied"; the cue right before the colon is the one that introduces this quote.
    """
    if cue[1] > colon:
        return None
    found: int | None = None
    for ci in _speaking_cues(lo, by_sentence, cands, bare_min):
        cand = cands[ci]
        if (
            cue[1] <= cand.cue[0]
            and cand.cue[1] <= colon
            and "\n" not in text[cand.cue[1] : colon]
            and (found is None or cand.cue[0] > cands[found].cue[0])
        ):
            found = ci
    return found


_SENTENCE_END = ".!?"


def _ends_sentence(text: str, quote: CharSpan) -> bool:
    """Whether a quote's words end a sentence: '“... there.” He added' rather than '“...,” he said'.

    A "?" or "!" ends one only when a capital follows the closing mark: '“Why?” she asked' is
    still one sentence, '“Why now?” Mills then writes back, “...”' is two.
    """
    end = quote[1]
    while end > quote[0] and (text[end - 1].isspace() or text[end - 1] in QUOTE_MARKS):
        end -= 1
    last = text[end - 1 : end]
    if last == ".":
        return True
    if last not in _SENTENCE_END:
        return False
    after = text[quote[1] : quote[1] + 40].lstrip(CLOSING_MARKS + " \t")
    return after[:1].isupper()


def _introduces_next(text: str, cand: Candidate, next_start: int, reach: int) -> bool:
    """Whether a cue after a finished quote introduces other words: its own clause, a colon,
    or the next quote, in its own sentence ('He said that ...', 'He added: “...”').

    News writes the cue of a quote that ends a sentence before it ('He added, “...”'), and a
    cue sentence after a finished quote speaks of what follows, not of what came before; the
    quote before goes on with the previous speaker's words. A bare cue ending its sentence
    ('“... there.” Lin said.') still claims the quote.
    """
    if cand.pattern == "ccomp" or cand.announces:
        return True
    if next_start >= len(text) or next_start - cand.cue[1] > reach:
        return False  # the next quote is too far to stand in the cue's sentence (and: linear cost)
    gap = text[cand.cue[1] : next_start]
    return "\n" not in gap and not any(c in gap for c in _SENTENCE_END)


def _interrupts(text: str, cand: Candidate, quote: CharSpan, split_gap: int) -> bool:
    """Whether the cue clause only interrupts a quote that resumes right after it.

    '“...,” he told the host, “...”' is one split quote; '“...,” she said of the election, in
    which ..., “...”' goes on to say more before the next quote, which stands on its own. The
    gap is counted after the speaker when the speaker follows the cue ('“...,” said Tom Lee,
    an economist at the college, “...”').
    """
    end = cand.cue[1]
    if cand.source is not None and end <= cand.source[0] and cand.source[1] <= quote[0]:
        end = cand.source[1]
    gap = text[end : quote[0]]
    return cand.cue[1] <= quote[0] and len(gap) <= split_gap and not any(c in gap for c in ".!?\n")


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


def attach_marks(
    doc: Doc, marks: list[MarkedQuote], cands: list[Candidate], rules: Rules
) -> tuple[list[RawAttribution], set[int]]:
    """Direct quotes: tie each quote to its cue; returns them and the candidates they used."""
    if not marks:
        return [], set()
    text = doc.text
    quoted = Quoted(text, marks, rules.quoted_lookback)
    tok_starts = [t.idx for t in doc]
    sents = Sentences(doc)
    by_sentence: dict[int, list[int]] = {}
    for ci, cand in enumerate(cands):
        by_sentence.setdefault(sents.index(cand.cue[0]), []).append(ci)
    speech = {c.cue_token for c in cands if c.cue_token >= 0 and c.source and c.confidence >= rules.bare_min}
    used: set[int] = set()
    groups: dict[int, list[CharSpan]] = {}
    mixed: set[int] = set()
    order: list[int] = []
    # Quotes no cue claims, each with what introduces it (a colon clause, a frame after it...)
    # or None, and the cue-less quotes that go on with it.
    no_cue: list[tuple[MarkedQuote, RawAttribution | None, list[CharSpan]]] = []
    by_cue: dict[CharSpan, int] = {}
    heirs: dict[int, int] = {}  # a cue-less quote (index in no_cue) -> the group whose speaker it has
    last_group: int | None = None
    last_framed: int | None = None
    last_end = -1

    outer = sorted((m for m in marks if m.depth == 0 and m.spans), key=lambda m: m.spans[0][0])
    for k, mark in enumerate(outer):
        first = mark.spans[0]
        lo, hi = sents.index(first[0]), sents.index(max(first[0], first[1] - 1))
        next_start = outer[k + 1].spans[0][0] if k + 1 < len(outer) else len(text)
        best, covers = _pick_cue(text, mark, lo, hi, by_sentence, cands, rules, next_start)
        if best is not None and covers:
            snug = _snug_cue(doc, text, first, cands[best], lo, by_sentence, cands, rules.bare_min)
            if snug is not None:
                best, covers = snug, False
        if best is not None and announced_elsewhere(doc, text, mark, cands[best].cue, rules):
            best = None
        intro = _introduce(doc, text, mark, tok_starts, rules) if best is None else None
        own = intro is not None and intro.cue is not None and intro.cue[0] >= mark.spans[-1][1]
        if (
            not own
            and best is None
            and (last_group is not None or last_framed is not None)
            and _continues(text, last_end, first[0], rules)
            and colon_before(text, first[0]) < last_end
        ):
            # A quote with no introducer of its own goes on with the one before: '“...,” Lin
            # said. “...”', '“...?” Hale pressed. “...”'.
            if _breaks_off(text, last_end, first[0]):
                if _is_scare(text, mark, rules.scare_max_words):
                    continue  # 'X said on WKRP's “Morning Show.”': a title; what follows goes on
                # Narration came between: the same speaker, a new utterance.
                if last_group is not None:
                    heirs[len(no_cue)] = last_group
                    no_cue.append((mark, None, list(mark.spans)))
                else:
                    no_cue.append((mark, no_cue[last_framed][1], list(mark.spans)))  # type: ignore[index]
                last_group, last_end, last_framed = None, mark.spans[-1][1], len(no_cue) - 1
                continue
            if last_group is not None:
                groups[last_group].extend(mark.spans)
            elif last_framed is not None:
                no_cue[last_framed][2].extend(mark.spans)
            last_end = mark.spans[-1][1]
            continue
        if best is None:
            no_cue.append((mark, intro, list(mark.spans)))
            last_group, last_end = None, mark.spans[-1][1]
            last_framed = len(no_cue) - 1 if intro is not None else None
            continue
        # One cue word may yield several candidates ("told" bare and "told" with a clause);
        # the halves of a split quote land on different ones, yet belong together.
        canon = by_cue.setdefault(cands[best].cue, best)
        if canon != best and not _interrupts(text, cands[canon], first, rules.split_gap):
            canon = best
        covers = covers and canon == best
        best = canon
        if best in groups and colon_before(text, first[0]) > max(b for _, b in groups[best]):
            # '"...," X replied before she repeated: "..."': a colon introduces a new utterance;
            # only a bare cue clause between the pieces makes a split quote.
            intro = _introduce(doc, text, mark, tok_starts, rules)
            no_cue.append((mark, intro, list(mark.spans)))
            last_group, last_end = None, mark.spans[-1][1]
            last_framed = len(no_cue) - 1 if intro is not None else None
            continue
        if (
            best in groups
            and cands[best].cue[1] <= first[0]
            and max(b for _, b in groups[best]) <= cands[best].cue[0]
            and not _interrupts(text, cands[best], first, rules.split_gap)
            and not _is_scare(text, mark, rules.scare_max_words)
            and text[first[0] : first[0] + 1].isupper()
        ):
            # '"...," Sanders said, suggesting a few questions, including, "..."': narration after
            # the cue goes on to a new utterance of the same speaker, not the quote's second half
            # (which goes on in lower case: '"The risk," Leamer, an economist, said, "is that ...").
            heirs[len(no_cue)] = best
            no_cue.append((mark, None, list(mark.spans)))
            last_group, last_end, last_framed = None, mark.spans[-1][1], len(no_cue) - 1
            continue
        cand = cands[best]
        if _is_scare(text, mark, rules.scare_max_words) and _labelled(
            text, mark, cand.cue, rules.label_lookback_chars
        ):
            last_group, last_end = None, mark.spans[-1][1]
            continue  # 'papers dubbed the run a “miracle”': a label, not speech
        if (
            best in groups
            and _is_scare(text, mark, rules.scare_max_words + 1)
            and after_a_word(text, first[0])
        ):
            continue  # '“...,” he said on “Meet the Press.”': a title, not more of the quote
        used.add(best)
        if best not in groups:
            groups[best] = []
            order.append(best)
        # A quote inside a larger clause is a mixed quote: keep the clause.
        clause = mixed_clause(doc, text, mark, cand, quoted, speech) if covers else None
        if clause is not None:
            groups[best].extend(clause)
            mixed.add(best)
        else:
            groups[best].extend(mark.spans)
        last_group, last_end = best, mark.spans[-1][1]

    out: list[RawAttribution] = []
    made: dict[int, RawAttribution] = {}
    for ci in order:
        cand = cands[ci]
        spans = tuple(sorted(set(groups[ci])))
        kind: QuoteKind = "mixed" if ci in mixed else "direct"
        source = cand.source
        # A narration cue's source inside quotation marks is a word of a quote: of this one, or
        # of the one before ('“... Never, never Hillary.” Another commenter said, “...”').
        inside = source is not None and (
            (ci not in mixed and any(overlaps(source, q) for q in spans))
            or (not cand.quoted and quoted.covers(source))
        )
        if cand.cue_token >= 0 and (source is None or inside):
            # The parser took a word of the quote for the subject, or found none.
            source = quote_source(doc, doc[cand.cue_token], spans, rules, quoted)
            if source is None:
                loose = loose_source(doc, doc[cand.cue_token], rules, quoted)
                source = loose if loose is not None and not quoted.covers(loose) else None
            if source is None and doc[cand.cue_token].pos_ == "NOUN":
                source = _writing_source(doc, text, doc[cand.cue_token], spans, rules)
        elif cand.cue_token >= 0 and doc[cand.cue_token].pos_ == "NOUN":
            # "Trump said in his formal statement: “...”": the one who says it in the writing
            # is the source, not the possessive naming him again (PolNeAR marks "Trump").
            source = _writer(doc, doc[cand.cue_token], spans, rules, _THROUGH) or source
        if cand.cue_token >= 0 and (source is None or quoted.covers(source)) and out:
            # '“...,” she stated, “...,” adding, “...”': a participle right after a closing mark
            # goes on with the speaker of the quote it follows.
            source = _going_on(doc, text, doc[cand.cue_token], out[-1]) or source
        if source is not None:
            source = unfront(doc, mend_parens(text, source) or source)
        if ci not in mixed:
            source = named_before_colon(text, spans[0][0], rules) or source
        conf = (
            min(1.0, rules.direct_base + rules.direct_weight * cand.confidence)
            if source
            else rules.direct_no_source_confidence
        )
        made[ci] = RawAttribution(kind, spans, cand.cue, source, round(conf, 3))
        out.append(made[ci])
    for k, (mark, intro, pieces) in enumerate(no_cue):
        if intro is None and k in heirs and not _is_scare(text, mark, rules.scare_max_words):
            intro = made[heirs[k]]
        if intro is not None:
            out.append(RawAttribution(intro.kind, tuple(pieces), intro.cue, intro.source, intro.confidence))
        elif not _is_scare(text, mark, rules.scare_max_words):
            out.append(RawAttribution("direct", tuple(mark.spans), None, None, rules.uncued_confidence))
    return cut_mixed(text, out), used


def _introduce(
    doc: Doc, text: str, mark: MarkedQuote, tok_starts: list[int], rules: Rules
) -> RawAttribution | None:
    """What introduces a quote no lexicon cue claims: a name or a clause before a colon, a
    clause right after it, "as X put it", a signature line; None if nothing does."""
    named = named_before_colon(text, mark.spans[0][0], rules)
    if named is not None:
        colon = colon_before(text, mark.spans[0][0])
        return RawAttribution("direct", tuple(mark.spans), (colon, colon + 1), named, rules.colon_confidence)
    return (
        frame_after_attribution(doc, text, mark, tok_starts, rules)
        or colon_attribution(doc, text, mark, rules)
        or as_put_attribution(doc, text, mark, rules)
        or dash_line_attribution(text, mark, rules)
        or said_before_attribution(doc, text, mark, tok_starts, rules)
    )


def _going_on(doc: Doc, text: str, cue: Token, before: RawAttribution) -> CharSpan | None:
    """The source of the quote right before a participle with no subject of its own.

    In '“...,” she stated, “... it,” adding, “...”' the parser hangs "adding" on a verb of the
    quote before, so any subject it inherits is a word of that quote.
    """
    if cue.pos_ != "VERB" or cue.dep_ not in ("advcl", "conj", "xcomp", "dep") or before.source is None:
        return None
    if _own_subject(cue):
        return None
    end = before.content[-1][1]
    if end > cue.idx:
        return None
    gap = text[end : cue.idx]
    return before.source if all(c.isspace() or c in QUOTE_MARKS or c in ",;" for c in gap) else None


def _labelled(text: str, mark: MarkedQuote, cue: CharSpan, lookback: int) -> bool:
    """Whether a short quote is a name or a label: 'dubbed it a “miracle”', 'known as “X”'."""
    if text[cue[0] : cue[1]].lower() in TITLE_WORDS:
        return True
    start = mark.spans[0][0]
    m = _WORD_BEFORE_RE.search(text, max(0, start - lookback), start)
    return m is not None and m.group(1).lower() in TITLE_WORDS | {"as"}


def _writing_source(
    doc: Doc, text: str, noun: Token, spans: tuple[CharSpan, ...], rules: Rules
) -> CharSpan | None:
    """Who speaks through a noun cue nobody is said to own: the writer, else the writing itself.

    "he said in a statement, “...”": the subject of the verb the phrase hangs on. "a welcome
    message on the website reads: “...”", "the report: “...”": the words naming the writing,
    a document (PolNeAR marks the message or the report as the source).
    """
    found = _writer(doc, noun, spans, rules, None)
    if found is not None:
        return found
    first, last = noun.left_edge.i, noun.i
    for child in noun.rights:  # "a message on the website", "a footnote in the report"
        if child.dep_ == "prep" and child.right_edge.idx < spans[0][0]:
            last = child.right_edge.i
        else:
            break
    found = chars(doc, first, last)
    if found is None or "\n" in text[found[0] : found[1]] or any(overlaps(found, q) for q in spans):
        return None
    return found


#: Prepositions of the writing a speaker speaks through: "said *in* his statement".
_THROUGH = frozenset({"in", "via", "through"})


def _writer(
    doc: Doc, noun: Token, spans: tuple[CharSpan, ...], rules: Rules, preps: frozenset[str] | None
) -> CharSpan | None:
    """The subject of the verb a noun cue's phrase hangs on: "he said in a statement" -> he.

    ``preps`` limits the prepositions (None: any).
    """
    prep = noun.head
    if noun.dep_ != "pobj" or prep.dep_ != "prep" or prep.head.pos_ not in VERB_POS:
        return None
    if preps is not None and prep.lower_ not in preps:
        return None
    found = source_of(doc, prep.head, rules)
    if found is None or any(overlaps(found, q) for q in spans):
        return None
    return found


_GAP_WORD = re.compile(r"[\w'’]+")


def _continues(text: str, prev_end: int, start: int, rules: Rules) -> bool:
    """A quote right after the previous one (same or next paragraph) with no cue of its own."""
    gap = text[prev_end:start]
    if "\n" not in gap:
        return True
    return gap.count("\n") <= rules.continue_breaks and len(gap) < rules.continue_reach


def _breaks_off(text: str, prev_end: int, start: int) -> bool:
    """Whether narration between a quote and the cue-less one after it makes two utterances.

    Across a paragraph break with a few words of narration between ('”\n\nHe then had a
    question for the crowd. “...'), or after a sentence that runs into the marks ('he said,
    citing what he called “...'), PolNeAR's annotators mark a new attribution: on train, later
    pieces glued on across a break with 3+ words between were outside the annotated content
    72 times in 99. The speaker is the same; only the content is apart.
    """
    gap = text[prev_end:start]
    words = len(_GAP_WORD.findall(gap))
    return words >= 3 and ("\n" in gap or after_a_word(text, start))
