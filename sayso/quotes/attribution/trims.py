"""Where a proposed content ends: the cuts every candidate's content goes through.

``candidates.py`` reads a content off the parse (a clause, an object, an infinitive); the parse
often hands it more than was said. Each cut here was read off PolNeAR *train* with
``scripts/span_boundaries.py`` and pinned by an invented test: the cue's own clause inside its
content, a reporter's aside at the end, a dateline, a participle of what the speaker did next,
and whatever another paragraph holds.
"""

from __future__ import annotations

import bisect
import re

from spacy.tokens import Doc, Span, Token

from sayso.quotes.attribution.occasions import without_leading_time, without_trailing_occasion
from sayso.quotes.attribution.spans import SUBJECT_DEPS, WHEN, trim
from sayso.quotes.coref.lexicon import MONTHS
from sayso.quotes.cues import NAMING_VERBS, SPEECH_VERBS
from sayso.quotes.furniture import dateline_dash
from sayso.quotes.glyphs import DOUBLE_MARKS
from sayso.quotes.types import Candidate, CharSpan

_NEWLINE_RE = re.compile("\n")


def cut_content(doc: Doc, text: str, content: list[CharSpan], cue: Token) -> list[CharSpan]:
    """``content`` after every cut, in the order they were measured in."""
    content = _without_cue_clause(doc, text, content, cue)
    content = _without_trailing_aside(doc, text, content)
    content = _without_dateline(doc, text, content)
    content = _without_saying_next(doc, text, content)
    content = _without_other_speaker(doc, text, content)
    content = _without_next_report(doc, text, content)
    content = _without_joined_report(doc, text, content)
    content = _without_closing_report(doc, text, content, cue)
    content = _without_dash_aside(doc, text, content)
    content = _without_glued_label(doc, text, content)
    content = _without_according(text, content, cue)
    content = without_leading_time(doc, text, content, cue)
    content = without_trailing_occasion(doc, text, content, cue)
    content = _without_set_phrase(doc, text, content)
    return without_cue_conjunct(doc, text, content, cue)


#: The words of a cue clause that stand before its verb: "which *he has* said ...".
_CUE_CLAUSE_DEPS = frozenset({"nsubj", "nsubjpass", "csubj", "expl", "aux", "auxpass", "neg"})


def _without_cue_clause(doc: Doc, text: str, content: list[CharSpan], cue: Token) -> list[CharSpan]:
    """The content with its own cue clause cut out, when the cue stands inside it.

    A relative pronoun fronts the content before its cue: in "a sentence, which I said was not
    fair" the parse gives "said" the clause "which ... was not fair", with "I said" inside it.
    PolNeAR's annotators never count a cue inside its own content (on train: 41 times in 41
    they leave a gap, "which" + "was not fair"), so the cue, its subject and its auxiliaries
    are cut out, leaving the pieces on either side.
    """
    at = cue.idx
    if not any(a <= at < b for a, b in content):
        return content
    first = cue.i
    for c in cue.children:
        if c.i < cue.i and c.dep_ in _CUE_CLAUSE_DEPS:
            first = min(first, c.left_edge.i)
    last = cue.i
    for c in cue.children:
        if c.dep_ == "prt" and c.i == last + 1:
            last = c.i
    lo, hi = doc[first].idx, doc[last].idx + len(doc[last].text)
    out: list[CharSpan] = []
    for a, b in content:
        if a <= at < b:
            out.extend(p for p in (trim(text, a, lo), trim(text, hi, b)) if p)
        else:
            out.append((a, b))
    return out


#: Words that open a non-restrictive relative clause (", which ...", ", who ...").
_RELATIVE_WORDS = frozenset({"which", "who", "whom", "whose", "where", "when"})


