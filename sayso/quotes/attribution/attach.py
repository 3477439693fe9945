"""Attaching quotation marks to cues: which candidate governs each quote stage 1 found.

One pass over the marked quotes in text order. Each quote goes to the cue whose parsed content
holds it, or to a speech verb right next to it ("...," he said), or to the cue announcing it
in the sentence before ("He said:"), or to the quote it continues (a quote over several
paragraphs, the second half of a split quote). Quotes no cue claims are still reported (a
colon or a signature line may introduce them) unless they are short enough to be a title or a
scare quote. The scoring lives in ``pick_cue``; the grouping of pieces in ``attach_marks``.
"""

from __future__ import annotations

import bisect
import functools
import re

from spacy.tokens import Doc, Token

from sayso.model import QuoteKind
from sayso.quotes.attribution.candidates import Candidate
from sayso.quotes.attribution.sources import VERB_POS, cue_span, quote_source, source_of, speaker_after
from sayso.quotes.attribution.spans import Quoted, Sentences, after_a_word, chars, overlaps, trim, word_count
from sayso.quotes.coref.agents import WordClasses, noun_class
from sayso.quotes.cues import TITLE_WORDS
from sayso.quotes.glyphs import CLOSING_MARKS, QUOTE_MARKS
from sayso.quotes.rules import Rules
from sayso.quotes.types import CharSpan, MarkedQuote, RawAttribution


@functools.lru_cache(maxsize=8)
def _signature_re(name_max_chars: int) -> re.Pattern[str]:
    """A closing mark, a line break, then "- Name." (compiled once per name length)."""
    return re.compile(
        rf"[^\S\n]*[{re.escape(CLOSING_MARKS)}]?[^\S\n]*\n\s*"  # the closing mark, then a line break
        rf"(?P<dash>[-–—―])[^\S\n]*(?P<name>[A-Z][\w.'’\- ]{{0,{name_max_chars - 2}}}\w)\.?[^\S\n]*(?:\n|$)"
    )


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
    for sj in (lo - 1, lo):
        for ci in by_sentence.get(sj, ()):
            cand = cands[ci]
            if (
                cand.pattern == "bare"
                and cand.source is not None
                and cand.confidence >= bare_min
                and cue[1] <= cand.cue[0]
                and cand.cue[1] <= colon
                and "\n" not in text[cand.cue[1] : colon]
                and (found is None or cand.cue[0] > cands[found].cue[0])
            ):
                found = ci
    return found


def _interrupts(text: str, cue: CharSpan, quote: CharSpan, split_gap: int) -> bool:
    """Whether the cue clause only interrupts a quote that resumes right after it.

    '“...,” he told the host, “...”' is one split quote; '“...,” she said of the election, in
    which ..., “...”' goes on to say more before the next quote, which stands on its own.
    """
    gap = text[cue[1] : quote[0]]
    return cue[1] <= quote[0] and len(gap) <= split_gap and not any(c in gap for c in ".!?\n")


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
    while i >= 0 and (text[i].isspace() or text[i] in QUOTE_MARKS):
        i -= 1
    return i if i >= 0 and text[i] == ":" else -1


_DASHES = "-–—―"


def _named_before_colon(text: str, start: int, rules: Rules) -> CharSpan | None:
    """'… heading - Dana Ortiz: “…”': the name between a dash and the colon opening a quote.

    Digests and live blogs introduce quotes with a heading, a dash and the speaker's name; the
    verb of the heading ("polls did predict ...") is no cue of the quote, the name is its source.
    """
    colon = _colon_before(text, start)
    if colon < 0:
        return None
    line_start = text.rfind("\n", 0, colon) + 1
    head = text[line_start:colon]
    cut = max(head.rfind(f" {d} ") for d in _DASHES)
    if cut < 0:
        return None
    name = trim(text, line_start + cut + 3, colon)
    if name is None:
        return None
    words = text[name[0] : name[1]]
    parts = words.split()
    ok = 0 < len(parts) <= rules.name_max_words and all(
        p[:1].isupper() or p.lower() in ("and", "of", "the", "de", "van", "von") for p in parts
    )
    return name if ok and len(words) <= rules.colon_name_max_chars else None


def _dash_line_attribution(text: str, mark: MarkedQuote, rules: Rules) -> RawAttribution | None:
    """A quote paragraph signed on the next line: '"..."' then '- Sanders.' (fact-check style)."""
    m = _signature_re(rules.signature_name_max_chars).match(text, mark.spans[-1][1])
    if m is None:
        return None
    dash = m.start("dash")
    return RawAttribution(
        "direct",
        tuple(mark.spans),
        (dash, dash + 1),
        (m.start("name"), m.end("name")),
        rules.signature_confidence,
    )


