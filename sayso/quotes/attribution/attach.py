"""Attaching quotation marks to cues: which candidate governs each quote stage 1 found.

One pass over the marked quotes in text order. Each quote goes to the cue whose parsed content
holds it, or to a speech verb right next to it ("...," he said), or to the cue announcing it
in the sentence before ("He said:"), or to the quote it continues (a quote over several
paragraphs, the second half of a split quote). Quotes no cue claims are still reported (a
colon, a clause of any verb or a signature line may introduce them: ``frames.py``) unless they
are short enough to be a title or a scare quote. The scoring lives in ``choice.pick_cue``; the
grouping of pieces in ``attach_marks``.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Token

from sayso.model import QuoteKind
from sayso.quotes.attribution.candidates import Candidate
from sayso.quotes.attribution.choice import interrupts, own_subject, pick_cue, snug_cue
from sayso.quotes.attribution.clauses import passive_aside
from sayso.quotes.attribution.frames import (
    announced_elsewhere,
    as_put_attribution,
    colon_attribution,
    colon_before,
    dash_line_attribution,
    frame_after_attribution,
    fronted_attribution,
    named_before_colon,
    owned_words_attribution,
    said_before_attribution,
    unfront,
    words_of_attribution,
)
from sayso.quotes.attribution.mixed import cut_mixed, mixed_clause, with_marks
from sayso.quotes.attribution.others import addressed, quoted_one, recalled_speaking
from sayso.quotes.attribution.quote_sources import quote_source
from sayso.quotes.attribution.sources import (
    loose_source,
    source_of,
)
from sayso.quotes.attribution.spans import (
    VERB_POS,
    Quoted,
    Sentences,
    after_a_word,
    chars,
    line_breaks,
    overlaps,
    word_count,
)
from sayso.quotes.cues import ASKING_VERBS, SPEECH_VERBS, TITLE_WORDS
from sayso.quotes.glyphs import QUOTE_MARK_CHARS, QUOTE_MARKS
from sayso.quotes.rules import Rules
from sayso.quotes.titles import labels_a_noun, named_work, subheading_line, title_case
from sayso.quotes.types import CharSpan, MarkedQuote, RawAttribution

_WORD_BEFORE_RE = re.compile(r"(\w+)\W*(?:(?:the|a|an|his|her|their|its)\W+)?$", re.I)


#: The rules' confidence in the name of a work in marks (``sayso.quotes.titles``): no one's words.
WORK_CONFIDENCE = 0.05
#: Names of works this long are kept as unattributed quotes (``compare.api.CORROBORATING_WORDS``).
WORK_KEPT_WORDS = 6


def _is_scare(text: str, mark: MarkedQuote, max_words: int) -> bool:
    """A short quote that no cue claims is a title, a nickname or a scare quote, not speech."""
    return len(mark.spans) == 1 and word_count(text, mark.spans[0]) <= max_words


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
    plain: dict[int, list[MarkedQuote]] = {}  # marks kept whole, without a clause around them
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
    # Verbs that are cues in earnest (the lexicon also proposes weak ones, such as 'become').
    cue_tokens = {c.cue_token for c in cands if c.confidence >= rules.bare_min}
    works: list[RawAttribution] = []
    for k, mark in enumerate(outer):
        first = mark.spans[0]
        if len(mark.spans) == 1 and named_work(text, *mark.spans[0]):
            # 'a blog titled “From the Desk of ...”': nobody's words, so no cue and no speaker.
            # A long name stays an unattributed quote the scorer keeps under the default
            # threshold, which two outlets printing it still pair (``compare._corroborated``
            # needs as many words); a short one ("State of the Union") is dropped.
            if word_count(text, mark.spans[0]) >= WORK_KEPT_WORDS:
                works.append(RawAttribution("direct", (mark.spans[0],), None, None, WORK_CONFIDENCE))
            continue
        lo, hi = sents.index(first[0]), sents.index(max(first[0], first[1] - 1))
        next_start = outer[k + 1].spans[0][0] if k + 1 < len(outer) else len(text)
        best, covers = pick_cue(text, mark, lo, hi, by_sentence, cands, rules, next_start)
        if best is not None and covers:
            snug = snug_cue(doc, text, first, cands[best], lo, by_sentence, cands, rules.bare_min)
            if snug is not None:
                best, covers = snug, False
        if best is not None and announced_elsewhere(doc, text, mark, cands[best].cue, rules):
            best = None
        if best is not None and (cue := cands[best].cue_token) >= 0 and passive_aside(doc[cue], first[0]):
            best = None  # 'The letter, which was first reported by the Times, “...”
        label = len(mark.spans) == 1 and labels_a_noun(doc, text, *first)
        if best is None and label:
            continue  # 'it runs under a “one town, two rules” policy': a kind's name, no quote
        if (
            best is None
            and 0 <= last_end <= first[0]
            and lo == sents.index(max(0, last_end - 1))
            and _is_scare(text, mark, rules.scare_max_words + 1)
            and after_a_word(text, first[0])
            and title_case(text[first[0] : first[1]])
        ):
            continue  # '“...,” Granholm told CNN’s “State of the Union.”': a title in the cue clause
        intro = _introduce(doc, text, mark, tok_starts, rules) if best is None else None
        own = intro is not None and _own_introducer(intro, mark)
        if (
            not own
            and best is None
            and (last_group is not None or last_framed is not None)
            and _continues(
                text,
                last_end,
                first[0],
                rules,
                _last_source(text, cands, no_cue, last_group, last_framed),
                sents.starts[lo],
            )
            and colon_before(text, first[0]) < last_end
            and not _subject_of_narration(doc, mark, cue_tokens)
            and not subheading_line(text, first[0])
        ):
            reporter = _reporter_between(doc, sents, by_sentence, cands, (last_end, first[0]), groups, quoted)
            if reporter is not None and not _is_scare(text, mark, rules.scare_max_words):
                # '“...,” McConnell said. Schumer said in a statement that he supports ... “...”':
                # after another speaker's report, the quote is that speaker's, not the first's.
                no_cue.append((mark, reporter, list(mark.spans)))
                last_group, last_end, last_framed = None, mark.spans[-1][1], len(no_cue) - 1
                continue
            # A quote with no introducer of its own goes on with the one before: '“...,” Lin
            # said. “...”', '“...?” Hale pressed. “...”'.
            if _is_scare(text, mark, rules.scare_max_words) and after_a_word(text, first[0]):
                continue  # '“...,” he told “Squawk Box.”': a title right after the cue clause
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
            if last_group is not None and _answers(text, cands[last_group], last_end, first[0]):
                # '“Stilettos?” asked O'Donnell.\n\n“Yes! ...”': the paragraph after a question
                # the cue says was asked is its answer, not more of the question (tenth QA read)
                no_cue.append((mark, None, list(mark.spans)))
                last_group, last_end, last_framed = None, mark.spans[-1][1], len(no_cue) - 1
                continue
            if last_group is not None:
                groups[last_group].extend(mark.spans)
                plain.setdefault(last_group, []).append(mark)
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
        if canon != best and not interrupts(text, cands[canon], first, rules.split_gap):
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
            and not interrupts(text, cands[best], first, rules.split_gap)
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
            and (after_a_word(text, first[0]) or _in_description(text, mark, groups[best], cand))
        ):
            # '“...,” he said on “Meet the Press.”': a title, not more of the quote; '“...,” Ray
            # Dunn, wearing “Go Bucks” pins, said': a word of the speaker's description.
            continue
        # A quote inside a larger clause is a mixed quote: keep the clause.
        clause = mixed_clause(doc, text, mark, cand, quoted, speech) if covers else None
        if clause is None and label:
            last_group, last_end = None, mark.spans[-1][1]
            continue  # 'backed “stand your ground” laws': not a quote of its own either
        used.add(best)
        if best not in groups:
            groups[best] = []
            order.append(best)
        if clause is not None:
            groups[best].extend(clause)
            mixed.add(best)
        else:
            groups[best].extend(mark.spans)
            plain.setdefault(best, []).append(mark)
        last_group, last_end = best, mark.spans[-1][1]

    out: list[RawAttribution] = []
    made: dict[int, RawAttribution] = {}
    for ci in order:
        cand = cands[ci]
        if ci in mixed:  # its quoted pieces keep their marks, as its clause does
            groups[ci] = with_marks(text, groups[ci], plain.get(ci, []))
        spans = tuple(sorted(set(groups[ci])))
        kind: QuoteKind = "mixed" if ci in mixed else "direct"
        source = cand.source
        if cand.cue_token >= 0 and ci not in mixed:
            verb = doc[cand.cue_token]
            source = recalled_speaking(verb) or quoted_one(verb) or source  # "X recalled Y saying, “...”"
        # A narration cue's source inside quotation marks is a word of a quote: of this one, or
        # of the one before ('“... Never, never Hillary.” Another commenter said, “...”').
        inside = source is not None and (
            (ci not in mixed and any(overlaps(source, q) for q in spans))
            or (not cand.quoted and quoted.covers(source))
        )
        put_to = cand.cue_token >= 0 and addressed(doc[cand.cue_token])
        if put_to and (source is None or inside):
            source = None  # 'Quill was asked, “...?”': the unnamed asker's words, not Quill's
        elif cand.cue_token >= 0 and (source is None or inside):
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
        if cand.cue_token >= 0 and not put_to and (source is None or quoted.covers(source)) and out:
            # '“...,” she stated, “...,” adding, “...”': a participle right after a closing mark
            # goes on with the speaker of the quote it follows.
            source = _going_on(doc, text, doc[cand.cue_token], out[-1]) or source
        if source is not None:
            source = unfront(doc, source)
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
    return cut_mixed(text, out) + works, used


def _negated(doc: Doc, cand: Candidate) -> bool:
    """'He didn't suggest retaliation': a cue that introduces nothing anyone said."""
    return cand.cue_token >= 0 and any(c.dep_ == "neg" for c in doc[cand.cue_token].children)