def _without_trailing_aside(doc: Doc, text: str, content: list[CharSpan]) -> list[CharSpan]:
    """The content without a relative clause set off by a comma at its end: "a Cruz win in
    Texas, which votes on March 1" is the reporter's aside, not what was said. Annotators do
    not agree with themselves here: of the clauses this cuts on train, they had ended the
    content before about 106 and kept about 74 ("a poll of Sanders versus Clinton, who has 44
    percent"); exact matches rise by 47 (``scripts/span_boundaries.py``, "tail: relative
    clause", before and after)."""
    last_piece = _last_piece(doc, content)
    if last_piece is None:
        return content
    a, span = last_piece
    last = _last_word(span)
    for tok in span:
        if tok.dep_ != "relcl" or tok.right_edge.i < last:
            continue
        opener = tok.left_edge
        comma = opener.i - 1
        words = {opener.lower_, doc[opener.i + 1].lower_ if opener.i + 1 < len(doc) else ""}
        if comma > span.start and doc[comma].text == "," and words & _RELATIVE_WORDS:
            cut = trim(text, a, doc[comma].idx)
            if cut:
                return [*content[:-1], cut]
    return content


_COMMA_WORD_RE = re.compile(r",\s(\w+)")  # any space: "effect,\xa0promising" too (QA helper)


#: Participles that say what the speaker said next: verbs of saying, of naming ("..., calling
#: it a hoax") and of denouncing ("..., denouncing as “fake news” multiple reports").
_SAYING_NEXT = (
    SPEECH_VERBS | NAMING_VERBS | frozenset({"denounce", "decry", "reject", "dispute", "hail", "tout"})
)


def _without_saying_next(doc: Doc, text: str, content: list[CharSpan]) -> list[CharSpan]:
    """The content without a participle of saying set off by a comma, and what follows: in "criticized
    Rubio for his support of the bill, telling radio host Laura Ingraham that ..." or "said the
    state would appeal, arguing that ..." the participle is what the speaker said next, a
    second attribution of its own (the participle is a cue too), not part of the first. On
    PolNeAR train, of the indirect contents where a comma opens a participle of a verb of
    saying, 37 become exact and 5 stop being. Any piece of the content, not only the last (eighth
    QA read: 'said Democrats should not join, dismissing new evidence that ...' runs over two
    pieces); with verbs of naming, train exact +3, direct quotes with their source -1. Other
    participles are left alone ("..., leaving ...", "..., including ...": as often the
    speaker's words as the writer's)."""
    for k, (a, b) in enumerate(content):
        for word in _COMMA_WORD_RE.finditer(text, a, b):
            span = doc.char_span(word.start(1), word.end(1), alignment_mode="expand")
            if span is None or span[0].tag_ != "VBG" or span[0].lemma_.lower() not in _SAYING_NEXT:
                continue
            if any(c.dep_ in SUBJECT_DEPS or c.dep_ in ("nsubjpass", "aux") for c in span[0].children):
                continue  # "..., she was saying": a clause of what was said
            cut = trim(text, a, word.start())
            return [*content[:k], cut] if cut else content
    return content


_WHILE_RE = re.compile(r",\s+(?:while|whereas)\s+")


def _without_other_speaker(doc: Doc, text: str, content: list[CharSpan]) -> list[CharSpan]:
    """The content without a contrasting clause in which someone else speaks: in "with Rubio
    demanding the businessman make his shirts at home, while Sen. Cruz accused him of ..." the
    "while" clause is Cruz's own attribution, not part of Rubio's demand (seventh QA read)."""
    if not content:
        return content
    a, b = content[-1]
    for m in _WHILE_RE.finditer(text, a, b):
        rest = doc.char_span(m.end(), b, alignment_mode="expand")
        verb = next((t for t in rest if t.pos_ in ("VERB", "AUX")), None) if rest is not None else None
        if (
            verb is not None
            and verb.lemma_.lower() in SPEECH_VERBS
            and verb.tag_ in ("VBD", "VBZ", "VBP")
            and any(c.dep_ == "nsubj" and c.idx >= m.end() for c in verb.children)
            and verb.head.idx < m.start()  # not "that, while X claim ..., Y will ...": a clause of it
        ):
            cut = trim(text, a, m.start())
            return [*content[:-1], cut] if cut else content
    return content