def _colon_attribution(doc: Doc, text: str, mark: MarkedQuote, rules: Rules) -> RawAttribution | None:
    """'Cruz called them on it: “...”': the clause before a colon introduces the quote after it.

    Used when no cue of the lexicon claimed the quote; the verb of that clause stands as cue.
    """
    colon = _colon_before(text, mark.spans[0][0])
    if colon < 0:
        return None
    span = doc.char_span(colon, colon + 1, alignment_mode="expand")
    if span is None or len(span) == 0:
        return None
    start = span[0].head if span[0].dep_ == "punct" else span[0]
    if start.idx > colon and span[0].i > 0:
        # The parser hung the colon on a word of the quote: start from the word before it.
        start = doc[span[0].i - 1]
    verb = _climb_to_verb(start, colon, rules.colon_verb_climb)
    if verb is None:
        return None
    source = source_of(doc, verb, rules)
    if source is None or source[1] > colon:
        return None
    source = _possessor_speaks(doc, source) or source
    return RawAttribution(
        "direct", tuple(mark.spans), cue_span(doc, verb, rules), source, rules.colon_confidence
    )


def _possessor_speaks(doc: Doc, source: CharSpan) -> CharSpan | None:
    """'Her frustration became evident: “...”', 'Lee's voice rose: “...”': a clause before a
    colon about someone's feeling, voice or reply introduces that someone's words. Only when
    the noun names no speaker itself ("Lee's lawyer said: ..." is the lawyer's) nor a document
    ("the company's statement", whose author coreference finds)."""
    span = doc.char_span(source[0], source[1], alignment_mode="expand")
    if span is None or len(span) == 0:
        return None
    root = span.root
    if root.pos_ != "NOUN" or noun_class(root.lemma_, WordClasses.default()) is not None:
        return None
    poss = next((c for c in root.children if c.dep_ == "poss" and c.pos_ in ("PRON", "PROPN")), None)
    return chars(doc, poss.left_edge.i, poss.i) if poss is not None else None


def _climb_to_verb(tok: Token, before: int, climb: int) -> Token | None:
    """The verb governing ``tok`` (at most ``climb`` heads up), if it stands before offset ``before``."""
    for _ in range(climb):
        if tok.pos_ in VERB_POS or tok.head.i == tok.i or tok.head.idx > before:
            break
        tok = tok.head
    return tok if tok.pos_ in VERB_POS and tok.idx < before else None


def _comma_before(text: str, start: int) -> int:
    """The offset of the comma right before ``start`` (marks and space skipped), or -1."""
    i = start - 1
    while i >= 0 and (text[i].isspace() or text[i] in QUOTE_MARKS):
        i -= 1
    return i if i >= 0 and text[i] == "," else -1


def _as_put_attribution(doc: Doc, text: str, mark: MarkedQuote, rules: Rules) -> RawAttribution | None:
    """'As Tom Ridge put it, “...”': a clause of "as" with any verb, right before the quote.

    The "as" clause says whose words follow; a comma alone before a quote says nothing ("In a
    statement, “...”"), so the clause must be marked by "as".
    """
    comma = _comma_before(text, mark.spans[0][0])
    if comma <= 0:
        return None
    span = doc.char_span(comma, comma + 1, alignment_mode="expand")
    if span is None or len(span) == 0 or span[0].i == 0:
        return None
    verb = _climb_to_verb(doc[span[0].i - 1], comma, rules.colon_verb_climb)
    if verb is None or not any(c.dep_ == "mark" and c.lower_ == "as" for c in verb.children):
        return None
    source = source_of(doc, verb, rules)
    if source is None or source[1] > comma or "\n" in text[source[0] : comma]:
        return None
    return RawAttribution(
        "direct", tuple(mark.spans), cue_span(doc, verb, rules), source, rules.frame_confidence
    )