def _reporter_between(
    doc: Doc,
    sents: Sentences,
    by_sentence: dict[int, list[int]],
    cands: list[Candidate],
    gap: CharSpan,
    groups: dict[int, list[CharSpan]],
    quoted: Quoted,
) -> RawAttribution | None:
    """The last report of speech, with its speaker, in a sentence of its own between two quotes
    (a verb of saying, its clause and its subject, after the sentence that holds the first
    quote's cue, none of them in a quote's marks): the cue-less quote after it goes on with
    that speaker. Only a report that leads into what was said ('Schumer said in a statement that
    ...'), not a fact attributed after it ('the sanctions will target ..., reports the Financial
    Times', between two quotes of Obama); not a clause of the first quote's cue ('“...,” said X,
    who wrote about it in his book. “...”'), nor a cue some quote already took, nor a negated
    one ('“...,” Obama said. He didn't suggest retaliation. “...”': still Obama's words)."""
    start, end = gap
    after = sents.index(start - 1)  # the sentence of the first quote's end (and of its cue)
    found: Candidate | None = None
    # Only the cues of the sentences between (the gaps of successive quotes are disjoint, so the
    # whole pass stays linear in the article).
    between = (ci for k in range(after + 1, sents.index(end) + 1) for ci in by_sentence.get(k, ()))
    for ci in between:
        cand = cands[ci]
        if (
            ci in groups
            or cand.quoted
            or cand.source is None
            or not cand.content
            or cand.key.split()[0] not in SPEECH_VERBS
            or not all(start <= a and b <= end for a, b in (cand.cue, cand.source, *cand.content))
            or sents.index(min(cand.source[0], cand.cue[0])) <= after
            or not cand.source[1] <= cand.cue[0] < min(a for a, _ in cand.content)
            or quoted.covers(cand.source)
            or _negated(doc, cand)
        ):
            continue
        if found is None or cand.cue[0] > found.cue[0]:
            found = cand
    if found is None:
        return None
    return RawAttribution("direct", (), found.cue, found.source, found.confidence)