#: A trailing "according to X" after what someone said, up to the content's end.
_ACCORDING_RE = re.compile(r",?\s+according to\s[^\"“”'‘’,;]{1,80}[.]?$")


def _without_according(text: str, content: list[CharSpan], cue: Token) -> list[CharSpan]:
    """The content of a verb of saying without the "according to X" after it: in "Scavino
    told him it was a bad idea, according to an aide" the aide is how the reporter knows, not
    part of what Scavino said (the phrase gives the words to the verb's subject,
    ``candidates._said_by_someone``)."""
    if not content or cue.lower_ == "according":
        return content
    a, b = content[-1]
    m = _ACCORDING_RE.search(text, a, b)
    cut = trim(text, a, m.start()) if m is not None else None
    return [*content[:-1], cut] if cut else content


def _last_piece(doc: Doc, content: list[CharSpan]) -> tuple[int, Span] | None:
    """The start and the tokens of a content's last piece, when it has four tokens or more:
    the piece the cuts at the end of a content look into."""
    if not content:
        return None
    a, b = content[-1]
    span = doc.char_span(a, b, alignment_mode="expand")
    return None if span is None or len(span) < 4 else (a, span)


_MODAL_TAGS = frozenset({"MD"})
_FINITE_TAGS = frozenset({"VBD", "VBZ"})


def _without_next_report(doc: Doc, text: str, content: list[CharSpan]) -> list[CharSpan]:
    """The content without a finite verb of saying the parser coordinated inside it that is the
    speaker's next report, a cue of its own, not part of what was said. Two signs tell it:

    * a verb under a modal it cannot share: in "said the U.S. will stand up for human rights and
      pledged to raise the matter", "will ... pledged" is no clause (QA helper, twentieth
      session: the content ran on over it, and the second attribution nested inside the first);
    * a "that" clause of its own: 'reminded viewers that the “worst attack” occurred on his watch
      and suggested that the attacks could have been prevented' (eighth QA read; on PolNeAR
      train exact contents +3, none lost, dev unchanged).

    Only a verb of saying with no subject of its own: "will work with whoever wins and is
    committed to ..." and "the city will stand up, and it pledged ..." are what was said. "said
    the firm denied it and promised to appeal" is left alone: one tense, no clause of its own,
    and the parse cannot tell whose verb it is."""
    last_piece = _last_piece(doc, content)
    if last_piece is None:
        return content
    a, span = last_piece
    for tok in span:
        head = tok.head
        if tok.dep_ != "conj" or tok.tag_ not in _FINITE_TAGS or tok.lemma_.lower() not in _SAYING_NEXT:
            continue
        if not span.start <= head.i < tok.i:
            continue
        if any(c.dep_ in SUBJECT_DEPS or c.dep_ in ("nsubjpass", "expl", "aux") for c in tok.children):
            continue
        clash = head.tag_ == "VB" and any(c.tag_ in _MODAL_TAGS for c in head.children)
        clash = clash or (head.tag_ in ("VBZ", "VBP") and tok.tag_ == "VBD")  # "is ... and described"
        to = head.tag_ == "VB" and any(c.dep_ == "aux" and c.lower_ == "to" for c in head.children)
        clash = clash or (to and tok.tag_ == "VBD")  # "to know the facts and characterized": no infinitive
        # (not "cuts to coverage and estimates that ...": a noun the tagger read as a verb)
        reported = tok.i > span.start + 2 and head.pos_ in ("VERB", "AUX")
        reported = reported and any(c.dep_ == "ccomp" and _marked_that(c) for c in tok.children)
        if not (clash or reported):
            continue
        # "and instead attacked": the adverb goes with it; a no-break space before "and" too
        cut = _cut_before(doc, text, a, span.start, tok.left_edge.i, over_spaces=True)
        if cut:
            return [*content[:-1], cut]
    return content


#: Between a report and another one joined to it: ", and", "while", ", but".
_JOINED = re.compile(r",?\s*\b(?:and|but|while|whereas)\s*$")


