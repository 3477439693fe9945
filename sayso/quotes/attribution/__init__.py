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
``Rules.min_confidence`` are dropped; that one number trades recall for precision. Every other
number the rules use is a field of ``sayso.quotes.rules.Rules`` too.

Layout, in the order the work is done: ``spans.py`` (helpers over token ranges and character
spans), ``sources.py`` (who speaks: subjects, agents, names near a cue), ``candidates.py``
(one pass over the tokens proposing cue constructions; nominal cues such as "her claim that
..." in ``nouns.py``), ``attach.py`` (tying quotation marks
to cues), ``mixed.py`` (what of a cue's clause a quote inside it keeps), and here
``attribute``, the stage: direct quotes first, then indirect speech.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import replace

from spacy.tokens import Doc

from sayso.quotes.attribution.attach import attach_marks
from sayso.quotes.attribution.blocks import block_quotes
from sayso.quotes.attribution.candidates import Candidate, candidates
from sayso.quotes.attribution.frames import colon_before
from sayso.quotes.attribution.layout import credited, tweet_attributions
from sayso.quotes.attribution.mixed import quotes_going_on
from sayso.quotes.attribution.sources import mend_source
from sayso.quotes.attribution.spans import last_before, overlaps
from sayso.quotes.cues import SPEECH_VERBS, CueLexicon
from sayso.quotes.furniture import Furniture, clear_of_furniture, page_furniture
from sayso.quotes.glyphs import LEFT_DOUBLE, RIGHT_DOUBLE, STRAIGHT_DOUBLE
from sayso.quotes.rules import DEFAULT_RULES, Rules
from sayso.quotes.types import MarkedQuote, RawAttribution

__all__ = ["Candidate", "attribute", "candidates"]
#: The speaker's and listener's own words inside a quote, never the source of narration.
_QUOTE_PERSONS = frozenset({"i", "you", "we"})


def attribute(
    doc: Doc,
    marks: list[MarkedQuote],
    *,
    rules: Rules = DEFAULT_RULES,
    lexicon: CueLexicon | None = None,
) -> list[RawAttribution]:
    """Every attribution in ``doc``: direct quotes tied to their cue, plus indirect speech.

    ``lexicon`` defaults to the packaged cue lexicon (``sayso.quotes.cues.load_lexicon``).
    """
    text = doc.text  # spaCy rebuilds Doc.text from the tokens on every access: read it once
    # A cue inside page furniture is no cue: '“...,” Sen. Mike Rounds [a blurb of headlines:
    # "... 'Mike Pounce' trends on Twitter ..." MORE] (R-S.D.) said' tied the quote to
    # "trends", and the quote went with the blurb (QA helper, fifty-second session)
    furniture = Furniture(page_furniture(text))
    cands = [c for c in candidates(doc, lexicon, marks=marks, rules=rules) if not furniture.chars_in(c.cue)]
    direct, used = attach_marks(doc, marks, cands, rules)
    taken = sorted(s for a in direct for s in a.content)
    starts = [a for a, _ in taken]
    out = list(direct)
    n_taken, n_person = rules.taken_lookback, rules.quote_person_lookback
    for ci, cand in enumerate(cands):
        if ci in used or not cand.content or cand.confidence < rules.min_confidence:
            continue
        if _only_a_tag(doc, cand):
            continue
        # Content already reported as (part of) a direct quote is not reported twice.
        if any(overlaps(c, q) for c in cand.content for q in last_before(taken, starts, c[1], n_taken)):
            continue
        # '“... you're not talking,” before repeating her request': the parser hung the
        # narration on a verb of the quote, whose subject is no source of the narration.
        if (
            cand.source
            and text[cand.source[0] : cand.source[1]].lower() in _QUOTE_PERSONS
            and any(overlaps(cand.source, q) for q in last_before(taken, starts, cand.source[1], n_person))
        ):
            continue
        out.append(
            RawAttribution("indirect", tuple(cand.content), cand.cue, cand.source, round(cand.confidence, 3))
        )
    for tweet in tweet_attributions(text, rules):
        # The tweet is its author's words: reported speech read off a cue inside it ("I
        # disagree ...") is part of them. A quote in marks inside it keeps its own speaker (a
        # reporter's tweet quoting a senator), and then the tweet is not reported again.
        # A quote in marks nobody is found to have said is the tweet's own ('"Go get 'em,
        # Roy!" - President Trump' opening a senator's post: fifty-first session), unless a
        # label gives it to someone (".@PeteButtigieg: “...”" in a network's post).
        # A post's earlier paragraphs holding a quote of someone else's: its last one alone.
        for post in (
            (tweet, replace(tweet, content=tweet.content[-1:])) if len(tweet.content) > 1 else (tweet,)
        ):
            inside = [a for a in out if any(overlaps(c, q) for c in post.content for q in a.content)]
            if all(a.kind == "indirect" or (a.source is None and not _labelled(text, a)) for a in inside):
                whole = ((post.content[0][0], post.content[-1][1]),)  # (one passage: one piece)
                out = [a for a in out if a not in inside] + [replace(post, content=whole)]
                break
    for block in block_quotes(doc, text, rules):
        # A paragraph quoted whole after "Scalia wrote:" is his words, reported speech read off
        # a cue inside it too; a quote in marks or a tweet there keeps its own, if it has a
        # source: a title in marks no one is found to have said is part of the passage ("as
        # Francis listed the 15 "Ailments of the Curia"" in an AP report, thirty-ninth session).
        inside = [a for a in out if any(overlaps(c, q) for c in block.content for q in a.content)]
        if all(a.kind == "indirect" or a.source is None for a in inside):
            out = [a for a in out if a not in inside] + [block]
    out = quotes_going_on(text, out)
    out = credited(doc, text, out, rules)
    # 'his alleged “recruiter” Mara Quell now finds herself ...': a quote inside the words naming
    # the source is part of that name, not what the source said.
    out = [a for a in out if not _within_source(a)]
    return [_finished(text, a) for a in clear_of_furniture(text, out, furniture)]


def _finished(text: str, a: RawAttribution) -> RawAttribution:
    """The last mends of every attribution, in order: source, prompted reply, conjunction, mark,
    bracket, words."""
    a = _no_dangling_and(text, _not_prompted(text, _source_mended(text, a)))
    return _whole_words(text, _brackets_closed(text, _ends_at_the_mark(text, a)))


#: What someone said in turn, set after another's words: ", prompting Ms. Feinstein to retort,
#: “...”", ", leading Brian Williams to ask ...".
_PROMPTED = re.compile(
    r",\s+(?:prompting|leading|causing|forcing|spurring)\s[^,;“”\"]{1,60}?\sto\s(?:say|respond|retort|"
    r"reply|tweet|ask|declare|note|write|warn|accuse|quip|joke|insist|argue|claim|comment|demand|shout)\b"
)


def _not_prompted(text: str, a: RawAttribution) -> RawAttribution:
    """A content that runs on into what it prompted someone else to say ends before it: "The
    activist told her that the plan was what we need, prompting Ms. Feinstein to retort, “Well,
    you know better than I do”" showed the senator's retort as the activist's words (QA helper,
    forty-eighth session; 18 such clauses in news-5k)."""
    for k, (start, end) in enumerate(a.content):
        m = _PROMPTED.search(text, start, end)
        if m is not None and (k or m.start() > start):  # (the words after it go with it)
            kept = (*a.content[:k], (start, m.start())) if m.start() > start else a.content[:k]
            quoting = any(_QUOTING.search(text, s, e) for s, e in kept)
            kind = "indirect" if a.kind == "mixed" and not quoting else a.kind
            return dataclasses.replace(a, content=kept, kind=kind)
    return a


def _only_a_tag(doc: Doc, cand: Candidate) -> bool:
    """Reported speech that is only someone's saying, no words: in '“...!” she exclaimed, The
    Ledger said' each tag was read as the other's content ("she exclaimed", "The Ledger said";
    QA helper, forty-first session)."""
    if len(cand.content) != 1:
        return False
    span = doc.char_span(*cand.content[0], alignment_mode="expand")
    if span is None or len([t for t in span if not t.is_punct]) > 4:
        return False
    root = span.root
    said = root.tag_ in ("VBD", "VBZ", "VBP") and root.lemma_.lower() in SPEECH_VERBS
    kids = [c for c in root.children if span.start <= c.i < span.end]
    subject = any(c.dep_ == "nsubj" and c.i < root.i for c in kids)  # (not "declined to comment")
    return said and subject and not any(c.dep_ in _MORE_THAN_A_TAG for c in kids)


#: What makes a short clause more than "she exclaimed": what is said, a "that", an auxiliary.
_MORE_THAN_A_TAG = frozenset(
    {"ccomp", "xcomp", "dobj", "advcl", "parataxis", "prep", "dative", "mark", "aux", "auxpass", "neg"}
)


def _source_mended(text: str, a: RawAttribution) -> RawAttribution:
    """Every source keeps its party label and a title's marks whole (``sources.mend_source``):
    "Sen. Bernie Sanders (I-VT) said the plan ..." was shown as said by "... Sanders (I-VT".
    The one place sources are mended, after direct quotes and reported speech are made."""
    mended = mend_source(text, a.source, a.content) if a.source else None
    return a if mended is None else dataclasses.replace(a, source=mended)


_CLOSING = {"(": ")", "[": "]", "\u201c": "\u201d", "\u00ab": "\u00bb"}


#: A closing mark and a comma before more words: '“... Russian efforts,” referring to hacked
#: emails', '"radical Islam," another moment seized upon by ...', '"glow in the dark," for
#: instance'. Not "because", "where", "who": the annotators take those in as often as not.
_MARK_THEN_MORE = re.compile(r'(?:,(?P<a>[\u201d"])|(?P<b>[\u201d"]),)\s+(?!(?:because|where|who)\b)\w+')


_DANGLING = re.compile(r"[\s,]+(?:and|or|but)$")
#: A sentence's opening negation right before a content that the parse left it out of.
_OPENING_NOT = re.compile(r"(?:^|(?<=[.!?\n]))\s*(?P<neg>Not|Never) $")


def _joins(text: str, i: int) -> bool:
    """Whether ``text[i]`` is a hyphen inside a word ("co-pilot")."""
    return text[i] == "-" and text[i - 1].isalnum() and text[i + 1].isalnum()


def _whole_words(text: str, a: RawAttribution) -> RawAttribution:
    """A content starts and ends on whole words, with the negation that opens its sentence.

    The parser splits a hyphenated word into three tokens and may hang its first part outside
    the clause: "Not re-issuing the waivers ... will have a chilling effect, said X" was shown
    as "issuing the waivers ...", the opposite of what was said (QA helper, forty-eighth
    session; 8 contents of the first 1,500 news-5k articles started or ended inside a word:
    "co-pilot", "de-escalate", "pre-brined"). Only a hyphen joins: a dash between words
    ("the matter–which") is punctuation."""
    pieces = []
    for start, end in a.content:
        while start >= 2 and _joins(text, start - 1):
            start -= 1
            while start > 0 and text[start - 1].isalnum():
                start -= 1
        while end + 1 < len(text) and _joins(text, end):
            end += 1
            while end < len(text) and text[end].isalnum():
                end += 1
        pieces.append((start, end))
    if pieces and (m := _OPENING_NOT.search(text, max(0, pieces[0][0] - 12), pieces[0][0])) is not None:
        pieces[0] = (m.start("neg"), pieces[0][1])
    if tuple(pieces) == tuple(a.content):
        return a
    return dataclasses.replace(a, content=tuple(pieces))


def _no_dangling_and(text: str, a: RawAttribution) -> RawAttribution:
    """A content never ends in a conjunction: 'called it “disgraceful” and' was shown so, the
    parser having hung the second conjunct elsewhere (QA helper, twenty-first session; 37 such
    contents on train). The conjunction goes; what it joined is no longer claimed."""
    if not a.content:
        return a
    start, end = a.content[-1]
    m = _DANGLING.search(text, start, end)
    if m is None or m.start() <= start:
        return a
    return dataclasses.replace(a, content=(*a.content[:-1], (start, m.start())))


_ANY_MARK = frozenset(STRAIGHT_DOUBLE + LEFT_DOUBLE + RIGHT_DOUBLE)


def _ends_at_the_mark(text: str, a: RawAttribution) -> RawAttribution:
    """Reported speech with quoted words ends at the mark closing the last of them when a comma
    and more words follow (', referring to hacked Democratic emails', ', adding ...', ', another
    moment seized upon by ...'): the writer's gloss or the next cue. PolNeAR's annotators end a
    mixed content there 197 times on train and go on 55 times (a participle: 48 in 48). QA
    helper, twenty-first session: the Reuters gloss was shown inside Mueller's words."""
    if a.kind == "direct" or not a.content:
        return a
    start, end = a.content[-1]
    for m in _MARK_THEN_MORE.finditer(text, start, end):
        mark = m.start("a") if m.group("a") else m.start("b")
        if text[mark] == '"' and text.count('"', start, mark + 1) % 2 == 1:
            continue  # a straight mark that opens
        if any(c in _ANY_MARK for c in text[mark + 1 : end]):
            continue  # more quoted words follow: not the end of what was quoted
        return dataclasses.replace(a, content=(*a.content[:-1], (start, mark + 1)))
    return a


def _brackets_closed(text: str, a: RawAttribution) -> RawAttribution:
    """A content piece that opens a bracket ends after the bracket that closes it right after
    it: the parser hangs a final ")" on the verb of the sentence, so "said the vote was a win
    for all families (and friends)." ended at "friends". The same for a quotation mark: 'called
    the project "reckless"' ended before the closing mark, and was shown with a stray one."""
    pieces = []
    for start, end in a.content:
        piece = text[start:end]
        for opening, closing in _CLOSING.items():
            while piece.count(opening) > piece.count(closing) and (stop := _closes_at(text, end, closing)):
                end = stop
                piece = text[start:end]
        if piece.count('"') % 2 == 1 and (stop := _closes_at(text, end, '"\u201d')):
            # a straight mark opens and closes alike: an odd count is one left open; a page that
            # mixes styles closes it with a curly one ('put "political correctness ...”')
            end = stop
        pieces.append((start, end))
    quoting = a.kind == "indirect" and any(_QUOTING.search(text, s, e) for s, e in pieces)
    if tuple(pieces) == tuple(a.content) and not quoting:
        return a
    # 'who called it the “proper course.”': reported speech with quoted words is a mixed quote,
    # shown with its marks; as "indirect" it was shown as reported speech with a stray mark
    # (second QA helper, twentieth session).
    return dataclasses.replace(a, content=tuple(pieces), kind="mixed" if quoting else a.kind)


#: A pair of quotation marks inside a content: quoted words.
_QUOTING = re.compile(r"[\u201c\u00ab\"][^\u201c\u201d\u00ab\u00bb\"\n]+[\u201d\u00bb\"]")


def _closes_at(text: str, end: int, closing: str) -> int:
    """Where a content ending at ``end`` ends once it takes a ``closing`` mark right after it,
    over the sentence's punctuation before it ('the “proper course.”'); 0 when none follows."""
    i = end
    while i < len(text) and i - end < 2 and text[i] in ".,!?;:":
        i += 1
    return i + 1 if i < len(text) and text[i] in closing else 0


def _within_source(attr: RawAttribution) -> bool:
    """A quote in marks whose words stand inside the phrase naming its source, which starts
    before it ('Some in the “Bernie or Bust” crowd', 'the co-author of “Going Viral”'). Not
    indirect speech, where it is the source span that ran on too far, and not a source that
    starts at the quote itself (the parser's slip in '“It's unanimous,” councilmember Levine')."""
    src = attr.source
    if src is None or attr.kind == "indirect":
        return False
    first = min(a for a, _ in attr.content)
    return src[0] < first - 1 and all(src[0] <= a and b <= src[1] for a, b in attr.content)


def _labelled(text: str, a: RawAttribution) -> bool:
    """Whether a name's colon on the quote's own line introduces it (".@Name: “...”"; not a
    label in capitals, "UPDATE: “...”")."""
    start = a.content[0][0]
    colon = colon_before(text, start)
    if colon < 0 or "\n" in text[colon:start]:
        return False
    label = text[text.rfind("\n", 0, colon) + 1 : colon].strip()
    return "@" in label or (bool(label) and not label.isupper())