_SUBJECTS = frozenset({"nsubj", "nsubjpass", "csubj", "csubjpass"})
#: The longest phrase in marks taken for a name or a slogan when it is a verb's subject.
_NAMED_MAX_WORDS = 12


def _ends_a_sentence(text: str, span: CharSpan) -> bool:
    """Whether the quoted words end with a sentence's punctuation ('... get to work?')."""
    return text[span[0] : span[1]].rstrip(" ,\u201d\u2019\"'").endswith((".", "!", "?"))


def _subject_of_narration(doc: Doc, mark: MarkedQuote, cue_tokens: set[int]) -> bool:
    """A quote that is the subject of a verb of the narration is talked about, not reported:
    '... he said. / When the plan came out, “A New Deal” was printed on every sign' names a
    slogan or a title, and does not go on with the speaker before. Not when that verb is a cue
    ('“...” was said by X') or a copula ('“...” was all he said', '“...” was her answer').
    (Where a cue's clause holds it, the quote may be a phrase of what was said, 'he said “the
    Wall” will be built': that is for the cue to decide, not this.)"""
    if len(mark.spans) != 1:
        return False
    span = mark.spans[0]
    if _ends_a_sentence(doc.text, span) or word_count(doc.text, span) > _NAMED_MAX_WORDS:
        return False  # a sentence of its own, whatever the parse of the words after it says
    toks = doc.char_span(span[0], span[1], alignment_mode="contract")
    if toks is None or not len(toks):
        return False
    tops = [t for t in toks if not t.is_punct and not toks.start <= t.head.i < toks.end]
    if len(tops) != 1 or tops[0].dep_ not in _SUBJECTS:
        return False
    head = tops[0].head
    return head.pos_ in VERB_POS and head.i not in cue_tokens and head.lemma_ != "be"