def _without_joined_report(doc: Doc, text: str, content: list[CharSpan]) -> list[CharSpan]:
    """The content without another speaker's report joined to it: in "The U.N. said that 100,000
    had fled, and aid agencies warned that the numbers could rise" the parser makes "warned" a
    second clause of "said", and the agencies' warning was shown as the U.N.'s words. A finite
    verb of saying with a subject and a reported clause of its own, after "and", "but" or
    "while", is a report of its own (it is found as one)."""
    last_piece = _last_piece(doc, content)
    if last_piece is None:
        return content
    a, span = last_piece
    for tok in span:
        if (
            tok.tag_ not in _FINITE_TAGS
            or tok.lemma_.lower() not in SPEECH_VERBS
            or tok.dep_ not in ("ccomp", "conj")
            or not any(c.dep_ in ("nsubj", "nsubjpass") and c.i < tok.i for c in tok.children)
            or not any(c.dep_ == "ccomp" and c.i > tok.i for c in tok.children)
        ):
            continue
        start = tok.left_edge.i
        if doc[start].lower_ == "that":
            continue  # "said he did answer and that Couric assured him ...": the speaker's second claim
        if start <= span.start and len(content) > 1:
            # the parse gave the report a piece of its own: "that ... had fled, and" | "aid ..."
            lo, hi = content[-2]
            if _JOINED.search(text, lo, hi):
                return [*content[:-2], *([cut] if (cut := trim(text, lo, _undangled(text, lo, hi))) else [])]
            continue
        if start <= span.start + 2 or not _JOINED.search(text, doc[span.start].idx, doc[start].idx):
            continue
        cut = _cut_before(doc, text, a, span.start, start, over_spaces=True)
        if cut:
            return [*content[:-1], cut]
    return content


def _without_closing_report(doc: Doc, text: str, content: list[CharSpan], cue: Token) -> list[CharSpan]:
    """The content without the report that closes it: in "Richardson said Moore gave her a
    “forceful” kiss that scared her, the Post reported" the parser made "reported" the clause
    Richardson said, and the paper's attribution was shown as hers (QA helper, fifty-second
    session). A finite verb of saying at the content's end, its subject after a comma and what
    it reports before it, is another attribution around the one shown (it is found as one).
    Only after the cue: in "In Seattle, marchers honored ..., KING-TV reported, while in Chicago
    ..., the Sun-Times reported" the paper's "reported" is no report around the station's."""
    if not content or content[0][0] < cue.idx:
        return content
    a, b = content[-1]
    span = doc.char_span(a, b, alignment_mode="expand")
    if span is None:
        return content
    tok = doc[_last_word(span)]
    while tok.i > span.start and (tok.ent_type_ in WHEN or tok.dep_ in ("npadvmod", "advmod")):
        tok = doc[tok.i - 1]  # "..., the Post reported Thursday"
    if tok.tag_ not in _FINITE_TAGS or tok.lemma_.lower() not in SPEECH_VERBS:
        return content
    subject = next((c for c in tok.children if c.dep_ == "nsubj"), None)
    # what it reports before it, or (the parse's other reading) a clause of the cue's before it
    said = tok.children if tok.head.i != cue.i else [*tok.children, *cue.children]
    if subject is None or not any(c.dep_ == "ccomp" and c.i < tok.i for c in said):
        return content
    first = subject.left_edge
    k = first.idx - 1
    while k > 0 and text[k].isspace():
        k -= 1
    if text[k] != ",":
        return content
    if first.i > span.start:
        cut = _cut_before(doc, text, a, span.start, first.i, over_spaces=True)
        return [*content[:-1], cut] if cut else content
    # the report is a piece of its own: the piece before it ends before its comma
    rest = [*content[:-1]]
    cut = trim(text, rest[-1][0], rest[-1][1] - 1) if rest and text[rest[-1][1] - 1] == "," else None
    return [*rest[:-1], cut] if cut else rest or content


def _undangled(text: str, lo: int, hi: int) -> int:
    """Where a piece ends without the "and" joining it to a report cut off after it."""
    m = _JOINED.search(text, lo, hi)
    return m.start() if m is not None else hi