def _frame_after_attribution(
    doc: Doc, text: str, mark: MarkedQuote, tok_starts: list[int], rules: Rules
) -> RawAttribution | None:
    """'“...,” Oduya fumed.': a quote ending in a comma, "?" or "!" and a clause right after it."""
    end = mark.spans[-1][1]
    j = end
    while j > mark.spans[-1][0] and text[j - 1].isspace():
        j -= 1
    if text[j - 1 : j] not in (",", "?", "!"):
        return None
    found = speaker_after(doc, bisect.bisect_left(tok_starts, end), rules)
    if found is None:
        return None
    verb, source = found
    return RawAttribution(
        "direct", tuple(mark.spans), cue_span(doc, verb, rules), source, rules.frame_confidence
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
        best, covers = _pick_cue(text, mark, lo, hi, by_sentence, cands, rules)
        if best is not None and _announced_elsewhere(doc, text, mark, cands[best].cue, rules):
            best = None
        if (
            best is None
            and last_group is not None
            and _continues(text, last_end, first[0], rules)
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
        if canon != best and not _interrupts(text, cands[canon].cue, first, rules.split_gap):
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
        if (
            covers
            and not all(quoted.covers(c) for c in cand.content)
            and not _runs_out(mark, cand.content)
            and not _after_cue_only(mark, cand, quoted)
        ):
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
        # A narration cue's source inside quotation marks is a word of a quote: of this one, or
        # of the one before ('“... Never, never Hillary.” Another commenter said, “...”').
        inside = source is not None and (
            (ci not in mixed and any(overlaps(source, q) for q in spans))
            or (not cand.quoted and quoted.covers(source))
        )
        if cand.cue_token >= 0 and (source is None or inside):
            # The parser took a word of the quote for the subject, or found none.
            source = quote_source(doc, doc[cand.cue_token], spans, rules)
            if source is None and doc[cand.cue_token].pos_ == "NOUN":
                source = _writing_source(doc, text, doc[cand.cue_token], spans, rules)
        if ci not in mixed:
            source = _named_before_colon(text, spans[0][0], rules) or source
        conf = (
            min(1.0, rules.direct_base + rules.direct_weight * cand.confidence)
            if source
            else rules.direct_no_source_confidence
        )
        out.append(RawAttribution(kind, spans, cand.cue, source, round(conf, 3)))
    for mark in no_cue:
        named = _named_before_colon(text, mark.spans[0][0], rules)
        if named is not None:
            colon = _colon_before(text, mark.spans[0][0])
            cue = (colon, colon + 1)
            out.append(RawAttribution("direct", tuple(mark.spans), cue, named, rules.colon_confidence))
            continue
        introduced = (
            _frame_after_attribution(doc, text, mark, tok_starts, rules)
            or _colon_attribution(doc, text, mark, rules)
            or _as_put_attribution(doc, text, mark, rules)
            or _dash_line_attribution(text, mark, rules)
        )
        if introduced:
            out.append(introduced)
        elif not _is_scare(text, mark, rules.scare_max_words):
            out.append(RawAttribution("direct", tuple(mark.spans), None, None, rules.uncued_confidence))
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
                cut = trim(text, lo, hi)
                if cut:
                    pieces.append(cut)
            if pieces:
                a = RawAttribution(a.kind, tuple(pieces), a.cue, a.source, a.confidence)
        out.append(a)
    return out


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
    if noun.dep_ == "pobj" and noun.head.dep_ == "prep" and noun.head.head.pos_ in VERB_POS:
        found = source_of(doc, noun.head.head, rules)
        if found is not None and not any(overlaps(found, q) for q in spans):
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


def _announced_elsewhere(doc: Doc, text: str, mark: MarkedQuote, cue: CharSpan, rules: Rules) -> bool:
    """A quote a clause before a colon introduces, tied instead to a cue of another sentence.

    'Mr. Ruiz continued: “... It was his fault.” He added that ...': the clause before the
    colon says who speaks; a cue past the end of the quote's sentence speaks of something else.
    So does one of an earlier sentence: 'Reyes was asked about the deal. His lawyer was blunt:
    “...”' is the lawyer's answer, not Reyes's.
    """
    end = mark.spans[-1][1]
    later = cue[0] >= end and any(c in text[end - 1 : cue[0]] for c in ".!?")
    if not later and cue[1] > mark.spans[0][0]:
        return False
    introduced = _colon_attribution(doc, text, mark, rules)
    if introduced is None:
        return False
    if later:
        return True
    src = introduced.source
    return src is not None and cue[1] <= src[0] and any(c in text[cue[1] : src[0]] for c in ".!?")


def _after_cue_only(mark: MarkedQuote, cand: Candidate, quoted: Quoted) -> bool:
    """Whether the only unquoted content follows a cue that follows the quote.

    '“...,” said Rita Moss, half joking': the parser reads "Moss ... joking" as a second clause
    of "said"; words after the cue of a quote that precedes it are no part of what was said.
    """
    if cand.cue[0] < mark.spans[-1][1]:
        return False
    return all(quoted.covers(c) or c[0] >= cand.cue[1] for c in cand.content)


def _runs_out(mark: MarkedQuote, content: list[CharSpan]) -> bool:
    """Whether a parsed content starts inside the quote and runs on past its closing mark.

    '“I am leaving now,” prompting him to laugh' is a direct quote followed by narration; only
    a clause that starts before the quote ('she called it “a farce”') makes a mixed quote.
    """
    first, last = mark.spans[0], mark.spans[-1]
    return any(first[0] <= a < last[1] < b for a, b in content)


def _continues(text: str, prev_end: int, start: int, rules: Rules) -> bool:
    """A quote right after the previous one (same or next paragraph) with no cue of its own."""
    gap = text[prev_end:start]
    return gap.count("\n") <= rules.continue_breaks and len(gap) < rules.continue_reach