def _in_description(text: str, mark: MarkedQuote, pieces: list[CharSpan], cand: Candidate) -> bool:
    """Whether a short quote stands in the narration between a finished quote and its cue.

    '“..., this one,” Ray Dunn, wearing “Go Bucks” pins, said': the quote before ends as a
    turn does (a comma or a stop inside its marks); the second half of a split quote ('“The old
    rule” -- that no ferry sails in January -- “no longer holds,” she said') goes on with the first.
    """
    first = mark.spans[0]
    if not pieces or cand.cue[0] < mark.spans[-1][1]:
        return False
    a, b = pieces[-1]
    return b <= first[0] and text[a:b].rstrip(QUOTE_MARK_CHARS + " \t")[-1:] in (",", ".", "?", "!")


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
        fronted_attribution(text, mark, rules)
        or owned_words_attribution(text, mark, rules)
        or words_of_attribution(text, mark, rules)
        or frame_after_attribution(doc, text, mark, tok_starts, rules)
        or colon_attribution(doc, text, mark, rules)
        or as_put_attribution(doc, text, mark, rules)
        or dash_line_attribution(text, mark, rules)
        or said_before_attribution(doc, text, mark, tok_starts, rules)
    )


def _own_introducer(intro: RawAttribution, mark: MarkedQuote) -> bool:
    """Whether ``intro`` gives the quote an introducer of its own, so that it does not go on
    with the quote before: a cue after it, or a cue put first ("Added Quell, “...”")."""
    cue, source = intro.cue, intro.source
    if cue is None:
        return False
    fronted = source is not None and cue[1] <= source[0] < mark.spans[0][0]
    return cue[0] >= mark.spans[-1][1] or fronted


def _going_on(doc: Doc, text: str, cue: Token, before: RawAttribution) -> CharSpan | None:
    """The source of the quote right before a participle with no subject of its own.

    In '“...,” she stated, “... it,” adding, “...”' the parser hangs "adding" on a verb of the
    quote before, so any subject it inherits is a word of that quote.
    """
    if cue.pos_ != "VERB" or cue.dep_ not in ("advcl", "conj", "xcomp", "dep") or before.source is None:
        return None
    if own_subject(cue):
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


def _continues(
    text: str, prev_end: int, start: int, rules: Rules, speaker: str | None = None, sentence: int = 0
) -> bool:
    """A quote right after the previous one (same or next paragraph) with no cue of its own.

    In the next paragraph, a quote inside a sentence of the narration goes on only when that
    sentence speaks of the speaker (a pronoun, a word of the source: '“...,” Lopez said. ¶
    Lopez, a father of three, said parents need ..., “but ...”') or is a word or two ('But
    “...”'). Otherwise it is another's ('Trump fired back that “...”' after Bush's quote, 'Japan
    branded North Korea an "outlaw nation"'), a document's or a title ('Among the letters were
    several that bore ... addresses, including "Department of the Treasury ..."'): on the first
    1,500 news-5k articles 19 such continuations were wrong and 5 right (thirty-first session).
    """
    gap = text[prev_end:start]
    if "\n" not in gap:
        return True
    if line_breaks(gap) > rules.continue_breaks or len(gap.strip()) >= rules.continue_reach:
        return False
    # the words of the quote's own sentence (the parse's) before it, within its paragraph
    lead = text[max(prev_end + gap.rindex("\n") + 1, sentence) : start].rstrip(QUOTE_MARK_CHARS + " \t")
    words = {w.lower() for w in _GAP_WORD.findall(lead)} if lead and lead[-1] not in ".!?:" else set()
    if len(words) <= 2:
        return True
    named = {w.lower() for w in _GAP_WORD.findall(speaker or "") if w[:1].isupper()}
    return bool(words & (_SPEAKER_PRONOUNS | named))


#: Pronouns by which a narration sentence speaks of the one quoted before.
_SPEAKER_PRONOUNS = frozenset({"he", "she", "they", "his", "her", "their", "him", "them"})


def _last_source(
    text: str,
    cands: list[Candidate],
    no_cue: list[tuple[MarkedQuote, RawAttribution | None, list[CharSpan]]],
    last_group: int | None,
    last_framed: int | None,
) -> str | None:
    """The words naming the speaker of the quote a cue-less one would continue."""
    source = cands[last_group].source if last_group is not None else None
    if source is None and last_framed is not None and (intro := no_cue[last_framed][1]) is not None:
        source = intro.source
    return text[source[0] : source[1]] if source is not None else None


def _answers(text: str, asked: Candidate, prev_end: int, start: int) -> bool:
    """Whether a quote opening a new paragraph answers the question before it: that quote
    ends in "?" and its cue is a verb of asking ("asked O'Donnell", "she pressed")."""
    return (
        asked.key.split()[0] in ASKING_VERBS
        and text[prev_end - 1 : prev_end] == "?"
        and "\n" in text[prev_end:start]
    )


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