#: A month's name or its abbreviation ("Sept." too), longest first.
_MONTH_NAMES = {m.capitalize() for m in MONTHS} | {m[:3].capitalize() for m in MONTHS} | {"Sept"}
_MONTH = rf"(?:{'|'.join(sorted(_MONTH_NAMES, key=lambda m: (-len(m), m)))})\.?"
#: A date at the very end of a span, after a word or a mark: "... adoptions 9 July 2017", "... June 2, 2018".
_GLUED_DATE_RE = re.compile(rf"(?<=[\w\"”’)] )(?:\d{{1,2}} {_MONTH} \d{{4}}|{_MONTH} \d{{1,2}},? \d{{4}})$")
_DASHES = frozenset({"—", "–", "―", "--"})
#: Words that open a noun phrase set off after a dash: "— a claim her opponents dispute".
_ASIDE_OPENERS = frozenset({"a", "an", "the", "all", "one", "itself", "both"})


def _without_dash_aside(doc: Doc, text: str, content: list[CharSpan]) -> list[CharSpan]:
    """The content without a reporter's aside set off by one dash at its end: in 'called the
    plan “a burden on every family” — a claim her opponents dispute' or '... — asserting that
    the money did not change his vote' the words after the dash are about what was said, not
    part of it (eighth QA read: mixed quotes ran on into the aside). Only a noun phrase that
    opens with a determiner, or a participle clause, hanging on a word before the dash, outside
    quotation marks, with no second dash (a pair sets off words inside the content), and none
    before quotation marks after it ('— a type of “Great Depression mindset”' keeps the speaker's
    words). On PolNeAR train (250 documents) exact contents +4; annotated running on past the
    dash: "is in decline — a decline that took hold while he was in office". A list after the
    dash ("two choices — higher fares or fewer buses") has no determiner and stays."""
    last_piece = _last_piece(doc, content)
    if last_piece is None:
        return content
    a, span = last_piece
    dashes = [t for t in span if t.text in _DASHES]
    if len(dashes) != 1:
        return content
    dash = dashes[0]
    if dash.i <= span.start + 1 or dash.i + 1 >= span.end - 1:
        return content
    before, after = text[a : dash.idx], text[dash.idx : doc[span.end - 1].idx]
    if before.count("“") != before.count("”") or before.count('"') % 2:
        return content  # inside the quoted words: the speaker's own dash
    if any(ch in DOUBLE_MARKS for ch in after):
        return content  # '— a type of “Great Depression mindset”': quoted words are the speaker's
    nxt = doc[dash.i + 1]
    aside = nxt
    while aside.head.i > dash.i and aside.head.i != aside.i:
        aside = aside.head
    if aside.head.i >= dash.i or aside.right_edge.i < _last_word(span):
        return content  # (not the dateline of "PARIS (AP) — The record is almost done")
    opens_np = nxt.lower_ in _ASIDE_OPENERS and aside.pos_ in ("NOUN", "PROPN", "PRON", "NUM", "ADJ")
    participle = nxt is aside and nxt.tag_ == "VBG" and nxt.dep_ == "advcl"
    if not (opens_np or participle):
        return content
    last = dash.i - 1  # a closing mark before the dash stays: '... anything ‘off limits’ — an ...'
    while last > span.start and (doc[last].is_space or doc[last].text in (",", ";")):
        last -= 1
    cut = trim(text, a, doc[last].idx + len(doc[last].text))
    return [*content[:-1], cut] if cut else content


def _without_glued_label(doc: Doc, text: str, content: list[CharSpan]) -> list[CharSpan]:
    """The content without the date label of the next entry glued to its end: a page's timeline
    flattened without breaks ("... focused on Russian adoptions 9 July 2017: The Times reports
    ...") ran each entry's content on into the next entry's date (ninth QA read: 9 items of one
    article). Only a date right before a colon, after a word, at the content's end (by its
    form: the model tags such a date as anything, a work of art among them)."""
    if not content:
        return content
    a, b = content[-1]
    if text[b : b + 1] != ":":
        return content
    m = _GLUED_DATE_RE.search(text, a, b)
    cut = trim(text, a, m.start()) if m is not None and m.start() > a else None
    return [*content[:-1], cut] if cut else content


def _last_word(span: Span) -> int:
    """The index of ``span``'s last token that is no punctuation (its first token at least)."""
    last = span.end - 1
    while last > span.start and span.doc[last].is_punct:
        last -= 1
    return last


def _marked_that(clause: Token) -> bool:
    return any(m.dep_ == "mark" and m.lower_ == "that" for m in clause.children)


#: Verbs a participle coordinated with them can belong to the cue instead: finite, base, -ing.
_CLAUSE_VERB_TAGS = frozenset({"VBD", "VBZ", "VBP", "VB", "VBG"})


def without_cue_conjunct(doc: Doc, text: str, content: list[CharSpan], cue: Token) -> list[CharSpan]:
    """The content of a participle cue without a participle the parser coordinated inside it:
    in "suggesting the U.S. had no stake in their safety, threatening Erdogan if the incursion
    continued and praising Turkey" the last participles, with no subject and no auxiliary of
    their own, are what the speaker did next, not what was said. On train exact matches +5,
    -1 ("on issues like a minimum wage, breaking up banks and banning fracking"). A past tense
    is left alone: "said that the company grew and expanded" reads like "said that legalization
    was reckless and reaffirmed his opposition", and the parse cannot tell them apart."""
    if cue.tag_ != "VBG" or cue.lower_ == "according":
        return content  # "according to records": no speaker who did anything next
    last_piece = _last_piece(doc, content)
    if last_piece is None:
        return content
    a, span = last_piece
    for tok in span:
        head = tok.head
        if tok.dep_ != "conj" or tok.tag_ != "VBG" or head.tag_ not in _CLAUSE_VERB_TAGS:
            continue  # not after a past participle: "was charged with possession, discharging a gun"
        if tok.i <= span.start + 2 or not span.start <= head.i < tok.i:
            continue
        if any(c.dep_ in SUBJECT_DEPS or c.dep_ in ("nsubjpass", "expl", "aux") for c in tok.children):
            continue  # "she lost but was leading": a clause of what was said
        if head.tag_ == "VBG":
            # "..., threatening X and praising Y": the pair starts at its first participle when
            # a comma sets it off; "enjoyed running and swimming" is a pair of what was said
            if head.i - 1 <= span.start or doc[head.i - 1].text != "," or head.head.tag_ == "VBG":
                continue
            tok = head
        cut = _cut_before(doc, text, a, span.start, tok.left_edge.i, over_spaces=False)
        if cut:
            return [*content[:-1], cut]
    return content


def _cut_before(doc: Doc, text: str, a: int, lo: int, first: int, *, over_spaces: bool) -> CharSpan | None:
    """The piece from ``a`` up to token ``first``, the punctuation and conjunction before it
    ("..., and pledged") left out, down to token ``lo`` at most; None when nothing is left."""
    while first > lo and (
        doc[first - 1].is_punct or (over_spaces and doc[first - 1].is_space) or doc[first - 1].pos_ == "CCONJ"
    ):
        first -= 1
    return trim(text, a, doc[first].idx)


def _without_dateline(doc: Doc, text: str, content: list[CharSpan]) -> list[CharSpan]:
    """A content that opens its paragraph with the dateline ("WESTMERE — The bridge will reopen
    ..., the mayor announced") starts after the dash: where the story was filed is nobody's
    words. Sentences no longer run over paragraphs (``sayso_paragraphs``), so such a clause is
    found whole, dateline included."""
    if not content:
        return content
    a, b = content[0]
    first = doc.char_span(a, b, alignment_mode="expand")
    dash = dateline_dash(first[0]) if first is not None and len(first) else None
    if dash is None or dash + 1 >= len(doc) or doc[dash + 1].idx >= b:
        return content
    rest = trim(text, doc[dash + 1].idx, b)
    return ([rest] if rest else []) + content[1:]


#: Phrases opening a sentence that are made of a subject and a verb of saying, and say nothing.
_SET_PHRASES = frozenset({("all", "told"), ("that", "said"), ("this", "said"), ("truth", "told")})


#: What a writer's note on a quotation says was added ("emphasis added").
_NOTED = frozenset({"emphasis", "italics"})


def set_phrase(doc: Doc, verb: Token) -> bool:
    """ "All told, 40 people were hurt", "That said, ...", "Truth be told, ...": a phrase set off
    at a sentence's start (a QA read of real articles, thirty-third session: "all" was shown as
    the speaker of "the committee said, 40 people were hurt"); and the condition of "the more
    ..., the more ...": 'And the more Trump discusses it, “the more it’s kept people in their
    silos”' is a strategist's quote about Trump (QA helper, thirty-ninth session). So is "whatever she
    says": "told POLITICO that whatever she says “you guys are going to just say ...”" is the
    adviser's quote, not Clinton's (QA helper, fifty-second session)."""
    if _correlative(verb) or _whatever_said(verb):
        return True
    if verb.lower_ in ("added", "supplied") and verb.i > 0 and doc[verb.i - 1].lower_ in _NOTED:
        return True  # "(emphasis added)", the writer's note on a quotation (QA helper, 42nd session)
    if verb.i + 1 >= len(doc) or doc[verb.i + 1].text != ",":
        return False
    first = verb.i - 1
    while first > 0 and doc[first].lower_ == "be":
        first -= 1  # "Truth be told"
    return first >= 0 and bool(doc[first].is_sent_start) and (doc[first].lower_, verb.lower_) in _SET_PHRASES


def _whatever_said(verb: Token) -> bool:
    """Whether the verb's object is a "whatever" before it: "whatever she says", no saying."""
    return any(c.dep_ == "dobj" and c.lower_ in ("whatever", "whichever") for c in verb.lefts)


def _correlative(verb: Token) -> bool:
    """ "the more Trump discusses it", "the longer he talks": a comparative after "the" opening
    the verb's own clause, and governing it, not a noun's ("The younger Trump said", "the elder
    brother called"); not inside what the verb reports ("“The longer the cuts last ...,” he said")."""
    doc = verb.doc
    # the first words of the verb's own phrase (a parse's subtree is contiguous)
    before = [t for t in doc[verb.left_edge.i : verb.i] if t.dep_ not in ("cc", "punct")][:3]
    if len(before) < 3 or before[0].lower_ != "the" or before[1].tag_ not in ("JJR", "RBR"):
        return False
    if any(t.is_quote for t in doc[max(0, before[0].i - 1) : verb.i]):
        return False  # '"The more people know him, the better they like him," Briggs said'
    degree, head = before[1], before[1].head
    if head.i == verb.i:
        return True  # "the longer he talks"
    # "the more Trump discusses": the parser hangs a quantity on the subject
    return degree.lower_ in ("more", "less", "fewer") and head.head.i == verb.i and head.dep_ in SUBJECT_DEPS


def _without_set_phrase(doc: Doc, text: str, content: list[CharSpan]) -> list[CharSpan]:
    """A content that opens with such a phrase starts after it: "All told, 40 people were hurt,
    the committee said" is "40 people were hurt"."""
    if not content:
        return content
    a, b = content[0]
    span = doc.char_span(a, b, alignment_mode="expand")
    if span is None:
        return content
    verb = next((t for t in span[:4] if t.lower_ in ("told", "said")), None)
    if verb is None or not set_phrase(doc, verb):
        return content
    rest = trim(text, doc[verb.i + 2].idx, b) if verb.i + 2 < span.end else None
    return ([rest] if rest else []) + content[1:]


def keep_to_paragraphs(text: str, found: list[Candidate]) -> None:
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
            cand.source = trim(text, max(cand.source[0], lo), min(cand.source[1], hi))
        if not cand.content:
            continue
        clipped = [trim(text, max(a, lo), min(b, hi)) for a, b in cand.content if a < hi and b > lo]
        cand.content = [c for c in clipped if c]
        if not cand.content:
            cand.pattern = "bare"
            cand.announces = cand.announces or text[:hi].rstrip().endswith(":")
